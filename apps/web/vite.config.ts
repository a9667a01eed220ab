import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) runs on 3000 in development; Vite proxies API and public calls to it.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
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
  // The server-side render (src/prerender.tsx → dist/ssr/prerender.mjs) carries its dependencies, so the server can load it from
  // any copy of dist/ without this workspace's node_modules.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    sourcemap: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild, // scripts/prerender.mjs reads it for the landing page's stylesheets
    chunkSizeWarningLimit: 700,
    // .mjs: the server imports the render from wherever dist/ is copied, with no package.json saying "module" there.
    ...(isSsrBuild ? { rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } } } : {}),
  },
}));
