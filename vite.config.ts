import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two client entries (the portal hydrates server-rendered HTML, the console renders on the client) and,
 * with --ssr, the server renderer. The client manifest tells the server the hashed file names.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: false,
  // The server renderer bundles React and every other web dependency in their production builds, so
  // pages render at production speed whatever NODE_ENV the server runs with (decision 184).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { portal: 'src/web/entry-portal.tsx', console: 'src/web/entry-console.tsx' },
        },
      },
}));
