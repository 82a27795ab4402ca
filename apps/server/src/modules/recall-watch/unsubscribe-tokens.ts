import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link turns off: one watched vehicle, or every one of a customer's. */
export type UnsubscribeTarget = { watchId: string } | { userId: string };

export interface UnsubscribeTokens {
  tokenFor(target: UnsubscribeTarget): string;
  /** The target a token signs, or null when it is not one of ours. */
  read(token: string): UnsubscribeTarget | null;
}

/**
 * The alert mails' unsubscribe links (RFC 8058) work without signing in, so the link is the
 * credential: the target and an HMAC of it, with a key derived from the server's secret. They do
 * not expire: a mail read months later must still stop the alerts, and turning alerts off is
 * undone from the dashboard.
 */
export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('recall-unsubscribe/v1').digest();
  const sign = (subject: string) => createHmac('sha256', key).update(subject).digest();
  const subjectOf = (t: UnsubscribeTarget) => ('watchId' in t ? `w:${t.watchId}` : `u:${t.userId}`);
  return {
    tokenFor(target) {
      const subject = subjectOf(target);
      return `${Buffer.from(subject).toString('base64url')}.${sign(subject).toString('base64url')}`;
    },
    read(token) {
      const [encoded, sig, ...rest] = token.split('.');
      if (!encoded || !sig || rest.length > 0) return null;
      const subject = Buffer.from(encoded, 'base64url').toString('utf8');
      // Compared as the text we wrote: base64url decoding forgives a last character's unused
      // bits, so a different link could otherwise decode to the same signature.
      if (Buffer.from(subject).toString('base64url') !== encoded) return null;
      const given = Buffer.from(sig);
      const expected = Buffer.from(sign(subject).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const id = subject.slice(2);
      if (subject.startsWith('w:')) return { watchId: id };
      if (subject.startsWith('u:')) return { userId: id };
      return null;
    },
  };
}
