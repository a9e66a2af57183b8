import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/openinference.json?raw';
import clean from '../../../../fixtures/formats/openinference/clean.json?raw';
import fault from '../../../../fixtures/formats/openinference/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/openinference/tool-calls.json?raw';
import doubleTraced from '../../../../fixtures/formats/openinference/langchain-and-openai.json?raw';
import managedAgent from '../../../../fixtures/formats/openinference/smolagents-managed-agent.json?raw';
import attributeMap from '../../../../fixtures/real/openinference/openinference_client_span_tool_calls.json?raw';
import smolagents from '../../../../fixtures/real/any-agent/smolagents-tool-calling-agent.trace.json?raw';
import llamaIndex from '../../../../fixtures/real/any-agent/llama-index-react-agent.trace.json?raw';
import openaiAgents from '../../../../fixtures/real/any-agent/openai-agents.trace.json?raw';
import { importText } from '../../import';
import { allRules, input, readWith, rules, transcript } from '../../testing/importing';
import { openinference } from './openinference';

const read = readWith(openinference);

describe('openinference fixtures', () => {
  it('reads an LLM span with multimodal contents and cache details', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['openinference', 'OpenInference spans']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['system', 'system', 'You are a helpful assistant.'],
      ['human', 'user', 'What is in this image?'],
      ['ai', 'assistant', 'A cat sitting on a windowsill.'],
    ]);
    expect(t.messages[1]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['text', 'text', 'What is in this image?'],
      ['image', 'image', undefined],
    ]);
    expect(t.messages[1]?.raw).toEqual({
      'llm.input_messages.1.message.role': 'user',
      'llm.input_messages.1.message.contents.0.message_content.type': 'text',
      'llm.input_messages.1.message.contents.0.message_content.text': 'What is in this image?',
      'llm.input_messages.1.message.contents.1.message_content.type': 'image',
      'llm.input_messages.1.message.contents.1.message_content.image.image.url': 'https://example.com/cat.png',
    });
    expect(t.messages[2]).toMatchObject({ model: 'gpt-4o-2024-08-06', timestamp: '2024-05-29T16:26:40.000Z' });
    expect(t.messages[2]?.usage).toEqual({ input: 1012, output: 9, total: 1021, totalReported: true, cacheRead: 1000, reasoning: 0 });
    expect(t.messages[2]?.location).toMatchObject({ path: 'resourceSpans[0].scopeSpans[0].spans[0].attributes[12]', line: 102 });
    expect(rules(t)).toEqual([]);
  });

  it('builds one timeline from two LLM spans written by span.to_json(), skipping the tool span', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('openinference');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['system', 'You are a weather bot.', '[2].attributes'],
      ['human', "What's the weather like in Paris?", '[2].attributes'],
      ['ai', '', '[2].attributes'],
      ['tool', 'rainy, 57°F', '[0].attributes'],
      ['ai', 'It is rainy in Paris, 57°F.', '[0].attributes'],
    ]);
    expect(t.messages[2]?.toolCalls.map((c) => [c.id, c.name, c.args, c.argsText])).toEqual([
      ['call_62136354', 'get_weather', { city: 'Paris' }, '{"city": "Paris"}'],
    ]);
    expect(t.messages[3]).toMatchObject({ toolCallId: 'call_62136354', name: 'get_weather' });
    expect(t.links.get('call_62136354')?.results).toEqual([3]);
    expect(t.tokens.totals).toMatchObject({ input: 260, output: 30, total: 290 });
    expect(rules(t)).toEqual([]);
  });

  it('flags the planted faults', () => {
    const t = transcript(fault);
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'tool', 'ai']);
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_a'],
      ['orphan-tool-call', 1, 'call_b'],
      ['invalid-tool-call', 1, 'call_b'],
      ['orphan-tool-result', 2, 'call_c'],
      ['usage-mismatch', 3, undefined],
    ]);
  });

  it('reads the cross-format run', () => {
    expect(transcript(cross).messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'tool', 'human', 'tool', 'tool', 'ai']);
  });
});

