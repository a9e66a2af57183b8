import { describe, expect, it } from 'vitest';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import redisLogs from '../../../fixtures/redis-logs.langchain.json?raw';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import webSearch from '../../../fixtures/real/vercel-ai/anthropic-web-search-tool.1.json?raw';
import mcp from '../../../fixtures/real/vercel-ai/anthropic-mcp.1.json?raw';
import { build, call, human, ai, tool } from '../testing/messages';
import { buildTranscript } from '../analyze';
import { transcript } from '../testing/importing';
import { convertTranscript } from '.';
import { essentials } from '../testing/essentials';

const toOpenAI = (text: string) => convertTranscript(transcript(text), 'openai-chat');

describe('OpenAI Chat export', () => {
  it('writes a request body with tool_calls carrying JSON-string arguments', () => {
    const body: unknown = JSON.parse(toOpenAI(crossFormat).text);
    expect(body).toEqual({
      messages: [
        { role: 'system', content: 'You are a weather assistant.' },
        { role: 'user', content: "What's the weather in Beijing and Hangzhou?" },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_bj', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } },
            { id: 'call_hz', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Hangzhou"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_bj', content: 'Sunny, 25°C' },
        { role: 'user', content: 'And tomorrow?' },
        { role: 'tool', tool_call_id: 'call_hz', content: 'Rain, 19°C' },
        { role: 'tool', tool_call_id: 'call_zz', content: 'Cloudy, 22°C' },
        { role: 'assistant', content: 'Beijing is sunny at 25°C; Hangzhou has rain at 19°C.' },
      ],
    });
  });

  it('lists what OpenAI Chat has no place for: ids, usage, tool names, error status, invalid-call errors, reasoning', () => {
    const { lost } = toOpenAI(toolErrorRetry);
    expect(lost).toContain('messages #0, #1, #2, #3, #4, #5, #6: message ids have no place in OpenAI Chat request messages');
    expect(lost).toContain('messages #2, #4, #6: token usage has no place in a request body');
    expect(lost).toContain('message #3: status "error" has no place in OpenAI Chat tool messages');
    expect(lost).toContain('message #2: the error of invalid call call_bad_2 has no place in OpenAI Chat');
    const reasoning = build(human(), ai({ text: 'Hi', content: [{ kind: 'reasoning', type: 'reasoning_content', text: 'hmm', raw: 'hmm' }] }));
    expect(convertTranscript(buildTranscript({ name: 't', label: 'T' }, reasoning), 'openai-chat').lost).toContain(
      'message #1: reasoning block has no place in OpenAI Chat assistant messages',
    );
  });

  it('sends invalid calls with their raw arguments, as langchain-openai does', () => {
    const messages = build(ai({ invalidToolCalls: [call('bad', 'x', { invalid: true, args: '{"a": ', argsText: '{"a": ', error: 'e' })] }), tool('bad'));
    const body = JSON.parse(convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'openai-chat').text) as {
      messages: { tool_calls?: unknown[] }[];
    };
    expect(body.messages[0]?.tool_calls).toEqual([{ id: 'bad', type: 'function', function: { name: 'x', arguments: '{"a": ' } }]);
  });

  it.each([
    ['cross-format run', crossFormat],
    ['redis-logs', redisLogs],
    ['tool-error-retry', toolErrorRetry],
  ])('%s: LangChain → OpenAI Chat → LangChain stored keeps every message, call, result and id', (_, text) => {
    const original = transcript(text);
    const viaOpenAI = transcript(convertTranscript(original, 'openai-chat').text, 'openai-chat');
    const back = transcript(convertTranscript(viaOpenAI, 'langchain-stored').text, 'langchain-stored');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
    expect(back.messages.map((m) => m.name)).toEqual(original.messages.map((m) => (m.role === 'tool' ? undefined : m.name)));
  });
});

describe('OpenAI Chat export of Anthropic server tools', () => {
  it('says when text written after the searches is sent before their results', () => {
    const { lost } = toOpenAI(webSearch);
    expect(lost).toContain(
      "message #0: text written after its server tool results (#1, #2) is sent before them: OpenAI Chat puts an assistant message's text ahead of its tool results",
    );
  });

  it('says it for an MCP result followed by text, and not for a response whose text all comes first', () => {
    expect(toOpenAI(mcp).lost.some((line) => line.includes('sent before them'))).toBe(true);
    const firstText = JSON.stringify({
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'text', text: 'Searching.' },
        { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: [] },
      ],
    });
    expect(toOpenAI(firstText).lost.some((line) => line.includes('sent before them'))).toBe(false);
  });
});
