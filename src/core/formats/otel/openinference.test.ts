import { describe, expect, it } from 'vitest';
import cross from '../../../../fixtures/cross-format/openinference.json?raw';
import clean from '../../../../fixtures/formats/openinference/clean.json?raw';
import fault from '../../../../fixtures/formats/openinference/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/openinference/tool-calls.json?raw';
import { input, readWith, rules, transcript } from '../../testing/importing';
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
