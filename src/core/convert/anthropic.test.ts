import { describe, expect, it } from 'vitest';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import redisLogs from '../../../fixtures/redis-logs.langchain.json?raw';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import weather from '../../../fixtures/weather.anthropic.json?raw';
import webSearch from '../../../fixtures/real/vercel-ai/anthropic-web-search-tool.1.json?raw';
import programmatic from '../../../fixtures/real/vercel-ai/anthropic-programmatic-tool-calling.1.json?raw';
import compaction from '../../../fixtures/real/vercel-ai/anthropic-compaction.1.json?raw';
import { buildTranscript } from '../analyze';
import type { ContentBlock } from '../model';
import { transcript } from '../testing/importing';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { convertTranscript } from '.';
import { essentials } from '../testing/essentials';

const toAnthropic = (text: string) => convertTranscript(transcript(text), 'anthropic');

describe('Anthropic export', () => {
  it('moves the system prompt to `system` and merges tool results with the text after them into one user turn', () => {
    expect(JSON.parse(toAnthropic(crossFormat).text)).toEqual({
      system: 'You are a weather assistant.',
      messages: [
        { role: 'user', content: "What's the weather in Beijing and Hangzhou?" },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_bj', name: 'get_weather', input: { city: 'Beijing' } },
            { type: 'tool_use', id: 'call_hz', name: 'get_weather', input: { city: 'Hangzhou' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_bj', content: 'Sunny, 25°C' },
            { type: 'text', text: 'And tomorrow?' },
            { type: 'tool_result', tool_use_id: 'call_hz', content: 'Rain, 19°C' },
            { type: 'tool_result', tool_use_id: 'call_zz', content: 'Cloudy, 22°C' },
          ],
        },
        { role: 'assistant', content: 'Beijing is sunny at 25°C; Hangzhou has rain at 19°C.' },
      ],
    });
  });

  it('writes an Anthropic request back as it was, signed thinking included', () => {
    const { system: prompt, messages } = JSON.parse(weather) as Record<string, unknown>;
    const { text, lost } = toAnthropic(weather);
    expect(JSON.parse(text)).toEqual({ system: prompt, messages });
    expect(lost).toHaveLength(1);
  });

  it('marks errors with is_error, and lists a late system message, names and dropped invalid calls', () => {
    const messages = build(
      system(),
      human('hi', { name: 'ann' }),
      ai({ toolCalls: [call('a')], invalidToolCalls: [call('bad', 'x', { invalid: true, args: '{', error: 'e' })] }),
      tool('a', { status: 'error', text: 'boom' }),
      system('late'),
    );
    const { text, lost } = convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'anthropic');
    const body = JSON.parse(text) as { system: unknown; messages: { content: unknown }[] };
    expect(body.system).toEqual([
      { type: 'text', text: 'You are helpful.' },
      { type: 'text', text: 'late' },
    ]);
    expect(body.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'a', content: 'boom', is_error: true }]);
    expect(lost).toEqual(
      expect.arrayContaining([
        'message #4: a system message after the start moves to the top-level system; its position is lost',
        'message #1: Anthropic messages have no name',
        'message #2: invalid calls nothing answers are left out (a tool_use needs a tool_result)',
      ]),
    );
  });

  it('turns OpenAI image parts into Anthropic image blocks', () => {
    const image: ContentBlock = { kind: 'image', type: 'image_url', raw: { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } } };
    const messages = build(human('', { content: [{ kind: 'text', type: 'text', text: 'look', raw: 'look' }, image] }));
    const body = JSON.parse(convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'anthropic').text) as {
      messages: { content: unknown }[];
    };
    expect(body.messages[0]?.content).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
    ]);
  });

  it.each([
    ['cross-format run', crossFormat],
    ['redis-logs', redisLogs],
  ])('%s: LangChain → Anthropic → LangChain stored keeps every message, call, result and id', (_, text) => {
    const original = transcript(text);
    const viaAnthropic = transcript(convertTranscript(original, 'anthropic').text, 'anthropic');
    const back = transcript(convertTranscript(viaAnthropic, 'langchain-stored').text, 'langchain-stored');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
  });

  it('tool-error-retry: the round trip keeps the error status; only the unanswered invalid call is left out, and says so', () => {
    const original = transcript(toolErrorRetry);
    const { text, lost } = convertTranscript(original, 'anthropic');
    const back = transcript(convertTranscript(transcript(text, 'anthropic'), 'langchain-stored').text);
    const expected = essentials(original.messages).map((m, i) => (i === 2 ? { ...m, calls: m.calls.slice(0, 1) } : m));
    expect(essentials(back.messages)).toEqual(expected);
    expect(back.messages[3]?.status).toBe('error');
    expect(lost).toContain('message #2: invalid calls nothing answers are left out (a tool_use needs a tool_result)');
  });
});

describe('Anthropic export of server tools', () => {
  const blockTypes = (text: string): string[] => (JSON.parse(text) as { content: { type: string }[] }).content.map((b) => b.type);

  it.each([
    ['web search', webSearch],
    ['programmatic tool calling', programmatic],
    ['compaction', compaction],
  ])('puts every block of a %s response back in its place', (_, text) => {
    const out = JSON.parse(toAnthropic(text).text) as { messages: { role: string; content: { type: string }[] }[] };
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]?.content.map((b) => b.type)).toEqual(blockTypes(text));
  });
});
