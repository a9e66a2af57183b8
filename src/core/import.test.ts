import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import chunks from '../../fixtures/chunks.langchain.json?raw';
import historyJsonl from '../../fixtures/history.jsonl?raw';
import invalid from '../../fixtures/invalid.json?raw';
import threadState from '../../fixtures/langgraph-thread-state.json?raw';
import redisLogs from '../../fixtures/redis-logs.langchain.json?raw';
import redisLogsPython from '../../fixtures/redis-logs.python.txt?raw';
import toolErrorRetry from '../../fixtures/tool-error-retry.langchain.json?raw';
import weatherAnthropic from '../../fixtures/weather.anthropic.json?raw';
import weatherOrphan from '../../fixtures/weather-orphan.openai.json?raw';
import { listFormats } from './formats/registry';
import { detectedFormat, importText, locateMessages } from './import';
import type { ImportError } from './model';
import { transcript, where } from './testing/importing';

function failure(text: string, format?: string): ImportError {
  const result = importText(text, format === undefined ? {} : { format });
  if (result.ok) throw new Error(`expected an error, got ${result.transcript.format}`);
  return result.error;
}

describe('importText on the sample histories', () => {
  it('reads redis-logs.langchain.json (stored messages, Chinese text)', () => {
    const t = transcript(redisLogs);
    expect([t.format, t.formatLabel]).toEqual(['langchain-stored', 'LangChain stored messages']);
    expect(t.messages.map((m) => [m.index, m.role, m.id])).toEqual([
      [0, 'system', 'sys_config_001'],
      [1, 'human', 'human_msg_101'],
      [2, 'ai', 'ai_reasoning_201'],
      [3, 'tool', 'tool_reply_301'],
      [4, 'ai', 'ai_final_401'],
    ]);
    expect(where(t.messages)).toEqual(['[0]@2:3', '[1]@3:3', '[2]@4:3', '[3]@8:3', '[4]@10:3']);
    expect(t.messages[2]).toMatchObject({
      name: 'MemoEcho_Brain_Core',
      model: 'deepseek-chat',
      toolCalls: [{ id: 'call_db_001', name: 'query_group_logs', args: { service: 'redis', level: 'ERROR', days: 1 } }],
      usage: { input: 350, output: 80, total: 430, totalReported: true },
    });
    expect(t.messages[3]).toMatchObject({ toolCallId: 'call_db_001', status: 'success', name: 'query_group_logs' });
  });

  it('reads tool-error-retry.langchain.json (JS dumpd under "messages")', () => {
    const t = transcript(toolErrorRetry);
    expect(t.format).toBe('langchain-serialized');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id])).toEqual([
      ['system', 'SystemMessage', 'sys_1'],
      ['human', 'HumanMessage', 'h_1'],
      ['ai', 'AIMessage', 'ai_1'],
      ['tool', 'ToolMessage', 't_1'],
      ['ai', 'AIMessage', 'ai_2'],
      ['tool', 'ToolMessage', 't_2'],
      ['ai', 'AIMessage', 'ai_3'],
    ]);
    expect(where(t.messages)).toEqual([
      'messages[0]@2:3',
      'messages[1]@3:3',
      'messages[2]@4:3',
      'messages[3]@9:3',
      'messages[4]@10:3',
      'messages[5]@13:3',
      'messages[6]@14:3',
    ]);
    expect(t.messages[2]).toMatchObject({
      model: 'gpt-5.4-mini-2026-03-17',
      invalidToolCalls: [{ id: 'call_bad_2', name: 'get_weather', argsText: '{"city": "Beijing"', invalid: true }],
      usage: { input: 2677, output: 179, total: 2856, cacheRead: 2304, reasoning: 83 },
    });
    expect(t.messages[2]?.invalidToolCalls[0]?.error).toMatch(/^Function get_weather arguments:/);
    expect(t.messages[3]).toMatchObject({ status: 'error', toolCallId: 'call_order_1' });
  });

  it('reads weather-orphan.openai.json (an OpenAI Chat request body)', () => {
    const t = transcript(weatherOrphan);
    expect(t.format).toBe('openai-chat');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId])).toEqual([
      ['system', 'system', undefined],
      ['human', 'user', undefined],
      ['ai', 'assistant', undefined],
      ['tool', 'tool', 'call_00_nUD2NC9QRN5Cg1GaoIkBJQ4s'],
      ['human', 'user', undefined],
      ['tool', 'tool', 'call_01_jD3phD5PEaIZf0mVLhKt0861'],
      ['tool', 'tool', 'call_abc123'],
    ]);
    expect(where(t.messages)[0]).toBe('messages[0]@4:5');
    const [good, bad] = t.messages[2]?.toolCalls ?? [];
    expect(good).toMatchObject({ name: 'get_weather', args: { location: 'Beijing' } });
    expect(good?.error).toBeUndefined();
    expect(bad).toMatchObject({
      id: 'call_01_jD3phD5PEaIZf0mVLhKt0861',
      argsText: '{"location": "Hangzhou"',
      error: "arguments are not valid JSON at column 24: unexpected end of input: expected ',' or '}' after a property value",
    });
  });

  it('reads weather.anthropic.json as an Anthropic request, its tool result split out of the user turn', () => {
    const t = transcript(weatherAnthropic);
    expect(t.format).toBe('anthropic');
    expect(t.messages.map((m) => [m.role, m.content.map((block) => block.kind), m.text])).toEqual([
      ['system', ['text'], 'You are a weather assistant.'],
      ['human', ['text'], '北京今天天气怎么样？'],
      ['ai', ['reasoning', 'tool_call'], ''],
      ['tool', ['text'], '{"temp": 25, "weather": "晴"}'],
      ['ai', ['text'], '北京今天 25 度，晴天。'],
    ]);
    expect(t.messages[3]?.toolCallId).toBe('toolu_01A09q90qw90lq917835lq9');
    expect(t.findings).toEqual([]);
  });

  it('explains that a pasted Python repr is not JSON when a JSON format is chosen', () => {
    expect(transcript(redisLogsPython).format).toBe('langchain-repr');
    expect(failure(redisLogsPython, 'langchain-stored')).toMatchObject({
      line: 1,
      column: 2,
      message:
        'Invalid JSON at line 1, column 2: expected a value, found `SystemMessage` (this looks like Python repr() output; export with messages_to_dict() or dumpd() for JSON)',
    });
  });
});