describe('openinference shapes', () => {
  it('reads nested attributes and Phoenix lists of dotted dicts alike', () => {
    const nested = {
      name: 'llm',
      attributes: {
        llm: {
          input_messages: [{ message: { role: 'user', content: 'hi' } }],
          output_messages: [{ message: { role: 'assistant', content: 'hello' } }],
          model_name: 'm',
        },
        openinference: { span: { kind: 'LLM' } },
      },
    };
    const phoenix = {
      name: 'llm',
      attributes: {
        'llm.input_messages': [{ 'message.role': 'user', 'message.content': 'hi' }],
        'llm.output_messages': [{ 'message.role': 'assistant', 'message.content': 'hello' }],
        'openinference.span.kind': 'LLM',
      },
    };
    for (const span of [nested, phoenix]) {
      expect(openinference.detect(input([span]))).toBeGreaterThan(50);
      expect(read([span]).map((m) => [m.role, m.text])).toEqual([
        ['human', 'hi'],
        ['ai', 'hello'],
      ]);
    }
    expect(read([nested])[1]?.model).toBe('m');
  });

  it('reads the legacy function call, reasoning contents and unknown roles, and keeps role-less messages', () => {
    const span = {
      name: 'llm',
      attributes: {
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.function_call_name': 'lookup',
        'llm.output_messages.0.message.function_call_arguments_json': '{"q": 1}',
        'llm.output_messages.0.message.contents.0.message_content.type': 'reasoning',
        'llm.output_messages.0.message.contents.0.message_content.text': 'thinking',
        'llm.input_messages.0.message.role': 'critic',
        'llm.input_messages.0.message.content': 'x',
        'llm.input_messages.1.message.content': 'no role',
      },
    };
    const messages = read([span]);
    expect(messages.map((m) => [m.role, m.sourceType, m.problem])).toEqual([
      ['other', 'critic', undefined],
      ['other', '(unrecognized)', 'expected a `message.role` attribute'],
      ['ai', 'assistant', undefined],
    ]);
    expect(messages[2]?.toolCalls[0]).toMatchObject({ name: 'lookup', args: { q: 1 } });
    expect(messages[2]?.content[0]).toMatchObject({ kind: 'reasoning', text: 'thinking' });
  });

  it('says so when no span carries LLM messages', () => {
    const value = [{ name: 'tool', attributes: { 'openinference.span.kind': 'TOOL', 'tool.name': 'x' } }];
    expect(openinference.detect(input(value))).toBe(60);
    expect(read(value)[0]?.problem).toContain('no span carries LLM messages');
  });

  it('does not take other shapes', () => {
    const otel = {
      resourceSpans: [{ scopeSpans: [{ spans: [{ name: 'chat', attributes: [{ key: 'gen_ai.input.messages', value: { stringValue: '[]' } }] }] }] }],
    };
    for (const value of [otel, [{ role: 'user', content: 'hi' }], [{ name: 'x', attributes: { 'llm.foo': 1 } }], { llm: { input_messages: [] } }]) {
      expect(openinference.detect(input(value))).toBe(0);
    }
  });
});

