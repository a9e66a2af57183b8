import { describe, expect, it } from 'vitest';
import toolCallStep1 from '../../../../fixtures/real/vercel-ai/google-interactions-tool-call-step1.json?raw';
import basic from '../../../../fixtures/real/vercel-ai/google-interactions-basic.json?raw';
import toolCallStep2 from '../../../../fixtures/real/vercel-ai/google-interactions-tool-call-step2.json?raw';
import googleSearch from '../../../../fixtures/real/vercel-ai/google-interactions-google-search.json?raw';
import outputsStep1 from '../../../../fixtures/real/vercel-ai/google-interactions-outputs-tool-call-step1.json?raw';
import { detectFormat } from '../registry';
import { input, json, rules, transcript } from '../../testing/importing';
import { shown } from '../../testing/streams';
import { geminiInteractions } from './geminiInteractions';

const detected = (value: unknown) => detectFormat(input(value))?.name;
const read = (value: unknown) => geminiInteractions.read(input(value));

describe('gemini-interactions real responses (vercel/ai google provider fixtures)', () => {
  it('reads a call that ends the response as pending, its id as the API gave it (tool-call-step1.json)', () => {
    const t = transcript(toolCallStep1);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['gemini-interactions', 'Google Gemini Interactions API', 'response']);
    expect(shown(t)).toEqual([
      { role: 'ai', text: '', kinds: ['reasoning', 'tool_call'], calls: [['zggxzq8r', 'getWeather', { location: 'San Francisco' }]], result: undefined },
    ]);
    const [ai] = t.messages;
    expect(ai).toMatchObject({
      id: 'v1_ChdUMnNIYXVxU0lJX2lxdHNQX2FicXVBWRIXVDJzSGF1cVNJSV9pcXRzUF9hYnF1QVk',
      model: 'gemini-2.5-flash',
      timestamp: '2026-05-15T18:52:00Z',
      location: { path: 'steps[0]' },
      usage: { input: 53, output: 15 + 41, total: 109, totalReported: true, cacheRead: 0, reasoning: 41 },
    });
    // The thought has no summary: no text, and its signature stays in raw.
    expect(ai?.content[0]).toMatchObject({ kind: 'reasoning', text: undefined, raw: { signature: expect.stringMatching(/^CtkBAQw51sdu/) } });
    expect(ai?.toolCalls[0]?.idMadeUp).toBeUndefined();
    expect(t.notes).toBeUndefined();
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'zggxzq8r']]);
    expect(t.findings.find((f) => f.rule === 'pending-tool-call')?.severity).toBe('info');
  });

  it('reads a text answer, thoughts counted as output (basic.json, tool-call-step2.json)', () => {
    const t = transcript(basic);
    expect(shown(t)).toEqual([
      { role: 'ai', text: "Hello! I'm doing well, thank you for asking.\n\nHow are you today?", kinds: ['reasoning', 'text'], calls: [], result: undefined },
    ]);
    expect(t.messages[0]?.usage).toMatchObject({ input: 7, output: 19 + 32, total: 58, reasoning: 32 });
    expect(rules(t)).toEqual([]);
    const after = transcript(toolCallStep2);
    expect(after.messages.map((m) => [m.role, m.text])).toEqual([['ai', 'The weather in San Francisco is sunny with a temperature of 8 degrees Celsius.']]);
  });

  it('reads a built-in tool: the search call on the AI message, its result a tool message after it (google-search.json)', () => {
    const t = transcript(googleSearch);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path, m.toolCallId, m.name])).toEqual([
      ['ai', 'model', 'steps[0]', undefined, undefined],
      ['tool', 'google_search_result', 'steps[3]', '3tz1p6wn', 'google_search'],
    ]);
    expect(t.messages[0]?.content.map((b) => b.kind)).toEqual(['reasoning', 'text', 'tool_call']);
    expect(t.messages[0]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['3tz1p6wn', 'google_search', { queries: ['notable AI developments May 8-15 2026', 'AI news this week May 2026'] }],
    ]);
    expect(t.messages[0]?.text).toMatch(/^Here's a look at some notable AI developments from the past week:/);
    expect(t.messages[1]?.text).toContain('search_suggestions');
    expect(t.messages[1]?.status).toBeUndefined();
    // total = input + tool-use prompt + output + thoughts.
    expect(t.messages[0]?.usage).toMatchObject({ input: 22 + 129, output: 973 + 249, total: 1373 });
    expect(rules(t)).toEqual([]);
  });

  it('reads the older shape, `outputs` holding the items, as it was recorded before May 2026 (tool-call-step1.json at b04e23e)', () => {
    const t = transcript(outputsStep1);
    expect(t.format).toBe('gemini-interactions');
    expect(shown(t)).toEqual([
      { role: 'ai', text: '', kinds: ['reasoning', 'tool_call'], calls: [['r7b1dyif', 'getWeather', { location: 'San Francisco' }]], result: undefined },
    ]);
    expect(t.messages[0]?.location.path).toBe('outputs[0]');
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'r7b1dyif']]);
  });
});

