import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routeSizesPlugin } from './build/routeSizes.ts';

/** In development, / and /verify get public.html and /p/… portal.html, as the server does (apps/api/src/http/webApp.ts). */
function publicPagesInDev(): Plugin {
  return {
    name: 'spedycja-public-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        const page = pathname?.startsWith('/p/')
          ? 'portal.html'
          : pathname?.startsWith('/t/')
            ? 'track.html'
            : pathname === '/panel' || pathname?.startsWith('/panel/')
              ? 'panel.html'
              : pathname === '/' || pathname === '/verify'
                ? 'public.html'
                : null;
        if (page) req.url = `/${page}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/**
 * The SPA; the API serves the built files from apps/web/dist, and in development Vite proxies /api to it.
 * Three builds into dist: the staff app (index.html), with `--mode public` the carriers' public pages (public.html,
 * for / and /verify), with `--mode portal` the carrier's link (portal.html, for /p/{token}). Built apart, each page's first load is its entry chunk and React's: on a slow link every file
 * is a round trip, and the modules two entries of one build share would be split into many small chunks.
 */
export default defineConfig(({ mode }) => {
  // Issue 37: the customer's tracking link (track.html, /t/{token}) and the customer panel (panel.html, /panel).
  const ENTRIES = ['public', 'portal', 'track', 'panel'];
  const entry = ENTRIES.includes(mode) ? mode : null;
  const publicPages = entry !== null;
  return {
    plugins: [
      react(),
      // Brotli and gzip beside each file, made once at build time; the server picks one by the Accept-Encoding.
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        threshold: 1024,
        include: /\.(js|css|html|svg)$/,
      }),
      routeSizesPlugin(),
      publicPagesInDev(),
    ],
    build: {
      outDir: 'dist',
      // The public pages' build adds to the staff app's.
      emptyOutDir: !publicPages,
      // The chunk graph: build/routeSizes.ts reads it to print (and the bundle-size test to check) each route's size.
      manifest: entry ? `.vite/manifest-${entry}.json` : true,
      // Every browser we support preloads modules itself.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: entry ? `${entry}.html` : 'index.html',
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
    },
    preview: { port: 4173 },
  };
});
