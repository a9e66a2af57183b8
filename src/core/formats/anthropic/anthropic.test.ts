import { describe, expect, it } from 'vitest';
import clean from '../../../../fixtures/formats/anthropic/clean.json?raw';
import fault from '../../../../fixtures/formats/anthropic/fault.json?raw';
import response from '../../../../fixtures/formats/anthropic/response.json?raw';
import toolCalls from '../../../../fixtures/formats/anthropic/tool-calls.json?raw';
import weather from '../../../../fixtures/weather.anthropic.json?raw';
import compaction from '../../../../fixtures/real/vercel-ai/anthropic-compaction.1.json?raw';
import programmatic from '../../../../fixtures/real/vercel-ai/anthropic-programmatic-tool-calling.1.json?raw';
import { allRules, input, json, rules, transcript, where } from '../../testing/importing';
import { anthropic } from './anthropic';
import { detectFormat } from '../registry';

describe('anthropic fixtures', () => {
  it('reads a request: system blocks, thinking, a call and its result', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['anthropic', 'Anthropic Messages']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.content.map((b) => b.kind), m.text])).toEqual([
      ['system', 'system', ['text'], 'You are a weather assistant.'],
      ['human', 'user', ['text'], "What's the weather in Paris?"],
      ['ai', 'assistant', ['reasoning', 'text', 'tool_call'], 'Checking.'],
      ['tool', 'tool_result', ['text'], '15°C'],
      ['ai', 'assistant', ['text'], 'It is 15°C in Paris.'],
    ]);
    expect(where(t.messages)).toEqual(['system@4:13', 'messages[0]@6:5', 'messages[1]@7:5', 'messages[2].content[0]@13:7', 'messages[3]@15:5']);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['toolu_01A', 'get_weather', { city: 'Paris' }]]);
    // The signature stays with the thinking block, to be replayed unmodified.
    expect(t.messages[2]?.content[0]).toMatchObject({ type: 'thinking', text: expect.stringContaining('get_weather'), raw: { signature: 'EqQBCgIYAhIM' } });
    expect(t.messages[3]).toMatchObject({ toolCallId: 'toolu_01A', status: 'success', raw: { type: 'tool_result', tool_use_id: 'toolu_01A' } });
    expect(t.links.get('toolu_01A')).toEqual({ id: 'toolu_01A', calls: [{ messageIndex: 2, callIndex: 0 }], results: [3] });
    expect(t.messages.map((m) => m.turn)).toEqual([undefined, 0, 1, 2, 3]);
    expect(rules(t)).toEqual([]);
  });

  it('reads a response with usage: input includes cache reads and writes', () => {
    const t = transcript(response);
    expect(t.format).toBe('anthropic');
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({
      role: 'ai',
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      model: 'claude-sonnet-4-5-20250929',
      location: { path: '', line: 1, column: 1 },
      usage: { input: 472 + 1024, output: 91, total: 472 + 1024 + 91, totalReported: false, cacheRead: 1024, cacheCreation: 0 },
    });
    expect(t.tokens.totals).toMatchObject({ input: 1496, output: 91, total: 1587, cacheRead: 1024 });
    // A response that stops for tool_use has not been answered yet.
    expect(rules(t)).toEqual([['pending-tool-call', 0, 'toolu_01A']]);
  });

  it('reads server tools, parallel calls, images and text after the results', () => {
    const t = transcript(toolCalls);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.location.path])).toEqual([
      ['system', 'system', undefined, 'system'],
      ['human', 'user', undefined, 'messages[0]'],
      ['ai', 'assistant', undefined, 'messages[1]'],
      ['tool', 'web_search_tool_result', 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE', 'messages[1].content[2]'],
      ['tool', 'tool_result', 'toolu_01P', 'messages[2].content[0]'],
      ['tool', 'tool_result', 'toolu_01L', 'messages[2].content[1]'],
      ['human', 'user', undefined, 'messages[2].content[2]'],
      ['ai', 'assistant', undefined, 'messages[3]'],
    ]);
    const image = t.messages[1]?.content[1];
    expect(image).toMatchObject({ kind: 'image', type: 'image' });
    expect(image?.text).toBeUndefined();
    expect(t.messages[1]?.text).toBe('Plan a day in Paris and London. Here is my route:');
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name])).toEqual([
      ['srvtoolu_01WYG3ziw53XMcoyKL4XcZmE', 'web_search'],
      ['toolu_01P', 'get_weather'],
      ['toolu_01L', 'get_weather'],
    ]);
    expect(t.messages[2]?.text).toBe('Let me look up events first.\nNow the weather in both cities.');
    expect(t.messages[3]?.text).toBe('Paris today\nhttps://example.org/paris');
    expect(t.messages[4]?.text).toBe('15°C, sunny');
    expect(t.messages[7]?.content.map((b) => [b.kind, b.type])).toEqual([
      ['reasoning', 'redacted_thinking'],
      ['text', 'text'],
    ]);
    // The server result is part of the assistant turn, not a user turn of its own.
    expect(t.messages.map((m) => m.turn)).toEqual([undefined, 0, 1, undefined, 2, 2, 2, 3]);
    expect(t.messages[2]?.usage).toEqual({ input: 2048 + 1500, output: 120, total: 3668, totalReported: false, cacheRead: 0, cacheCreation: 1500 });
    expect(rules(t)).toEqual([]);
  });

  it('flags text before a result, an error result, a stray result and an unanswered call', () => {
    const t = transcript(fault);
    expect(t.format).toBe('anthropic');
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'human', 'tool', 'tool', 'ai']);
    expect(t.messages[3]).toMatchObject({ status: 'error', toolCallId: 'toolu_read' });
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'toolu_deploy'],
      ['tool-results-not-adjacent', 3, 'toolu_read'],
      ['tool-error', 3, 'toolu_read'],
      ['orphan-tool-result', 4, 'toolu_gone'],
    ]);
  });

  it('reads the shared weather.anthropic.json as Anthropic, with no findings', () => {
    const t = transcript(weather);
    expect(t.format).toBe('anthropic');
    expect(t.messages.map((m) => [m.role, m.content.map((b) => b.kind)])).toEqual([
      ['system', ['text']],
      ['human', ['text']],
      ['ai', ['reasoning', 'tool_call']],
      ['tool', ['text']],
      ['ai', ['text']],
    ]);
    expect(t.messages[2]?.toolCalls[0]?.id).toBe('toolu_01A09q90qw90lq917835lq9');
    expect(t.messages[3]?.toolCallId).toBe('toolu_01A09q90qw90lq917835lq9');
    expect(t.findings).toEqual([]);
  });
});

