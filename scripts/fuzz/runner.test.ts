import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChildRunner } from './runner';

// A child that speaks the protocol: it answers, hangs or dies as its input says, after a breadcrumb.
const CHILD = `
import { writeSync } from 'node:fs';
process.on('message', ({ id, bytes }) => {
  const text = Buffer.from(bytes).toString();
  writeSync(4, id + '\\tstage ' + text + '\\n');
  if (text === 'hang') for (;;) {}
  if (text === 'crash') {
    process.stderr.write('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\\n');
    process.exit(134);
  }
  const report = { stages: [{ stage: 'stage ' + text, ms: 1 }], errors: [], oddities: [], messages: 0, conversations: 0, outputs: {} };
  process.send({ type: 'result', id, report, rss: 1, heapUsed: 1, maxRss: 2 });
});
process.send({ type: 'ready' });
`;

const dir = mkdtempSync(join(tmpdir(), 'fuzz-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runner(source = CHILD): ChildRunner {
  const script = join(dir, `child-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(script, source);
  return new ChildRunner({ script, execArgv: [] });
}

const request = (id: number, text: string) => ({ id, bytes: new TextEncoder().encode(text), options: { format: 0, pieceChars: 1, query: 0, conversation: 0 } });

describe('the child runner', () => {
  it('answers each input, kills a child over its deadline and replaces a child that died', async () => {
    const children = runner();
    try {
      const first = await children.run(request(1, 'ok'), 5000);
      expect(first).toMatchObject({ kind: 'result', maxRss: 2, report: { stages: [{ stage: 'stage ok' }] } });

      const hung = await children.run(request(2, 'hang'), 300);
      expect(hung).toMatchObject({ kind: 'killed', stage: 'stage hang' });
      expect(hung.ms).toBeGreaterThanOrEqual(290);

      expect(await children.run(request(3, 'ok'), 5000)).toMatchObject({ kind: 'result' });

      const crashed = await children.run(request(4, 'crash'), 5000);
      expect(crashed).toMatchObject({ kind: 'crashed', stage: 'stage crash', code: 134 });
      expect(crashed.kind === 'crashed' && crashed.stderr).toContain('heap out of memory');

      expect(await children.run(request(5, 'ok'), 5000)).toMatchObject({ kind: 'result' });
      // The first child and its spare, then one spare for each child replaced.
      expect(children.starts).toBe(4);

      children.renew();
      expect(await children.run(request(6, 'ok'), 5000)).toMatchObject({ kind: 'result' });
      expect(children.starts).toBe(5);
    } finally {
      children.close();
    }
  });

  it('says so when the child cannot start', async () => {
    const broken = runner('process.stderr.write("no such thing\\n"); process.exit(1);');
    await expect(broken.run(request(1, 'ok'), 5000)).rejects.toThrow(/exited before it was ready[\s\S]*no such thing/);
  });
});