// The request the AI SDK sends for step 2 (google-interactions-language-model.test.ts, its inline snapshot).
const followUp = {
  model: 'gemini-2.5-flash',
  system_instruction: 'Answer briefly.',
  input: [
    { type: 'user_input', content: [{ type: 'text', text: 'What is the weather in San Francisco right now?' }] },
    { type: 'thought', signature: 'sig-abc' },
    { type: 'function_call', id: 'r7b1dyif', name: 'getWeather', arguments: { location: 'San Francisco' } },
    {
      type: 'user_input',
      content: [
        { type: 'function_result', call_id: 'r7b1dyif', name: 'getWeather', result: '{"location":"San Francisco","condition":"sunny","temperature":16}' },
      ],
    },
  ],
  tools: [{ type: 'function', name: 'getWeather', parameters: { type: 'object' } }],
};

describe('gemini-interactions requests', () => {
  it('reads a follow-up request: system instruction, the call and its function_result inside a user_input step', () => {
    const t = transcript(json(followUp));
    expect([t.format, t.kind]).toEqual(['gemini-interactions', 'request']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path, m.text])).toEqual([
      ['system', 'system_instruction', 'system_instruction', 'Answer briefly.'],
      ['human', 'user_input', 'input[0]', 'What is the weather in San Francisco right now?'],
      ['ai', 'model', 'input[1]', ''],
      ['tool', 'function_result', 'input[3].content[0]', '{"location":"San Francisco","condition":"sunny","temperature":16}'],
    ]);
    expect(t.messages[3]).toMatchObject({ toolCallId: 'r7b1dyif', name: 'getWeather', turn: 3 });
    expect(t.messages[2]?.raw).toEqual([followUp.input[1], followUp.input[2]]);
    expect(rules(t)).toEqual([]);
  });

  it('reads function_result as a step of its own, an error result, and a string input', () => {
    const steps = [
      { type: 'function_call', id: 'c1', name: 'book', arguments: { table: 4 } },
      { type: 'function_result', call_id: 'c1', name: 'book', is_error: true, result: [{ type: 'text', text: 'fully booked' }] },
      { type: 'model_output', content: [{ type: 'text', text: 'Sorry, no table.' }] },
    ];
    expect(detected(steps)).toBe('gemini-interactions');
    const { messages, kind } = read(steps);
    expect(kind).toBeUndefined();
    expect(messages.map((m) => [m.role, m.location.path, m.text, m.status])).toEqual([
      ['ai', '[0]', '', undefined],
      ['tool', '[1]', 'fully booked', 'error'],
      ['ai', '[2]', 'Sorry, no table.', undefined],
    ]);
    const single = read({ model: 'gemini-3-flash-preview', input: 'Hi', system_instruction: 'Be kind.' });
    expect(single.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'Be kind.'],
      ['human', 'Hi'],
    ]);
    expect(single.kind).toBe('request');
  });

  it('reads a stateless history given as role turns, and thought summaries as reasoning', () => {
    const body = {
      model: 'gemini-3-flash-preview',
      input: [
        { role: 'user', content: 'What are the three largest cities in Spain?' },
        {
          role: 'model',
          content: [
            { type: 'thought', signature: 's1', summary: [{ type: 'text', text: 'Listing by population.' }] },
            { type: 'text', text: 'Madrid, Barcelona, Valencia.' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And the second?' },
            { type: 'image', mime_type: 'image/png', data: 'iVBORw0KGgo=' },
          ],
        },
      ],
    };
    expect(detected(body)).toBe('gemini-interactions');
    const { messages } = read(body);
    expect(messages.map((m) => [m.role, m.sourceType, m.location.path, m.content.map((b) => [b.kind, b.text])])).toEqual([
      ['human', 'user', 'input[0]', [['text', 'What are the three largest cities in Spain?']]],
      [
        'ai',
        'model',
        'input[1]',
        [
          ['reasoning', 'Listing by population.'],
          ['text', 'Madrid, Barcelona, Valencia.'],
        ],
      ],
      [
        'human',
        'user',
        'input[2]',
        [
          ['text', 'And the second?'],
          ['image', undefined],
        ],
      ],
    ]);
    expect(messages[1]?.raw).toBe(body.input[1]);
  });

  it('says what the file does not hold: an earlier interaction, an unfinished status, step types it does not know', () => {
    const out = read({
      object: 'interaction',
      status: 'incomplete',
      previous_interaction_id: 'v1_prev',
      steps: [
        { type: 'thought', summary: [{ type: 'text', text: 'Hmm.' }] },
        { type: 'retrieval_call', id: 'r1', arguments: {} },
        { type: 'hologram_output', data: 'x' },
      ],
    });
    expect(out.kind).toBe('response');
    expect(out.messages.map((m) => [m.role, m.content.map((b) => b.kind)])).toEqual([['ai', ['reasoning', 'tool_call', 'other']]]);
    expect(out.notes).toEqual([
      'This interaction continues v1_prev (previous_interaction_id): the turns before it are stored by the API, not in this file.',
      "The interaction's status is incomplete: its steps are what it had produced by then.",
      'Steps of types this reader does not know are shown as they are: hologram_output.',
    ]);
  });

  it('reads a stored interaction fetched back once: its user_input steps, not the input they echo', () => {
    const out = read({
      object: 'interaction',
      status: 'completed',
      input: 'Hi',
      steps: [
        { type: 'user_input', content: [{ type: 'text', text: 'Hi' }] },
        { type: 'model_output', content: [{ type: 'text', text: 'Hello!' }] },
      ],
      usage: { total_input_tokens: 2, total_output_tokens: 3, total_tokens: 5 },
    });
    expect(out.messages.map((m) => [m.role, m.text, m.usage?.total])).toEqual([
      ['human', 'Hi', undefined],
      ['ai', 'Hello!', 5],
    ]);
    expect(out.notes).toEqual(['The `input` was not read again: the `user_input` steps of `steps` echo it.']);
  });

  it('keeps what it cannot read on the timeline', () => {
    const { messages } = read({ input: [{ type: 'user_input', content: [{ type: 'text', text: 'hi' }] }, 42, { hello: 'there' }] });
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['human', undefined],
      ['other', 'expected a step or content object with `type`, got a number'],
      ['other', 'expected a step or content object with `type`, or a turn with `role` and `content`'],
    ]);
  });
});

describe('gemini-interactions detection', () => {
  it('claims its own shapes and leaves the look-alikes to their readers', () => {
    expect(detected({ object: 'interaction', status: 'completed', steps: [] })).toBe('gemini-interactions');
    expect(detected({ status: 'requires_action', steps: [{ type: 'function_call', id: 'a', name: 'f', arguments: {} }] })).toBe('gemini-interactions');
    expect(detected({ model: 'm', input: 'hi', previous_interaction_id: 'v1_x' })).toBe('gemini-interactions');
    // Plain `{model, input}` is an OpenAI Responses request as much as this; OpenAI's items are OpenAI's.
    expect(detected({ model: 'gpt-5', input: 'hi' })).toBe('openai-responses');
    expect(
      detected({
        input: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
          { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
        ],
      }),
    ).toBe('openai-responses');
    expect(detected([{ type: 'text', text: 'hi' }])).not.toBe('gemini-interactions');
    expect(detected({ contents: [{ role: 'model', parts: [{ text: 'hi' }] }] })).toBe('gemini');
  });
});
