// The exports put server tools' results back where they stood in their assistant message. Looking each one
// up by a search (an indexOf in the wire content, an includes in the turn) made a message of n results
// quadratic: 20,000 web searches in one message took 1.0 s to export to Anthropic, and 20,000 messages
// sharing one wire message 188 s. These tests count reads instead of timing them, so they fail at once on
// quadratic code, whatever the machine.
import { describe, expect, it } from 'vitest';
import { isRecord } from '../json/value';
import type { Message, Transcript } from '../model';
import { anthropicLayout } from '../providers/anthropic/requestLayout';
import { transcript } from '../testing/importing';
import { ai, human, tool } from '../testing/messages';
import { buildTranscript } from '../analyze';
import { convertTranscript, type HistoryTarget } from '.';

/** Reads allowed per element of a counted list: linear code reads each a few times, quadratic code n times. */
const PER_ITEM = 8;
const n = 3000;

interface Counter {
  reads: number;
}

/**
 * `list` as an array that counts the reads of its elements (indexOf and includes read each one they pass)
 * and throws past PER_ITEM reads an element, so quadratic code stops at once with this message.
 */
function counted<T>(list: T[], what: string, counter: Counter): T[] {
  const budget = PER_ITEM * list.length;
  return new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key) && ++counter.reads > budget) throw new Error(`over budget: ${what} read more than ${budget} times`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Message `m`'s wire content list, counted from now on. */
function countWire(m: Message | undefined): Counter {
  const counter = { reads: 0 };
  if (!isRecord(m?.raw) || !Array.isArray(m.raw.content)) throw new Error('the message has no wire content list');
  m.raw.content = counted(m.raw.content, 'the wire content', counter);
  return counter;
}

/** The message list of turn `turn` of the layout the Anthropic export reads (anthropicLayout keeps it per history), counted. */
function countTurn(t: Transcript, turn: number): Counter {
  const counter = { reads: 0 };
  const laidOut = anthropicLayout(t.messages).turns[turn];
  if (laidOut === undefined) throw new Error(`the history has no turn ${turn}`);
  laidOut.messages = counted(laidOut.messages, `the messages of turn ${turn}`, counter);
  return counter;
}

/** Exports `t`; a conversion stopped by a counter says so in `lost`, which is checked first for a readable failure. */
function exported(t: Transcript, target: HistoryTarget): { role: string; content: unknown }[] {
  const { text, lost } = convertTranscript(t, target);
  expect(lost.filter((line) => line.includes('over budget'))).toEqual([]);
  const body: unknown = JSON.parse(text);
  if (!isRecord(body) || !Array.isArray(body.messages)) throw new Error('no messages in the export');
  return body.messages as { role: string; content: unknown }[];
}

const search = (i: number) => ({ type: 'server_tool_use', id: `srvtoolu_${i}`, name: 'web_search', input: { query: `q${i}` } });
const found = (i: number) => ({ type: 'web_search_tool_result', tool_use_id: `srvtoolu_${i}`, content: [] });
const anthropicRequest = (content: unknown[]): Transcript =>
  transcript(
    JSON.stringify({
      messages: [
        { role: 'user', content: 'Search.' },
        { role: 'assistant', content },
      ],
    }),
    'anthropic',
  );

describe.each<HistoryTarget>(['anthropic', 'openai-chat'])('the %s export stays linear in server tool results', (target) => {
  it('reads each block of one assistant message of n searches, each result after its call, a bounded number of times', () => {
    const t = anthropicRequest(Array.from({ length: n }, (_, i) => [search(i), found(i)]).flat());
    expect(t.messages).toHaveLength(n + 2);
    const wire = countWire(t.messages[1]);
    const turn = countTurn(t, 1);
    const messages = exported(t, target);
    if (target === 'anthropic') {
      expect(messages).toHaveLength(2);
      const blocks = messages[1]?.content;
      expect(Array.isArray(blocks) && blocks.length).toBe(2 * n);
      expect(Array.isArray(blocks) && blocks.at(-1)).toEqual(found(n - 1));
      expect(turn.reads).toBeGreaterThanOrEqual(n);
    } else expect(messages).toHaveLength(n + 2);
    expect(wire.reads).toBeGreaterThanOrEqual(2 * n);
  });

  it('reads each block of one assistant message of n text blocks before a search a bounded number of times', () => {
    const text = Array.from({ length: n }, (_, i) => ({ type: 'text', text: `Looking ${i}.` }));
    const t = anthropicRequest([...text, search(0), found(0)]);
    const wire = countWire(t.messages[1]);
    const messages = exported(t, target);
    expect(messages.at(-1)?.role).toBe(target === 'anthropic' ? 'assistant' : 'tool');
    expect(wire.reads).toBeGreaterThanOrEqual(n);
  });

  // Messages split from one wire message share its raw value (a msgscope file's `rawOf` shares it with any
  // number of messages): the wire content's positions were looked up again for each of them.
  it('reads the wire content n messages share a bounded number of times', () => {
    const content = Array.from({ length: n }, (_, i) => [search(i), found(i)]).flat();
    const raw: Record<string, unknown> = { role: 'assistant' };
    const drafts = [human('Search.')];
    for (let i = 0; i < n; i++) drafts.push(ai({ raw, turn: 1 }), tool(`srvtoolu_${i}`, { raw: content[2 * i + 1], turn: 1 }));
    // Numbered as build does: too many to spread as arguments.
    const t = buildTranscript(
      { name: 't', label: 'T' },
      drafts.map((draft, index) => ({ location: { path: `messages[${index}]` }, ...draft, index })),
    );
    // Given to the messages once they are read: this test is about the export, not what the checks do with it.
    const counter = { reads: 0 };
    raw.content = counted(content, 'the shared wire content', counter);
    const messages = exported(t, target);
    if (target === 'anthropic') expect(messages[1]?.content).toEqual(Array.from({ length: n }, (_, i) => found(i)));
    else expect(messages).toHaveLength(2 * n + 1);
    expect(counter.reads).toBeGreaterThanOrEqual(2 * n);
  });
});
