import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ensureAdmin } from '../../src/modules/auth/admin-bootstrap.ts';
import { DEMO_ADMIN } from '../../src/seed/users.seed.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { createTestApp } from '../helpers/app.ts';

const OWN = {
  SECRET_KEY: 'a-secret-key-of-our-own-0123456789',
  JWT_SECRET: 'a-jwt-secret-of-our-own-0123456789',
  DEMO_DATA: 'false',
};

describe('no start on development defaults beyond loopback', () => {
  it('names every development default a public HOST would expose', () => {
    let message = '';
    try {
      loadConfig({ HOST: '0.0.0.0' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const key of ['SECRET_KEY', 'JWT_SECRET', 'DEMO_DATA']) expect(message).toContain(key);
  });

  it('refuses each default on its own', () => {
    expect(() =>
      loadConfig({ ...OWN, HOST: '0.0.0.0', SECRET_KEY: 'pawsy-dev-secret-key' }),
    ).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ ...OWN, HOST: '192.168.1.20', JWT_SECRET: undefined })).toThrow(
      /JWT_SECRET/,
    );
    expect(() =>
      loadConfig({
        ...OWN,
        HOST: '::',
        ADMIN_EMAIL: 'ops@example.test',
        ADMIN_PASSWORD: DEMO_ADMIN.password,
      }),
    ).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...OWN, HOST: '0.0.0.0', DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
  });

  it('starts on a public HOST with settings of its own, and on loopback with the defaults', () => {
    expect(loadConfig({ ...OWN, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        ...OWN,
        HOST: '0.0.0.0',
        DEMO_DATA: 'true',
        ADMIN_EMAIL: 'ops@example.test',
        ADMIN_PASSWORD: 'Ops-Own-Pass-2026',
      }).demoData,
    ).toBe(true);
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('refuses a database whose demo admin still has the published password', async () => {
    const t = await createTestApp({ ...OWN, HOST: '0.0.0.0' });
    try {
      await ensureAdmin(t.app, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await expect(runStartupTasks(t.app)).rejects.toThrow(/admin@pawsy\.test.*demo password/);
      await ensureAdmin(t.app, DEMO_ADMIN.email, 'Changed-Admin-Pass-2026');
      await expect(runStartupTasks(t.app)).resolves.toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('production takes real payments unless told otherwise', () => {
  const PROD = { ...OWN, NODE_ENV: 'production' };

  it('refuses to start without Stripe, naming the way out', () => {
    expect(() => loadConfig(PROD)).toThrow(/STRIPE_SECRET_KEY.*PAYMENTS_SANDBOX=true/s);
    expect(() => loadConfig({ ...PROD, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
  });

  it('starts with Stripe, or with the sandbox asked for by name', () => {
    const stripe = loadConfig({
      ...PROD,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe.stripe?.secretKey).toBe('sk_test_x');
    expect(loadConfig({ ...PROD, PAYMENTS_SANDBOX: 'true' }).stripe).toBeNull();
    // Outside production the sandbox stays the default (DESIGN §2).
    expect(loadConfig({ ...OWN }).stripe).toBeNull();
  });
});
