import { describe, expect, it } from 'vitest';
import chatResponse from '../../../../fixtures/formats/agent-framework-python/chat-response.json?raw';
import clean from '../../../../fixtures/formats/agent-framework-python/clean.json?raw';
import fault from '../../../../fixtures/formats/agent-framework-python/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/agent-framework-python/tool-calls.json?raw';
import { allRules, importAs, input, transcript } from '../../testing/importing';
import { agentFrameworkPython } from './agentFrameworkPython';
import { detectFormat } from '../registry';

const read = importAs('agent-framework-python');

describe('agent-framework-python fixtures', () => {
  it('reads a clean conversation without findings', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['agent-framework-python', 'Microsoft Agent Framework (Python)']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.name, m.text])).toEqual([
      ['system', 'system', undefined, undefined, 'You are a helpful assistant.'],
      ['human', 'user', 'u1', undefined, 'Why is the sky blue?'],
      ['ai', 'assistant', 'a1', 'Assistant', 'Because air scatters blue light more than red light.'],
    ]);
    expect(t.messages[2]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['reasoning', 'text_reasoning'],
      ['text', 'text'],
    ]);
    expect(t.messages[2]?.usage).toEqual({ input: 25, output: 12, total: 37, totalReported: true, cacheRead: 16, reasoning: 4 });
    expect(t.findings).toEqual([]);
  });

  it('reads a ChatResponse, giving its model and usage to the reply', () => {
    const t = transcript(chatResponse);
    expect(t.format).toBe('agent-framework-python');
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      id: 'msg_01',
      model: 'gpt-4o-mini',
      usage: { input: 25, output: 12, total: 37, totalReported: true, cacheRead: 16, reasoning: 4 },
      location: { path: 'messages[0]', line: 4 },
    });
  });

  it('reads string arguments, links results and splits hosted results out of the reply', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('agent-framework-python');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.toolCallId, m.location.path])).toEqual([
      ['system', 'system', undefined, undefined, '[0]'],
      ['human', 'user', 'u1', undefined, '[1]'],
      ['ai', 'assistant', 'a1', undefined, '[2]'],
      ['tool', 'tool', 't1', 'call_paris', '[3]'],
      ['ai', 'assistant', 'a2', undefined, '[4]'],
      ['tool', 'mcp_server_tool_result', undefined, 'mcp_1', '[4].contents[1]'],
      ['ai', 'assistant', undefined, undefined, '[4]'],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.text])).toEqual([
      ['text', "What's the weather in Paris? Here is a map."],
      ['image', 'https://example.com/paris-map.png'],
    ]);
    expect(t.messages[2]).toMatchObject({
      name: 'WeatherAgent',
      toolCalls: [{ id: 'call_paris', name: 'get_weather', args: { location: 'Paris' }, argsText: '{"location": "Paris"}' }],
      usage: { input: 310, output: 42, total: 352, cacheCreation: 100 },
    });
    expect(t.messages[4]?.toolCalls).toMatchObject([{ id: 'mcp_1', name: 'search_docs', args: { query: 'umbrella' } }]);
    expect(t.messages[5]?.text).toBe('Bring an umbrella below 16°C.');
    expect(t.messages[6]?.text).toBe('It is 15°C and cloudy in Paris; bring an umbrella.');
    expect([...t.links.values()].map((l) => [l.id, l.calls.map((c) => c.messageIndex), l.results])).toEqual([
      ['call_paris', [2], [3]],
      ['mcp_1', [4], [5]],
    ]);
    expect(t.findings).toEqual([]);
  });

  it('reads the older chat_message form and flags the exception, the bad arguments and the unanswered call', () => {
    const t = transcript(fault);
    expect(t.format).toBe('agent-framework-python');
    expect(t.messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['human', 'user'],
      ['ai', 'assistant'],
      ['tool', 'tool'],
      ['ai', 'assistant'],
    ]);
    expect(t.messages[2]).toMatchObject({ toolCallId: 'call_eur', status: 'error', text: 'Error: Function failed.' });
    expect(t.messages[1]?.toolCalls[1]).toMatchObject({ id: 'call_jpy', argsText: '{"to": "JPY", "amount": 100' });
    expect(allRules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_jpy'],
      ['invalid-tool-call', 1, 'call_jpy'],
      ['tool-error', 2, 'call_eur'],
    ]);
  });
});

describe('agent-framework-python contents', () => {
  it('reads one message on its own, older usage contents and unknown types', () => {
    const messages = read({
      type: 'message',
      role: 'assistant',
      contents: [
        { type: 'text', text: 'Hi' },
        { type: 'function_approval_request', id: 'r1', function_call: { type: 'function_call', call_id: 'c1', name: 'rm', arguments: {} } },
        { type: 'oauth_consent_request', consent_link: 'https://x' },
        { type: 'usage', details: { type: 'usage_details', input_token_count: 3, output_token_count: 2 } },
        { type: 'error', message: 'Rate limited', error_code: '429' },
      ],
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: 'ai', text: 'Hi', toolCalls: [], usage: { input: 3, output: 2, total: 5, totalReported: false } });
    expect(messages[0]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['text', 'text', 'Hi'],
      ['other', 'function_approval_request', undefined],
      ['other', 'oauth_consent_request', undefined],
      ['other', 'error', 'Rate limited'],
    ]);
    expect(messages[0]?.location.path).toBe('');
  });

  it('finds the messages of a serialized thread', () => {
    const thread = {
      service_thread_id: null,
      chat_message_store_state: { messages: [{ type: 'message', role: 'user', contents: [{ type: 'text', text: 'hi' }] }] },
    };
    expect(detectFormat(input(thread))?.name).toBe('agent-framework-python');
    expect(read(thread).map((m) => [m.role, m.location.path])).toEqual([['human', 'chat_message_store_state.messages[0]']]);
  });

  it('keeps what it cannot read as unrecognized messages', () => {
    const messages = read([
      { type: 'message', role: 'user', contents: [] },
      { type: 'message', role: 7, contents: [] },
      { type: 'message', role: 'user', contents: 'hi' },
    ]);
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['human', undefined],
      ['other', 'expected a `role` string or {"type": "role", "value": ...}'],
      ['other', '`contents` is not a list'],
    ]);
  });
});

describe('agent-framework-python detection', () => {
  it('does not take near misses', () => {
    const nearMisses = [
      [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], // OpenAI Responses item
      [{ type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'hi' }] }],
      [{ type: 'human', content: 'hi' }], // LangChain dict
      [{ role: 'user', contents: [{ $type: 'text', text: 'hi' }] }], // MEAI
      [{ type: 'chat_message', role: 'user' }],
      { type: 'message', role: 'user', content: 'hi' },
    ];
    for (const value of nearMisses) expect(agentFrameworkPython.detect(input(value))).toBe(0);
  });
});
