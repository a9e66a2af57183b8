import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The page's entry starts the worker, then imports the render chunk (React and the app). Named in the
 * HTML, that chunk downloads while the entry does instead of after it has run.
 */
function preloadRenderChunk(): Plugin {
  let base = '/';
  return {
    name: 'msgscope:preload-render-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {});
        const render = chunks.find((chunk) => chunk.type === 'chunk' && chunk.name === 'render');
        if (!render) throw new Error('msgscope:preload-render-chunk: no chunk named "render" in the build');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${render.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [preloadRenderChunk()],
  // The UI is written against React's API and runs on Preact's (preact/compat): the page's first script is
  // 27 KB gzipped instead of 84 KB, and evaluating it no longer takes ~130 ms of a core the worker needs at
  // start-up. Removing these aliases (and installing react and react-dom) runs it on React again.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: { outDir: 'dist/app', sourcemap: true },
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Through Vite, so that zustand's `react` import meets the alias like the app's own.
    server: { deps: { inline: ['zustand'] } },
  },
});
