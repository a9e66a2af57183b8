import { describe, expect, it } from 'vitest';
import { importText } from './import';
import type { Finding, Transcript, VerdictProblem } from './model';
import { MESSAGE_ID_CHARS, ProblemList, problemCount, QUOTED_PER_RULE } from './repeats';
import { TARGETS } from './providers/targets';

/** One AI message with `n` calls, none answered, and a human turn after it: `n` orphan-tool-call findings. */
const unanswered = (n: number, messageId?: string): string =>
  JSON.stringify({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        ...(messageId !== undefined && { id: messageId }),
        content: null,
        tool_calls: Array.from({ length: n }, (_, i) => ({
          id: `call_${i}`,
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        })),
      },
      { role: 'user', content: 'next' },
    ],
  });

function read(text: string): { transcript: Transcript; conversations: readonly { transcript: Transcript }[] } {
  const result = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  return { transcript: result.transcript, conversations: result.conversations ?? [{ transcript: result.transcript }] };
}

/** What the worker posts of a transcript's findings and verdicts, and the CLI writes of them, as JSON. */
const findingsAndVerdicts = (t: Transcript): number => JSON.stringify({ findings: t.findings, verdicts: t.verdicts }).length;

describe('what findings and verdicts repeat', () => {
  const calls = 10_000;
  const input = unanswered(calls);
  const { transcript: t } = read(input);

  it('keeps every finding, each with its own text, fix and id', () => {
    expect(t.findings).toHaveLength(calls);
    expect(
      t.findings.every(
        (f, i) => f.rule === 'orphan-tool-call' && f.toolCallId === `call_${i}` && f.text.includes(`"call_${i}"`) && f.fix.includes(`"call_${i}"`),
      ),
    ).toBe(true);
  });

  it('quotes the targets’ errors in the first findings of the rule, and past them names the targets', () => {
    const [first] = t.findings;
    const later = t.findings[QUOTED_PER_RULE]!;
    expect(first?.why).toContain("OpenAI Chat Completions rejects it: An assistant message with 'tool_calls' must be followed by tool messages");
    expect(first?.rejectedBy).toHaveLength(5);
    expect(t.findings[QUOTED_PER_RULE - 1]?.rejectedBy).toHaveLength(5);
    expect(later.why).toBe(
      'The next request would send a call the model never got an answer to.\nRejected by openai-chat, openai-responses, anthropic, gemini, langgraph: the verdicts quote the errors.',
    );
    expect(later.rejectedBy).toBeUndefined();
  });

  it('folds each target’s problems of the rule past the first into one that counts them', () => {
    for (const verdict of t.verdicts) {
      expect(verdict.accepted).toBe(false);
      expect(verdict.problems).toHaveLength(QUOTED_PER_RULE + 1);
      expect(problemCount(verdict.problems)).toBe(calls);
      const folded = verdict.problems[QUOTED_PER_RULE]!;
      expect(folded.count).toBe(calls - QUOTED_PER_RULE);
      // The first folded finding's error and fix, its message, and the first ids of the fold.
      expect(folded.fix).toContain(`"call_${QUOTED_PER_RULE}"`);
      expect(folded.messageIndices).toEqual([1]);
      expect(folded.ids).toEqual(Array.from({ length: QUOTED_PER_RULE }, (_, i) => `call_${QUOTED_PER_RULE + i}`));
    }
  });

  it('so findings and verdicts together are a small constant times the input, not 47 times it', () => {
    // 1.06 MB in: 49.6 MB of findings and verdicts before, each finding quoting five errors and each verdict again.
    expect(findingsAndVerdicts(t) / input.length).toBeLessThan(6);
    // Twice the calls, twice the size: nothing grows faster than the findings.
    const twice = read(unanswered(2 * calls)).transcript;
    expect(findingsAndVerdicts(twice) / findingsAndVerdicts(t)).toBeLessThan(2.1);
  });

  it('cuts a long message id in the findings, which repeat it once a call', () => {
    const id = `msg_${'x'.repeat(100_000)}`;
    const { transcript: withId } = read(unanswered(200, id));
    expect(withId.messages[1]?.id).toBe(id);
    expect(withId.findings.every((f) => f.messageId === `${id.slice(0, MESSAGE_ID_CHARS - 1)}…`)).toBe(true);
  });

  it('shares one budget among a file’s conversations: a dataset of 2,000 rows with an orphan call each', () => {
    const row = (i: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { role: 'user', content: 'y' },
        ],
      });
    const { conversations } = read(Array.from({ length: 2000 }, (_, i) => row(i)).join('\n'));
    expect(conversations).toHaveLength(2000);
    const findings: Finding[] = conversations.flatMap((c) => c.transcript.findings);
    expect(findings).toHaveLength(2000);
    expect(findings.filter((f) => f.rejectedBy !== undefined)).toHaveLength(QUOTED_PER_RULE);
    expect(findings.slice(QUOTED_PER_RULE).every((f) => f.why.length < 200)).toBe(true);
  });
});

describe('ProblemList', () => {
  const problem = (i: number, rule: VerdictProblem['rule'] = 'orphan-tool-call'): VerdictProblem => ({
    rule,
    error: `error ${i}`,
    messageIndices: [i % 3],
    ids: [`id_${i}`],
    fix: `fix ${i}`,
  });

  it('keeps the first problems of each rule and folds the rest of that rule in place, first seen first', () => {
    const list = new ProblemList();
    for (let i = 0; i < QUOTED_PER_RULE + 5; i++) list.add(problem(i));
    list.add(problem(100, 'tool-error'));
    expect(list.problems).toHaveLength(QUOTED_PER_RULE + 2);
    expect(list.problems.slice(0, QUOTED_PER_RULE)).toEqual(Array.from({ length: QUOTED_PER_RULE }, (_, i) => problem(i)));
    expect(list.problems[QUOTED_PER_RULE]).toEqual({
      rule: 'orphan-tool-call',
      error: `error ${QUOTED_PER_RULE}`,
      fix: `fix ${QUOTED_PER_RULE}`,
      messageIndices: [2, 0, 1],
      ids: [0, 1, 2, 3, 4].map((k) => `id_${QUOTED_PER_RULE + k}`),
      count: 5,
    });
    expect(list.problems[QUOTED_PER_RULE + 1]).toEqual(problem(100, 'tool-error'));
    expect(problemCount(list.problems)).toBe(QUOTED_PER_RULE + 6);
  });

  it('folds folded problems on, as a file gathers its conversations’ verdicts, and lists a few of their ids', () => {
    const conversation = new ProblemList();
    for (let i = 0; i < 1000; i++) conversation.add(problem(i));
    const file = new ProblemList();
    for (let k = 0; k < 3; k++) for (const p of conversation.problems) file.add(p);
    expect(file.problems).toHaveLength(QUOTED_PER_RULE + 1);
    expect(problemCount(file.problems)).toBe(3000);
    expect(file.problems[QUOTED_PER_RULE]?.ids).toHaveLength(QUOTED_PER_RULE);
  });

  it('judges every target', () => {
    expect(read(unanswered(30)).transcript.verdicts.map((v) => v.target)).toEqual(TARGETS);
  });
});
