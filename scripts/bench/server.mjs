// A static server on 127.0.0.1 for the built app plus the generated histories under /__bench/.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

// A page with no work of its own: it navigates, fetches `?src=`, JSON.parses it on its thread and paints the
// first 20 elements as plain text, marked as the app marks ready. The app's time beyond it is the app's.
const BARE_PAGE = `<!doctype html><title>bare</title><div id="root"></div>
<script type="module">
const value = JSON.parse(await (await fetch(new URLSearchParams(location.search).get('src'))).text());
const list = Array.isArray(value) ? value : [];
const timeline = document.createElement('div');
timeline.dataset.testid = 'timeline';
timeline.dataset.messageCount = String(list.length);
for (const element of list.slice(0, 20)) {
  const card = document.createElement('div');
  card.dataset.testid = 'message';
  card.textContent = JSON.stringify(element).slice(0, 300);
  timeline.append(card);
}
timeline.dataset.state = 'ready';
document.getElementById('root').append(timeline);
</script>`;

export function startServer(appDir, dataDir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const [base, rel] = path.startsWith('/__bench/') ? [dataDir, path.slice('/__bench/'.length)] : [appDir, path === '/' ? 'index.html' : path.slice(1)];
    if (path === '/__bench/blank') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
      return;
    }
    if (path === '/__bench/bare') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(BARE_PAGE);
      return;
    }
    const file = join(base, normalize(rel));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
