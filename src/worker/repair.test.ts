import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Method, Params, RepairReply, WorkerResponse } from '../protocol/workerApi';
import { createHandler } from './handler';
import { repairedFileName } from './repair';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

/** The worker's answer to `method` after importing `text` as `name`. */
async function afterImport<M extends Method>(text: string, name: string, method: M, params: Params<M>, format?: string): Promise<unknown> {
  const posted: WorkerResponse[] = [];
  const handle = createHandler((response) => posted.push(response));
  await handle({ id: 1, method: 'import', params: { input: text, name, ...(format !== undefined && { format }) } });
  await handle({ id: 2, method, params } as Parameters<typeof handle>[0]);
  const last = posted.filter((response) => response.id === 2).at(-1);
  if (last?.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(last)}`);
  return last.result;
}

describe('the worker’s repair', () => {
  it('repairs the history it holds, in its format, and names the file to save', async () => {
    const text = readFileSync(join(FIXTURES, 'formats/anthropic/fault.json'), 'utf8');
    const reply = (await afterImport(text, 'fixtures/fault.json', 'repair', {})) as RepairReply;
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.fileName).toBe('fault.repaired.json');
    expect(reply.format).toBe('anthropic');
    expect(reply.edits.map((e) => e.rule)).toEqual(['orphan-tool-call', 'tool-results-not-adjacent', 'orphan-tool-result']);
    expect(reply.accepted).toBe(true);
  });

  it('repairs for the target asked, as the format the history was read as', async () => {
    const text = readFileSync(join(FIXTURES, 'weather-orphan.openai.json'), 'utf8');
    const reply = (await afterImport(text, 'w.json', 'repair', { target: 'openai-responses' }, 'openai-chat')) as RepairReply;
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.target).toBe('openai-responses');
    expect(reply.edits.map((e) => e.rule)).toEqual(['orphan-tool-result']);
  });

  it('names the repaired file after the input, keeping JSON Lines', () => {
    expect(repairedFileName('logs/run.jsonl', true)).toBe('run.repaired.jsonl');
    expect(repairedFileName('https://host/a/b.json?x=1#m=2', true)).toBe('b.repaired.json');
    expect(repairedFileName('session.jsonl', false)).toBe('session.repaired.json');
    expect(repairedFileName('paste', true)).toBe('paste.repaired.json');
  });
});
