import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * @react-pdf/layout asks `Buffer.isBuffer(source)` of every image, a Node global the browser lacks: each image logged
 * "Buffer is not defined" and lost its cache key, so a photo used on four pages was embedded four times. This gives that
 * one module its own `Buffer` (a browser image source is never a Node Buffer), and no global for other libraries to mistake.
 */
function reactPdfBufferCheck(): Plugin {
  return {
    name: 'cma:react-pdf-buffer-check',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]@react-pdf[\\/]layout[\\/]lib[\\/]index\.js$/.test(id) || !code.includes('Buffer.isBuffer(')) return null;
      return { code: `const Buffer = { isBuffer: () => false };\n${code}`, map: null };
    },
  };
}

// The API server (apps/server) runs on 3000 in development; Vite proxies API and public calls to it.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), reactPdfBufferCheck()],
  // Development pre-bundles dependencies apart from the plugins above.
  optimizeDeps: { rolldownOptions: { plugins: [reactPdfBufferCheck()] } },
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
