import { describe, expect, it } from 'vitest';
import { QUOTED_PER_RULE } from '../core/repeats';
import type { CheckReport } from './report';
import { run } from './run';
import { fakeIo } from './testing/io';

const call = (id: string) => ({ id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });

/** One AI message with `n` calls, answered by nothing; `after` a human turn, else the history ends with them (pending). */
const unanswered = (n: number, after = true): string =>
  JSON.stringify({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: Array.from({ length: n }, (_, i) => call(`call_${i}`)) },
      ...(after ? [{ role: 'user', content: 'next' }] : []),
    ],
  });

async function check(input: string, json = true): Promise<{ code: number; out: string }> {
  const io = fakeIo({ stdin: input });
  const code = await run(['check', '-', ...(json ? ['--json'] : [])], io);
  expect(io.err).toBe('');
  return { code, out: io.out };
}

describe('msgscope check on input whose findings repeat themselves', () => {
  it('writes 10,000 orphan calls of one message as every finding and bounded verdicts: 6 times the input, not 42', async () => {
    const input = unanswered(10_000);
    const { code, out } = await check(input);
    expect(code).toBe(1);
    const report = JSON.parse(out) as CheckReport;
    // docs/page-hooks.md: every finding is in --json.
    expect(report.findings).toHaveLength(10_000);
    expect(new Set(report.findings.map((f) => f.toolCallId)).size).toBe(10_000);
    for (const verdict of report.verdicts) {
      expect(verdict.problems).toHaveLength(QUOTED_PER_RULE + 1);
      expect(verdict.problems.at(-1)?.count).toBe(10_000 - QUOTED_PER_RULE);
    }
    // 1.06 MB in; 44.2 MB out before.
    expect(out.length / input.length).toBeLessThan(6);
  });

  it('says how many pending results the next request needs, counting the folded ones', async () => {
    const { out } = await check(unanswered(500, false), false);
    expect(out).toContain('✓ Anthropic Messages: accepts, once the next request carries the results of 500 pending calls');
    const folded = out.split('\n').filter((line) => line.includes('480 findings'));
    expect(folded).toHaveLength(5);
    expect(folded[0]).toMatch(/^ {6}#1 call_20 call_21 call_22 … 480 findings {2}without its result: /);
  });

  it('folds the verdicts of a file of many conversations, each with an orphan call', async () => {
    const row = (i: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', tool_calls: [call(`c${i}`)] },
          { role: 'user', content: 'y' },
        ],
      });
    const input = Array.from({ length: 2000 }, (_, i) => row(i)).join('\n');
    const report = JSON.parse((await check(input)).out) as CheckReport;
    expect(report.kind).toBe('collection');
    expect(report.findings).toHaveLength(2000);
    for (const verdict of report.verdicts) {
      expect(verdict.problems).toHaveLength(QUOTED_PER_RULE + 1);
      expect(verdict.problems.at(-1)).toMatchObject({
        count: 2000 - QUOTED_PER_RULE,
        messageIndices: Array.from({ length: QUOTED_PER_RULE }, (_, k) => 3 * (QUOTED_PER_RULE + k) + 1),
      });
    }
    // Each conversation still has its own verdict, the error text for its own call.
    expect(report.conversations?.[1999]?.verdicts[0]?.problems[0]?.error).toContain('c1999');
  });
});
