import { defineConfig } from 'vite';

// The library entry (src/lib, the package's `exports`) bundled for Node like the CLI: the packages it imports
// (fflate, the price data) stay imports, so they are the package's `dependencies`. Its declarations come from
// scripts/build-lib-types.mjs.
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'src/lib/index.ts',
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
  },
});
