import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/gemini/clean.json?raw';
import fault from '../../../../fixtures/formats/gemini/fault.json?raw';
import response from '../../../../fixtures/formats/gemini/response.json?raw';
import toolCalls from '../../../../fixtures/formats/gemini/tool-calls.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { gemini } from './gemini';
import blocked from '../../../../fixtures/real/generative-ai-js/unary-failure-prompt-blocked-safety.json?raw';

describe('gemini fixtures', () => {
  it('reads a REST request: system instruction, image, thought, a call and its response', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['gemini', 'Google Gemini']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.content.map((b) => b.kind), m.text, m.location.path])).toEqual([
      ['system', 'systemInstruction', ['text'], 'You are helpful.', 'systemInstruction'],
      ['human', 'user', ['text', 'image'], 'Weather in Paris?', 'contents[0]'],
      ['ai', 'model', ['reasoning', 'tool_call'], '', 'contents[1]'],
      ['tool', 'functionResponse', ['text'], '15°C', 'contents[2].parts[0]'],
      ['ai', 'model', ['text'], 'It is 15°C in Paris.', 'contents[3]'],
    ]);
    expect(t.messages[1]?.content[1]?.text).toBeUndefined();
    const [call] = t.messages[2]?.toolCalls ?? [];
    expect(call).toMatchObject({ id: 'fc_1', name: 'get_weather', args: { city: 'Paris' }, raw: { thoughtSignature: 'CiQBcsjafHnMDzT0rmMJxNgnSHkB' } });
    expect(t.messages[2]?.content[0]?.text).toContain('call get_weather');
    expect(t.messages[3]).toMatchObject({ toolCallId: 'fc_1', name: 'get_weather' });
    expect(t.messages[3]?.status).toBeUndefined();
    expect(t.messages.map((m) => `${m.location.line}:${m.location.column}`)).toEqual(['1:22', '3:3', '4:3', '5:27', '6:3']);
    expect(t.messages.map((m) => m.turn)).toEqual([undefined, 0, 1, 2, 3]);
    expect(rules(t)).toEqual([]);
  });

  it('reads a python-genai snake_case history without ids, pairing responses by name and order', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('gemini');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.location.path])).toEqual([
      ['human', 'user', undefined, '[0]'],
      ['ai', 'model', undefined, '[1]'],
      ['tool', 'function_response', 'get_weather@1.0', '[2].parts[0]'],
      ['tool', 'function_response', 'get_weather@1.1', '[2].parts[1]'],
      ['ai', 'model', undefined, '[3]'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.args])).toEqual([
      ['get_weather@1.0', { city: 'Paris' }],
      ['get_weather@1.1', { city: 'London' }],
    ]);
    expect(t.messages[3]?.text).toBe('11°C, rain');
    expect(t.messages[4]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['other', 'executable_code', 'print(2**10)'],
      ['other', 'code_execution_result', '1024\n'],
      ['text', 'text', 'Paris: 15°C and sunny. London: 11°C with rain. 2**10 = 1024.'],
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('reads a response: usage counts thoughts as output and cached tokens inside the prompt', () => {
    const t = transcript(response);
    expect(t.format).toBe('gemini');
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      id: 'mJ8vaKXwD4-vz7IPsfmR4QU',
      model: 'gemini-2.5-flash',
      location: { path: 'candidates[0]' },
      usage: { input: 1230, output: 18 + 162, total: 1410, totalReported: true, cacheRead: 1024, reasoning: 162 },
      content: [{ kind: 'reasoning' }, { kind: 'tool_call' }],
    });
    expect(t.tokens.totals).toMatchObject({ input: 1230, output: 180, total: 1410, reasoning: 162 });
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'get_weather@0.1']]);
  });

  it('flags an error response, an unanswered call and a response nobody asked for', () => {
    const t = transcript(fault);
    expect(t.format).toBe('gemini');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.status])).toEqual([
      ['human', 'user', undefined, undefined],
      ['ai', 'model', undefined, undefined],
      ['tool', 'functionResponse', 'book_table@1.0', 'error'],
      ['tool', 'functionResponse', 'cancel_booking@2.1', undefined],
      ['ai', 'model', undefined, undefined],
    ]);
    expect(t.messages[2]?.text).toBe('No tables left at 19:00');
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'send_sms@1.1'],
      ['tool-error', 2, 'book_table@1.0'],
      ['orphan-tool-result', 3, 'cancel_booking@2.1'],
    ]);
  });

  it('marks the ids it makes up, and no finding or error text quotes them: positions stand for them', () => {
    const t = transcript(fault);
    expect(t.messages[1]?.toolCalls.map((c) => c.idMadeUp)).toEqual([{ path: 'contents[1].parts[0]' }, { path: 'contents[1].parts[1]' }]);
    expect(t.messages.map((m) => m.toolCallIdMadeUp)).toEqual([undefined, undefined, true, true, undefined]);
    const [orphanCall, toolError, orphanResult] = t.findings;
    expect(orphanCall?.text).toBe('The send_sms call at contents[1].parts[1] in message #1 has no tool result after it.');
    expect(orphanCall?.fix).toMatch(/^Add a send_sms tool result \(the call has no id: results answer calls by name, in order\) right after/);
    expect(orphanCall?.rejectedBy?.[0]?.error).toMatch(/The following tool_call_ids did not have response messages: contents\[1\]\.parts\[1\]$/);
    expect(toolError?.text).toMatch(/^Tool result message #2 \(book_table\) is an error/);
    expect(orphanResult?.text).toBe(
      'Tool result message #3 (contents[2].parts[1]) has no id, and no cancel_booking call waits for it in the AI message before it.',
    );
    for (const f of t.findings) expect([f.text, f.why, f.fix].join('\n')).not.toMatch(/@\d/);
    for (const v of t.verdicts) for (const p of [...v.problems, ...(v.pending ?? [])]) expect(p.error).not.toMatch(/@\d/);
  });
});