describe('anthropic blocks', () => {
  const read = (messages: unknown[]) => transcript(json({ max_tokens: 10, messages }), 'anthropic').messages;

  it('reads a mid-conversation system turn as system text', () => {
    const messages = read([
      { role: 'user', content: 'hi' },
      { role: 'system', content: [{ type: 'mid_conv_system', content: [{ type: 'text', text: 'Answer in French.' }] }] },
    ]);
    expect(messages[1]).toMatchObject({ role: 'system', sourceType: 'system', text: 'Answer in French.', location: { path: 'messages[1]' } });
    // A mid_conv_system block inside a user turn splits it.
    const split = read([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'mid_conv_system', content: [{ type: 'text', text: 'b' }] },
        ],
      },
    ]);
    expect(split.map((m) => [m.role, m.sourceType, m.text, m.location.path])).toEqual([
      ['human', 'user', 'a', 'messages[0].content[0]'],
      ['system', 'mid_conv_system', 'b', 'messages[0].content[1]'],
    ]);
  });

  it('keeps several human blocks between results as one message whose raw is those blocks', () => {
    const blocks = [
      { type: 'text', text: 'x' },
      { type: 'image', source: { type: 'url', url: 'https://e.org/a.png' } },
    ];
    const messages = read([
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1' }, ...blocks] },
    ]);
    expect(messages[2]).toMatchObject({ role: 'human', raw: blocks, location: { path: 'messages[1].content[1]' } });
    expect(messages[1]).toMatchObject({ role: 'tool', text: '', content: [] });
  });

  it('marks a call whose input is not an object, and parses one given as a JSON string', () => {
    const [ai] = read([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: 'f', input: [1] },
          { type: 'tool_use', id: 'b', name: 'f', input: '{"q": 1}' },
          { type: 'tool_use', id: 'c', name: 'f', input: '{"q": ' },
        ],
      },
    ]);
    expect(ai?.toolCalls.map((c) => [c.id, c.args, c.error])).toEqual([
      ['a', [1], 'expected `input` to be an object, got an array'],
      ['b', { q: 1 }, undefined],
      ['c', '{"q": ', expect.stringMatching(/^arguments are not valid JSON/)],
    ]);
  });

  it('marks a server tool failure as an error result', () => {
    const messages = read([
      {
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
        ],
      },
    ]);
    expect(messages[1]).toMatchObject({ role: 'tool', status: 'error', text: 'max_uses_exceeded', toolCallId: 'srvtoolu_1' });
  });

  it('keeps what it cannot read as unrecognized messages', () => {
    const messages = read([42, { role: 'tool', content: 'x' }, { role: 'user', content: 7 }, { role: 'user', content: [] }]);
    expect(messages.map((m) => [m.role, m.problem])).toEqual([
      ['other', 'expected an object with `role` and `content`, got a number'],
      ['other', 'expected `role` "user" or "assistant", got "tool"'],
      ['other', 'expected `content` to be a string or a list of blocks, got a number'],
      ['human', undefined],
    ]);
  });

  it('reads a bare list, and JSON Lines by line', () => {
    const list = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
    ];
    expect(transcript(json(list)).messages.map((m) => m.location.path)).toEqual(['[0]', '[1].content[0]']);
    const lines = transcript(list.map(json).join('\n'));
    expect(lines.format).toBe('anthropic');
    expect(lines.messages.map((m) => m.location)).toEqual([
      { path: 'line 1', line: 1, column: 1 },
      { path: 'line 2', line: 2, column: 1 },
    ]);
  });
});

