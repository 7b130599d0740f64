import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3001';

/**
 * In production the API server replaces `<!--pawsy-config-->` with the run-time config meta tag.
 * The dev server does the same here so the app reads its config the same way in both.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'pawsy-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const config = { secretKey: process.env.SECRET_KEY ?? 'pawsy-dev-secret-key', apiBase: '' };
      const content = JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return html.replace('<!--pawsy-config-->', `<meta name="pawsy-config" content="${content}">`);
    },
  };
}

/**
 * Most visits start on the home page: preload its lazily loaded chunk (and that chunk's imports)
 * so it downloads alongside the entry instead of after it (saves a round trip before the LCP).
 */
function preloadHomeScreen(): Plugin {
  return {
    name: 'pawsy-preload-home-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/screens/home-screen.tsx'));
        if (!home) return [];
        const files = [home.fileName, ...home.imports].filter((file) => !html.includes(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), devRuntimeConfig(), preloadHomeScreen()],
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
      '/healthz': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React changes rarely: keep it in its own long-cached chunk. Everything else is split
        // by the bundler along the lazy screen boundaries (each screen is its own chunk).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
