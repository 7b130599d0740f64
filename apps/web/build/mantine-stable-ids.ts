import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(new URL('../src/lib/stable-use-id.ts', import.meta.url));

/**
 * Resolves @mantine/hooks' own `useId` module to src/lib/stable-use-id.ts (why: that file), for
 * every Mantine package that takes `useId` from @mantine/hooks. Used by the build, the dev server
 * and the component tests alike, so what is tested is what ships.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'pawsy-mantine-stable-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && /@mantine[\\/]hooks[\\/]/.test(importer ?? '')) {
        return replacement;
      }
      return null;
    },
  };
}
