import { describe, expect, it } from 'vitest';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import redisLogs from '../../../fixtures/redis-logs.langchain.json?raw';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import vercelToolCalls from '../../../fixtures/formats/vercel-ai/tool-calls.json?raw';
import vercelFault from '../../../fixtures/formats/vercel-ai/fault.json?raw';
import vercelV4 from '../../../fixtures/formats/vercel-ai/v4-core.json?raw';
import anthropicThinking from '../../../fixtures/real/vercel-ai/anthropic-clear-thinking.1.json?raw';
import gemini3 from '../../../fixtures/real/vercel-ai/google-tool-call-gemini3.json?raw';
import responsesToolCalls from '../../../fixtures/formats/openai-responses/tool-calls.json?raw';
import { buildTranscript } from '../analyze';
import { transcript } from '../testing/importing';
import { ai, build, human, system } from '../testing/messages';
import { essentials } from '../testing/essentials';
import { convertTranscript } from '.';

type Part = Record<string, unknown>;
type ModelMessage = { role: string; content: string | Part[] };
const toVercel = (text: string, format?: string) => convertTranscript(transcript(text, format), 'vercel-ai');
const messages = (text: string, format?: string) => JSON.parse(toVercel(text, format).text) as ModelMessage[];
const parts = (text: string): Part[] => messages(text).flatMap((m) => (Array.isArray(m.content) ? m.content : []));

describe('Vercel AI SDK export', () => {
  it('writes ModelMessages: tool-call parts in the assistant message, a run of results in one tool message', () => {
    expect(messages(crossFormat)).toEqual([
      { role: 'system', content: 'You are a weather assistant.' },
      { role: 'user', content: "What's the weather in Beijing and Hangzhou?" },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_bj', toolName: 'get_weather', input: { city: 'Beijing' } },
          { type: 'tool-call', toolCallId: 'call_hz', toolName: 'get_weather', input: { city: 'Hangzhou' } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_bj', toolName: 'get_weather', output: { type: 'text', value: 'Sunny, 25°C' } }] },
      { role: 'user', content: 'And tomorrow?' },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'call_hz', toolName: 'get_weather', output: { type: 'text', value: 'Rain, 19°C' } },
          { type: 'tool-result', toolCallId: 'call_zz', toolName: 'get_weather', output: { type: 'text', value: 'Cloudy, 22°C' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Beijing is sunny at 25°C; Hangzhou has rain at 19°C.' }] },
    ]);
  });

  it('writes AI SDK messages back as they came: files, JSON outputs, a provider-executed result inside its assistant message', () => {
    expect(messages(vercelToolCalls)).toEqual(JSON.parse(vercelToolCalls));
    const fault = JSON.parse(vercelFault) as { messages: ModelMessage[] };
    expect(messages(vercelFault)).toEqual(fault.messages);
    expect(toVercel(vercelFault).lost).toEqual([expect.stringContaining('fields msgscope does not read')]);
  });

  it('writes v4 CoreMessages as v5 ModelMessages: input, typed output, the signature in providerOptions', () => {
    expect(messages(vercelV4)).toEqual([
      { role: 'user', content: 'What is 12 * 7? Think first.' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '12 * 7 = 84.', providerOptions: { anthropic: { signature: 'EqQBCkYIBxgCKkA' } } },
          { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'EmwKAhgBEgy3va3pzix' } } },
          { type: 'tool-call', toolCallId: 'call_calc', toolName: 'calculator', input: { expression: '12 * 7' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_calc',
            toolName: 'calculator',
            output: { type: 'error-text', value: '{"error":"division module not loaded"}' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: '12 * 7 is 84.' }] },
    ]);
  });

  it('carries what each provider needs to take its reasoning back where the SDK’s providers read it', () => {
    expect(parts(anthropicThinking)[0]).toEqual({
      type: 'reasoning',
      text: '925 divided by 5 = 185',
      providerOptions: { anthropic: { signature: expect.stringMatching(/^Er4BCkYI/) as unknown } },
    });
    expect(parts(gemini3)[0]).toMatchObject({
      type: 'tool-call',
      toolName: 'weather',
      providerOptions: { google: { thoughtSignature: expect.stringMatching(/^Eqo\+Cqc\+/) as unknown } },
    });
    expect(parts(responsesToolCalls).find((part) => part.type === 'reasoning')).toEqual({
      type: 'reasoning',
      text: 'I need the coordinates of Paris to call get_weather.',
      providerOptions: { openai: { itemId: 'rs_6806bfca0b2481918a5748308061a2600d3ce51bdffd5476', reasoningEncryptedContent: 'gAAAAABoBr_KyRV0' } },
    });
  });

  it('types a failed result as error-text, writes the ids msgscope made up, and lists what has no place', () => {
    const { text, lost } = toVercel(toolErrorRetry);
    const written = JSON.parse(text) as ModelMessage[];
    expect(written[3]?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_order_1',
        toolName: 'create_order',
        output: { type: 'error-text', value: expect.stringContaining('api_rate_limit') as unknown },
      },
    ]);
    expect(lost).toContain('message #1: Vercel AI SDK messages have no name');
    expect(lost).toContain('message #2: the error of invalid call call_bad_2 has no place in Vercel AI SDK; its input is sent as the text it was');
    const fromGemini = toVercel(
      JSON.stringify({
        contents: [
          { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 'ok' } } }] },
        ],
      }),
    );
    expect(JSON.parse(fromGemini.text)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'f@0.0', toolName: 'f', input: {} }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'f@0.0', toolName: 'f', output: { type: 'text', value: 'ok' } }] },
    ]);
    expect(fromGemini.lost).toContain(
      'messages #0, #1: calls and results without an id are written with the id msgscope made up to link them, as Vercel AI SDK requires one',
    );
  });

  it('a history of text only is generic role/content dicts too: it reads back as vercel-ai when asked', () => {
    const t = buildTranscript({ name: 't', label: 'T' }, build(system('Be brief.'), human('hi'), ai({ text: 'Hello!' })));
    const { text } = convertTranscript(t, 'vercel-ai');
    expect(transcript(text).format).not.toBe('vercel-ai');
    expect(essentials(transcript(text, 'vercel-ai').messages)).toEqual(essentials(t.messages));
  });

  it.each([
    ['cross-format run', crossFormat],
    ['redis-logs', redisLogs],
    ['tool-error-retry', toolErrorRetry],
  ])('%s: LangChain → AI SDK reads back with every message, call, result and id', (_, text) => {
    const original = transcript(text);
    const back = transcript(toVercel(text).text);
    expect(back.format).toBe('vercel-ai');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
  });
});
