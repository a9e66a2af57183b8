import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../core/import';
import type { Transcript } from '../core/model';
import type { CompositionView, CountProgress, WorkerResponse } from '../protocol/workerApi';
import { createHandler } from './handler';
import { compositionOf, compositionReply } from './composition';
import { loadTokenCounter } from './tokenCounter';

function transcriptOf(path: string): Transcript {
  const result = importText(readFileSync(join(import.meta.dirname, '../../fixtures', path), 'utf8'));
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
}

// A real Gemini CLI session: a user's request, the model's calls to read and write files, their results, with usage.
const GEMINI_CLI = 'real/codemie-code/gemini-cli-session-2026-01-16T11-01-file-ops-37b7abef.json';

describe('composition in the worker, with o200k_base', () => {
  it('counts with the real tokenizer', async () => {
    const count = await loadTokenCounter();
    // o200k_base: "hello" and " world" are one token each.
    expect(count('hello world')).toBe(2);
    expect(count('')).toBe(0);
  });

  it('composes a real session: each tool its category, every reported turn reconciled with its report', async () => {
    const transcript = transcriptOf(GEMINI_CLI);
    const c = await compositionOf(transcript, () => undefined);
    const { turns, categories, messages } = c;
    const aiMessages = transcript.messages.filter((m) => m.role === 'ai').length;
    expect(turns.count).toBeGreaterThan(1);
    expect(turns.count).toBeLessThanOrEqual(aiMessages);
    const toolNames = new Set(transcript.messages.filter((m) => m.role === 'tool').map((m) => m.name));
    expect(toolNames.size).toBeGreaterThan(0);
    expect(categories.filter((k) => k.kind === 'tool').length).toBe(Math.min(10, toolNames.size));

    const count = await loadTokenCounter();
    transcript.messages.forEach((m, i) => {
      const calls = [...m.toolCalls, ...m.invalidToolCalls].reduce(
        (sum, call) => sum + count(call.name) + count(call.argsText ?? JSON.stringify(call.args)),
        0,
      );
      expect(messages.tokens[i]).toBe(count(m.text) + calls);
    });

    const k = categories.length;
    let reportedTurns = 0;
    for (let t = 0; t < turns.count; t++) {
      const reported = turns.reported[t] ?? NaN;
      if (Number.isNaN(reported)) continue;
      reportedTurns++;
      const scaled = turns.scaled.subarray(t * k, (t + 1) * k).reduce((a, b) => a + b, 0);
      expect(scaled + (turns.leftover[t] ?? 0)).toBeCloseTo(reported, 6);
      expect(turns.leftover[t]).toBeGreaterThanOrEqual(0);
      // The input grows along a session: each turn's context holds the one before it.
      if (t > 0) expect(turns.counted[t]).toBeGreaterThanOrEqual(turns.counted[t - 1] ?? 0);
    }
    expect(reportedTurns).toBeGreaterThan(0);
  });

  it('counts a conversation once and hands out copies, so a transferred reply leaves the kept one whole', async () => {
    const transcript = transcriptOf(GEMINI_CLI);
    const first = compositionOf(transcript, () => undefined);
    expect(compositionOf(transcript, () => undefined)).toBe(first);
    const kept = await first;
    const { result, transfer } = compositionReply(kept);
    expect(result.encoding).toBe('o200k_base');
    expect(result.messages.tokens).not.toBe(kept.messages.tokens);
    expect([...result.messages.tokens]).toEqual([...kept.messages.tokens]);
    expect(transfer).toContain(result.turns.raw.buffer);
    expect(transfer).not.toContain(kept.turns.raw.buffer);
    // Structured clone with transfer detaches what it hands over: the kept arrays stay readable.
    structuredClone(result, { transfer });
    expect(result.messages.tokens.length).toBe(0);
    expect(kept.messages.tokens.length).toBe(transcript.messages.length);
  });

  it('reports progress on a long count and answers other work between its slices', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify(i % 2 ? { type: 'ai', data: { content: `answer ${i} `.repeat(20) } } : { type: 'human', data: { content: `question ${i} `.repeat(20) } }),
    );
    const result = importText(`[${lines.join(',')}]`);
    if (!result.ok) throw new Error(result.error.message);
    const progress: CountProgress[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const c = await compositionOf(result.transcript, (p) => progress.push(p), 0);
    clearInterval(timer);
    expect(c.turns.count).toBe(10_000);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 20_000 && p.done > 0 && p.done < 20_000)).toBe(true);
    // The event loop ran while counting: the worker stays free to answer cards and details.
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers the `composition` request of the protocol with its columns transferred, for the conversation open', async () => {
    const posted: { response: WorkerResponse; transfer: Transferable[] }[] = [];
    const handle = createHandler((response, transfer = []) => posted.push({ response, transfer }));
    const text = readFileSync(join(import.meta.dirname, '../../fixtures', GEMINI_CLI), 'utf8');
    await handle({ id: 1, method: 'import', params: { input: text, name: 'session.json' } });
    await handle({ id: 2, method: 'composition', params: {} });
    const reply = posted.find((p) => p.response.id === 2 && p.response.kind === 'result');
    if (reply?.response.kind !== 'result') throw new Error(`no composition: ${JSON.stringify(posted.at(-1)?.response)}`);
    // The protocol types the result by method; this one was a composition request.
    const c = reply.response.result as CompositionView;
    expect(c.encoding).toBe('o200k_base');
    expect(c.messages.tokens.length).toBe(28);
    expect(c.turns.count).toBeGreaterThan(0);
    expect(reply.transfer).toContain(c.messages.tokens.buffer);
    expect(reply.transfer).toContain(c.turns.scaled.buffer);
  });
});
