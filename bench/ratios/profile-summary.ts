/**
 * Top self-time functions of the newest .cpuprofile in bench/ratios/profiles (written by
 * `npm run bench:ratios -- --profile`), or of the file given as argument.
 * Run: npx tsx bench/ratios/profile-summary.ts [file] [--top=40]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[] };

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'profiles');
const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 40);
const file =
  arg ??
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0) continue;
  total += hits;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/');
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + hits);
  const pkg = url.includes('node_modules/')
    ? url
        .split('node_modules/')
        .pop()!
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.startsWith('node:') || url === ''
      ? functionName.startsWith('(')
        ? functionName
        : 'node internals'
      : url.includes('/apps/api/')
        ? 'apps/api'
        : 'other';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
}
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
console.log(`${path.relative(process.cwd(), file)}: ${total} samples`);
console.log('\nself time by package');
for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${pct(v)}  ${k}`);
console.log(`\ntop ${top} functions by self time`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(v)}  ${k}`);
