import fs from 'node:fs';
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
 * Writes `home.html` (served for `/` by the API) next to index.html: the same page with a static
 * copy of the home hero (src/features/public/static-home.html), so the largest text of the most
 * visited page paints as soon as the HTML and the first-paint CSS are in.
 */
function staticHomePage(): Plugin {
  const fragmentFile = new URL('./src/features/public/static-home.html', import.meta.url);
  return {
    name: 'pawsy-static-home-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const fragment = fs
        .readFileSync(fragmentFile, 'utf8')
        .replace(/<!--[\s\S]*?-->\s*/, '')
        .trim();
      const html = String(index.source);
      if (!html.includes('<div id="root">')) this.error('index.html has no <div id="root">');
      this.emitFile({
        type: 'asset',
        fileName: 'home.html',
        source: html.replace('<div id="root">', `${fragment}\n    <div id="root">`),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), devRuntimeConfig(), staticHomePage()],
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
    // Every browser that runs es2022 modules supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
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
