import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/vercel-ai/clean.json?raw';
import fault from '../../../../fixtures/formats/vercel-ai/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/vercel-ai/tool-calls.json?raw';
import v4Core from '../../../../fixtures/formats/vercel-ai/v4-core.json?raw';
import { allRules, importAs, input, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { vercelAi } from './vercelAi';

const read = importAs('vercel-ai');

describe('vercel-ai fixtures', () => {
  it('reads a clean conversation, reasoning with its provider options', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['vercel-ai', 'Vercel AI SDK messages']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a helpful assistant.'],
      ['human', 'user', 'Why is the sky blue?'],
      ['ai', 'assistant', 'Because air scatters blue light more than red light.'],
    ]);
    const reasoning = t.messages[2]?.content[0];
    expect(reasoning).toMatchObject({ kind: 'reasoning', text: 'Rayleigh scattering favors short wavelengths.' });
    expect(reasoning?.raw).toMatchObject({ providerOptions: { anthropic: { signature: 'EqQBCkYIBxgCKkA' } } });
    expect(t.findings).toEqual([]);
  });

  it('splits tool messages per result and provider-executed results out of the reply', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('vercel-ai');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.name, m.location.path, m.location.line])).toEqual([
      ['human', 'user', undefined, undefined, '[0]', 2],
      ['ai', 'assistant', undefined, undefined, '[1]', 6],
      ['tool', 'tool', 'call_sf', 'weather', '[2].content[0]', 12],
      ['tool', 'tool', 'call_ny', 'weather', '[2].content[1]', 13],
      ['ai', 'assistant', undefined, undefined, '[3]', 15],
      ['tool', 'tool-result', 'srvtoolu_1', 'web_search', '[3].content[1]', 17],
      ['ai', 'assistant', undefined, undefined, '[3]', 15],
    ]);
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['text', 'What is the weather in San Francisco and New York? See the attached plan.'],
      ['file', 'plan.pdf'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_sf', 'weather', { location: 'San Francisco' }],
      ['call_ny', 'weather', { location: 'New York' }],
    ]);
    expect(t.messages.slice(2, 4).map((m) => m.text)).toEqual(['{"location":"San Francisco","temperature":72}', 'New York: 65°F']);
    expect(t.messages[6]?.text).toBe('San Francisco is 72°F with fog later; New York is 65°F.');
    expect([...t.links.values()].map((l) => [l.id, l.calls.map((c) => c.messageIndex), l.results])).toEqual([
      ['call_sf', [1], [2]],
      ['call_ny', [1], [3]],
      ['srvtoolu_1', [4], [5]],
    ]);
    expect(t.findings).toEqual([]);
  });

  it('flags a denied execution and a call left without a result', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => [m.role, m.toolCallId, m.status, m.location.path])).toEqual([
      ['human', undefined, undefined, 'messages[0]'],
      ['ai', undefined, undefined, 'messages[1]'],
      ['tool', 'call_rm', 'error', 'messages[2]'],
      ['ai', undefined, undefined, 'messages[3]'],
      ['human', undefined, undefined, 'messages[4]'],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['tool_call', 'tool-call'],
      ['other', 'tool-approval-request'],
    ]);
    // The approval response travels with the result it explains, not as a tool message of its own.
    expect(t.messages[2]?.content.map((b) => b.type)).toEqual(['tool-approval-response', 'tool-result']);
    expect(t.messages[2]?.text).toBe('Not allowed.');
    expect(allRules(t)).toEqual([
      ['tool-error', 2, 'call_rm'],
      ['orphan-tool-call', 3, 'call_ls'],
    ]);
  });

  it('reads v4 CoreMessages: args, result with isError, reasoning signature, redacted reasoning', () => {
    const t = transcript(v4Core);
    expect(t.format).toBe('vercel-ai');
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['reasoning', 'reasoning', '12 * 7 = 84.'],
      ['reasoning', 'redacted-reasoning', undefined],
      ['tool_call', 'tool-call', 'calculator'],
    ]);
    expect(t.messages[1]?.content[0]?.raw).toMatchObject({ signature: 'EqQBCkYIBxgCKkA' });
    expect(t.messages[1]?.toolCalls).toMatchObject([{ id: 'call_calc', name: 'calculator', args: { expression: '12 * 7' } }]);
    expect(t.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'call_calc', status: 'error', text: '{"error":"division module not loaded"}' });
    expect(allRules(t)).toEqual([['tool-error', 2, 'call_calc']]);
  });
});

