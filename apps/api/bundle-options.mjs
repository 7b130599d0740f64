import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * How the API is bundled for production (build.mjs), and how the platform benchmark bundles its
 * server so that it measures what `npm start` runs: workspace packages ship TypeScript source, so
 * they are bundled; every other dependency stays external.
 */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@pawsy/')),
  logLevel: 'warning',
};
