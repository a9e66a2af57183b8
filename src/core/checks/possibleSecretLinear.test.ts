// possible-secret walks every string of a message's raw input. Looking each string up among the message's
// calls by a loop made one message of n calls quadratic (20,000 calls imported in 3.0 s, 40,000 in 7.5 s),
// and walking a raw value again for each message that shares it made a history of n messages split from one
// element quadratic too (a 5.9 MB msgscope file of 20,000 such messages took 245–330 s to import). These
// tests count reads instead of timing them, so they fail at once on quadratic code, whatever the machine.
import { describe, expect, it } from 'vitest';
import { convertTranscript } from '../convert';
import { isRecord } from '../json/value';
import type { Message, ToolCall, Transcript } from '../model';
import { brief, check } from '../testing/check';
import { json, transcript } from '../testing/importing';
import { fakeSecrets } from '../testing/secrets';
import { possibleSecret } from './possibleSecret';

/** Reads allowed per counted item: linear code reads each a few times, quadratic code n times. */
const PER_ITEM = 8;
const n = 3000;

interface Counter {
  reads: number;
}

const overBudget = (what: string, budget: number): Error => new Error(`over budget: ${what} read more than ${budget} times`);

/** `list` as an array that counts the reads of its elements and throws past PER_ITEM reads an element. */
function counted<T>(list: T[], what: string, counter: Counter): T[] {
  const budget = PER_ITEM * list.length;
  return new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key) && ++counter.reads > budget) throw overBudget(what, budget);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Makes each call's `args` and `argsText` count when read, throwing past PER_ITEM reads a call. */
function countCalls(calls: readonly ToolCall[]): Counter {
  const counter = { reads: 0 };
  const budget = PER_ITEM * calls.length;
  for (const call of calls) {
    for (const key of ['args', 'argsText'] as const) {
      if (!(key in call)) continue;
      const value = call[key];
      Object.defineProperty(call, key, {
        enumerable: true,
        get: () => {
          if (++counter.reads > budget) throw overBudget("the calls' arguments", budget);
          return value;
        },
      });
    }
  }
  return counter;
}

/** A list inside `raw` at `key`, counted from now on. */
function countList(raw: unknown, key: string, what: string): Counter {
  const counter = { reads: 0 };
  if (!isRecord(raw) || !Array.isArray(raw[key])) throw new Error(`the raw value has no list at ${key}`);
  raw[key] = counted(raw[key], what, counter);
  return counter;
}

const secrets = (count: number, kind: 'github-token' | 'slack-token') => Array.from({ length: count }, (_, i) => fakeSecrets(100 + i)[kind]);
const possibleSecrets = (t: Transcript) => check(possibleSecret, t.messages);