describe('vercel-ai parts', () => {
  it('reads every tool output type', () => {
    const result = (output: unknown) => ({ type: 'tool-result', toolCallId: 'c', toolName: 't', output });
    const messages = read([
      {
        role: 'tool',
        content: [
          result({ type: 'text', value: 'ok' }),
          result({ type: 'json', value: { a: 1 } }),
          result({ type: 'error-text', value: 'boom' }),
          result({ type: 'error-json', value: { code: 500 } }),
          result({ type: 'execution-denied' }),
          result({
            type: 'content',
            value: [
              { type: 'text', text: 'see image' },
              { type: 'media', data: 'iVBOR', mediaType: 'image/png' },
            ],
          }),
          { type: 'tool-result', toolCallId: 'c', toolName: 't', result: 'v4', experimental_content: [{ type: 'text', text: 'v4 content' }] },
        ],
      },
    ]);
    expect(messages.map((m) => [m.text, m.status])).toEqual([
      ['ok', undefined],
      ['{"a":1}', undefined],
      ['boom', 'error'],
      ['{"code":500}', 'error'],
      ['Tool execution denied.', 'error'],
      ['see image', undefined],
      ['v4 content', undefined],
    ]);
  });

  it('keeps images out of text, parses string input and keeps unknown parts', () => {
    const [user, assistant] = read([
      { role: 'user', content: [{ type: 'image', image: 'iVBORw0KGgo', mediaType: 'image/png' }, 'stray'] },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{"a": 1}' },
          { type: 'custom', kind: 'x' },
          { type: 'reasoning-file', data: 'AAAA', mediaType: 'application/octet-stream' },
        ],
      },
    ]);
    expect(user?.content.map((b) => [b.kind, b.text])).toEqual([
      ['image', undefined],
      ['other', undefined],
    ]);
    expect(assistant?.toolCalls[0]).toMatchObject({ args: { a: 1 }, argsText: '{"a": 1}' });
    expect(assistant?.content.map((b) => b.kind)).toEqual(['tool_call', 'other', 'file']);
  });

  it('reads JSON Lines, one message a line, splitting results by line', () => {
    const lines = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'f', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: { type: 'text', value: 'a' } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'f', output: { type: 'text', value: 'b' } },
        ],
      },
    ];
    const t = transcript(lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(t.format).toBe('vercel-ai');
    expect(t.messages.map((m) => [m.role, m.toolCallId, m.location.path, m.location.line])).toEqual([
      ['human', undefined, 'line 1', 1],
      ['ai', undefined, 'line 2', 2],
      ['tool', 'c1', 'line 3', 3],
      ['tool', 'c2', 'line 3', 3],
    ]);
    expect(t.findings).toEqual([]);
  });

  it('keeps what it cannot read as unrecognized messages', () => {
    const messages = read({ messages: [null, { content: 'no role' }, { role: 'critic', content: 'x' }, { role: 'user', content: 5 }] });
    expect(messages.map((m) => [m.location.path, m.role, m.problem])).toEqual([
      ['messages[0]', 'other', 'expected an object with `role` and `content`, got null'],
      ['messages[1]', 'other', 'expected a string `role`'],
      ['messages[2]', 'other', undefined],
      ['messages[3]', 'human', undefined],
    ]);
  });
});

describe('vercel-ai detection', () => {
  const call = { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }] };

  it('claims role/content lists only when an AI SDK part or option appears', () => {
    const plain = [
      { role: 'system', content: 'x' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ];
    expect(vercelAi.detect(input([...plain, call]))).toBe(90);
    expect(detectFormat(input({ messages: [...plain, call] }))?.name).toBe('vercel-ai');
    expect(vercelAi.detect(input(plain))).toBe(0);
    expect(detectFormat(input(plain))?.name).not.toBe('vercel-ai');
    expect(vercelAi.detect(input([{ role: 'user', content: 'hi', providerOptions: { openai: {} } }]))).toBe(90);
  });

  it('does not take near misses', () => {
    const nearMisses = [
      [call, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }], // OpenAI Chat
      [call, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: 'x' }] }], // Anthropic
      [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }],
      [{ role: 'assistant', content: [{ type: 'reasoning', reasoning: 'hmm' }] }], // LangChain v1 block
      [{ role: 'user', content: [{ type: 'file', file: { file_id: 'f' } }] }], // OpenAI file part
      [{ id: 'm1', role: 'assistant', parts: [{ type: 'tool-f', toolCallId: 'c', state: 'input-available', input: {} }] }], // UI message
      [{ type: 'ai', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }] }],
      [{ role: 'tool', content: 'x' }],
    ];
    for (const value of nearMisses) expect(vercelAi.detect(input(value))).toBe(0);
  });
});
