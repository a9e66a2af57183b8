import { describe, expect, it } from 'vitest';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import crossResponses from '../../../fixtures/cross-format/openai-responses.json?raw';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import redisLogs from '../../../fixtures/redis-logs.langchain.json?raw';
import responsesToolCalls from '../../../fixtures/formats/openai-responses/tool-calls.json?raw';
import geminiFault from '../../../fixtures/formats/gemini/fault.json?raw';
import anthropicThinking from '../../../fixtures/real/vercel-ai/anthropic-clear-thinking.1.json?raw';
import { buildTranscript } from '../analyze';
import { transcript } from '../testing/importing';
import { ai, build, call, human, tool } from '../testing/messages';
import { essentials } from '../testing/essentials';
import { convertTranscript } from '.';

const toResponses = (text: string) => convertTranscript(transcript(text), 'openai-responses');
const body = (text: string) => JSON.parse(toResponses(text).text) as { instructions?: string; input: Record<string, unknown>[] };

describe('OpenAI Responses export', () => {
  it('writes an AI message as a run of items: function calls after its text, each result a function_call_output', () => {
    expect(body(crossFormat)).toEqual({
      input: [
        { role: 'system', content: 'You are a weather assistant.' },
        { role: 'user', content: "What's the weather in Beijing and Hangzhou?" },
        { type: 'function_call', call_id: 'call_bj', name: 'get_weather', arguments: '{"city":"Beijing"}' },
        { type: 'function_call', call_id: 'call_hz', name: 'get_weather', arguments: '{"city":"Hangzhou"}' },
        { type: 'function_call_output', call_id: 'call_bj', output: 'Sunny, 25°C' },
        { role: 'user', content: 'And tomorrow?' },
        { type: 'function_call_output', call_id: 'call_hz', output: 'Rain, 19°C' },
        { type: 'function_call_output', call_id: 'call_zz', output: 'Cloudy, 22°C' },
        { role: 'assistant', content: 'Beijing is sunny at 25°C; Hangzhou has rain at 19°C.' },
      ],
    });
  });

  it('writes a Responses request back as it came: instructions, encrypted reasoning, item ids and status', () => {
    const { instructions, input } = JSON.parse(responsesToolCalls) as Record<string, unknown>;
    const { text, lost } = toResponses(responsesToolCalls);
    expect(JSON.parse(text)).toEqual({ instructions, input });
    // Nothing but what no export carries: the ids went out with their items.
    expect(lost).toEqual([expect.stringContaining('fields msgscope does not read')]);
    expect(JSON.parse(toResponses(crossResponses).text)).toMatchObject({ instructions: 'You are a weather assistant.' });
  });

  it('lists what Responses has no place for: other ids, usage, tool names, error status, invalid-call errors', () => {
    const { lost } = toResponses(toolErrorRetry);
    expect(lost).toContain('messages #0, #1, #2, #3, #4, #5, #6: message ids have no place in OpenAI Responses request messages');
    expect(lost).toContain('messages #2, #4, #6: token usage has no place in a request body');
    expect(lost).toContain('messages #3, #5: OpenAI Responses function_call_output items have no tool name');
    expect(lost).toContain('message #3: status "error" has no place in OpenAI Responses function_call_output items; the output text says what happened');
    expect(lost).toContain('message #2: the error of invalid call call_bad_2 has no place in OpenAI Responses; its arguments are sent as written');
    expect(lost).toContain('message #1: OpenAI Responses messages have no name');
  });

  it('leaves out reasoning Responses did not return, and says so', () => {
    const { text, lost } = toResponses(anthropicThinking);
    expect(JSON.parse(text)).toEqual({ input: [{ role: 'assistant', content: '925 ÷ 5 = 185' }] });
    expect(lost).toContain(
      'message #0: reasoning has no place in OpenAI Responses input unless it is a reasoning item Responses returned (its id or encrypted_content)',
    );
  });

  it('writes the ids msgscope made up for calls that had none, so results still pair, and says so', () => {
    const original = transcript(geminiFault, 'gemini');
    const { text, lost } = convertTranscript(original, 'openai-responses');
    const input = (JSON.parse(text) as { input: Record<string, unknown>[] }).input;
    expect(input.filter((item) => item.type === 'function_call').map((item) => item.call_id)).toEqual(['book_table@1.0', 'send_sms@1.1']);
    expect(lost).toContain(
      'messages #1, #2, #3: calls and results without an id are written with the id msgscope made up to link them, as OpenAI Responses requires one',
    );
    const back = transcript(text);
    expect(back.format).toBe('openai-responses');
    expect(back.links.values().map((link) => [link.calls.map((c) => c.messageIndex), link.results])).toEqual(
      original.links.values().map((link) => [link.calls.map((c) => c.messageIndex), link.results]),
    );
  });

  it('says when an AI message that starts with a call would join the AI message before it', () => {
    const messages = build(human(), ai({ text: 'Let me look.' }), ai({ toolCalls: [call('c1')] }), tool('c1'));
    const { lost } = convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'openai-responses');
    expect(lost).toContain(
      'message #2: OpenAI Responses items carry no boundary between model turns but a message or reasoning item: this AI message, starting with a call, joins the one before it',
    );
  });

  it.each([
    ['cross-format run', crossFormat],
    ['redis-logs', redisLogs],
    ['tool-error-retry', toolErrorRetry],
  ])('%s: LangChain → Responses → LangChain stored keeps every message, call, result and id', (_, text) => {
    const original = transcript(text);
    const viaResponses = transcript(toResponses(text).text, 'openai-responses');
    const back = transcript(convertTranscript(viaResponses, 'langchain-stored').text, 'langchain-stored');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
  });
});
