import { AUTH_MESSAGES, type AuthUser, type Role } from '@vr/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema.ts';
import { loadAuthUser } from '../users/users.service.ts';
import { AuthError } from './auth.errors.ts';
import type { AuthInstance } from './auth.instance.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in user of a request, as the guards attach it. */
export interface RequestUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
}

export type RefreshResult =
  | { ended: false; token: string; user: AuthUser; setCookies: string[] }
  | { ended: true; code: 'UNAUTHORIZED' | 'SESSION_EXPIRED'; setCookies: string[] };

interface SessionRecord {
  session: { id: string; token: string; createdAt: Date; expiresAt: Date; userId: string };
  user: { id: string; email: string };
}

/**
 * Sessions: better-auth keeps them (idle expiry, refreshed by `refresh`); this adds the absolute
 * expiry, SESSION_MAX_DAYS after sign-in, which no refresh extends.
 */
export class Sessions {
  constructor(
    private readonly auth: AuthInstance,
    private readonly db: Db,
    private readonly maxDays: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The user of an `Authorization: Bearer <token>` header, or a 401. Does not extend the
   * session: only `refresh` does, so the session's idle expiry and the cookie's lifetime move
   * together (and `/api/api` answers never set cookies).
   */
  async fromBearer(authorization: string | undefined): Promise<RequestUser> {
    const match = authorization ? BEARER.exec(authorization) : null;
    if (!match) throw new AuthError(401, 'UNAUTHORIZED', AUTH_MESSAGES.authRequired);
    const found = (await this.auth.api.getSession({
      headers: new Headers({ authorization: `Bearer ${match[1]}` }),
      query: { disableRefresh: true },
    })) as SessionRecord | null;
    if (!found) throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
    await this.assertWithinAbsoluteExpiry(found);
    const user = await loadAuthUser(this.db, found.user.id);
    if (!user) throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
    return { id: user.id, email: user.email, role: user.role, sessionId: found.session.id };
  }

  /**
   * POST /api/api/auth/refresh: from the httpOnly session cookie alone, a bearer token and the
   * user; extends the idle expiry (better-auth renews the cookie when it does). An ended session
   * answers `ended` with the cookie-clearing headers.
   */
  async refresh(cookie: string | undefined): Promise<RefreshResult> {
    if (!cookie?.includes('session_token=')) {
      return { ended: true, code: 'UNAUTHORIZED', setCookies: [] };
    }
    const cookieHeaders = new Headers({ cookie });
    const { headers, response } = await this.auth.api.getSession({
      headers: cookieHeaders,
      returnHeaders: true,
    });
    const found = response as SessionRecord | null;
    if (!found) return { ended: true, code: 'SESSION_EXPIRED', setCookies: headers.getSetCookie() };
    const user = await loadAuthUser(this.db, found.user.id);
    if (!this.withinAbsoluteExpiry(found) || !user) {
      const signedOut = await this.auth.api.signOut({
        headers: cookieHeaders,
        returnHeaders: true,
      });
      return { ended: true, code: 'SESSION_EXPIRED', setCookies: signedOut.headers.getSetCookie() };
    }
    return { ended: false, token: found.session.token, user, setCookies: headers.getSetCookie() };
  }

  private withinAbsoluteExpiry(found: SessionRecord): boolean {
    const started = new Date(found.session.createdAt).getTime();
    return started + this.maxDays * DAY_MS > this.now().getTime();
  }

  private async assertWithinAbsoluteExpiry(found: SessionRecord): Promise<void> {
    if (this.withinAbsoluteExpiry(found)) return;
    await this.db.delete(authSessions).where(eq(authSessions.id, found.session.id));
    throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
  }
}