describe('anthropic detection', () => {
  const score = (value: unknown) => anthropic.detect(input(value));

  it('claims requests, responses and lists with Anthropic marks', () => {
    expect(score({ type: 'message', role: 'assistant', content: [] })).toBe(100);
    expect(score({ system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] })).toBe(100);
    expect(score({ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'x' } }] }] })).toBe(100);
    expect(score([{ role: 'assistant', content: [{ type: 'thinking', thinking: 'x', signature: 's' }] }])).toBe(90);
    // max_tokens alone is weak evidence (OpenAI Chat has it too), but beats generic role dicts.
    expect(score({ max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })).toBe(60);
    expect(score({ model: 'claude-opus-4-1', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })).toBe(95);
    expect(detectFormat(input({ model: 'claude-opus-4-1', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }))?.name).toBe('anthropic');
  });

  it('leaves near misses alone', () => {
    // Plain role/content dicts belong to the generic reader.
    expect(
      score([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    ).toBe(0);
    // LangChain dicts with Anthropic content: `type`-keyed, no role.
    expect(score([{ type: 'ai', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }], tool_calls: [] }])).toBe(0);
    // OpenAI Chat: system and tool roles, tool_calls.
    expect(
      score({
        max_tokens: 10,
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: 'hi' },
        ],
      }),
    ).toBe(0);
    expect(
      score({
        model: 'claude-opus-4-1',
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: 'hi' },
        ],
      }),
    ).toBe(0);
    expect(score([{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }])).toBe(0);
    expect(
      score([
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't' }] },
        { role: 'tool', tool_call_id: 'x', content: 'y' },
      ]),
    ).toBe(0);
    // An OpenAI image part has no `source`.
    expect(score([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://e.org/a.png' } }] }])).toBe(0);
    // Gemini contents.
    expect(score({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] })).toBe(0);
    expect(score({ type: 'message', role: 'user', content: [] })).toBe(0);
  });
});

