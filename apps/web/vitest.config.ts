import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantinePatches } from './build/mantine-patches.ts';

export default defineConfig({
  plugins: [mantinePatches(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Run through Vite (not Node) so that mantinePatches applies here as in the build.
    server: { deps: { inline: [/@mantine[\\/]/] } },
    include: ['src/**/*.test.{ts,tsx}'],
    maxWorkers: 2,
    // Some tests type into the whole app key by key: on a loaded 2-core CI box one took 23 s.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
