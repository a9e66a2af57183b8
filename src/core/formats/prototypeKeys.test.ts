// `__proto__`, `constructor` and `prototype` keys are data like any other key: JSON.parse makes them own
// properties, but a reader that copies them into a plain object (`copy[key] = value`, Object.assign) makes
// a `__proto__` key the copy's prototype, whose fields every later read then takes for the message's own.
// Every reader, on every fixture it reads with such a key added to every object (and to every OTLP
// attribute list), shows nothing that was under the key except where it shows the input itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { convertTranscript } from '../convert';
import { importText } from '../import';
import { archiveInput } from '../json/archive';
import { parseInput } from '../json/parseInput';
import { isRecord } from '../json/value';
import { detectFormat, getAdapter, isTextAdapter, listFormats } from './registry';
import type { AdapterOutput, FormatAdapter, TextFormatAdapter } from './types';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');
const MARK = 'PROTO_MARK';
const COUNT = 424242;
const KEYS = ['__proto__', 'constructor', 'prototype'] as const;
type Key = (typeof KEYS)[number];

/** Every field some reader takes from a message, a part, a call, a span or an envelope, each saying MARK. */
const POISON = {
  role: 'user',
  type: 'human',
  id: MARK,
  name: MARK,
  content: MARK,
  text: MARK,
  value: MARK,
  output: MARK,
  input: { q: MARK },
  arguments: '{}',
  args: { q: MARK },
  tool_call_id: MARK,
  toolCallId: MARK,
  call_id: MARK,
  status: MARK,
  model: MARK,
  timestamp: MARK,
  tool_calls: [{ id: MARK, type: 'function', function: { name: MARK, arguments: '{}' }, name: MARK, args: {} }],
  toolCalls: [{ toolCallId: MARK, toolName: MARK, args: {} }],
  function_call: { name: MARK, arguments: '{}' },
  parts: [{ type: 'text', text: MARK }],
  messages: [{ role: 'user', content: MARK }],
  message: { role: 'assistant', content: MARK, tool_calls: [{ id: MARK, type: 'function', function: { name: MARK, arguments: '{}' } }] },
  usage: { input_tokens: COUNT, output_tokens: COUNT, total_tokens: COUNT },
  usage_metadata: { input_tokens: COUNT, output_tokens: COUNT, total_tokens: COUNT },
};

/** A value as an OTLP AnyValue, for an attribute list's entry. */
function anyValue(value: unknown): unknown {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') return { intValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (isRecord(value)) return { kvlistValue: { values: Object.entries(value).map(([key, v]) => ({ key, value: anyValue(v) })) } };
  return value;
}

const isAttributeList = (node: unknown[]): boolean =>
  node.length > 0 && node.every((entry) => isRecord(entry) && typeof entry.key === 'string' && 'value' in entry);

const STAND_IN = '\u0000key\u0000';

/** `value` with `key` added to every object in it, as JSON text (so that `__proto__` is an own key, as JSON.parse makes it). */
function injected(value: unknown, key: Key): string {
  const add = (node: unknown): unknown => {
    if (Array.isArray(node)) return isAttributeList(node) ? [...node.map(add), { key, value: anyValue(POISON) }] : node.map(add);
    if (!isRecord(node)) return node;
    const copy: Record<string, unknown> = { [STAND_IN]: POISON };
    for (const [k, v] of Object.entries(node)) copy[k] = add(v);
    return copy;
  };
  return JSON.stringify(add(value)).replaceAll(JSON.stringify(STAND_IN), JSON.stringify(key));
}