describe('importText on the other fixtures', () => {
  it('reads a LangGraph thread state', () => {
    const t = transcript(threadState);
    expect(t.format).toBe('langchain-dict');
    expect(where(t.messages)).toEqual(['values.messages[0]@4:7', 'values.messages[1]@5:7', 'values.messages[2]@9:7', 'values.messages[3]@10:7']);
    expect(t.messages[1]?.usage).toEqual({ input: 10, output: 5, total: 15, totalReported: true, cacheRead: 3, reasoning: 2 });
  });

  it('reads stored chunks', () => {
    expect(transcript(chunks).messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['human', 'HumanMessageChunk'],
      ['ai', 'AIMessageChunk'],
      ['tool', 'ToolMessageChunk'],
    ]);
  });

  it('reads JSON Lines, keeping a bad line as an unrecognized message', () => {
    const t = transcript(historyJsonl);
    expect(t.format).toBe('langchain-stored');
    expect(t.messages.map((m) => [m.index, m.role, m.location])).toEqual([
      [0, 'system', { path: 'line 1', line: 1, column: 1 }],
      [1, 'human', { path: 'line 2', line: 2, column: 1 }],
      [2, 'ai', { path: 'line 4', line: 4, column: 1 }],
      [3, 'other', { path: 'line 5', line: 5, column: 1 }],
      [4, 'ai', { path: 'line 6', line: 6, column: 1 }],
    ]);
    const bad = t.messages[3];
    const badLine = historyJsonl.split('\n')[4] ?? '';
    expect(bad).toMatchObject({
      sourceType: '(unrecognized)',
      raw: badLine,
      problem: `line 5: invalid JSON at column ${badLine.length + 1}: unexpected end of input: expected ',' or '}' after a property value`,
    });
  });

  it('counts columns after a byte order mark as an editor does', () => {
    expect(where(transcript(`\uFEFF${redisLogs}`).messages)[0]).toBe('[0]@2:3');
  });
});

describe('message positions', () => {
  const text = '[\n  {"type": "human", "data": {"content": "hi"}},\n  42,\n  {"type": "ai", "data": {"content": "yes"}}\n]';

  it('are found on import only for elements that could not be read, which findings quote', () => {
    const result = importText(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.transcript.messages.map((m) => m.location)).toEqual([{ path: '[0]' }, { path: '[1]', line: 3, column: 3 }, { path: '[2]' }]);
    expect(result.transcript.findings.find((f) => f.rule === 'unrecognized-message')?.text).toContain('([1], line 3:3)');
  });

  it('need the text of a parsed input only to quote an unreadable element', () => {
    let joined = 0;
    const lazily = (source: string) => () => (joined++, source);
    const readable = '[\n  {"type": "human", "data": {"content": "hi"}}\n]';
    expect(importText(lazily(readable), { parsed: { value: JSON.parse(readable), jsonLines: false, lineOf: [] } }).ok).toBe(true);
    expect(joined).toBe(0);
    const result = importText(lazily(text), { parsed: { value: JSON.parse(text), jsonLines: false, lineOf: [] } });
    if (!result.ok) throw new Error(result.error.message);
    expect(joined).toBe(1);
    expect(result.transcript.messages[1]?.location).toEqual({ path: '[1]', line: 3, column: 3 });
  });

  it('are filled in on demand, for any of the messages', () => {
    const result = importText(`\uFEFF${text}`);
    if (!result.ok) throw new Error(result.error.message);
    const [first, , last] = result.transcript.messages;
    locateMessages(`\uFEFF${text}`, last ? [last] : []);
    expect([first?.location, last?.location]).toEqual([{ path: '[0]' }, { path: '[2]', line: 4, column: 3 }]);
  });
});

