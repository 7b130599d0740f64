// Writes the OpenAPI document the API serves at /api/docs/json, built from the routes without
// listening: `npm run openapi -w apps/api -- <file>` (stdout when no file is given).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const out = process.argv[2];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-openapi-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' }),
  { logger: false },
);
try {
  const json = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  if (out) {
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(out, json);
  } else {
    process.stdout.write(json);
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