describe('gemini parts and turns', () => {
  const read = (value: unknown) => transcript(json(value), 'gemini').messages;

  it('answers a response without an id with the waiting call of its name, even after user text', () => {
    const messages = read({
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'a', name: 'f', args: {} } }, { functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }, { text: 'wait' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
      ],
    });
    expect(messages.map((m) => m.toolCallId)).toEqual([undefined, 'a', undefined, 'f@0.1']);
  });

  it('skips a call answered by its id when later responses without ids take the waiting calls in order', () => {
    const messages = read({
      contents: [
        {
          role: 'model',
          parts: [
            { functionCall: { id: 'a', name: 'f', args: {} } },
            { functionCall: { id: 'b', name: 'f', args: {} } },
            { functionCall: { id: 'b', name: 'f', args: {} } },
            { functionCall: { name: 'f', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'b', name: 'f', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
          ],
        },
      ],
    });
    expect(messages.map((m) => m.toolCallId)).toEqual([undefined, 'b', 'a', 'b', 'f@0.3', 'f@1.4']);
  });

  // Each response took the first waiting call with Array.shift, which moves every later call: a turn of
  // 160k calls took 10 s to read, and this one would take minutes. Answering by id spliced them likewise.
  it('pairs a turn of 400k calls of one name with its responses without moving the waiting calls each time', { timeout: 60_000 }, () => {
    const n = 400_000;
    const model = (id: (j: number) => object) => ({
      role: 'model',
      parts: Array.from({ length: n }, (_, j) => ({ functionCall: { name: 'f', args: {}, ...id(j) } })),
    });
    const responses = (id: (j: number) => object) => ({
      role: 'user',
      parts: Array.from({ length: n }, (_, j) => ({ functionResponse: { name: 'f', response: {}, ...id(j) } })),
    });
    const value = { contents: [model(() => ({})), responses(() => ({})), model((j) => ({ id: `c${j}` })), responses((j) => ({ id: `c${n - 1 - j}` }))] };
    const { messages } = gemini.read(input(value));
    expect(messages.length).toBe(2 * n + 2);
    expect([messages[1]?.toolCallId, messages[n]?.toolCallId, messages[n + 2]?.toolCallId]).toEqual(['f@0.0', `f@0.${n - 1}`, `c${n - 1}`]);
  });

  it('reads system instructions given as a string, in config, or as a list of parts', () => {
    expect(read({ system_instruction: 'Be brief.', contents: [] })).toMatchObject([{ role: 'system', sourceType: 'system_instruction', text: 'Be brief.' }]);
    expect(read({ config: { systemInstruction: { parts: [{ text: 'A' }, { text: 'B' }] } }, contents: [] })).toMatchObject([
      { role: 'system', text: 'A\nB', location: { path: 'config.systemInstruction' } },
    ]);
    expect(read({ systemInstruction: ['A', { text: 'B' }], contents: [] })).toMatchObject([{ role: 'system', text: 'A\nB' }]);
  });

  it('reads file data, audio and function-role turns; keeps unknown parts', () => {
    const [human, tool] = read([
      {
        role: 'user',
        parts: [
          { fileData: { mimeType: 'application/pdf', fileUri: 'gs://b/a.pdf' } },
          { inline_data: { mime_type: 'audio/wav', data: 'UklGRg==' } },
          { videoMetadata: { fps: 1 } },
        ],
      },
      { role: 'function', parts: [{ functionResponse: { name: 'f', response: { output: { rows: 2 } } } }] },
    ]);
    expect(human?.content.map((b) => [b.kind, b.type])).toEqual([
      ['file', 'fileData'],
      ['audio', 'inline_data'],
      ['other', '(none)'],
    ]);
    expect(tool).toMatchObject({ role: 'tool', text: '{"rows":2}', toolCallId: 'f@1.0' });
  });

  it('keeps what it cannot read as unrecognized messages', () => {
    const messages = read([{ role: 'tool', parts: [] }, { role: 'user', parts: 'x' }, 7, { role: 'user', parts: [] }]);
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['other', 'expected `role` "user" or "model", got "tool"'],
      ['other', 'expected `parts` to be a list, got a string'],
      ['other', 'expected an object with `role` and `parts`, got a number'],
      ['human', undefined],
    ]);
  });

  it('reads a candidate stopped without content', () => {
    const messages = read({ candidates: [{ finishReason: 'SAFETY', index: 0 }], usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 } });
    expect(messages).toMatchObject([{ role: 'ai', content: [], usage: { input: 5, output: 0, total: 5 } }]);
  });
});

