import { describe, expect, it } from 'vitest';
import fastchat from '../../../../fixtures/real/fastchat/dummy_conversation.first-3-rows.json?raw';
import glaive from '../../../../fixtures/real/llama-factory/glaive_toolcall_en_demo.first-4-rows.json?raw';
import { importText } from '../../import';
import type { ImportResult } from '../../model';
import { input, rules } from '../../testing/importing';
import { detectFormat } from '../registry';
import { sharegpt } from './sharegpt';

function conversationsOf(result: ImportResult) {
  if (!result.ok) throw new Error(result.error.message);
  return result.conversations ?? [];
}

describe('sharegpt', () => {
  it('reads LLaMA-Factory glaive tool-call rows, one conversation a row, calls linked by position', () => {
    const result = importText(glaive);
    const conversations = conversationsOf(result);
    expect(result.ok && result.transcript.format).toBe('sharegpt');
    expect(conversations.map((c) => [c.label, c.transcript.messages.length])).toEqual([
      ['row 1', 8],
      ['row 2', 10],
      ['row 3', 8],
      ['row 4', 12],
    ]);
    const first = conversations[0]!.transcript;
    expect(first.messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['human', 'human'],
      ['ai', 'gpt'],
      ['human', 'human'],
      ['ai', 'function_call'],
      ['tool', 'observation'],
      ['ai', 'gpt'],
      ['human', 'human'],
      ['ai', 'gpt'],
    ]);
    expect(first.messages[0]?.text).toBe('Hi, I have some ingredients and I want to cook something. Can you help me find a recipe?');
    // No ids in ShareGPT: the call is named after its row, turn and place in the turn.
    expect(first.messages[3]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['search_recipes@0.3.0', 'search_recipes', { ingredients: ['chicken', 'bell peppers', 'rice'] }],
    ]);
    expect(first.messages[3]?.toolCalls[0]?.idMadeUp).toEqual({ path: '[0].conversations[3]' });
    expect(first.messages[4]).toMatchObject({ toolCallId: 'search_recipes@0.3.0', toolCallIdMadeUp: true, name: 'search_recipes' });
    expect(first.messages[4]?.text).toContain('Chicken and Bell Pepper Stir Fry');
    expect(first.messages[4]?.location.path).toBe('[0].conversations[4]');
    const fourth = conversations[3]!.transcript;
    expect(fourth.messages.flatMap((m) => m.toolCalls.map((c) => c.id))).toEqual(['calculate_area@3.1.0', 'calculate_area@3.5.0', 'calculate_area@3.9.0']);
    expect(fourth.messages.filter((m) => m.role === 'tool').map((m) => [m.toolCallId, m.text])).toEqual([
      ['calculate_area@3.1.0', '{"area": 15}'],
      ['calculate_area@3.5.0', '{"area": 50.24}'],
      ['calculate_area@3.9.0', '{"area": 49}'],
    ]);
    expect(conversations.flatMap((c) => rules(c.transcript))).toEqual([]);
    expect(result.ok && result.transcript.notes).toEqual([
      '4 dataset rows, each a conversation of its own.',
      'ShareGPT turns have no ids: each call is given one made of its position, `<tool>@<row>.<turn>.<call>` (0-based), findings name it by its turn, and each observation answers the earliest call of its row still waiting.',
    ]);
  });

  it('labels FastChat rows by their id', () => {
    const conversations = conversationsOf(importText(fastchat));
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.role)])).toEqual([
      ['identity_0', ['human', 'ai', 'human', 'ai']],
      ['identity_1', ['human', 'ai']],
      ['identity_2', ['human', 'ai', 'human', 'ai', 'human', 'ai']],
    ]);
    expect(conversations[0]?.transcript.messages[1]?.text).toBe(
      'I am Vicuna, a language model trained by researchers from Large Model Systems Organization (LMSYS).',
    );
  });

  it('reads JSON Lines rows with a system prompt, parallel calls and a call that is not JSON', () => {
    const rows = [
      {
        system: 'Be brief.',
        conversations: [
          { from: 'human', value: 'Weather in Paris and Rome?' },
          {
            from: 'function_call',
            value: JSON.stringify([
              { name: 'weather', arguments: { city: 'Paris' } },
              { name: 'weather', arguments: '{"city": "Rome"}' },
            ]),
          },
          { from: 'observation', value: 'sunny' },
          { from: 'observation', value: 'rain' },
          { from: 'gpt', value: 'Paris sunny, Rome rain.' },
        ],
      },
      {
        conversations: [
          { from: 'human', value: 'x' },
          { from: 'function_call', value: 'Thought: call it' },
        ],
      },
    ];
    const text = rows.map((row) => JSON.stringify(row)).join('\n');
    const [first, second] = conversationsOf(importText(text));
    expect(first?.transcript.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['system', 'line 1'],
      ['human', 'line 1'],
      ['ai', 'line 1'],
      ['tool', 'line 1'],
      ['tool', 'line 1'],
      ['ai', 'line 1'],
    ]);
    expect(first?.transcript.messages[2]?.toolCalls.map((c) => [c.id, c.args])).toEqual([
      ['weather@0.1.0', { city: 'Paris' }],
      ['weather@0.1.1', { city: 'Rome' }],
    ]);
    expect(first?.transcript.messages.slice(3, 5).map((m) => m.toolCallId)).toEqual(['weather@0.1.0', 'weather@0.1.1']);
    expect(rules(first!.transcript)).toEqual([]);
    const call = second?.transcript.messages[1]?.toolCalls[0];
    expect(call).toMatchObject({ id: 'function_call@1.1.0', name: '', argsText: 'Thought: call it', idMadeUp: { path: 'line 2' } });
    expect(call?.error).toContain('expected JSON of {"name", "arguments"}');
  });

  it('keeps a row that is not one, and an observation with no call before it, in sight', () => {
    const out = sharegpt.read(input([{ conversations: [{ from: 'observation', value: 'stray' }] }, 42]));
    expect(out.messages.map((m) => [m.role, m.toolCallId, m.problem])).toEqual([
      ['tool', 'observation@0.0', undefined],
      ['other', undefined, 'expected a row with `conversations`, got a number'],
    ]);
    expect(out.conversations?.map((c) => c.label)).toEqual(['row 1', 'row 2']);
  });

  it('claims from / value turns and nothing else', () => {
    expect(detectFormat(input([{ conversations: [{ from: 'human', value: 'hi' }] }]))?.name).toBe('sharegpt');
    expect(detectFormat(input({ conversations: [{ from: 'human', value: 'hi' }] }))?.name).toBe('sharegpt');
    expect(sharegpt.detect(input([{ conversations: [{ role: 'user', content: 'hi' }] }]))).toBe(0);
    expect(sharegpt.detect(input([{ messages: [{ role: 'user', content: 'hi' }] }]))).toBe(0);
  });
});
