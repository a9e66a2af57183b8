import { describe, expect, it } from 'vitest';
import googleAdk from '../../../../fixtures/real/langfuse/google-adk-2025-08-28.trace.json?raw';
import koog from '../../../../fixtures/real/langfuse/koog-2025-08-26.trace.json?raw';
import langgraphJs from '../../../../fixtures/real/langfuse/langgraph-js-2025-10-30.trace.json?raw';
import langgraphPython from '../../../../fixtures/real/langfuse/langgraph-python-2025-08-22.trace.json?raw';
import microsoftAgent from '../../../../fixtures/real/langfuse/microsoft-agent-2025-12-17.trace.json?raw';
import openaiAgents from '../../../../fixtures/real/langfuse/openai-agents-2025-09-30.trace.json?raw';
import pydanticAi from '../../../../fixtures/real/langfuse/pydantic-ai-tools-2025-12-04.trace.json?raw';
import vercelAiSdk from '../../../../fixtures/real/langfuse/vercel-aisdk-2025-11-17.trace.json?raw';
import { importText } from '../../import';
import type { Transcript } from '../../model';
import { input, json, rules, transcript } from '../../testing/importing';
import { langfuse } from './langfuse';

const rows = (t: Transcript) => t.messages.map((m) => [m.role, m.toolCalls.map((c) => c.id), m.toolCallId, m.location.path]);

