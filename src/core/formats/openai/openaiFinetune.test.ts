import { describe, expect, it } from 'vitest';
import drone from '../../../../fixtures/real/openai-cookbook/drone_training.first-3-rows.jsonl?raw';
import toyChat from '../../../../fixtures/real/openai-cookbook/toy_chat_fine_tuning.jsonl?raw';
import mllm from '../../../../fixtures/real/llama-factory/mllm_demo.json?raw';
import { importText } from '../../import';
import type { ImportResult } from '../../model';
import { input, rules } from '../../testing/importing';
import { detectFormat } from '../registry';
import { openaiFinetune } from './openaiFinetune';

function read(text: string) {
  const result: ImportResult = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  return { transcript: result.transcript, conversations: result.conversations ?? [] };
}

describe('openai-finetune', () => {
  it('reads the cookbook chat fine-tuning JSONL, a conversation a line', () => {
    const { transcript, conversations } = read(toyChat);
    expect(transcript.format).toBe('openai-finetune');
    expect(conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.role)])).toEqual([
      ['row 1', ['system', 'human', 'ai']],
      ['row 2', ['system', 'human', 'ai', 'human', 'ai', 'human', 'ai', 'human', 'ai']],
      ['row 3', ['human', 'ai']],
      ['row 4', ['system', 'ai']],
      ['row 5', ['system', 'human', 'ai']],
    ]);
    expect(conversations[0]?.transcript.messages.map((m) => [m.text, m.location.path])).toEqual([
      ['You are a happy assistant that puts a positive spin on everything.', 'line 1'],
      ['I fell off my bike today.', 'line 1'],
      ["It's great that you're getting exercise outdoors!", 'line 1'],
    ]);
    expect(conversations[4]?.transcript.messages[2]?.text).toBe('Eat a banana!'.repeat(2000));
  });

  it('reads tool-calling rows whose calls repeat one id: each row is linked on its own', () => {
    const { conversations } = read(drone);
    expect(conversations).toHaveLength(3);
    const calls = conversations.map((c) => c.transcript.messages[2]?.toolCalls.map((call) => [call.id, call.name, call.args]));
    expect(calls).toEqual([
      [['call_id', 'takeoff_drone', { altitude: 100 }]],
      [['call_id', 'takeoff_drone', { altitude: 100 }]],
      // The third row's arguments are JSON of a JSON string, as the cookbook wrote them.
      [['call_id', 'land_drone', '{"location": "current"}']],
    ]);
    expect(conversations[0]?.transcript.messages[1]?.text).toBe("Let's get the drone in the air, can you make it take off");
    // A training example ends on the call the model should make: pending, not broken.
    expect(conversations.map((c) => rules(c.transcript))).toEqual([
      [['pending-tool-call', 2, 'call_id']],
      [['pending-tool-call', 2, 'call_id']],
      [['pending-tool-call', 2, 'call_id']],
    ]);
  });

  it('reads a JSON array of rows (LLaMA-Factory mllm_demo) and rows whose messages are a JSON string', () => {
    const { conversations } = read(mllm);
    expect(conversations.map((c) => c.transcript.messages.length)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(conversations[0]?.transcript.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', '<image>Who are they?', '[0].messages[0]'],
      ['ai', "They're Kane and Gretzka from Bayern Munich.", '[0].messages[1]'],
      ['human', 'What are they doing?<image>', '[0].messages[2]'],
      ['ai', 'They are celebrating on the soccer field.', '[0].messages[3]'],
    ]);

    const encoded = [
      {
        id: 'a',
        messages: JSON.stringify([
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ]),
      },
      { id: 'b', messages: [{ role: 'user', content: 'bye' }] },
    ];
    const out = openaiFinetune.read(input(encoded));
    expect(out.messages.map((m) => [m.text, m.location.path])).toEqual([
      ['hi', '[0].messages'],
      ['hello', '[0].messages'],
      ['bye', '[1].messages[0]'],
    ]);
    expect(out.notes).toContain('1 row holds `messages` as a JSON string, decoded once to read it; its messages point at that string.');
  });

  it('claims lists of chat rows and leaves one row, samples and other shapes to their readers', () => {
    const rows = [{ messages: [{ role: 'user', content: 'hi' }] }, { messages: [{ role: 'user', content: 'yo' }] }];
    expect(detectFormat(input(rows))?.name).toBe('openai-finetune');
    expect(detectFormat(input(rows, { jsonLines: true, lineOf: [1, 2] }))?.name).toBe('openai-finetune');
    expect(openaiFinetune.detect(input(rows[0]))).toBe(0);
    expect(openaiFinetune.detect(input([{ messages: [{ role: 'user', content: 'hi' }], epoch: 1, id: 1 }]))).toBe(0);
    expect(openaiFinetune.detect(input([{ messages: [{ type: 'human', content: 'hi' }] }]))).toBe(0);
    expect(openaiFinetune.detect(input([{ role: 'user', content: 'hi' }]))).toBe(0);
  });
});
