import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) runs on 3000 in development; Vite proxies API and public calls to it.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/public': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/public': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true, // scripts/prerender.mjs reads it for the landing page's stylesheets
    chunkSizeWarningLimit: 700,
  },
});