describe('langfuse real trace exports (docs/FORMATS.md, "Langfuse")', () => {
  it('LangGraph (Python handler): OpenAI-style dicts, the tool definitions the handler appends left out', () => {
    const t = transcript(langgraphPython);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['langfuse', 'Langfuse trace', 'history']);
    expect(rows(t)).toEqual([
      ['human', [], undefined, 'observations[1].input'],
      ['human', [], undefined, 'observations[1].input'],
      ['ai', ['call_1oGK863sxQHlPreFhDdEs3yl'], undefined, 'observations[1].output'],
      ['tool', [], 'call_1oGK863sxQHlPreFhDdEs3yl', 'observations[2].input'],
      ['ai', [], undefined, 'observations[2].output'],
    ]);
    expect(t.messages.map((m) => m.text.slice(0, 44))).toEqual([
      'Be helpful!',
      "Search the web for 'example' and summarize.",
      '',
      '[{"url": "https://example.com", "title": "Ex',
      'The search for "example" primarily leads to ',
    ]);
    expect(t.messages[4]).toMatchObject({ model: 'gpt-4o-2024-08-06', timestamp: '2025-08-22T09:38:57.089Z', usage: { input: 108, output: 51, total: 159 } });
    expect(t.notes).toContain(
      '2 tool definitions that Langfuse\'s LangChain handler lists among the messages (role "tool", a function schema as content) left out.',
    );
    expect(rules(t)).toEqual([]);
  });

  it('LangGraph (JS handler): a tool result whose role is the tool name, linked to the call of that name', () => {
    const t = transcript(langgraphJs);
    expect(rows(t)).toEqual([
      ['human', [], undefined, 'observations[6].input'],
      ['ai', ['call_VEZJgIQLgzcb80IIyQJm7JCi'], undefined, 'observations[6].output'],
      ['tool', [], 'call_VEZJgIQLgzcb80IIyQJm7JCi', 'observations[0].input'],
      ['ai', [], undefined, 'observations[0].output'],
    ]);
    expect(t.messages[2]).toMatchObject({ sourceType: 'get_weather', name: 'get_weather', text: "It's always sunny in San Francisco!" });
    expect(t.messages[3]?.text).toContain('Would you like more details (current temperature');
    // Langfuse keeps the reasoning tokens apart from the output; they are put back.
    expect(t.messages[3]?.usage).toMatchObject({ input: 179, output: 99, total: 278, reasoning: 64 });
    expect(rules(t)).toEqual([]);
  });

  it('OpenAI Agents: Responses items in, Responses objects out, their instructions the system prompt', () => {
    const t = transcript(openaiAgents);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'instructions', 'You are a helpful agent.'],
      ['human', 'user', "What's the weather in Tokyo?"],
      ['ai', 'function_call', ''],
      ['tool', 'function_call_output', 'The weather in Tokyo is sunny.'],
      [
        'ai',
        'assistant',
        'The weather in Tokyo is currently sunny. If you need more details like temperature or forecast for the upcoming days, just let me know!',
      ],
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_Kud0j0DxWSmLzv9W5m6qVqXn', 'get_weather', { city: 'Tokyo' }]]);
    expect(t.messages[4]?.id).toBe('msg_0f00ca5b7e22bb4c0068db9d019a78819d9fe1e4d3b6c96b68');
    expect(rules(t)).toEqual([]);
  });

  it('Pydantic AI: OpenTelemetry GenAI parts, two agents as two conversations', () => {
    const result = importText(pydanticAi);
    if (!result.ok) throw new Error(result.error.message);
    const joke = result.transcript;
    expect(joke.format).toBe('langfuse');
    expect(joke.messages.map((m) => [m.role, m.toolCalls.length, m.toolCallId])).toEqual([
      ['system', 0, undefined],
      ['human', 0, undefined],
      ['ai', 3, undefined],
      ['tool', 0, 'call_X0OSgjUukT5inyEQvuZQnHrk'],
      ['tool', 0, 'call_WxZcCvSDhGT4RJHlcU01k10x'],
      ['tool', 0, 'call_aRaObiWKKt6GzgDkkUl3bu1Q'],
      ['ai', 0, undefined],
      ['human', 0, undefined],
      ['ai', 0, undefined],
    ]);
    expect(joke.messages[3]?.text).toBe("Pun idea: Play on words related to 'programming' - think about homophones or double meanings");
    expect(joke.messages[8]?.text).toBe('Why do programmers hate nature?  \nIt has too many bugs!');
    expect(rules(joke)).toEqual([]);
    // The adapter's own ranges, whatever the importer makes of them.
    const read = langfuse.read(input(JSON.parse(pydanticAi)));
    expect(read.conversations).toEqual([
      { label: 'joke_agent run', start: 0, end: 9 },
      { label: 'evaluator_agent run', start: 9, end: 12 },
    ]);
    expect(read.messages.slice(9).map((m) => [m.role, m.text.slice(0, 24), m.toolCalls.map((c) => c.name)])).toEqual([
      ['system', 'You are a joke critic. E', []],
      ['human', 'Rate this joke:\n\nWhy do ', []],
      ['ai', '', ['final_result']],
    ]);
  });

  it('AI SDK: the operation around its model call left out, the result taken from the TOOL observation', () => {
    const t = transcript(vercelAiSdk);
    expect(rows(t)).toEqual([
      ['human', [], undefined, 'observations[1].input'],
      ['ai', ['call_DgKARp7a7IhJPDczfifMp6Ra'], undefined, 'observations[1].output'],
      ['tool', [], 'call_DgKARp7a7IhJPDczfifMp6Ra', 'observations[2].output'],
    ]);
    expect(t.messages.map((m) => m.text)).toEqual(['What is the weather like today in San Francisco?', '', '{"location":"San Francisco","temperature":64}']);
    expect(t.messages[1]?.toolCalls[0]).toMatchObject({ name: 'getWeather', args: { location: 'San Francisco' } });
    expect(t.messages[2]?.id).toBe('e9bb8c191e1e4706');
    expect(t.notes).toEqual([
      "1 GENERATION around other generations (an SDK's operation around its model calls) left out: the calls inside hold the same messages.",
      '1 TOOL observation gave the result of a call that no later generation sends.',
      "The trace's own input and output (the run's, which its observations hold too) are not shown as messages.",
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('Microsoft Agent Framework: a call that sent only the tool result goes on from the call it answers', () => {
    const t = transcript(microsoftAgent);
    expect(rows(t)).toEqual([
      ['human', [], undefined, 'observations[1].input'],
      ['ai', ['call_CwaJHuXTm9dmHFQPlVbqyzJ0'], undefined, 'observations[1].output'],
      ['tool', [], 'call_CwaJHuXTm9dmHFQPlVbqyzJ0', 'observations[2].input'],
      ['ai', [], undefined, 'observations[2].output'],
    ]);
    expect(t.messages[2]?.text).toContain('The weather in Tokyo, Japan is stormy with a high of 23');
    expect(t.messages[3]?.text).toBe('Current conditions in Tokyo, Japan: stormy, high around 23°C.');
    expect(t.notes).toContain('1 generation sent only what followed the previous call: shown after the call it answers.');
    expect(rules(t)).toEqual([]);
  });

  it('Google ADK: Gemini contents, the calls without ids linked to their results once merged', () => {
    const t = transcript(googleAdk);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'Always greet using the say_hello tool.\n\nYou are an agent. Your internal name is "hello_agent".'],
      ['human', 'hi'],
      ['ai', ''],
      ['tool', '{"greeting":"Hello Langfuse 👋"}'],
      ['ai', 'Hello Langfuse 👋!\n'],
    ]);
    const call = t.messages[2]?.toolCalls[0];
    expect(call?.name).toBe('say_hello');
    expect(t.messages[3]?.toolCallId).toBe(call?.id);
    expect(rules(t)).toEqual([]);
  });

  it("Koog: calls written as JSON text, each result after its call; the first generation's split answer read in the second", () => {
    const t = transcript(koog);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCalls.map((c) => [c.id, c.name, c.args]), m.toolCallId, m.text, m.location.path])).toEqual([
      ['system', 'system', [], undefined, 'You are a nice and polite assistant.', 'observations[3].input'],
      [
        'human',
        'user',
        [],
        undefined,
        'Greet and say goodbye to the user in the same message. Use provided tools to generate a proper greeting. The user name is Bob.',
        'observations[3].input',
      ],
      ['ai', 'tool', [['call_n2HaWg9KFP0BZDqXv6G4b3nJ', 'HelloTool', { name: 'Bob' }]], undefined, '', 'observations[3].input'],
      ['tool', 'tool', [], 'call_n2HaWg9KFP0BZDqXv6G4b3nJ', 'Hello my darling Bob!', 'observations[3].input'],
      ['ai', 'tool', [['call_dOeEHJDI0liHrCdFWTpkTsuO', 'ByeTool', { name: 'Bob' }]], undefined, '', 'observations[3].input'],
      ['tool', 'tool', [], 'call_dOeEHJDI0liHrCdFWTpkTsuO', 'Bye my dear Bob!', 'observations[3].input'],
      ['ai', 'assistant', [], undefined, 'Hello my darling Bob! And, bye my dear Bob!', 'observations[3].output'],
    ]);
    // The first generation's model and usage, on the first of its calls.
    expect(t.messages[2]).toMatchObject({ model: 'gpt-4o', usage: { input: 47, output: 106, total: 153 } });
    expect(t.messages[2]?.raw).toMatchObject({ role: 'tool', content: expect.stringMatching(/^\[\{"function":\{"name":"HelloTool"/) });
    expect(t.notes).toEqual([
      '4 messages of the generations holding a tool-call list as JSON text (Koog): read as the calls they hold, each answered by the tool message after it.',
      '1 GENERATION whose calls the next generation sends again with their results between them (Koog writes one message a call) read in that generation; model, usage and time kept on the first of its calls.',
      'Not model calls, so not read: 2 AGENT, 7 SPAN (tool runs show through the generations that send their results).',
    ]);
    expect(t.findings).toEqual([]);
  });
});

