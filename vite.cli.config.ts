import { defineConfig } from 'vite';

// The CLI is bundled for Node so that `npx msgscope` works right after `npm ci` (prepare builds it). The packages it
// imports stay imports (an SSR build leaves node_modules out): they are the npm package's `dependencies`, or for the
// share server's stores its optional peers, and e2e/package.spec.ts fails when the two lists part.
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
