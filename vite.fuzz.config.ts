import { defineConfig } from 'vite';

// The fuzzer (scripts/fuzz) runs the TypeScript core in Node, like the CLI: bundled for Node, with source maps
// so that an exception's site names the source file and line.
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'dist/fuzz',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: { run: 'scripts/fuzz/run.ts', child: 'scripts/fuzz/child.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
});
