import { describe, expect, it } from 'vitest';
import toolCallChunks from '../../../../fixtures/real/vercel-ai/google-tool-call.chunks.txt?raw';
import reasoningChunks from '../../../../fixtures/real/vercel-ai/google-reasoning.chunks.txt?raw';
import functionCallSse from '../../../../fixtures/real/generative-ai-js/streaming-success-function-call-short.txt?raw';
import streamedArguments from '../../../../fixtures/real/vercel-ai/google-stream-tool-call-arguments.chunks.txt?raw';
import { rules } from '../../testing/importing';
import { asJsonLines, asSse, eventsOf, imported, shown } from '../../testing/streams';

const chunk = (parts: unknown[], extra: Record<string, unknown> = {}, candidate: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...candidate }],
  modelVersion: 'gemini-x',
  responseId: 'r1',
  ...extra,
});

describe('sse-gemini real streams', () => {
  it('reads two chunks as one model turn: the functionCall, then an empty closing text (vercel/ai google-tool-call.chunks.txt)', () => {
    const { transcript: t } = imported(toolCallChunks);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['sse-gemini', 'Google Gemini stream', 'response']);
    expect(shown(t)).toEqual([
      { role: 'ai', text: '', kinds: ['tool_call'], calls: [['weather@0.0', 'weather', { location: 'San Francisco' }]], result: undefined },
    ]);
    expect(t.messages[0]).toMatchObject({
      model: 'gemini-3-pro-preview',
      id: 'b36LacjwM668nsEP2tbsgQQ',
      usage: { input: 29, total: 89, reasoning: 45 },
      location: { path: 'line 1', line: 1 },
    });
    expect(t.messages[0]?.toolCalls[0]?.raw).toMatchObject({ thoughtSignature: expect.stringMatching(/^EqUCCqIC/) });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'weather@0.0']]);
  });

  it('joins text cut across chunks, the signature kept on the joined part (vercel/ai google-reasoning.chunks.txt)', () => {
    const { transcript: t } = imported(reasoningChunks);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([['ai', 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.']]);
    expect(t.messages[0]?.content).toHaveLength(1);
    expect(t.messages[0]?.content[0]?.raw).toMatchObject({ thoughtSignature: expect.stringMatching(/^Eo0HCooH/) });
    expect(t.messages[0]?.usage).toMatchObject({ input: 9, total: 294, reasoning: 256 });
  });

  it('reads a CRLF SSE stream of one chunk (google-gemini/generative-ai-js mock response)', () => {
    const { transcript: t } = imported(functionCallSse);
    expect(t.format).toBe('sse-gemini');
    expect(shown(t)).toEqual([
      { role: 'ai', text: '', kinds: ['tool_call'], calls: [['getTemperature@0.0', 'getTemperature', { city: 'San Jose' }]], result: undefined },
    ]);
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'getTemperature@0.0']]);
  });

  it('joins two calls streamed in pieces (partialArgs), the signature kept on the first (vercel/ai google-stream-tool-call-arguments.chunks.txt)', () => {
    const { transcript: t } = imported(streamedArguments);
    expect([t.format, t.kind]).toEqual(['sse-gemini', 'response']);
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: '',
        kinds: ['tool_call', 'tool_call'],
        calls: [
          ['getWeather@0.0', 'getWeather', { location: 'Boston' }],
          ['getWeather@0.1', 'getWeather', { location: 'San Francisco' }],
        ],
        result: undefined,
      },
    ]);
    expect(t.messages[0]?.toolCalls[0]?.raw).toMatchObject({ thoughtSignature: expect.stringMatching(/^CiMBjz1r/) });
    expect(t.messages[0]?.toolCalls[1]?.raw).toEqual({ functionCall: { name: 'getWeather', args: { location: 'San Francisco' } } });
    expect(t.messages[0]?.usage).toMatchObject({ input: 26, total: 181, reasoning: 132 });
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([
      ['pending-tool-call', 0, 'getWeather@0.0'],
      ['pending-tool-call', 0, 'getWeather@0.1'],
    ]);
  });

  it('reads the chunks alike as SSE and as the JSON array of streamGenerateContent without alt=sse', () => {
    const events = eventsOf(reasoningChunks);
    expect(shown(imported(JSON.stringify(events)).transcript)).toEqual(shown(imported(asSse(events)).transcript));
  });
});

