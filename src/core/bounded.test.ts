// Bounded by design: input nested deeper than MAX_DEPTH keeps its message and the rest of the history, in every
// stage (import, rules, every export); a rule or an export that throws stops alone and says so.
import { describe, expect, it } from 'vitest';
import { buildTranscript } from './analyze';
import { CONVERT_TARGETS, convertTranscript } from './convert';
import { importText } from './import';
import { MAX_DEPTH } from './json/depth';
import type { Message, Transcript } from './model';
import { DEEP, DEEP_HISTORIES, deepAmongGood, deepToolArguments, deepToolInput, deepToolResult, nestedArrays } from './testing/deep';
import { ai, build, call, human, tool } from './testing/messages';

function imported(text: string): Transcript {
  const result = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
}

/** Levels of containers in `value`, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [at, level] = top;
    if (typeof at !== 'object' || at === null) continue;
    deepest = Math.max(deepest, level + 1);
    for (const child of Object.values(at)) stack.push([child, level + 1]);
  }
  return deepest;
}

describe('input nested deeper than MAX_DEPTH', () => {
  it('keeps the good messages around a deep one, and the deep one with a note saying where', () => {
    const t = imported(deepAmongGood);
    expect(t.messages.map((m) => [m.role, m.text, m.problem])).toEqual([
      ['human', 'What is the weather in Paris?', undefined],
      ['ai', '', undefined],
      ['ai', 'Sunny, 21 degrees.', undefined],
    ]);
    // The deep part is kept as its JSON text, whole: nothing the user loaded is lost.
    expect(JSON.stringify(t.messages[1]?.raw)).toContain(JSON.stringify(nestedArrays(DEEP - MAX_DEPTH + 1, '"deep"')));
    expect(depthOf(t.messages[1]?.raw)).toBeLessThanOrEqual(MAX_DEPTH);
    expect(t.notes).toEqual([
      `A value at line 2, content[0][0][0][0][0]… nests deeper than ${MAX_DEPTH} levels: from level ${MAX_DEPTH} on it is kept as its JSON text.`,
    ]);
  });

  it('reads deep tool arguments: the call, its text as written, its result and a note', () => {
    const t = imported(deepToolArguments);
    expect(t.format).toBe('openai-chat');
    const [call] = t.messages[1]?.toolCalls ?? [];
    expect([call?.name, call?.id, call?.error, call?.argsText?.length]).toEqual(['lookup', 'call_1', undefined, DEEP * 6 + 1]);
    expect(depthOf(call?.args)).toBeLessThanOrEqual(MAX_DEPTH);
    expect(t.links.get('call_1')?.results).toEqual([2]);
    expect(t.findings).toEqual([]);
    expect(t.notes).toEqual([expect.stringMatching(/^A value inside a string of the input .* deeper than 256 levels/)]);
  });

  it('reads a deep Anthropic tool_result and a deep tool_use input, linked, with a note', () => {
    for (const text of [deepToolResult, deepToolInput]) {
      const t = imported(text);
      expect(t.format).toBe('anthropic');
      expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'tool', 'ai']);
      expect(t.messages[2]?.toolCallId).toBe('toolu_1');
      expect(t.links.get('toolu_1')?.results).toEqual([2]);
      expect(t.notes).toEqual([expect.stringContaining(`nests deeper than ${MAX_DEPTH} levels`)]);
    }
  });

  it.each(Object.keys(DEEP_HISTORIES))('%s: every export writes it, JSON in one text and in parts alike', (name) => {
    const t = imported(DEEP_HISTORIES[name as keyof typeof DEEP_HISTORIES]);
    for (const { target } of CONVERT_TARGETS) {
      const conversion = convertTranscript(t, target);
      if (target !== 'markdown') expect(() => JSON.parse(conversion.text) as unknown, target).not.toThrow();
      expect([...conversion.parts()].join(''), target).toBe(conversion.text);
      expect(
        conversion.lost.some((line) => line.includes('could not be converted')),
        target,
      ).toBe(false);
    }
  });

  it('says what arrays 5,000 deep are in one short line, not 190 KB', () => {
    const error = (text: string): string => {
      const result = importText(text);
      if (result.ok) throw new Error(`read as ${result.transcript.format}`);
      return result.error.message;
    };
    const deep = error(nestedArrays(5000));
    expect(deep).toBe('A JSON list of 1 list — not a message history msgscope knows.');
    expect(deep).toBe(error(nestedArrays(3)));
  });
});

describe('a stage that throws stops alone', () => {
  /** A message whose content throws when read: what a reader's bug or a stack overflow looks like to the stages after it. */
  function throwing<T extends object>(m: T): T {
    return Object.defineProperty(m, 'content', {
      get() {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
  }
  const history = (): Message[] => {
    const messages = build(human('What is the weather?'), ai({ id: 'a1' }), ai({ toolCalls: [call('c1', 'f')] }), tool('c9'));
    throwing(messages[1]!);
    return messages;
  };

  it('a rule: named in a note, its findings so far and the other rules kept', () => {
    const t = buildTranscript({ name: 't', label: 'T' }, history());
    expect(t.notes?.length).toBeGreaterThan(0);
    for (const note of t.notes ?? [])
      expect(note).toMatch(
        /^The rule [a-z-]+ failed at message #1 \(RangeError: Maximum call stack size exceeded\) and checked no further; the other rules ran\.$/,
      );
    const rules = new Set(t.findings.map((f) => f.rule));
    expect(rules.has('orphan-tool-call') || rules.has('pending-tool-call')).toBe(true);
    expect(rules.has('orphan-tool-result')).toBe(true);
  });

  it.each(CONVERT_TARGETS.map((entry) => entry.target).filter((target) => target !== 'msgscope'))(
    'an export to %s: the message left out and said, the others written',
    (target) => {
      const t = buildTranscript({ name: 't', label: 'T' }, history());
      const conversion = convertTranscript(t, target);
      expect(conversion.lost).toContainEqual(
        expect.stringMatching(/^message #1: could not be converted \(RangeError: Maximum call stack size exceeded\); left out$/),
      );
      expect(conversion.text).toContain('What is the weather?');
    },
  );
});
