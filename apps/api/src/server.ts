import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { runStartupTasks } from './startup.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig({ WEB_DIST: defaultWebDist, ...process.env });
  const app = await buildApp(config);
  const logins = await runStartupTasks(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => {
      app.log.error('requests still running 10 s after the signal: exiting without them');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    ``,
    `  Pawsy is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${config.database.kind}`,
  ];
  if (logins && logins.length > 0) {
    lines.push(`  Demo logins:`);
    for (const l of logins)
      lines.push(
        `    ${l.role.padEnd(9)} ${l.email.padEnd(28)} ${l.password}${l.note ? `  (${l.note})` : ''}`,
      );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
