import { describe, expect, it } from 'vitest';
import chatResponse from '../../../../fixtures/formats/meai/chat-response.json?raw';
import clean from '../../../../fixtures/formats/meai/clean.json?raw';
import fault from '../../../../fixtures/formats/meai/fault.json?raw';
import knownPayload from '../../../../fixtures/formats/meai/known-payload.json?raw';
import toolCalls from '../../../../fixtures/formats/meai/tool-calls.json?raw';
import { allRules, importAs, input, transcript } from '../../testing/importing';
import { meai } from './meai';
import { detectFormat } from '../registry';

const read = importAs('meai');

describe('meai fixtures', () => {
  it('reads the ChatMessageTests.cs JsonDeserialization_KnownPayload message', () => {
    const t = transcript(knownPayload);
    expect([t.format, t.formatLabel]).toEqual(['meai', 'Microsoft.Extensions.AI / Agent Framework (.NET)']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.name, m.timestamp, m.location.path, m.location.line])).toEqual([
      ['human', 'user', 'msg42', 'Fred', '2024-06-01T12:00:00+00:00', '', 1],
      ['tool', 'functionResult', undefined, undefined, '2024-06-01T12:00:00+00:00', 'contents[2]', 4],
    ]);
    expect(t.messages[0]).toMatchObject({ text: 'Hello, world!', toolCalls: [{ id: 'call1', name: 'myFunc', args: { param1: 'value1' } }] });
    expect(t.messages[0]?.raw).toMatchObject({ additionalProperties: { metaKey: 'metaValue' } });
    expect(t.messages[1]).toMatchObject({ toolCallId: 'call1', text: 'result-value' });
    expect(t.messages[1]?.status).toBeUndefined();
    expect(t.messages[1]?.raw).toEqual({ $type: 'functionResult', callId: 'call1', result: 'result-value' });
    expect(t.links.get('call1')).toEqual({ id: 'call1', calls: [{ messageIndex: 0, callIndex: 0 }], results: [1] });
    expect(t.findings).toEqual([]);
  });

  it('reads a clean conversation without findings', () => {
    const t = transcript(clean);
    expect(t.format).toBe('meai');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a helpful assistant.'],
      ['human', 'user', 'Why is the sky blue?'],
      ['ai', 'assistant', 'Because air scatters blue light more than red light.'],
    ]);
    expect(t.messages[2]?.content.map((b) => b.kind)).toEqual(['reasoning', 'text']);
    expect(t.messages[2]?.usage).toEqual({ input: 25, output: 12, total: 37, totalReported: true, cacheRead: 0, reasoning: 4 });
    expect(t.findings).toEqual([]);
  });

  it('reads a ChatResponse, giving its model and usage to the reply', () => {
    const t = transcript(chatResponse);
    expect(t.format).toBe('meai');
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      id: 'chatcmpl-AaBbCc',
      name: 'WeatherAgent',
      model: 'gpt-4o-mini-2024-07-18',
      text: 'Hello! How can I help you today?',
      usage: { input: 25, output: 12, total: 37, totalReported: true, cacheRead: 0, reasoning: 4 },
    });
    expect(t.messages[0]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['reasoning', 'The user wants a short greeting.'],
      ['text', 'Hello! How can I help you today?'],
    ]);
  });

  it('finds the history in an Agent Framework session state and splits a tool message per result', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('meai');
    const prefix = 'stateBag.InMemoryChatHistoryProvider.messages';
    expect(t.messages.map((m) => [m.role, m.id, m.toolCallId, m.location.path])).toEqual([
      ['system', undefined, undefined, `${prefix}[0]`],
      ['human', 'u1', undefined, `${prefix}[1]`],
      ['ai', 'chatcmpl-1', undefined, `${prefix}[2]`],
      ['tool', 'tool-1', 'call_paris', `${prefix}[3].contents[0]`],
      ['tool', undefined, 'call_oslo', `${prefix}[3].contents[1]`],
      ['ai', 'chatcmpl-2', undefined, `${prefix}[4]`],
    ]);
    expect(t.messages.map((m) => m.location.line)).toEqual([5, 6, 15, 29, 30, 33]);
    // The data URI is an image block, never text.
    expect(t.messages[1]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['text', "What's the weather in Paris and Oslo? Here is my photo."],
      ['image', 'image/png'],
    ]);
    expect(t.messages[4]?.text).toBe('{"temperature":-2,"sky":"snow"}');
    expect(t.messages[2]?.usage).toEqual({ input: 310, output: 42, total: 352, totalReported: true, cacheRead: 128 });
    expect([...t.links.values()].map((l) => [l.id, l.calls.map((c) => c.messageIndex), l.results])).toEqual([
      ['call_paris', [2], [3]],
      ['call_oslo', [2], [4]],
    ]);
    expect(t.tokens.totals).toMatchObject({ input: 712, output: 62, total: 774, cacheRead: 128, messagesWithUsage: 2 });
    expect(t.findings).toEqual([]);
  });

  it('flags the invoker error text and the unanswered call, keeping the unknown content', () => {
    const t = transcript(fault);
    expect(t.format).toBe('meai');
    expect(t.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'call_book', status: 'error' });
    expect(t.messages[3]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['text', 'text'],
      ['tool_call', 'functionCall'],
      ['other', 'citation'],
    ]);
    expect(allRules(t)).toEqual([
      ['tool-error', 2, 'call_book'],
      ['orphan-tool-call', 3, 'call_mail'],
    ]);
  });
});

