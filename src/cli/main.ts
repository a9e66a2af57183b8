import { dirname, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { wantsColor } from './format-human';
import { run } from './run';

// The bundle lives in dist/cli and the built app in dist/app.
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../app');

const code = await run(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  readStdin: () => text(process.stdin),
  color: wantsColor(process.stdout.isTTY, process.env),
  appDir,
  waitForStop: () =>
    new Promise((done) => {
      process.once('SIGINT', () => done());
      process.once('SIGTERM', () => done());
    }),
});
// exitCode rather than exit() so piped stdout is flushed first.
process.exitCode = code;
