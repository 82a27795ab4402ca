import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, type AuthUser, type Role } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthAccounts } from './accounts.ts';
import { deleteSession, findActiveSession } from './sessions.repo.ts';
import { AuthError } from './auth-errors.ts';
import type { AuthInstance } from './better-auth.ts';
import { createSessionCache } from './session-cache.ts';
import { cookiesWithFlags } from './session-cookies.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in user of a request, as the guards attach it. */
export interface RequestUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
}

export interface Refreshed {
  token: string;
  user: AuthUser;
  setCookies: string[];
}

/**
 * The 401 of a refresh that found no session: the code says whether there was one, and the
 * answer clears the session cookie (and the signed-in flag) the client holds.
 */
function sessionEnded(
  code: 'UNAUTHORIZED' | 'SESSION_EXPIRED',
  setCookies: readonly string[],
): AuthError {
  const message =
    code === 'UNAUTHORIZED' ? AUTH_MESSAGES.authRequired : AUTH_MESSAGES.sessionExpired;
  return new AuthError(
    401,
    code,
    message,
    {},
    { 'set-cookie': cookiesWithFlags(setCookies, { signedOut: true }) },
  );
}

interface SessionRecord {
  session: { id: string; token: string; createdAt: Date; expiresAt: Date; userId: string };
  user: { id: string; email: string };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Sessions: better-auth keeps them (idle expiry, refreshed by `refresh`); this adds the absolute
 * expiry, SESSION_MAX_DAYS after sign-in, which no refresh extends.
 */
export function createSessions(deps: {
  auth: AuthInstance;
  db: Db;
  /** The instance's auth secret, which signs the cookie value a bearer may carry. */
  secret: string;
  maxDays: number;
  /** How long this instance trusts what it read of a bearer's session (SESSION_CACHE_SECONDS). */
  cacheSeconds: number;
  accounts: Pick<AuthAccounts, 'loadAuthUser'>;
}) {
  const { auth, db, secret, maxDays, accounts } = deps;
  const now = () => new Date();
  const cache = createSessionCache<RequestUser>(deps.cacheSeconds);

  /**
   * The user of an `Authorization: Bearer <token>` header, or a 401. Does not extend the
   * session: only `refresh` does, so the session's idle expiry and the cookie's lifetime move
   * together (and `/api/api` answers never set cookies). What it read is kept for
   * SESSION_CACHE_SECONDS (session-cache.ts); `fresh` reads the database whatever is kept.
   */
  async function fromBearer(
    authorization: string | undefined,
    options: { fresh?: boolean } = {},
  ): Promise<RequestUser> {
    const match = authorization ? BEARER.exec(authorization) : null;
    if (!match) throw new AuthError(401, 'UNAUTHORIZED', AUTH_MESSAGES.authRequired);
    const token = sessionToken(match[1]!);
    const at = now();
    const known = token && !options.fresh ? cache.get(token, at.getTime()) : undefined;
    if (known) return known;
    const found = token ? await findActiveSession(db, token, at) : undefined;
    if (!found) throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
    const endsAt = Math.min(found.expiresAt.getTime(), absoluteExpiry(found.createdAt));
    if (endsAt <= at.getTime()) {
      await deleteSession(db, found.sessionId);
      throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
    }
    const user = {
      id: found.userId,
      email: found.email,
      role: found.role,
      sessionId: found.sessionId,
    };
    cache.set(token!, user, at.getTime(), endsAt);
    return user;
  }

  /**
   * The session token a bearer value stands for, as better-auth's bearer plugin reads it: the
   * token itself, or `token.signature` (the signed cookie value, percent-encoded or not) whose
   * HMAC must match; null for a forged signature. Read here so that an authenticated request
   * costs one query instead of better-auth's session machinery (decision 0009).
   */
  function sessionToken(bearer: string): string | null {
    if (!bearer.includes('.')) return bearer;
    let value = bearer;
    try {
      if (value.includes('%')) value = decodeURIComponent(value);
    } catch {
      // better-auth keeps a value it cannot decode as it is.
    }
    const [token = '', signature = ''] = value.split('.');
    // The signature is HMAC-SHA256 in base64, as better-call signs cookies.
    const given = Buffer.from(signature, 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  /**
   * POST /api/api/auth/refresh: from the httpOnly session cookie alone, a bearer token and the
   * user; extends the idle expiry (better-auth renews the cookie when it does). An ended session
   * is a 401 AuthError carrying the cookie-clearing headers.
   */
  async function refresh(cookie: string | undefined): Promise<Refreshed> {
    if (!cookie?.includes('session_token=')) throw sessionEnded('UNAUTHORIZED', []);
    const cookieHeaders = new Headers({ cookie });
    const { headers, response } = await auth.api.getSession({
      headers: cookieHeaders,
      returnHeaders: true,
    });
    const found = response as SessionRecord | null;
    if (!found) throw sessionEnded('SESSION_EXPIRED', headers.getSetCookie());
    const user = await accounts.loadAuthUser(found.user.id);
    if (!withinAbsoluteExpiry(new Date(found.session.createdAt)) || !user) {
      const signedOut = await auth.api.signOut({
        headers: cookieHeaders,
        returnHeaders: true,
      });
      throw sessionEnded('SESSION_EXPIRED', signedOut.headers.getSetCookie());
    }
    return { token: found.session.token, user, setCookies: headers.getSetCookie() };
  }

  function absoluteExpiry(createdAt: Date): number {
    return createdAt.getTime() + maxDays * DAY_MS;
  }

  function withinAbsoluteExpiry(createdAt: Date): boolean {
    return absoluteExpiry(createdAt) > now().getTime();
  }

  /** Forgets every session this instance keeps: one just ended through it. */
  function forgetKnownSessions(): void {
    cache.clear();
  }

  return { fromBearer, refresh, forgetKnownSessions };
}