describe('langfuse shapes', () => {
  const generation = (id: string, start: string, value: Record<string, unknown>) => ({ id, traceId: 't', type: 'GENERATION', startTime: start, ...value });

  it("reads Koog's call list written as an assistant's content, and the tool messages that re-send and answer it", () => {
    const call = JSON.stringify([{ function: { name: 'HelloTool', arguments: '{}' }, id: 'c1', type: 'function' }]);
    const t = transcript(
      json({
        trace: { id: 't', name: 'agent' },
        observations: [
          generation('g1', '2025-08-26T19:40:59.176Z', {
            input: JSON.stringify([{ role: 'user', content: 'Greet Bob' }]),
            output: JSON.stringify([{ content: call, role: 'assistant', finish_reason: 'tool_calls' }]),
          }),
          generation('g2', '2025-08-26T19:41:03.041Z', {
            input: JSON.stringify([
              { role: 'user', content: 'Greet Bob' },
              { content: call, role: 'tool' },
              { role: 'tool', content: 'Hello Bob!' },
            ]),
            output: JSON.stringify([{ content: 'Hello Bob!', role: 'assistant' }]),
          }),
        ],
      }),
    );
    expect(rows(t)).toEqual([
      ['human', [], undefined, 'observations[0].input'],
      ['ai', ['c1'], undefined, 'observations[0].output'],
      ['tool', [], 'c1', 'observations[1].input'],
      ['ai', [], undefined, 'observations[1].output'],
    ]);
    expect(t.messages[1]?.toolCalls[0]).toMatchObject({ name: 'HelloTool', args: {} });
    expect(t.findings).toEqual([]);
  });

  it('reads a bare list of observations with JSON inputs, usage details and an unknown input kept as a problem', () => {
    const observations = [
      { id: 's', traceId: 't', type: 'SPAN', startTime: '2025-01-01T00:00:00Z', name: 'agent', input: null, output: null },
      generation('g2', '2025-01-01T00:00:02Z', {
        parentObservationId: 's',
        input: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'Bye' },
        ],
        output: { role: 'assistant', content: 'Goodbye' },
        model: 'gpt-4o-mini',
        usageDetails: { input: 20, input_cache_read: 4, output: 3, total: 27 },
      }),
      generation('g1', '2025-01-01T00:00:01Z', {
        parentObservationId: 's',
        input: JSON.stringify([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ]),
        output: JSON.stringify({ role: 'assistant', content: 'Hello' }),
      }),
      generation('g3', '2025-01-01T00:00:03Z', { input: { query: 'not messages' }, output: 'plain text' }),
    ];
    const read = langfuse.read(input(observations));
    expect(read.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['system', 'Be brief.', '[2].input'],
      ['human', 'Hi', '[2].input'],
      ['ai', 'Hello', '[2].output'],
      ['human', 'Bye', '[1].input[3]'],
      ['ai', 'Goodbye', '[1].output'],
      ['other', '{"query":"not messages"}', '[3].input'],
      ['ai', 'plain text', '[3].output'],
    ]);
    expect(read.messages[4]).toMatchObject({ model: 'gpt-4o-mini', usage: { input: 24, output: 3, total: 27, cacheRead: 4 } });
    expect(read.messages[5]?.problem).toMatch(/^not messages in a shape this reader knows/);
    expect(read.conversations?.map((c) => c.label)).toEqual(['agent', 'conversation 2']);
    expect(read.notes).toContain('Not model calls, so not read: 1 SPAN (tool runs show through the generations that send their results).');
  });

  it("reads an OpenAI Agents hand-off as one conversation: the new agent's instructions where it took over, each answer named", () => {
    // The two calls of the Agents SDK's hand-off recorded in langsmith-sdk's cassette
    // (fixtures/real/langsmith-sdk/openai-agents-handoff.request.json is the second), as the OpenInference
    // instrumentation's spans reach Langfuse: an AGENT observation per agent, a `response` GENERATION under each.
    const userTurn = { content: 'What is 2 + 2?', role: 'user' };
    const transfer = {
      arguments: '{}',
      call_id: 'call_gZQiwtvwnhkpwHGNvaxRGRRG',
      name: 'transfer_to_handoff_agent',
      type: 'function_call',
      id: 'fc_08c4dc3be695bfd40069d83d786c1081a3bb9b384a70e408b9',
      status: 'completed',
    };
    const transferred = { call_id: 'call_gZQiwtvwnhkpwHGNvaxRGRRG', output: '{"assistant": "Handoff Agent"}', type: 'function_call_output' };
    const response = (instructions: string, output: unknown[]) => JSON.stringify({ id: 'resp', object: 'response', instructions, output });
    const answer = { id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '2 + 2 = 4' }] };
    const observations = [
      { id: 'w', traceId: 't', type: 'AGENT', name: 'Agent workflow', startTime: '2026-04-10T00:00:00Z' },
      { id: 'a', traceId: 't', type: 'AGENT', name: 'Assistant', parentObservationId: 'w', startTime: '2026-04-10T00:00:01Z' },
      generation('g1', '2026-04-10T00:00:02Z', {
        parentObservationId: 'a',
        name: 'response',
        input: JSON.stringify([userTurn]),
        output: response('You are a helpful assistant. Hand off to Handoff Agent for math questions.', [transfer]),
      }),
      { id: 'h', traceId: 't', type: 'TOOL', name: 'handoff to Handoff Agent', parentObservationId: 'a', startTime: '2026-04-10T00:00:03Z' },
      { id: 'b', traceId: 't', type: 'AGENT', name: 'Handoff Agent', parentObservationId: 'w', startTime: '2026-04-10T00:00:04Z' },
      generation('g2', '2026-04-10T00:00:05Z', {
        parentObservationId: 'b',
        name: 'response',
        input: JSON.stringify([userTurn, transfer, transferred]),
        output: response('You are a math expert. Answer math questions concisely.', [answer]),
      }),
    ];
    const read = langfuse.read(input(observations));
    expect(read.conversations).toBeUndefined();
    expect(read.messages.map((m) => [m.role, m.name, m.text])).toEqual([
      ['system', 'Assistant', 'You are a helpful assistant. Hand off to Handoff Agent for math questions.'],
      ['human', undefined, 'What is 2 + 2?'],
      ['ai', 'Assistant', ''],
      ['tool', undefined, '{"assistant": "Handoff Agent"}'],
      ['system', 'Handoff Agent', 'You are a math expert. Answer math questions concisely.'],
      ['ai', 'Handoff Agent', '2 + 2 = 4'],
    ]);
    const t = transcript(json(observations));
    expect(t.links.get('call_gZQiwtvwnhkpwHGNvaxRGRRG')?.results).toEqual([3]);
    // The new instructions are a system message after the start: a history sent as one request would have to move them.
    expect(rules(t)).toEqual([['system-not-first', 4, undefined]]);
    expect(t.notes?.slice(0, 2)).toEqual([
      'Built from 2 GENERATION observations: each repeats the conversation so far, so 2 repeated input messages were shown once, where first sent.',
      "1 hand-off: a call of another agent went on with the conversation's history behind instructions of its own, shown as a system message where that agent took over; each answer names its agent.",
    ]);
  });

  it('detects the observations API page and a trace with its observations, not a trace with observation ids', () => {
    const observation = generation('g', '2025-01-01T00:00:00Z', { input: 'Hi', output: 'Hello' });
    expect(transcript(json({ data: [observation], meta: { page: 1 } })).format).toBe('langfuse');
    expect(transcript(json({ id: 't', name: 'run', observations: [observation], scores: [] })).messages.map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'observations[0].input'],
      ['ai', 'observations[0].output'],
    ]);
    expect(langfuse.detect(input({ id: 't', observations: ['g1', 'g2'] }))).toBe(0);
  });
});
