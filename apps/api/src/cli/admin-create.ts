import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ensureAdmin } from '../modules/auth/admin-bootstrap.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "a long password"',
  );
  process.exit(2);
}
const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: false });
try {
  await ensureAdmin(app, values.email, values.password);
  console.log(`Admin ${values.email.toLowerCase()} is ready.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await app.close();
}
