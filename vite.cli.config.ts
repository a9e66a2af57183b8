import { defineConfig } from 'vite';

// The CLI is bundled for Node so that `npx msgscope` works right after `npm ci` (prepare builds it).
export default defineConfig({
  // public/ holds the app's static files; the CLI bundle needs none of them.
  publicDir: false,
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist/cli',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'msgscope.js', format: 'es' } },
  },
});