describe('importText errors', () => {
  it('reports invalid JSON with line, column and snippet', () => {
    const error = failure(invalid);
    expect(error).toMatchObject({ line: 3, column: 42, message: "Invalid JSON at line 3, column 42: expected ',' or '}' after a property value" });
    expect(error.snippet?.split('\n').at(-1)).toBe(`  | ${' '.repeat(41)}^`);
  });

  it('reports empty input', () => {
    expect(failure(' \n')).toEqual({ message: 'The input is empty: paste or load a JSON or JSON Lines message history.' });
  });

  it('says in one line what it found, not every format it tried (notHistory.test.ts has each case)', () => {
    expect(failure('{"model": "gpt-4o", "input": [{"kind": "message"}]}')).toEqual({
      message: 'JSON with keys model, input — not a message history msgscope knows.',
      notHistory: true,
    });
    expect(failure('{"messages": []}').message).toBe('JSON with keys messages — not a message history msgscope knows.');
  });

  it('rejects an unknown format name, listing the valid ones', () => {
    expect(failure(redisLogs, 'openai')).toEqual({
      message: `Unknown format "openai". Valid formats: ${listFormats()
        .map((format) => format.name)
        .join(', ')}.`,
    });
  });
});

describe('importText with an explicit format', () => {
  it('reads with the named adapter even when detection would pick another', () => {
    const t = transcript(redisLogs, 'langchain-dict');
    expect(t.format).toBe('langchain-dict');
    expect(t.messages.every((m) => m.role === 'other' && m.problem === 'missing `content`')).toBe(true);
    expect(t.messages).toHaveLength(5);
  });

  it('shows an input without a message list as one unrecognized message', () => {
    const t = transcript('{"a": 1}', 'langchain-stored');
    expect(t.messages).toEqual([
      expect.objectContaining({
        index: 0,
        role: 'other',
        location: { path: '', line: 1, column: 1 },
        problem: expect.stringMatching(/^expected \{"type": .* got an object with keys a$/) as unknown,
      }),
    ]);
  });
});

describe('what a file is', () => {
  const kindOf = (path: string): string => {
    const result = importText(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8'));
    return result.ok ? result.transcript.kind : 'unreadable';
  };

  it.each([
    ['formats/openai-chat/response.json', 'response'],
    ['formats/anthropic/response.json', 'response'],
    ['formats/gemini/response.json', 'response'],
    ['formats/gemini/clean.json', 'request'],
    ['formats/gemini/tool-calls.json', 'history'],
    ['formats/openai-responses/builtin-tools.json', 'response'],
    ['formats/openai-responses/tool-calls.json', 'request'],
    ['formats/openai-responses/fault.json', 'history'],
    ['formats/ollama/clean.json', 'response'],
    ['formats/ollama/fault.json', 'request'],
    ['formats/mistral/response.json', 'response'],
    ['formats/openai-chat/legacy-functions.json', 'history'],
    ['weather.anthropic.json', 'request'],
    ['weather-orphan.openai.json', 'request'],
    ['redis-logs.langchain.json', 'history'],
  ])('%s is a %s', (path, kind) => {
    expect(kindOf(path)).toBe(kind);
  });
});

describe('detectedFormat', () => {
  const samples = { chunks, historyJsonl, threadState, redisLogs, redisLogsPython, toolErrorRetry, weatherAnthropic, weatherOrphan };

  it.each(Object.entries(samples))('%s: names the format importText picks when none is forced', (_, text) => {
    const result = importText(text);
    expect(detectedFormat(() => text, undefined)).toBe(result.ok ? result.transcript.format : null);
  });

  it('detects from the parsed value when the caller has it, and says null when nothing matches', () => {
    const parsed = { value: JSON.parse(weatherAnthropic) as unknown, jsonLines: false, lineOf: [] };
    expect(detectedFormat(() => '', parsed)).toBe('anthropic');
    expect(detectedFormat(() => '{"a": 1}', undefined)).toBeNull();
  });
});

describe('importText with the JSON parsed already', () => {
  it('reads the given value instead of parsing the text again, to the same history', () => {
    const parsed = (value: unknown) => ({ value, jsonLines: false, lineOf: [] });
    // Links are compared by value: each transcript has its own lookup.
    const plain = (result: ReturnType<typeof importText>) => (result.ok ? { ...result.transcript, links: result.transcript.links.values() } : result);
    expect(plain(importText(redisLogs, { parsed: parsed(JSON.parse(redisLogs)) }))).toEqual(plain(importText(redisLogs)));
    const value = JSON.parse(redisLogs) as { data: { content: string } }[];
    value[0]!.data.content = 'parsed, not reparsed';
    const result = importText(redisLogs, { parsed: parsed(value) });
    expect(result.ok && result.transcript.messages[0]?.text).toBe('parsed, not reparsed');
  });
});