describe('meai contents', () => {
  it('links hosted tool calls to their results by callId and splits the results out', () => {
    const messages = read([
      {
        role: 'assistant',
        contents: [
          { $type: 'mcpServerToolCall', callId: 'mcp_1', toolName: 'search', serverName: 'docs', arguments: { q: 'x' } },
          { $type: 'mcpServerToolResult', callId: 'mcp_1', output: [{ $type: 'text', text: 'found' }] },
          { $type: 'codeInterpreterToolCall', callId: 'ci_1', inputs: [{ $type: 'data', uri: 'data:text/x-python;base64,cHJpbnQoMSk=' }] },
          { $type: 'codeInterpreterToolResult', callId: 'ci_1', outputs: [{ $type: 'text', text: '1' }] },
          { $type: 'webSearchToolCall', callId: 'ws_1' },
          { $type: 'imageGenerationToolCall', imageId: 'img_1' },
          { $type: 'text', text: 'Done.' },
        ],
      },
    ]);
    expect(messages.map((m) => [m.role, m.text, m.toolCallId, m.toolCalls.map((c) => [c.id, c.name])])).toEqual([
      ['ai', '', undefined, [['mcp_1', 'search']]],
      ['tool', 'found', 'mcp_1', []],
      ['ai', '', undefined, [['ci_1', 'codeInterpreter']]],
      ['tool', '1', 'ci_1', []],
      ['ai', 'Done.', undefined, [['ws_1', 'webSearch']]],
    ]);
    // A hosted call without a callId cannot be linked: it stays a block.
    expect(messages[4]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['tool_call', 'webSearchToolCall'],
      ['tool_call', 'imageGenerationToolCall'],
      ['text', 'text'],
    ]);
  });

  it('keeps approval requests, errors and files as blocks and reads every invoker error text', () => {
    const messages = read([
      {
        role: 'assistant',
        contents: [
          { $type: 'toolApprovalRequest', requestId: 'r1', toolCall: { $type: 'functionCall', callId: 'c1', name: 'rm', arguments: {} } },
          { $type: 'error', message: 'Rate limited', errorCode: '429' },
          { $type: 'uri', uri: 'https://x/report.pdf', mediaType: 'application/pdf' },
          { $type: 'hostedFile', fileId: 'file_1' },
          42,
        ],
      },
      { role: 'user', contents: [{ $type: 'toolApprovalResponse', requestId: 'r1', approved: false }] },
      { role: 'tool', contents: [{ $type: 'functionResult', callId: 'c2', result: 'Error: Requested function "nope" not found.' }] },
      { role: 'tool', contents: [{ $type: 'functionResult', callId: 'c3', result: 'Error: Unknown error.' }] },
      { role: 'tool', contents: [{ $type: 'functionResult', callId: 'c4', result: 'No error here' }] },
    ]);
    expect(messages[0]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['other', 'toolApprovalRequest', undefined],
      ['other', 'error', 'Rate limited'],
      ['file', 'uri', 'https://x/report.pdf'],
      ['file', 'hostedFile', 'file_1'],
      ['other', '(none)', undefined],
    ]);
    expect(messages[0]?.toolCalls).toEqual([]);
    expect(messages[1]?.content.map((b) => b.type)).toEqual(['toolApprovalResponse']);
    expect(messages.slice(2).map((m) => m.status)).toEqual(['error', 'error', undefined]);
  });

  it('reads custom roles, string arguments and summed usage contents', () => {
    const [message] = read([
      {
        role: 'critic',
        contents: [
          { $type: 'functionCall', callId: 'c', name: 'f', arguments: '{"a": 1' },
          { $type: 'usage', details: { inputTokenCount: 10, outputTokenCount: 5 } },
          { $type: 'usage', details: { inputTokenCount: 1, outputTokenCount: 1, totalTokenCount: 2, reasoningTokenCount: 1 } },
        ],
      },
    ]);
    expect(message).toMatchObject({ role: 'other', sourceType: 'critic' });
    expect(message?.toolCalls[0]).toMatchObject({ id: 'c', argsText: '{"a": 1' });
    expect(message?.toolCalls[0]?.error).toMatch(/not valid JSON/);
    expect(message?.usage).toEqual({ input: 11, output: 6, total: 17, totalReported: false, reasoning: 1 });
    expect(read([{ role: 'Assistant', contents: [] }])[0]?.role).toBe('ai');
  });

  it('keeps what it cannot read as unrecognized messages', () => {
    const messages = read({ messages: [null, { contents: [] }, { role: 'user', contents: 'hi' }] });
    expect(messages.map((m) => [m.location.path, m.role, m.problem])).toEqual([
      ['messages[0]', 'other', 'expected an object with `role` and `contents`, got null'],
      ['messages[1]', 'other', 'expected a string `role`'],
      ['messages[2]', 'other', '`contents` is not a list'],
    ]);
  });
});

describe('meai detection', () => {
  it('detects one message, lists, ChatResponses and session states', () => {
    const message = { role: 'user', contents: [{ $type: 'text', text: 'hi' }] };
    for (const value of [message, [message], { messages: [message], modelId: 'm' }, { stateBag: { P: { messages: [message] } } }]) {
      expect(detectFormat(input(value))?.name).toBe('meai');
    }
    expect(meai.detect(input([{ role: 'assistant', contents: [] }]))).toBe(100);
  });

  it('does not take near misses', () => {
    const nearMisses = [
      [{ type: 'message', role: 'user', contents: [{ type: 'text', text: 'hi' }] }], // Agent Framework Python
      [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], // OpenAI Responses
      [{ role: 'user', content: 'hi' }], // LangChain / OpenAI dicts
      [{ role: 'user', parts: [{ text: 'hi' }] }], // Gemini
      [{ role: 'user', contents: [{ type: 'text', text: 'hi' }] }], // no $type
      { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, // Gemini request
      { stateBag: { P: { messages: [{ role: 'user', content: 'hi' }] } } },
    ];
    for (const value of nearMisses) expect(meai.detect(input(value))).toBe(0);
  });
});