describe('gemini detection', () => {
  const score = (value: unknown) => gemini.detect(input(value));

  it('claims requests, bare contents and responses', () => {
    expect(score({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] })).toBe(100);
    expect(score([{ parts: [{ text: 'hi', thought: null }], role: 'model' }])).toBe(100);
    expect(score({ candidates: [{ content: { parts: [{ text: 'hi' }], role: 'model' } }] })).toBe(100);
    expect(score({ candidates: [{ finish_reason: 'SAFETY' }], usage_metadata: { prompt_token_count: 3 } })).toBe(100);
  });

  it('leaves near misses alone', () => {
    // AI SDK UI messages have typed parts and role "assistant".
    expect(score([{ id: '1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }])).toBe(0);
    expect(score([{ id: '1', role: 'assistant', parts: [{ text: 'hi' }] }])).toBe(0);
    // Role/content dicts, Anthropic requests, LangChain stored messages.
    expect(score([{ role: 'user', content: 'hi' }])).toBe(0);
    expect(score({ messages: [{ role: 'user', content: 'hi' }], system: 'x' })).toBe(0);
    expect(score([{ type: 'human', data: { content: 'hi' } }])).toBe(0);
    expect(score({ contents: [] })).toBe(0);
    expect(score({ candidates: [] })).toBe(0);
  });
});

describe('a blocked prompt', () => {
  it('reads a real response refused before any candidate: no message, and a note that says why', () => {
    const t = transcript(blocked);
    expect([t.format, t.kind, t.messages.length, t.findings]).toEqual(['gemini', 'response', 0, []]);
    expect(t.notes).toEqual([
      'The prompt was blocked (SAFETY) (HARM_CATEGORY_HATE_SPEECH HIGH) before the model answered: the response holds no candidate, so no message.',
    ]);
  });
});