describe('sse-gemini assembly', () => {
  it('keeps thought summaries apart from the answer', () => {
    const events = [
      chunk([{ text: 'Thinking ', thought: true }]),
      chunk([{ text: 'hard.', thought: true }]),
      chunk([{ text: 'Answer.' }], {}, { finishReason: 'STOP' }),
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'Thinking hard.'],
      ['text', 'Answer.'],
    ]);
  });

  it('says when the stream ended before a candidate finished', () => {
    const { transcript: t } = imported(asJsonLines([chunk([{ text: 'Half' }]), chunk([{ text: ' a' }])]));
    expect(t.messages.map((m) => m.text)).toEqual(['Half a']);
    expect(t.notes).toEqual(['The stream ended before candidate 0 of r1 finished (no finishReason): it shows what arrived.']);
  });

  it('reads candidates as conversations of their own, and another responseId as another call', () => {
    const two = {
      candidates: [
        { content: { role: 'model', parts: [{ text: 'A' }] }, index: 0, finishReason: 'STOP' },
        { content: { role: 'model', parts: [{ text: 'B' }] }, index: 1, finishReason: 'STOP' },
      ],
      responseId: 'r1',
    };
    const next = chunk([{ text: 'C' }], { responseId: 'r2' }, { finishReason: 'STOP' });
    expect(imported(asJsonLines([two, next])).conversations.map((c) => [c.label, c.transcript.messages.map((m) => m.text)])).toEqual([
      ['r1 candidate 0', ['A']],
      ['r1 candidate 1', ['B']],
      ['r2', ['C']],
    ]);
  });

  it('joins a call opened by name, filled by partialArgs and closed by an empty functionCall', () => {
    const events = [
      chunk([{ functionCall: { name: 'getWeather', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.location', stringValue: 'Boston', willContinue: true }], willContinue: true } }]),
      chunk([{ functionCall: {} }], {}, { finishReason: 'STOP' }),
    ];
    expect(shown(imported(asJsonLines(events)).transcript)[0]?.calls).toEqual([['getWeather@0.0', 'getWeather', { location: 'Boston' }]]);
  });

  it('sets nested paths, joins the string pieces of one path, and reads numbers, booleans and null', () => {
    const piece = (jsonPath: string, value: Record<string, unknown>, willContinue = false) =>
      chunk([{ functionCall: { partialArgs: [{ jsonPath, ...value, ...(willContinue ? { willContinue } : {}) }], willContinue: true } }]);
    const events = [
      chunk([{ functionCall: { name: 'cookRecipe', willContinue: true }, thoughtSignature: 'sig' }]),
      piece('$.recipe.ingredients[0].amount', { stringValue: '16 oz' }),
      piece('$.recipe.ingredients[1].name', { stringValue: 'Ground', willContinue: true }, true),
      piece('$.recipe.ingredients[1].name', { stringValue: ' beef' }, true),
      piece('$.recipe.ingredients[1].name', { stringValue: '' }),
      chunk([{ functionCall: { willContinue: true } }]),
      piece('$.recipe.steps[0]', { stringValue: 'Preheat.' }),
      piece('$.servings', { numberValue: 4 }),
      piece('$.vegetarian', { boolValue: false }),
      piece('$.notes', { nullValue: 'NULL_VALUE' }),
      chunk([{ functionCall: {} }]),
      chunk([{ text: 'Done.' }], {}, { finishReason: 'STOP' }),
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(shown(t)).toEqual([
      {
        role: 'ai',
        text: 'Done.',
        kinds: ['tool_call', 'text'],
        calls: [
          [
            'cookRecipe@0.0',
            'cookRecipe',
            { recipe: { ingredients: [{ amount: '16 oz' }, { name: 'Ground beef' }], steps: ['Preheat.'] }, servings: 4, vegetarian: false, notes: null },
          ],
        ],
        result: undefined,
      },
    ]);
    expect(t.messages[0]?.toolCalls[0]?.raw).toMatchObject({ thoughtSignature: 'sig' });
  });

  it("closes a call when neither its last piece nor the piece's arguments continue, and keeps a whole call as it is", () => {
    const events = [
      chunk([{ functionCall: { name: 'a', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.x', numberValue: 1 }] } }]),
      chunk([{ functionCall: { name: 'b', args: { y: 2 } } }]),
      chunk([{ functionCall: { name: 'c' } }], {}, { finishReason: 'STOP' }),
    ];
    expect(shown(imported(asJsonLines(events)).transcript)[0]?.calls).toEqual([
      ['a@0.0', 'a', { x: 1 }],
      ['b@0.1', 'b', { y: 2 }],
      ['c@0.2', 'c', undefined],
    ]);
  });

  it("says when the stream ended while a call's arguments were still arriving", () => {
    const events = [
      chunk([{ functionCall: { name: 'lookup', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.q', stringValue: 'par', willContinue: true }], willContinue: true } }]),
    ];
    const { transcript: t } = imported(asJsonLines(events));
    expect(shown(t)[0]?.calls).toEqual([['lookup@0.0', 'lookup', { q: 'par' }]]);
    expect(t.notes).toEqual([
      'The stream ended before candidate 0 of r1 finished (no finishReason): it shows what arrived.',
      'The stream of r1 ended while the arguments of call lookup (candidate 0) were still arriving (willContinue): it shows those that arrived.',
    ]);
  });

  it('says the prompt was blocked, and names an error chunk', () => {
    const events = [
      chunk([{ text: 'x' }], {}, { finishReason: 'STOP' }),
      { error: { code: 429, message: 'Resource exhausted' } },
      { promptFeedback: { blockReason: 'SAFETY' }, responseId: 'r1' },
    ];
    expect(imported(asJsonLines(events)).transcript.notes).toEqual(['The stream reported an error: Resource exhausted.', 'The prompt was blocked (SAFETY).']);
  });
});
