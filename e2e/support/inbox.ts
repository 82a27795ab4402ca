import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that keeps what it receives (the server's SMTP_URL points here). */
export class Inbox {
  private readonly mails: ReceivedMail[] = [];
  private waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const waiter = this.waiters.find((w) => mail.to.includes(w.to));
        if (waiter) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(mail);
        } else this.mails.push(mail);
        callback();
      });
    },
  });
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** The next mail to `to` (one already received counts once). */
  next(to: string): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const index = this.mails.findIndex((m) => m.to.includes(address));
    if (index >= 0) return Promise.resolve(this.mails.splice(index, 1)[0]!);
    return new Promise((resolve) => this.waiters.push({ to: address, resolve }));
  }

  /** The next mail to `to` whose raw text matches `pattern`; mails before it are passed over. */
  async nextMatching(to: string, pattern: RegExp): Promise<ReceivedMail> {
    for (;;) {
      const mail = await this.next(to);
      if (pattern.test(mail.raw)) return mail;
    }
  }

  /** The 6-digit code of the next mail to `to`: "Your … code is: 123456" in the text part. */
  async nextCode(to: string): Promise<string> {
    const mail = await this.next(to);
    const code = /code is:\s*(\d{6})(?!\d)/.exec(mail.raw)?.[1];
    if (!code) throw new Error(`no code in the mail:\n${mail.raw}`);
    return code;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