describe('possible-secret stays linear in one message of n calls', () => {
  const openai = (args: (i: number) => object) =>
    transcript(
      json({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'Look these up.' },
          {
            role: 'assistant',
            content: null,
            tool_calls: Array.from({ length: n }, (_, i) => ({
              id: `call_${i}`,
              type: 'function',
              function: { name: 'lookup', arguments: JSON.stringify(args(i)) },
            })),
          },
        ],
      }),
      'openai-chat',
    );

  it("reads each call's arguments a bounded number of times", () => {
    const t = openai((i) => ({ query: `what is the weather in city number ${i}` }));
    const calls = t.messages[1]!.toolCalls;
    expect(calls).toHaveLength(n);
    const counter = countCalls(calls);
    expect(possibleSecrets(t)).toEqual([]);
    expect(counter.reads).toBeGreaterThanOrEqual(n);
  });

  it("places a secret in each call's arguments, reading each call a bounded number of times", () => {
    const keys = secrets(n, 'github-token');
    const t = openai((i) => ({ query: `city ${i}`, token: keys[i] }));
    const counter = countCalls(t.messages[1]!.toolCalls);
    const findings = possibleSecrets(t);
    expect(brief(findings)).toEqual(keys.map((_, i) => ({ rule: 'possible-secret', at: 1, id: `call_${i}` })));
    expect(findings.at(-1)?.text).toContain(`in the arguments of its lookup call "call_${n - 1}"`);
    expect(counter.reads).toBeGreaterThanOrEqual(n);
  });

  it('names the raw field of each of n secrets in one message, reading its raw list a bounded number of times', () => {
    const keys = secrets(n, 'slack-token');
    const t = transcript(json({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi', metadata: { tokens: keys } }] }), 'openai-chat');
    const metadata = t.messages[0]!.raw;
    const counter = countList(isRecord(metadata) ? metadata.metadata : undefined, 'tokens', 'the raw list of tokens');
    const findings = possibleSecrets(t);
    expect(findings).toHaveLength(n);
    expect(findings.at(-1)?.text).toContain(`in its raw field metadata.tokens[${n - 1}]`);
    expect(counter.reads).toBeGreaterThanOrEqual(n);
  });
});

/**
 * An MEAI assistant message of n calls, each answered in the same message: read as n assistant messages,
 * each with its call, that share the element as their raw value, with a tool message (raw: its result) after
 * each, so no two sharing messages are consecutive. `extra` goes into the element; `args` into call i.
 */
function meai(extra: object = {}, args: (i: number) => object = (i) => ({ q: `query number ${i}` })): string {
  return json([
    { role: 'user', contents: [{ $type: 'text', text: 'Look these up.' }] },
    {
      role: 'assistant',
      ...extra,
      contents: Array.from({ length: n }, (_, i) => [
        { $type: 'functionCall', callId: `call_${i}`, name: 'lookup', arguments: args(i) },
        { $type: 'functionResult', callId: `call_${i}`, result: `the answer to query number ${i}` },
      ]).flat(),
    },
  ]);
}

/** How each case reads: the MEAI input itself, and its msgscope export read back (which writes the shared raw once, `rawOf`). */
const readings: [string, (text: string) => Transcript][] = [
  ['MEAI', (text) => transcript(text, 'meai')],
  ['its msgscope export', (text) => transcript(convertTranscript(transcript(text, 'meai'), 'msgscope').text, 'msgscope')],
];

describe.each(readings)('possible-secret walks a raw value that n messages share once (%s)', (_name, read) => {
  /** The messages sharing the assistant element, after checking that they are many and never consecutive. */
  const sharing = (t: Transcript): Message[] => {
    const shared = t.messages[1]!.raw;
    const holders = t.messages.filter((m) => m.raw === shared);
    expect(holders.map((m) => m.index)).toEqual(Array.from({ length: n }, (_, i) => 1 + 2 * i));
    return holders;
  };

  it('reads each element of the shared raw value a bounded number of times', () => {
    const t = read(meai());
    const counter = countList(sharing(t)[0]!.raw, 'contents', 'the shared raw contents');
    expect(possibleSecrets(t)).toEqual([]);
    expect(counter.reads).toBeGreaterThanOrEqual(2 * n);
  });

  it('reports a secret in the shared raw value once, at the first message holding it, saying how many share it', () => {
    const key = fakeSecrets(7)['huggingface-token'];
    const t = read(meai({ additionalProperties: { apiKey: key } }));
    const counter = countList(sharing(t)[0]!.raw, 'contents', 'the shared raw contents');
    const findings = possibleSecrets(t);
    expect(brief(findings)).toEqual([{ rule: 'possible-secret', at: 1 }]);
    expect(findings[0]?.text).toBe(
      `Message #1 holds what looks like a Hugging Face token (huggingface-token: hf_…${key.slice(-4)}) in its raw field additionalProperties.apiKey, raw input that ${n} messages share (reported once, at the first of them).`,
    );
    expect(counter.reads).toBeGreaterThanOrEqual(2 * n);
  });

  it("reports a secret in one sharing message's own arguments at that message only, not at the first as raw", () => {
    const last = n - 1;
    const key = fakeSecrets(8)['github-token'];
    const t = read(meai({}, (i) => (i === last ? { q: 'last', token: key } : { q: `query number ${i}` })));
    const holders = sharing(t);
    const counter = countList(holders[0]!.raw, 'contents', 'the shared raw contents');
    const findings = possibleSecrets(t);
    expect(brief(findings)).toEqual([{ rule: 'possible-secret', at: holders[last]!.index, id: `call_${last}` }]);
    expect(findings[0]?.text).toContain(`in the arguments of its lookup call "call_${last}".`);
    expect(counter.reads).toBeGreaterThanOrEqual(2 * n);
  });
});

describe('possible-secret walks a raw value that n messages of a hand-written msgscope file share once', () => {
  // Nothing but the file decides what `rawOf` points at: any message may name any earlier one, split or not.
  // Here every other message names the first one's; those between have a raw value of their own.
  const file = (first: object, later: (i: number) => object) =>
    json({
      format: 'msgscope',
      version: 1,
      messages: [
        { role: 'human', text: 'hi', ...first },
        ...Array.from({ length: 2 * n - 2 }, (_, k) => ({ ...later(k + 1), ...(k % 2 === 0 ? { raw: { note: k + 1 } } : { rawOf: 0 }) })),
      ],
    });
  const sharing = (t: Transcript): number[] => t.messages.filter((m) => m.raw === t.messages[0]!.raw).map((m) => m.index);

  it('an object: reads each element of it a bounded number of times', () => {
    const raw = { role: 'user', parts: Array.from({ length: n }, (_, i) => `part number ${i} of a long message`) };
    const t = transcript(
      file({ raw }, (i) => ({ role: i % 4 < 2 ? 'human' : 'ai', text: `reply ${i}` })),
      'msgscope',
    );
    expect(sharing(t)).toEqual(Array.from({ length: n }, (_, i) => 2 * i));
    const counter = countList(t.messages[0]!.raw, 'parts', 'the shared raw parts');
    expect(possibleSecrets(t)).toEqual([]);
    expect(counter.reads).toBeGreaterThanOrEqual(n);
  });

  it('a long string: one finding, at the first message, saying how many share it', () => {
    const key = fakeSecrets(9)['openai-api-key'];
    const raw = `${'a line of a log that the tool printed\n'.repeat(200)}OPENAI_API_KEY=${key}\n`;
    const t = transcript(
      file({ raw }, (i) => ({ role: 'tool', toolCallId: `call_${i}`, text: `result ${i}` })),
      'msgscope',
    );
    expect(sharing(t)).toEqual(Array.from({ length: n }, (_, i) => 2 * i));
    const findings = possibleSecrets(t);
    expect(brief(findings)).toEqual([{ rule: 'possible-secret', at: 0 }]);
    expect(findings[0]?.text).toContain(`in its raw field (the raw value itself), raw input that ${n} messages share (reported once, at the first of them).`);
  });
});
