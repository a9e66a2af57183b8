import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { STANDALONE_TEMPLATE_FILE, standaloneTemplate } from './src/core/share/standaloneHtml.js';

// The single HTML file's template (docs/SHARING.md, "One HTML file"): the whole app in one file, written into the
// built app's directory beside index.html, so that the CLI finds it there and the app fetches it from its own
// origin. `npm run build` runs this after the app's build, which empties dist/app first.

const importWorkerModule = fileURLToPath(new URL('src/store/importWorker.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('src/worker/import.worker.ts', import.meta.url));
const tokenCounterModule = fileURLToPath(new URL('src/worker/tokenCounter.ts', import.meta.url));

const sha256 = (text: string): Promise<string> => Promise.resolve(createHash('sha256').update(text, 'utf8').digest('base64'));

/**
 * Starts the import worker from its source inlined in the script: Vite's `?worker&inline` puts the worker's
 * bundle in a string and starts it from a blob: URL. A classic worker (worker.format 'iife' below): Chromium
 * refuses a module worker from a blob: URL on a file:// page, whose origin is opaque.
 */
function inlineImportWorker(): Plugin {
  return {
    name: 'msgscope:inline-import-worker',
    enforce: 'pre',
    load(id) {
      if (id !== importWorkerModule) return undefined;
      return [
        `import ImportWorker from ${JSON.stringify(`${workerEntry}?worker&inline`)};`,
        'export const createImportWorker = (name) => new ImportWorker({ name });',
      ].join('\n');
    },
  };
}

/** Leaves the tokenizer out of the file: src/worker/noTokenCounter.ts says why. */
function withoutTokenizer(): Plugin {
  return {
    name: 'msgscope:without-tokenizer',
    enforce: 'pre',
    load(id) {
      return id === tokenCounterModule ? "export * from './noTokenCounter';" : undefined;
    },
  };
}

/** Puts the one script and the one stylesheet of the build into the template, and keeps nothing else: the file refers to no other. */
function standaloneHtml(): Plugin {
  let workerInlined = false;
  return {
    name: 'msgscope:standalone-html',
    apply: 'build',
    transform(_code, id) {
      if (id === importWorkerModule) workerInlined = true;
    },
    // After Vite's own generateBundle, which emits the one stylesheet (cssCodeSplit: false) there.
    generateBundle: {
      order: 'post',
      handler: async function (_options, bundle) {
        const files = Object.values(bundle);
        const scripts = files.filter((file) => file.type === 'chunk');
        const styles = files.filter((file): file is Rolldown.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'));
        const others = files.length - scripts.length - styles.length;
        const [script] = scripts;
        const [style] = styles;
        // Anything more would be a file the HTML needs beside it, which a file:// page could not load.
        if (!script || scripts.length !== 1 || styles.length > 1 || others > 0) {
          throw new Error(`msgscope:standalone-html: expected one script and at most one stylesheet, got ${files.map((file) => file.fileName).join(', ')}`);
        }
        if (!workerInlined) throw new Error(`msgscope:standalone-html: ${importWorkerModule} was not in the build, so the worker is not inlined`);
        const css = style ? String(style.source) : '';
        const html = await standaloneTemplate({ script: script.code, style: css }, sha256);
        for (const name of Object.keys(bundle)) delete bundle[name];
        this.emitFile({ type: 'asset', fileName: STANDALONE_TEMPLATE_FILE, source: html });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineImportWorker(), withoutTokenizer(), standaloneHtml()],
  // public/ (the samples) is the app's, copied by its own build.
  publicDir: false,
  build: {
    outDir: 'dist/app',
    emptyOutDir: false,
    // A source map would be a second file, and its comment a reference to it.
    sourcemap: false,
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: { input: 'src/ui/main.tsx', output: { codeSplitting: false } },
  },
  // The worker is built apart, with its own plugins.
  worker: { format: 'iife', plugins: () => [withoutTokenizer()], rolldownOptions: { output: { codeSplitting: false } } },
});
