// Gzipped size of the JavaScript the first paint loads: the entry script and its modulepreloads.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export function initialJsGzipBytes(appDir) {
  const html = readFileSync(`${appDir}/index.html`, 'utf8');
  const srcs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  return srcs.reduce((sum, src) => sum + gzipSync(readFileSync(`${appDir}/${src.replace(/^\//, '')}`)).length, 0);
}
