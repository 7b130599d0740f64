import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineStableIds } from './build/mantine-stable-ids.ts';

export default defineConfig({
  plugins: [mantineStableIds(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Run through Vite (not Node) so that mantineStableIds applies here as in the build.
    server: { deps: { inline: [/@mantine[\\/]hooks/] } },
    include: ['src/**/*.test.{ts,tsx}'],
    maxWorkers: 2,
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
