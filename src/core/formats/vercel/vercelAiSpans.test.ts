import { describe, expect, it } from 'vitest';
import doGenerate from '../../../../fixtures/real/openinference/vercel-v6-spans-generateText-doGenerate.json?raw';
import allSpans from '../../../../fixtures/real/openinference/vercel-v6-spans-all-spans.json?raw';
import { importText } from '../../import';
import type { Transcript } from '../../model';
import { allRules, input, json, transcript } from '../../testing/importing';
import { vercelAiSpans } from './vercelAiSpans';

function conversations(text: string): { label: string; transcript: Transcript }[] {
  const result = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.conversations ?? [{ label: 'conversation', transcript: result.transcript }];
}

const attr = (key: string, value: unknown) => ({
  key,
  value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: typeof value === 'string' ? value : JSON.stringify(value) },
});
const span = (name: string, id: string, parent: string | undefined, start: number, attributes: unknown[]) => ({
  traceId: 'trace-1',
  spanId: id,
  ...(parent !== undefined && { parentSpanId: parent }),
  name,
  startTimeUnixNano: String(start * 1_000_000_000),
  endTimeUnixNano: String(start * 1_000_000_000 + 500_000_000),
  attributes: [attr('ai.operationId', name), attr('ai.telemetry.functionId', 'weather-chat'), ...attributes],
});
const exported = (spans: unknown[]) => json({ resourceSpans: [{ scopeSpans: [{ scope: { name: 'ai' }, spans }] }] });

const system = { role: 'system', content: 'You are a weather bot.' };
const user = { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] };
const callPart = { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } };
const resultPart = { type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', output: { type: 'json', value: { temperature: 12 } } };
const calls = [{ toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } }];

// An agent run of two steps: generateText, its two provider calls and the tool call between them.
const operation = span('ai.generateText', 'op', undefined, 0, [
  attr('ai.prompt', { system: 'You are a weather bot.', prompt: 'Weather in Paris?' }),
  attr('ai.response.text', 'It is 12°C in Paris.'),
]);
const step1 = span('ai.generateText.doGenerate', 's1', 'op', 1, [
  attr('ai.prompt.messages', [system, user]),
  attr('ai.response.toolCalls', calls),
  attr('ai.response.finishReason', 'tool-calls'),
  attr('ai.usage.inputTokens', 50),
  attr('ai.usage.outputTokens', 10),
  attr('ai.response.model', 'gpt-4o-mini-2024-07-18'),
  attr('ai.response.id', 'resp_1'),
]);
const tool = span('ai.toolCall', 't1', 's1', 2, [
  attr('ai.toolCall.id', 'call_1'),
  attr('ai.toolCall.name', 'weather'),
  attr('ai.toolCall.result', { temperature: 12 }),
]);
const step2 = span('ai.generateText.doGenerate', 's2', 'op', 3, [
  attr('ai.prompt.messages', [system, user, { role: 'assistant', content: [callPart] }, { role: 'tool', content: [resultPart] }]),
  attr('ai.response.reasoning', 'The tool said 12.'),
  attr('ai.response.text', 'It is 12°C in Paris.'),
  attr('ai.usage.promptTokens', 80),
  attr('ai.usage.completionTokens', 8),
]);