describe('openinference traces', () => {
  it("reads one span's attributes dumped on their own (openinference-genai test fixture)", () => {
    const t = transcript(attributeMap);
    expect(t.format).toBe('openinference');
    expect(t.messages.map((m) => [m.role, m.text, m.toolCallId])).toEqual([
      ['human', 'Weather in Paris?', undefined],
      ['ai', 'Absolutely! Let me check the weather for you.', undefined],
      ['tool', 'rainy, 57°F', '1234'],
      ['ai', 'The weather in Paris is currently rainy with a temperature of 57°F.', undefined],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['1234', 'get_weather', { location: 'Paris' }]]);
    expect(t.messages[3]).toMatchObject({ model: 'gpt-4-0613', usage: { input: 97, output: 52, total: 149 } });
    expect(rules(t)).toEqual([]);
  });

  it("keeps a call recorded by two instrumentations once (LangChain's LLM span and the OpenAI span under it)", () => {
    const t = transcript(doubleTraced);
    // The LangGraph CHAIN span carries the graph's input messages too: not a model call.
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'You are a weather agent. Use get_weather.'],
      ['human', 'What is the weather in Paris and in Rome?'],
      ['ai', ''],
      ['tool', 'rainy, 57°F'],
      ['ai', ''],
      ['tool', 'sunny, 75°F'],
      ['ai', 'Paris is rainy (57°F) and Rome is sunny (75°F).'],
    ]);
    expect(t.messages.flatMap((m) => m.toolCalls.map((c) => c.id))).toEqual(['call_paris', 'call_rome']);
    // The first record of each call is kept: LangChain's (its model name, its tool message names).
    expect(t.messages[6]?.model).toBe('gpt-4o-mini');
    expect(t.tokens.totals).toMatchObject({ input: 1053, output: 50, messagesWithUsage: 3 });
    expect(t.notes?.some((note) => note.startsWith('3 spans record a call already read'))).toBe(true);
    expect(allRules(t)).toEqual([]);
  });

  it('reads a smolagents run recorded three times a call, its input only in input.value, its answers re-sent as text (any-agent trace)', () => {
    const t = transcript(smolagents);
    expect(t.format).toBe('openinference');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId ?? m.toolCalls.map((c) => c.name).join()])).toEqual([
      ['system', 'system', ''],
      ['human', 'user', ''],
      ['ai', 'assistant', 'get_current_time'],
      ['tool', 'tool-response', 'call_KwNqd81uqPBbCiVN7USAoX1e'],
      ['ai', 'assistant', 'write_file'],
      ['tool', 'tool-response', 'call_UFzUSAv9BAHZ8xnSD1ONdhN3'],
      ['ai', 'assistant', 'final_answer'],
    ]);
    // Arguments the flattened record lacks: from the re-sent `Calling tools:` text, and for the last call from output.value.
    expect(t.messages.flatMap((m) => m.toolCalls.map((c) => c.args))).toEqual([
      { timezone: 'America/New_York' },
      { text: '2025' },
      { answer: 'The current year in the America/New_York timezone is 2025, and the value has been written to a file.' },
    ]);
    expect(t.notes).toEqual([
      'Built from 9 LLM spans: each repeats the conversation so far, so 7 repeated input messages were shown once, where first sent.',
      "6 spans record a call already read (same input, same output: two instrumentations, a wrapper's span around the model call, an operation span beside it): shown once.",
      '4 messages re-sent by the framework in its own words (a tool call written as text, an answer re-sent without its calls) are shown once, as the model returned them.',
    ]);
    // final_answer ends the run: its tool span records no output.
    expect(allRules(t)).toEqual([['pending-tool-call', 6, 'call_qLMyRnlxEFBMzWdT1CCGDdeS']]);
  });

  it('reads LlamaIndex ReAct answers re-sent in other words, and an OpenAI Agents run (any-agent traces)', () => {
    const react = transcript(llamaIndex);
    expect(react.messages.map((m) => m.role)).toEqual(['system', 'human', 'ai', 'human', 'ai', 'human', 'ai']);
    expect(react.messages[2]?.text).toContain('Action Input: {"timezone":"America/New_York"}');
    expect(allRules(react)).toEqual([]);
    const agents = transcript(openaiAgents);
    expect(agents.messages.map((m) => [m.role, m.toolCallId ?? m.toolCalls.map((c) => c.id).join()])).toEqual([
      ['system', ''],
      ['human', ''],
      ['ai', 'call_sODhXQeZzcyeUGUqU5t4XwcS'],
      ['tool', 'call_sODhXQeZzcyeUGUqU5t4XwcS'],
      ['ai', 'call_FssHClGcaCPzmR9cTnXAnrLY'],
      ['tool', 'call_FssHClGcaCPzmR9cTnXAnrLY'],
      ['ai', ''],
    ]);
    expect(allRules(agents)).toEqual([]);
  });

  it('reads an OpenAI Agents hand-off as one conversation, the answers named with the AGENT span of each call', () => {
    // The openai-agents instrumentor's layout (Arize-ai/openinference@1fe497f, _processor.py): an AGENT span per
    // agent, the response's instructions as input message 0, the input items after it. The content is the hand-off
    // langsmith-sdk's cassette recorded (fixtures/real/langsmith-sdk/openai-agents-handoff.request.json).
    const agentSpan = (spanId: string, name: string, start: number) => ({
      name,
      spanId,
      parentSpanId: 'w',
      traceId: 't',
      startTimeUnixNano: start,
      attributes: { 'openinference.span.kind': 'AGENT', 'graph.node.id': name },
    });
    const llmSpan = (spanId: string, parent: string, start: number, messages: Record<string, unknown>) => ({
      name: 'response',
      spanId,
      parentSpanId: parent,
      traceId: 't',
      startTimeUnixNano: start,
      attributes: { 'openinference.span.kind': 'LLM', ...messages },
    });
    const transfer = {
      'tool_calls.0.tool_call.id': 'call_gZQiwtvwnhkpwHGNvaxRGRRG',
      'tool_calls.0.tool_call.function.name': 'transfer_to_handoff_agent',
    };
    const prefixed = (prefix: string, fields: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}.message.${key}`, value]));
    const spans = [
      { name: 'Agent workflow', spanId: 'w', traceId: 't', startTimeUnixNano: 0, attributes: { 'openinference.span.kind': 'AGENT' } },
      agentSpan('a', 'Assistant', 1),
      llmSpan('r1', 'a', 2, {
        ...prefixed('llm.input_messages.0', { role: 'system', content: 'You are a helpful assistant. Hand off to Handoff Agent for math questions.' }),
        ...prefixed('llm.input_messages.1', { role: 'user', content: 'What is 2 + 2?' }),
        ...prefixed('llm.output_messages.0', { role: 'assistant', ...transfer }),
      }),
      agentSpan('b', 'Handoff Agent', 3),
      llmSpan('r2', 'b', 4, {
        ...prefixed('llm.input_messages.0', { role: 'system', content: 'You are a math expert. Answer math questions concisely.' }),
        ...prefixed('llm.input_messages.1', { role: 'user', content: 'What is 2 + 2?' }),
        ...prefixed('llm.input_messages.2', { role: 'assistant', ...transfer }),
        ...prefixed('llm.input_messages.3', { role: 'tool', tool_call_id: 'call_gZQiwtvwnhkpwHGNvaxRGRRG', content: '{"assistant": "Handoff Agent"}' }),
        ...prefixed('llm.output_messages.0', { role: 'assistant', content: '2 + 2 = 4' }),
      }),
    ];
    const output = openinference.read(input(spans));
    expect(output.conversations).toBeUndefined();
    expect(output.messages.map((m) => [m.role, m.name, m.text])).toEqual([
      ['system', 'Assistant', 'You are a helpful assistant. Hand off to Handoff Agent for math questions.'],
      ['human', undefined, 'What is 2 + 2?'],
      ['ai', 'Assistant', ''],
      ['tool', undefined, '{"assistant": "Handoff Agent"}'],
      ['system', 'Handoff Agent', 'You are a math expert. Answer math questions concisely.'],
      ['ai', 'Handoff Agent', '2 + 2 = 4'],
    ]);
  });

  it('makes a smolagents managed agent a conversation of its own, under the call that gave it its task', () => {
    const result = importText(managedAgent);
    if (!result.ok) throw new Error(result.error.message);
    const conversations = result.conversations ?? [];
    expect(conversations.map((c) => [c.label, c.parent, c.transcript.messages.map((m) => m.role).join(' ')])).toEqual([
      ['ToolCallingAgent.run', undefined, 'system human ai tool ai'],
      ['search_agent.run', { conversation: 0, toolCallId: 'call_m1' }, 'system human ai tool ai'],
    ]);
    const [manager, helper] = conversations.map((c) => c.transcript);
    // The manager's observation answers its search_agent call; each run ends in its final_answer call.
    expect(manager?.messages[3]).toMatchObject({ sourceType: 'tool-response', toolCallId: 'call_m1' });
    expect(manager && allRules(manager)).toEqual([['pending-tool-call', 4, 'call_m2']]);
    expect(helper && allRules(helper)).toEqual([['pending-tool-call', 4, 'call_s2']]);
    expect(helper?.messages[2]?.toolCalls[0]).toMatchObject({ id: 'call_s1', name: 'web_search', args: { query: 'leopard top speed km/h' } });
  });

  it('reads smolagents tool-call text and observations in flattened messages', () => {
    const span = {
      name: 'llm',
      attributes: {
        'openinference.span.kind': 'LLM',
        'llm.input_messages.0.message.role': 'tool-call',
        'llm.input_messages.0.message.content':
          "Calling tools:\n[{'id': 'call_1', 'type': 'function', 'function': {'name': 'python_interpreter', 'arguments': 'print(1)'}}]",
        'llm.input_messages.1.message.role': 'tool-response',
        'llm.input_messages.1.message.content': 'Observation:\n1',
        'llm.input_messages.2.message.role': 'tool-response',
        'llm.input_messages.2.message.content': 'Call id: call_9\nError:\nboom',
        'llm.input_messages.3.message.role': 'tool-call',
        'llm.input_messages.3.message.content': 'Calling tools:\n[broken',
      },
    };
    const messages = read([span]);
    expect(messages.map((m) => [m.role, m.toolCallId, m.toolCalls.map((c) => [c.id, c.name, c.args, c.error])])).toEqual([
      ['ai', undefined, [['call_1', 'python_interpreter', 'print(1)', undefined]]],
      ['tool', 'call_1', []],
      ['tool', 'call_9', []],
      ['ai', undefined, []],
    ]);
  });
});
