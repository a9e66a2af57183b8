import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixturePath } from './helpers';

const BIN = join(import.meta.dirname, '../bin/msgscope.js');

/** Starts `msgscope open FILE` (the built CLI) and resolves with the URL it prints. */
function startOpen(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'open', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out)?.[0];
      if (url) done({ child, url });
    });
    child.stderr.on('data', (chunk: Buffer) => fail(new Error(chunk.toString())));
    child.on('exit', (code) => fail(new Error(`msgscope open exited with ${code}: ${out}`)));
  });
}

test('msgscope open serves the built app with the file loaded', async ({ page }) => {
  const { child, url } = await startOpen(fixturePath('tool-error-retry.langchain.json'));
  try {
    await page.goto(url);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-state', 'ready');
    await expect(timeline).toHaveAttribute('data-source', /tool-error-retry\.langchain\.json$/);
    await expect(timeline).toHaveAttribute('data-message-count', '7');
    await expect(page.getByTestId('token-total')).toHaveAttribute('data-total', '8981');
  } finally {
    child.kill('SIGINT');
  }
});
