import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, SMTP_REQUIRED_MESSAGE } from '../src/config.ts';
import { createTestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('configuration', () => {
  it('runs the whole product with no variables set', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PRODUCT_NAME).toBe('Vehicle Records');
    expect(config.CONTACT_EMAIL).toBe('support@localhost');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATA_DIR).toBe(resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.VPIC_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and normalises admin e-mails', () => {
    const config = parseConfig({
      PORT: '8080',
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com,',
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('refuses an https PUBLIC_URL without SMTP_URL, which would put sign-in codes in the log', () => {
    expect(() => parseConfig({ PUBLIC_URL: 'https://records.example' })).toThrow(
      new ConfigError(`Invalid SMTP_URL: ${SMTP_REQUIRED_MESSAGE}`),
    );
    expect(() => parseConfig({ PUBLIC_URL: 'HTTPS://records.example', SMTP_URL: '' })).toThrow(
      /^Invalid SMTP_URL: is required when PUBLIC_URL is https/,
    );
    const https = parseConfig({
      PUBLIC_URL: 'https://records.example',
      SMTP_URL: 'smtp://mail.records.example:587',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    expect(https.PUBLIC_URL).toBe('https://records.example');
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:8080' }).SMTP_URL).toBeUndefined();
  });

  it('takes an https VPIC_URL, or http to a loopback host only', () => {
    for (const url of [
      'https://vpic.nhtsa.dot.gov/api',
      'http://127.0.0.1:8080/api',
      'http://127.8.9.10/api',
      'http://[::1]:8080/api',
      'http://localhost/api',
    ]) {
      expect(parseConfig({ VPIC_URL: url }).VPIC_URL).toBe(url);
    }
  });

  it('treats empty strings as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', VPIC_URL: '', PUBLIC_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.VPIC_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ VPIC_URL: 'not a url' }, 'VPIC_URL'],
    [{ VPIC_URL: 'http://vpic.nhtsa.dot.gov/api' }, 'VPIC_URL'],
    [{ VPIC_URL: 'http://10.0.0.5/api' }, 'VPIC_URL'],
    [{ VPIC_URL: 'http://127.0.0.1.example.com/api' }, 'VPIC_URL'],
    [{ VPIC_URL: 'ftp://127.0.0.1/api' }, 'VPIC_URL'],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'OTEL_EXPORTER_OTLP_PROTOCOL'],
    [{ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/xml' }, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'],
  ])('refuses %o with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid ${name}`)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('stripe mode needs its three keys, naming the missing one', () => {
    expect(parseConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(parseConfig({ PAYMENT_PROVIDER: 'stripe', ...keys }).PAYMENT_PROVIDER).toBe('stripe');
    for (const missing of Object.keys(keys)) {
      const env: Record<string, string> = { PAYMENT_PROVIDER: 'stripe', ...keys };
      delete env[missing];
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(
        new RegExp(`^Invalid ${missing}: is required when PAYMENT_PROVIDER=stripe$`),
      );
    }
    expect(() =>
      parseConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_API_BASE: 'ftp://x' }),
    ).toThrow(/^Invalid STRIPE_API_BASE/);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/^Invalid PAYMENT_PROVIDER/);
  });

  it('the vinaudit history provider needs its key, user and password, naming the missing one', () => {
    const defaults = parseConfig({});
    expect(defaults.REPORT_PROVIDER).toBe('sandbox');
    expect(defaults.RECALLS_PROVIDER).toBe('sandbox');
    expect(defaults.REPORT_TIMEOUT_MS).toBe(20_000);
    const keys = { REPORT_API_KEY: 'key', REPORT_API_USER: 'user', REPORT_API_PASS: 'pass' };
    expect(
      parseConfig({ REPORT_PROVIDER: 'vinaudit', ALLOW_SANDBOX_PAYMENTS: 'true', ...keys })
        .REPORT_PROVIDER,
    ).toBe('vinaudit');
    for (const missing of Object.keys(keys)) {
      const env: Record<string, string> = { REPORT_PROVIDER: 'vinaudit', ...keys };
      delete env[missing];
      expect(() => parseConfig(env)).toThrow(
        new RegExp(`^Invalid ${missing}: is required when REPORT_PROVIDER=vinaudit$`),
      );
    }
    expect(() => parseConfig({ REPORT_PROVIDER: 'carfax' })).toThrow(/^Invalid REPORT_PROVIDER/);
    expect(() => parseConfig({ RECALLS_PROVIDER: 'kbb' })).toThrow(/^Invalid RECALLS_PROVIDER/);
    expect(() => parseConfig({ RECALLS_API_BASE: 'ftp://x' })).toThrow(/^Invalid RECALLS_API_BASE/);
  });

  describe('refuses payments that do not match the providers', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    const vinaudit = {
      REPORT_PROVIDER: 'vinaudit',
      REPORT_API_KEY: 'key',
      REPORT_API_USER: 'user',
      REPORT_API_PASS: 'pass',
    };
    const carsxe = { PLATE_PROVIDER: 'carsxe', PLATE_API_KEY: 'key' };
    const production = { ...vinaudit, ...carsxe, RECALLS_PROVIDER: 'nhtsa' };
    const https = { PUBLIC_URL: 'https://records.example', SMTP_URL: 'smtp://mail.example:587' };

    it.each([
      [vinaudit, 'REPORT_PROVIDER=vinaudit'],
      [carsxe, 'PLATE_PROVIDER=carsxe'],
      [https, 'an https PUBLIC_URL'],
      [
        { ...vinaudit, ...carsxe, ...https },
        'REPORT_PROVIDER=vinaudit, PLATE_PROVIDER=carsxe, an https PUBLIC_URL',
      ],
    ])('sandbox payments with %o, unless ALLOW_SANDBOX_PAYMENTS=true', (env, named) => {
      expect(() => parseConfig(env)).toThrow(
        new ConfigError(
          `Invalid PAYMENT_PROVIDER: sandbox (test cards buy real credits) is refused with ${named}; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true for a deliberate public demo`,
        ),
      );
      expect(() => parseConfig({ ...env, ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
        /^Invalid PAYMENT_PROVIDER: sandbox/,
      );
      const demo = parseConfig({ ...env, ALLOW_SANDBOX_PAYMENTS: 'true' });
      expect(demo.PAYMENT_PROVIDER).toBe('sandbox');
      expect(demo.ALLOW_SANDBOX_PAYMENTS).toBe(true);
    });

    it('sandbox payments stay the default on a developer machine', () => {
      expect(parseConfig({ PUBLIC_URL: 'http://localhost:3000' }).ALLOW_SANDBOX_PAYMENTS).toBe(
        false,
      );
      expect(() => parseConfig({ ALLOW_SANDBOX_PAYMENTS: 'yes' })).toThrow(
        /^Invalid ALLOW_SANDBOX_PAYMENTS/,
      );
    });

    it.each(['sk_live_abc', 'rk_live_abc'])(
      'a live Stripe key (%s) with any sandbox provider, naming them',
      (key) => {
        const live = { ...stripe, STRIPE_SECRET_KEY: key };
        expect(() => parseConfig({ ...live, ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(
          new ConfigError(
            'Invalid STRIPE_SECRET_KEY: is a live key, refused with REPORT_PROVIDER=sandbox, PLATE_PROVIDER=sandbox, RECALLS_PROVIDER=sandbox: customers would pay for sample records',
          ),
        );
        expect(() => parseConfig({ ...live, ...vinaudit, ...carsxe })).toThrow(
          /^Invalid STRIPE_SECRET_KEY: is a live key, refused with RECALLS_PROVIDER=sandbox: /,
        );
        expect(parseConfig({ ...live, ...production, ...https }).PAYMENT_PROVIDER).toBe('stripe');
        // A test key goes with the sandbox records (Stripe's test mode moves no money).
        expect(parseConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_abc' }).PAYMENT_PROVIDER).toBe(
          'stripe',
        );
      },
    );

    it('logs the providers in use in one line at boot', async () => {
      const lines: string[] = [];
      const t = await createTestApp(testDatabases()[0]!, {
        env: { LOG_LEVEL: 'info', VPIC_URL: 'http://127.0.0.1:9/vpic' },
        logStream: { write: (line) => lines.push(line) },
      });
      try {
        const boot = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        const providers = boot.filter((l) => l.msg === 'providers in use');
        expect(providers).toHaveLength(1);
        expect(providers[0]!.providers).toEqual({
          payments: 'sandbox',
          history: 'sandbox',
          plates: 'sandbox',
          recalls: 'sandbox',
          mail: 'outbox',
          storage: 'files',
          vpic: 'live',
        });
      } finally {
        await t.close();
      }
      // A whole app starts here: as long as a suite's hook may take.
    }, 120_000);
  });
});
