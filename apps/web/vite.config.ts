import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { mantinePatches } from './build/mantine-patches.ts';

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
 * The pages served with a static copy of their screen's top (spa.ts STATIC_PAGES): index.html
 * plus the fragment, so the largest text of the page paints as soon as the HTML and the
 * first-paint CSS are in. `screen` is the module the page's path renders first: its chunks are
 * handed to boot-after-paint.js too (data-screen), which asks for them a few at a time instead of
 * React's lazy import adding them all as preload links in one long task. /petSitters has none:
 * its screen's chunks come with its page as hints (ROUTE_PRELOADS).
 */
const STATIC_PAGES: Record<string, { fragment: string; screen?: string }> = {
  'home.html': {
    fragment: 'src/features/public/static-home.html',
    screen: 'src/features/public/screens/home-screen.tsx',
  },
  'login.html': {
    fragment: 'src/features/auth/screens/static-login.html',
    screen: 'src/features/auth/screens/login-screen.tsx',
  },
  'pet-sitters.html': { fragment: 'src/features/sitters/screens/static-pet-sitters.html' },
};

/**
 * Writes the pages of STATIC_PAGES next to index.html. Their screens need no script to paint: the
 * app's JS is asked for only once a frame of the static screen is painted (public/
 * boot-after-paint.js), instead of sharing the network and the main thread with that first paint.
 */
function staticPages(): Plugin {
  return {
    name: 'pawsy-static-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const screens = screenAssets(bundle);
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      if (!html.includes('<div id="root">')) this.error('index.html has no <div id="root">');
      // One page header for every static screen: index.html's own (the logo and name it paints
      // before the app runs), put where a fragment says <!--boot-header-->.
      const header = /<div class="boot-header"[^>]*>[\s\S]*?<\/svg>\s*Pawsy\s*<\/div>/.exec(
        html,
      )?.[0];
      if (!header) this.error('index.html has no boot header');
      for (const [fileName, { fragment: fragmentFile, screen }] of Object.entries(STATIC_PAGES)) {
        const fragment = fs
          .readFileSync(new URL(`./${fragmentFile}`, import.meta.url), 'utf8')
          .replace(/<!--[\s\S]*?-->\s*/, '')
          .trim();
        if (!fragment.includes('<!--boot-header-->')) this.error(`${fragmentFile}: no boot header`);
        // The app's stylesheet moves from the head to just after the static screen: that screen
        // (styled inline) paints as soon as the HTML is parsed, not once the CSS is in; the app
        // still waits for it (boot-after-paint.js starts it once the style sheets are in).
        const styles = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let source = html;
        for (const link of styles) source = source.replace(link, '');
        // The app starts after the static screen's first frame (public/boot-after-paint.js): its
        // entry and the chunks index.html preloads are handed to that script instead.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(source);
        if (!entry) this.error('index.html has no module script');
        const preloads = [
          ...source.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
        ];
        for (const [tag] of preloads) source = source.replace(tag, '');
        const screenChunks = screen ? screens([screen], fileName).modules : [];
        const boot = `<script defer src="/boot-after-paint.js" data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"${screenChunks.length > 0 ? ` data-screen="${screenChunks.join(' ')}"` : ''}></script>`;
        source = source
          .replace(entry[0], boot)
          .replace(
            '<div id="root">',
            `${fragment.replace('<!--boot-header-->', header)}\n    ${styles.map((l) => l.trim()).join('\n    ')}\n    <div id="root">`,
          );
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

/**
 * The screens whose chunks the server announces in the page it serves for their path (spa.ts
 * reads `route-preloads.json`): without the hints a screen's code is only requested once the
 * entry has run, a second round of downloads before the screen's heading can paint. Paths are
 * SPEC §2's (src/config/paths.ts); the modules are what the path renders first. Only pages
 * whose first screen is fixed by the path are listed. `/login` is not: its heading comes with the
 * page (STATIC_PAGES), and twenty hints cost the main thread enough to delay that first paint
 * until the scripts were in (Lighthouse then counts them all towards the LCP).
 */
const ROUTE_PRELOADS: Record<string, string[]> = {
  '/SignUp': ['src/features/auth/screens/signup-screen.tsx', 'src/app/styles/all-styles.ts'],
  '/petSitters': [
    'src/features/sitters/screens/pet-sitters-screen.tsx',
    'src/app/styles/all-styles.ts',
  ],
};

/**
 * For a list of source modules a screen renders first: the JS chunks built from them with every
 * chunk they import statically, less what index.html loads already, and the CSS of those
 * modules (as URL paths). A module that only imports CSS (all-styles.ts) leaves no chunk, only
 * its CSS. Throws (through the plugin's `error`) when a module was not built at all.
 */
function screenAssets(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withImports = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const initial = withImports(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const root = fileURLToPath(new URL('.', import.meta.url));
  return (modules: string[], usedBy: string) => {
    const starts: string[] = [];
    const styles = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, module));
      const css = Object.values(bundle).find(
        (a) => a.type === 'asset' && a.originalFileNames.includes(module),
      );
      if (chunk) starts.push(chunk.fileName);
      else if (css) styles.add(css.fileName);
      else throw new Error(`nothing built from ${module} (${usedBy})`);
    }
    const files = [...withImports(starts)].filter((file) => !initial.has(file));
    for (const file of files)
      for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
    return {
      modules: files.filter((file) => byFile.get(file)?.code.trim() !== '').map((f) => `/${f}`),
      styles: [...styles].map((f) => `/${f}`),
    };
  };
}

/**
 * Writes `route-preloads.json`: for each path of ROUTE_PRELOADS, the JS chunks (with the chunks
 * they import statically) and the CSS of its modules, leaving out what index.html loads already.
 */
function routePreloads(): Plugin {
  return {
    name: 'pawsy-route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const screens = screenAssets(bundle);
      const hints: Record<string, { modules: string[]; styles: string[] }> = {};
      for (const [route, modules] of Object.entries(ROUTE_PRELOADS)) {
        hints[route] = screens(modules, route);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(hints, null, 2)}\n`,
      });
    },
  };
}

/**
 * react-router's package exports only its development build (warnings, invariant messages and
 * checks on every navigation and render); the production build it ships beside it does the same
 * work without them. Production bundles take that one (docs/performance.md, "Initial JavaScript").
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [mantinePatches(), react(), devRuntimeConfig(), staticPages(), routePreloads()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
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
}));
