import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routeSizesPlugin } from './build/routeSizes.ts';

/** In development, / and /verify get public.html, as the server does (apps/api/src/http/webApp.ts). */
function publicPagesInDev(): Plugin {
  return {
    name: 'spedycja-public-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        if (pathname === '/' || pathname === '/verify') req.url = `/public.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/** The SPA; the API serves the built files from apps/web/dist, and in development Vite proxies /api to it. */
export default defineConfig({
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
    emptyOutDir: true,
    // The chunk graph: build/routeSizes.ts reads it to print (and the bundle-size test to check) each route's size.
    manifest: true,
    // Every browser we support preloads modules itself.
    modulePreload: { polyfill: false },
    // Two pages: the staff app (index.html) and the carriers' public pages (public.html, for / and /verify).
    rolldownOptions: {
      input: { index: 'index.html', public: 'public.html' },
      // Modules shared by several pages stay in their own chunks instead of being merged into the entry (which every
      // page, the login included, would then load).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // React changes less often than the app and every page needs it: one chunk cached across releases. Other
        // libraries split by page, so that a page loads only the parts it uses.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: { port: 4173 },
});
