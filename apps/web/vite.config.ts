import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA; the API serves the built files from apps/web/dist, and in development Vite proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: { port: 4173 },
});