describe('anthropic server-side runs', () => {
  it('takes the calls a finished code run made and answered as answered: no orphan, nothing pending', () => {
    const t = transcript(programmatic);
    const [ai] = t.messages;
    expect(ai?.toolCalls.map((c) => [c.name, c.answeredInside])).toEqual([
      ['code_execution', undefined],
      ['rollDie', 'srvtoolu_01CberhXc9TgYXrCZU8bQoks'],
      ['rollDie', 'srvtoolu_01CberhXc9TgYXrCZU8bQoks'],
      ['rollDie', 'srvtoolu_01CberhXc9TgYXrCZU8bQoks'],
      ['rollDie', 'srvtoolu_01CberhXc9TgYXrCZU8bQoks'],
    ]);
    expect(rules(t)).toEqual([]);
    // Replayed inside a history, the next user turn owes them no tool_result either.
    const response = JSON.parse(programmatic) as { content: unknown };
    const history = json({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Play the dice game.' },
        { role: 'assistant', content: response.content },
        { role: 'user', content: 'Who won?' },
      ],
    });
    expect(allRules(transcript(history))).toEqual([]);
  });

  it('leaves a call of a run that paused for it waiting for its tool_result', () => {
    const t = transcript(
      json({
        type: 'message',
        role: 'assistant',
        stop_reason: 'tool_use',
        content: [
          { type: 'server_tool_use', id: 'srv_1', name: 'code_execution', input: { code: 'roll()' } },
          { type: 'tool_use', id: 'toolu_1', name: 'rollDie', input: {}, caller: { type: 'code_execution_20250825', tool_id: 'srv_1' } },
        ],
      }),
    );
    expect(t.messages[0]?.toolCalls[1]?.answeredInside).toBeUndefined();
    expect(rules(t)).toEqual([
      ['pending-tool-call', 0, 'srv_1'],
      ['pending-tool-call', 0, 'toolu_1'],
    ]);
  });

  it('counts compaction passes in the usage and keeps them apart', () => {
    const t = transcript(compaction);
    const [ai] = t.messages;
    expect(ai?.content.map((b) => [b.kind, b.type])).toEqual([
      ['other', 'compaction'],
      ['text', 'text'],
    ]);
    expect(ai?.content[0]?.text).toMatch(/^## Summary of Conversation/);
    expect(ai?.usage).toEqual({
      input: 60385 + 682,
      output: 592 + 1320,
      total: 60385 + 682 + 592 + 1320,
      totalReported: false,
      cacheRead: 0,
      cacheCreation: 0,
      iterations: [
        { type: 'compaction', input: 60385, output: 592 },
        { type: 'message', input: 682, output: 1320 },
      ],
    });
    expect(t.tokens.totals).toMatchObject({ input: 61067, output: 1912, passes: [{ type: 'compaction', input: 60385, output: 592 }] });
    expect(rules(t)).toEqual([]);
  });

  it('reads a tool_result written into the assistant message of its tool_use as a result in the wrong role', () => {
    const t = transcript(
      json({
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
              { type: 'tool_result', tool_use_id: 'toolu_1', content: '15°C' },
            ],
          },
          { role: 'user', content: 'Thanks' },
        ],
      }),
    );
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['human', 'user', 'messages[0]'],
      ['ai', 'assistant', 'messages[1]'],
      ['tool', 'assistant', 'messages[1].content[1]'],
      ['human', 'user', 'messages[2]'],
    ]);
    expect(allRules(t)).toEqual([['tool-result-wrong-role', 2, 'toolu_1']]);
  });
});