describe('vercel-ai-spans', () => {
  it('reads two separate generateText calls as two conversations (openinference-vercel test fixture)', () => {
    const found = conversations(doGenerate);
    expect(found.map((c) => [c.label, c.transcript.format, c.transcript.messages.map((m) => [m.role, m.text])])).toEqual([
      [
        'test-generate-text',
        'vercel-ai-spans',
        [
          ['human', 'Write a haiku about programming.'],
          ['ai', 'Lines of code align,  \nLogic dances through the night—  \nDreams in data flow.'],
        ],
      ],
      [
        'test-generate-text-messages',
        'vercel-ai-spans',
        [
          ['system', 'You are a helpful assistant.'],
          ['human', 'What is 2 + 2?'],
          ['ai', '2 + 2 equals 4.'],
          ['human', 'And what is 3 + 3?'],
          ['ai', '3 + 3 equals 6.'],
        ],
      ],
    ]);
    const answer = found[0]?.transcript.messages[1];
    expect(answer).toMatchObject({
      id: 'resp_0269f3aed1fd415900698212189ed88190b8bb13919d420b02',
      model: 'gpt-4o-mini-2024-07-18',
      timestamp: '2026-02-03T15:19:52.000Z',
      usage: { input: 14, output: 20, total: 34 },
    });
    expect(answer?.location.path).toBe('[0].attributes');
  });

  it('reads each operation span and its provider call as one call, not two (all spans of the capture)', () => {
    const found = conversations(allSpans);
    expect(found.map((c) => [c.label, c.transcript.messages.length])).toEqual([
      ['test-generate-text', 2],
      ['test-generate-text-messages', 5],
      ['test-generate-object', 2],
      ['test-stream-text', 2],
    ]);
    expect(found[2]?.transcript.messages[1]?.text).toContain('"name":"Scrambled Eggs"');
    expect(found[0]?.transcript.notes).toContain(
      '4 operation spans (ai.generateText, ai.generateObject, ai.streamText) left out: the provider calls under them hold the same messages.',
    );
    for (const c of found) expect(allRules(c.transcript)).toEqual([]);
  });

  it('builds one conversation from the provider calls of a multi-step run, leaving out the operation span', () => {
    const t = transcript(exported([operation, step1, tool, step2]));
    expect(t.format).toBe('vercel-ai-spans');
    expect(t.messages.map((m) => [m.role, m.text, m.toolCallId])).toEqual([
      ['system', 'You are a weather bot.', undefined],
      ['human', 'Weather in Paris?', undefined],
      ['ai', '', undefined],
      ['tool', '{"temperature":12}', 'call_1'],
      ['ai', 'It is 12°C in Paris.', undefined],
    ]);
    expect(t.messages[2]).toMatchObject({ id: 'resp_1', model: 'gpt-4o-mini-2024-07-18', usage: { input: 50, output: 10 } });
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_1', 'weather', { city: 'Paris' }]]);
    expect(t.messages[4]?.content.map((b) => b.kind)).toEqual(['reasoning', 'text']);
    expect(allRules(t)).toEqual([]);
  });

  it('ends with the result of an ai.toolCall span no later call sends, and reads an operation span alone', () => {
    const first = transcript(exported([operation, step1, tool]));
    expect(first.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a weather bot.'],
      ['human', 'user', 'Weather in Paris?'],
      ['ai', 'ai.generateText.doGenerate', ''],
      ['tool', 'ai.toolCall', '{"temperature":12}'],
    ]);
    const alone = transcript(exported([operation]));
    expect(alone.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a weather bot.'],
      ['human', 'prompt', 'Weather in Paris?'],
      ['ai', 'ai.generateText', 'It is 12°C in Paris.'],
    ]);
  });

  it('claims AI SDK spans, and says so when they hold no prompt', () => {
    expect(vercelAiSpans.detect(input([{ name: 'ai.generateText', attributes: { 'ai.prompt': '{}', 'gen_ai.request.model': 'm' } }]))).toBe(100);
    const bare = [{ name: 'ai.embed', attributes: { 'ai.operationId': 'ai.embed', 'ai.model.id': 'text-embedding-3-small' } }];
    expect(vercelAiSpans.detect(input(bare))).toBe(55);
    expect(vercelAiSpans.read(input(bare)).messages[0]?.problem).toContain('no span carries a prompt');
    for (const value of [[{ role: 'user', content: 'hi' }], [{ name: 'chat', attributes: { 'gen_ai.input.messages': '[]' } }]]) {
      expect(vercelAiSpans.detect(input(value))).toBe(0);
    }
  });
});
