import { SIGNED_IN_COOKIE } from '@vr/contracts';
import type { FastifyReply } from 'fastify';

/** `vr.session_token`, or `__Secure-vr.session_token` when PUBLIC_URL is https. */
const SESSION_COOKIE = /^(__Secure-)?vr\.session_token$/;

/**
 * The signed-in flag cookie that goes with a session cookie being set or cleared: the same
 * attributes (lifetime, path, SameSite, Secure) without HttpOnly, so the two live and die
 * together; `1` while the session cookie has a value, cleared when it is cleared.
 */
function signedInFlag(setCookie: string): string | undefined {
  const [pair = '', ...attributes] = setCookie.split(';');
  const separator = pair.indexOf('=');
  if (separator < 0 || !SESSION_COOKIE.test(pair.slice(0, separator).trim())) return undefined;
  const value = pair.slice(separator + 1).trim() === '' ? '' : '1';
  const kept = attributes.filter((attribute) => attribute.trim().toLowerCase() !== 'httponly');
  return [`${SIGNED_IN_COOKIE}=${value}`, ...kept].join(';');
}

/** Clears the flag when no session cookie was cleared with it (the request carried none). */
const CLEAR_SIGNED_IN_FLAG = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/**
 * better-auth's cookies (the httpOnly session cookie) as the client gets them, each session
 * cookie with its signed-in flag. `signedOut` also clears the flag when there was no session
 * cookie to clear, so a client holding a stale flag stops asking for a refresh.
 */
export function cookiesWithFlags(
  setCookies: readonly string[],
  options: { signedOut?: boolean } = {},
): string[] {
  const flags = setCookies.flatMap((cookie) => signedInFlag(cookie) ?? []);
  if (options.signedOut && flags.length === 0) flags.push(CLEAR_SIGNED_IN_FLAG);
  return [...setCookies, ...flags];
}

/** Passes better-auth's cookies on to the client (cookiesWithFlags). */
export function sendCookies(reply: FastifyReply, setCookies: readonly string[]): void {
  const all = cookiesWithFlags(setCookies);
  if (all.length > 0) void reply.header('set-cookie', all);
}
