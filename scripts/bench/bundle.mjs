// Gzipped size of the JavaScript the first paint loaded (as the browser requested it before the page was
// ready), split into the page's and the worker's (the worker's entry and the chunks it imports).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** The worker entry's file and every chunk it imports, transitively (paths under assets/). */
function workerFiles(appDir, paths) {
  const files = new Set(paths.filter((path) => /\/import\.worker-[^/]+\.js$/.test(path)));
  for (const file of files) {
    const code = readFileSync(`${appDir}/${file.replace(/^\//, '')}`, 'utf8');
    for (const [, chunk] of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) files.add(file.slice(0, file.lastIndexOf('/') + 1) + chunk);
  }
  return files;
}

/** `paths` are URL paths under `appDir`; returns gzipped bytes for the page's scripts and the worker's. */
export function firstPaintJsGzipBytes(appDir, paths) {
  const size = (path) => gzipSync(readFileSync(`${appDir}/${path.replace(/^\//, '')}`)).length;
  const worker = workerFiles(appDir, paths);
  const sum = (list) => list.reduce((total, path) => total + size(path), 0);
  return { page: sum(paths.filter((path) => !worker.has(path))), worker: sum(paths.filter((path) => worker.has(path))) };
}
