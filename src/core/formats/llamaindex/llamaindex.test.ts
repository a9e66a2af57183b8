import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/llamaindex.json?raw';
import clean from '../../../../fixtures/formats/llamaindex/clean.json?raw';
import fault from '../../../../fixtures/formats/llamaindex/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/llamaindex/tool-calls.json?raw';
import { importText } from '../../import';
import { input, readWith, rules, transcript } from '../../testing/importing';
import { llamaindex } from './llamaindex';
import { detectFormat } from '../registry';

const read = readWith(llamaindex);

describe('llamaindex fixtures', () => {
  it('reads ChatMessage dumps with image and thinking blocks', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['llamaindex', 'LlamaIndex ChatMessage']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a helpful assistant that describes images.'],
      ['human', 'user', 'What is in this image?'],
      ['ai', 'assistant', 'A cat sitting on a windowsill.'],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['text', 'text', 'What is in this image?'],
      ['image', 'image', undefined],
    ]);
    expect(t.messages[2]?.content[0]).toMatchObject({ kind: 'reasoning', type: 'thinking', text: 'The picture shows a cat on a windowsill.' });
    expect(rules(t)).toEqual([]);
  });

  it('reads a SimpleChatStore with tool_call blocks and OpenAI calls in additional_kwargs', () => {
    const t = transcript(toolCalls);
    expect(t.messages.map((m) => [m.role, m.location.path, m.location.line])).toEqual([
      ['human', 'store.chat_history[0]', 4],
      ['ai', 'store.chat_history[1]', 14],
      ['tool', 'store.chat_history[2]', 29],
      ['ai', 'store.chat_history[3]', 42],
      ['tool', 'store.chat_history[4]', 58],
      ['ai', 'store.chat_history[5]', 71],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_mul_1', 'multiply', { a: 3, b: 12 }]]);
    expect(t.messages[3]?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText])).toEqual([['call_add_1', 'add', { a: 36, b: 6 }, '{"a": 36, "b": 6}']]);
    expect(t.messages[2]).toMatchObject({ toolCallId: 'call_mul_1', name: 'multiply', text: '36' });
    expect([...t.links.values()].map((l) => [l.id, l.results])).toEqual([
      ['call_mul_1', [2]],
      ['call_add_1', [4]],
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('flags the planted faults', () => {
    const t = transcript(fault);
    expect(t.messages[1]?.toolCalls[1]?.argsText).toBe('{"to": "+15550100", "body": ');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_sms'],
      ['invalid-tool-call', 1, 'call_sms'],
    ]);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('llamaindex shapes', () => {
  it('claims legacy content dicts with additional_kwargs over generic role/content dicts', () => {
    const legacy = [
      { role: 'user', content: 'hi', additional_kwargs: {} },
      { role: 'assistant', content: null, additional_kwargs: { tool_calls: [{ id: 'toolu_1', input: { q: 'x' }, name: 'search', type: 'tool_use' }] } },
      { role: 'tool', content: 'found', additional_kwargs: { tool_call_id: 'toolu_1', name: 'search' } },
    ];
    expect(detectFormat(input(legacy))?.name).toBe('llamaindex');
    const messages = read(legacy);
    expect(messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', ''],
      ['tool', 'found'],
    ]);
    // The Anthropic integration keeps tool_use blocks in additional_kwargs.
    expect(messages[1]?.toolCalls[0]).toMatchObject({ id: 'toolu_1', name: 'search', args: { q: 'x' } });
  });

  it('reads every block type and a ChatMemoryBuffer, keeping what it cannot read', () => {
    const memory = {
      chat_store: {
        store: {
          'user-1': [
            {
              role: 'chatbot',
              additional_kwargs: {},
              blocks: [
                { block_type: 'audio', audio: null, url: 'a.mp3' },
                { block_type: 'video', url: 'v.mp4' },
                { block_type: 'document', title: 'doc.pdf' },
                { block_type: 'cache', cache_control: { type: 'ephemeral' } },
                { block_type: 'citation', cited_content: { block_type: 'text', text: 'c' } },
              ],
            },
            { role: 'user', additional_kwargs: {} },
            7,
          ],
        },
        class_name: 'SimpleChatStore',
      },
      chat_store_key: 'user-1',
      class_name: 'ChatMemoryBuffer',
    };
    expect(llamaindex.detect(input(memory))).toBe(100);
    const messages = read(memory);
    expect(messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['audio', undefined],
      ['file', undefined],
      ['file', 'doc.pdf'],
      ['other', undefined],
      ['other', undefined],
    ]);
    expect(messages[0]?.role).toBe('ai');
    // A key that is not an identifier: the location points at the store.
    expect(messages.map((m) => [m.location.path, m.problem])).toEqual([
      ['chat_store.store', undefined],
      ['chat_store.store', 'expected `blocks` or `content`; got an object with keys role, additional_kwargs'],
      ['chat_store.store', 'expected an object with `role` and `blocks`, got a number'],
    ]);
  });

  it('reads a store with several keys as conversations of their own, labelled by key', () => {
    const store = {
      store: {
        alice: [
          { role: 'user', content: 'hi', additional_kwargs: {} },
          { role: 'assistant', content: 'hello', additional_kwargs: {} },
        ],
        bob: [{ role: 'user', content: 'bye', additional_kwargs: {} }],
      },
      class_name: 'SimpleChatStore',
    };
    const result = importText(JSON.stringify(store));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.conversations?.map((c) => [c.label, c.transcript.messages.map((m) => [m.text, m.location.path])])).toEqual([
      [
        'alice',
        [
          ['hi', 'store.alice[0]'],
          ['hello', 'store.alice[1]'],
        ],
      ],
      ['bob', [['bye', 'store.bob[0]']]],
    ]);
    expect(result.transcript.notes).toEqual(['Chat store with 2 keys, each a conversation of its own: alice, bob.']);
  });

  it('decodes a store persisted as one JSON string, as older SimpleChatStore.persist() wrote it', () => {
    // persist() wrote json.dumps(self.json()): the store's JSON, itself written as a JSON string.
    const store = {
      store: {
        user1: [
          { role: 'user', content: 'What is 7% of 300?', additional_kwargs: {} },
          {
            role: 'assistant',
            content: null,
            additional_kwargs: { tool_calls: [{ id: 'call_1', function: { arguments: '{"input":"7% of 300"}', name: 'calc' }, type: 'function' }] },
          },
          { role: 'tool', content: '21', additional_kwargs: { name: 'calc', tool_call_id: 'call_1' } },
          { role: 'assistant', content: '21.', additional_kwargs: {} },
        ],
      },
      class_name: 'SimpleChatStore',
    };
    const text = JSON.stringify(JSON.stringify(store));
    const t = transcript(text);
    expect(t.format).toBe('llamaindex');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'What is 7% of 300?', ''],
      ['ai', '', ''],
      ['tool', '21', ''],
      ['ai', '21.', ''],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_1', 'calc', { input: '7% of 300' }]]);
    expect(t.messages[2]?.toolCallId).toBe('call_1');
    expect(rules(t)).toEqual([]);
    expect(t.notes).toEqual([
      'The chat store is one JSON string (as older SimpleChatStore.persist() wrote it), decoded once to read it; its messages point at that string.',
    ]);
  });

  it('decodes messages kept as JSON strings, in a store or under `messages`', () => {
    const message = (role: string, text: string) => JSON.stringify({ role, additional_kwargs: {}, blocks: [{ block_type: 'text', text }] });
    const store = { store: { k: [message('user', 'hi'), message('assistant', 'hello')] } };
    const out = llamaindex.read(input(store));
    expect(out.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'hi', 'store.k[0]'],
      ['ai', 'hello', 'store.k[1]'],
    ]);
    expect(out.notes).toEqual(['2 messages are JSON strings inside the store, decoded once to read them.']);

    const listed = { messages: `[${message('user', 'hi')}, ${message('assistant', 'hello')}]` };
    expect(detectFormat(input(listed))?.name).toBe('llamaindex');
    const read = llamaindex.read(input(listed));
    expect(read.messages.map((m) => [m.text, m.location.path])).toEqual([
      ['hi', 'messages'],
      ['hello', 'messages'],
    ]);
    expect(read.notes).toEqual(['`messages` is a JSON string, decoded once to read it; its messages point at that string.']);
  });

  it('does not take other shapes', () => {
    const nearMisses = [
      [{ role: 'user', content: 'hi' }],
      [{ type: 'human', content: 'hi', additional_kwargs: {} }],
      [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      [{ role: 'user', blocks: [{ type: 'text', text: 'hi' }] }],
      { store: { a: 'b' } },
    ];
    for (const value of nearMisses) expect(llamaindex.detect(input(value))).toBe(0);
  });
});
