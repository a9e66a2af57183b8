import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
// With its extension, as Vite's native config loader (planned to be the default) wants it.
import { rulesPagePlugin } from './scripts/rulesPage.js';

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

/**
 * The dev server adds the app's CSS as <style> elements, which index.html's policy (the one the build ships,
 * see src/cli/contentSecurityPolicy.ts) refuses: only there may styles be inline.
 */
function devInlineStyles(): Plugin {
  return {
    name: 'msgscope:dev-inline-styles',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

export default defineConfig({
  plugins: [react(), preloadRenderChunk(), devInlineStyles(), rulesPagePlugin()],
  // The licences of the packages bundled into the app (React, uPlot, the tokenizer…), shipped beside it.
  build: { outDir: 'dist/app', sourcemap: true, license: { fileName: 'THIRD-PARTY-LICENSES.md' } },
  worker: { format: 'es' },
  test: {
    // scripts/layers: the layer rules' own test, which runs tsc and eslint on a copy of the repository.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
