import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`../src/lib/${file}`, import.meta.url));

/**
 * Modules inside Mantine's packages resolved to our own, each with the same exports and answers
 * but less work on the app's first screen (why: in each file):
 * - @mantine/hooks' `useId` → src/lib/stable-use-id.ts
 * - @mantine/core's `removeDefaultVariables` → src/lib/mantine-default-variables.ts
 */
const PATCHES: { importer: RegExp; source: string; file: string }[] = [
  { importer: /@mantine[\\/]hooks[\\/]/, source: './use-id/use-id.mjs', file: 'stable-use-id.ts' },
  {
    importer: /@mantine[\\/]core[\\/].*[\\/]MantineCssVariables\.mjs$/,
    source: './remove-default-variables.mjs',
    file: 'mantine-default-variables.ts',
  },
];

/**
 * Applies PATCHES. Used by the build, the dev server and the component tests alike (vitest runs
 * Mantine's packages through Vite for this), so what is tested is what ships.
 */
export function mantinePatches(): Plugin {
  return {
    name: 'pawsy-mantine-patches',
    enforce: 'pre',
    resolveId(source, importer) {
      const patch = PATCHES.find((p) => p.source === source && p.importer.test(importer ?? ''));
      return patch ? src(patch.file) : null;
    },
  };
}