/** The text with `key` in every object of its JSON, its JSON Lines or its server-sent events' data. */
function withKey(text: string, key: Key): string {
  try {
    return injected(JSON.parse(text), key);
  } catch {
    return text
      .split('\n')
      .map((line) => {
        const [, prefix = '', body = ''] = /^(data: ?)?(.*)$/s.exec(line) ?? [];
        if (!/^[[{]/.test(body)) return line;
        try {
          return prefix + injected(JSON.parse(body), key);
        } catch {
          return line;
        }
      })
      .join('\n');
  }
}

/**
 * Where a reading shows what was under `key`: a string or a count from POISON anywhere but in the raw input it
 * keeps, in a text that quotes the input with the key (a tool result's JSON), or in the quote of an element it
 * could not read (a map's `__proto__` entry that is no conversation), which has a problem that says so.
 */
function leaks(output: AdapterOutput, key: Key): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      if (node.includes(MARK) && !node.includes(key)) found.push(`${path}: ${node.slice(0, 80)}`);
    } else if (node === COUNT) {
      found.push(`${path}: ${COUNT}`);
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${path}[${i}]`));
    } else if (isRecord(node)) {
      const quote = typeof node.problem === 'string';
      for (const [k, v] of Object.entries(node)) {
        if (k !== 'raw' && !(KEYS as readonly string[]).includes(k) && !(quote && (k === 'text' || k === 'content'))) walk(v, `${path}.${k}`);
      }
    }
  };
  walk({ messages: output.messages, conversations: output.conversations, notes: output.notes }, '');
  return found;
}

/** How many messages of each role (unreadable ones apart) and how many calls a reading has. */
function counts(output: AdapterOutput): Record<string, number> {
  const out: Record<string, number> = { calls: 0 };
  for (const m of output.messages) {
    if (m.problem !== undefined) continue;
    out[m.role] = (out[m.role] ?? 0) + 1;
    out.calls = (out.calls ?? 0) + m.toolCalls.length + m.invalidToolCalls.length;
  }
  return out;
}

/** `seen` with each count cut to the one in `was`: equal to `seen` when no count grew. */
const atMost = (seen: Record<string, number>, was: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(seen).map(([key, n]) => [key, Math.min(n, was[key] ?? 0)]));

function read(adapter: FormatAdapter | TextFormatAdapter, text: string): AdapterOutput {
  if (isTextAdapter(adapter)) return adapter.readText(text);
  const parsed = parseInput(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return adapter.read(parsed.input);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(?:json|jsonl|ndjson|txt|sse|traj)$/.test(name) && !name.endsWith('expected.json') && !name.includes('invalid') ? [path] : [];
  });
}

interface Sample {
  label: string;
  text: string;
}

/** Each fixture, under the reader detection picks for it. */
const samples = new Map<string, Sample[]>();
const addSample = (format: string, sample: Sample) => samples.set(format, [...(samples.get(format) ?? []), sample]);
for (const path of filesUnder(FIXTURES)) {
  const text = readFileSync(path, 'utf8');
  const parsed = parseInput(text);
  const adapter = parsed.ok ? detectFormat(parsed.input) : undefined;
  if (adapter) addSample(adapter.name, { label: relative(FIXTURES, path), text });
}

// Shapes no fixture has. msgscope's own export, of a history with calls:
const exported = importText(readFileSync(join(FIXTURES, 'cross-format/langchain-serialized.json'), 'utf8'));
if (exported.ok)
  addSample('msgscope', {
    label: 'the msgscope export of cross-format/langchain-serialized.json',
    text: convertTranscript(exported.transcript, 'msgscope').text,
  });

// GenAI span events whose attributes hold the message's fields, as a list and as a map; the tool message and
// the choice leave out what a reader then looks for (`id`, `message`).
const eventSpan = (attributes: (fields: Record<string, string>) => unknown) => ({
  traceId: 't1',
  spanId: 's1',
  name: 'chat m',
  attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }],
  events: [
    { name: 'gen_ai.user.message', attributes: attributes({ content: 'Weather in Paris?' }) },
    { name: 'gen_ai.assistant.message', attributes: attributes({ content: 'Let me look.' }) },
    { name: 'gen_ai.tool.message', attributes: attributes({ content: 'rainy' }) },
    { name: 'gen_ai.choice', attributes: attributes({ finish_reason: 'stop' }) },
  ],
});
const asList = (fields: Record<string, string>) => Object.entries(fields).map(([key, value]) => ({ key, value: { stringValue: value } }));
addSample('otel-genai', {
  label: 'span events with attribute lists',
  text: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [eventSpan(asList)] }] }] }),
});
addSample('otel-genai', { label: 'span events with attribute maps', text: JSON.stringify([eventSpan((fields) => fields)]) });

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const jsonAdapters = listFormats().filter((adapter): adapter is FormatAdapter => !isTextAdapter(adapter));

describe('prototype keys are data, never fields', () => {
  // A reader that wrote into Object.prototype fails its own case; the ones after it start clean.
  afterEach(() => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) if (!PROTOTYPE_NAMES.includes(name)) Reflect.deleteProperty(Object.prototype, name);
  });

  it('every JSON reader has a sample to try', () => {
    expect(jsonAdapters.filter((adapter) => !samples.has(adapter.name)).map((adapter) => adapter.name)).toEqual([]);
  });

  describe.each(jsonAdapters.map((adapter) => [adapter.name, adapter] as const))('%s', (_name, adapter) => {
    const cases = (samples.get(adapter.name) ?? []).flatMap((sample) => KEYS.map((key) => [sample.label, key, sample.text] as const));
    it.each(cases)('%s with %s keys', (_label, key, text) => {
      const clean = read(adapter, text);
      const poisoned = read(adapter, withKey(text, key));
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_NAMES);
      expect(leaks(poisoned, key), `what was under ${key} read as the input's own`).toEqual([]);
      // A key may make an element unreadable (a problem says so), never a message of a role, or a call, it was not.
      expect(counts(poisoned)).toEqual(atMost(counts(poisoned), counts(clean)));
    });
  });

  // Span readers take attribute names apart at the dots (`ai.usage.inputTokenDetails.cacheReadTokens`): a name
  // with a `__proto__` part must not reach Object.prototype, which every object of the process shares.
  it.each(KEYS)('no reader writes through a dotted attribute name with %s in it', (key) => {
    const names = ['ai.usage', 'ai.prompt', 'ai.response', 'gen_ai', 'gen_ai.usage', 'llm', 'llm.input_messages.0.message', 'llm.token_count'].flatMap((ns) => [
      `${ns}.${key}`,
      `${ns}.${key}.polluted`,
      `${ns}.${key}.${key}.polluted`,
    ]);
    const attributes = [
      { key: 'ai.operationId', value: { stringValue: 'ai.generateText.doGenerate' } },
      { key: 'ai.prompt.messages', value: { stringValue: '[{"role":"user","content":"hi"}]' } },
      { key: 'ai.response.text', value: { stringValue: 'hello' } },
      { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
      { key: 'llm.input_messages.0.message.role', value: { stringValue: 'user' } },
      { key: 'llm.input_messages.0.message.content', value: { stringValue: 'hi' } },
      ...names.map((name) => ({ key: name, value: { stringValue: MARK } })),
    ];
    const span = { traceId: 't1', spanId: 's1', name: 'ai.generateText.doGenerate', attributes };
    const asMap = Object.fromEntries(attributes.map((entry) => [entry.key, entry.value.stringValue]));
    for (const text of [JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }), JSON.stringify([{ ...span, attributes: asMap }])]) {
      for (const adapter of jsonAdapters) {
        const output = read(adapter, text);
        expect(Object.getOwnPropertyNames(Object.prototype), adapter.name).toEqual(PROTOTYPE_NAMES);
        expect(leaks(output, key), adapter.name).toEqual([]);
      }
    }
  });

  it('a file named __proto__ in an archive is one of its files', () => {
    const { value } = archiveInput([
      { name: '__proto__', text: JSON.stringify(POISON) },
      { name: 'samples/1.json', text: '{"messages": []}' },
    ]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(isRecord(value) && Object.keys(value)).toEqual(['__proto__', 'samples/1.json']);
  });

  // Python literals: a `__proto__` dict key or keyword argument, at the message and inside its fields.
  const PY_POISON = `{'role': 'user', 'content': '${MARK}', 'name': '${MARK}', 'id': '${MARK}', 'tool_calls': [{'name': '${MARK}', 'args': {}, 'id': '${MARK}', 'type': 'tool_call'}]}`;
  const repr = (key: string) =>
    [
      `HumanMessage(${key}=${PY_POISON}, content='hi', additional_kwargs={'${key}': ${PY_POISON}}, response_metadata={})`,
      `AIMessage(content='', ${key}=${PY_POISON}, additional_kwargs={}, response_metadata={'${key}': ${PY_POISON}}, tool_calls=[{'${key}': ${PY_POISON}, 'name': 'add', 'args': {'${key}': ${PY_POISON}, 'a': 1}, 'id': 'call_1', 'type': 'tool_call'}])`,
      `ToolMessage(content='2', ${key}=${PY_POISON}, name='add', tool_call_id='call_1')`,
    ].join('\n');
  const pretty = (key: string) =>
    [
      '================================== Ai Message ==================================',
      'Tool Calls:',
      '  add (call_1)',
      ' Call ID: call_1',
      '  Args:',
      `    ${key}: ${PY_POISON}`,
      '    a: 1',
      '================================= Tool Message =================================',
      'Name: add',
      '',
      '2',
    ].join('\n');
  const textCases: [string, (key: string) => string][] = [
    ['langchain-repr', repr],
    ['langchain-pretty', pretty],
  ];

  it('every text reader has a sample to try', () => {
    const textAdapters = listFormats().filter(isTextAdapter);
    expect(textAdapters.map((adapter) => adapter.name).sort()).toEqual(textCases.map(([name]) => name).sort());
  });

  it.each(textCases.flatMap(([name, sample]) => KEYS.map((key) => [name, key, sample] as const)))('%s with %s keys', (name, key, sample) => {
    const adapter = getAdapter(name);
    if (!adapter) throw new Error(`no reader ${name}`);
    const poisoned = read(adapter, sample(key));
    expect(leaks(poisoned, key)).toEqual([]);
    expect(poisoned.messages.map((m) => [m.role, m.toolCalls.length, m.problem])).toEqual(
      read(adapter, sample('x_key')).messages.map((m) => [m.role, m.toolCalls.length, m.problem]),
    );
  });
});
