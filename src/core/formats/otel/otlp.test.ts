import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import { fromAnyValue, isoTime, numberFrom, readSpans, sampleAttributeKeys, SpanTree } from './otlp';
import type { ParsedInput } from '../types';

const span = (name: string, start: string | number, attributes: unknown) => ({ name, startTimeUnixNano: start, attributes });

describe('otlp', () => {
  it('unwraps every AnyValue kind, int64 strings included', () => {
    expect(
      fromAnyValue({
        kvlistValue: {
          values: [
            { key: 's', value: { stringValue: 'x' } },
            { key: 'i', value: { intValue: '52' } },
            { key: 'd', value: { doubleValue: 1.5 } },
            { key: 'b', value: { boolValue: false } },
            { key: 'a', value: { arrayValue: { values: [{ stringValue: 'p' }, { intValue: 3 }] } } },
            { key: 'empty', value: {} },
            { key: 'bytes', value: { bytesValue: 'aGk=' } },
          ],
        },
      }),
    ).toEqual({ s: 'x', i: 52, d: 1.5, b: false, a: ['p', 3], empty: null, bytes: 'aGk=' });
    expect(fromAnyValue({ arrayValue: {} })).toEqual([]);
    expect(fromAnyValue('plain')).toBe('plain');
    expect([numberFrom('12'), numberFrom(''), numberFrom('x'), numberFrom(Infinity)]).toEqual([12, undefined, undefined, undefined]);
  });

  it('finds spans in an export, orders them by start time and keeps where each attribute is', () => {
    const later = span('b', '1717000001000000000', [{ key: 'k', value: { arrayValue: { values: [] } } }]);
    const earlier = span('a', '1717000000000000000', [{ key: 'k', value: { stringValue: 'v' } }]);
    const spans = readSpans(input({ resourceSpans: [{ scopeSpans: [{ spans: [later, earlier] }] }] }));
    expect(spans.map((s) => [s.name, s.path, s.order])).toEqual([
      ['a', 'resourceSpans[0].scopeSpans[0].spans[1]', 1],
      ['b', 'resourceSpans[0].scopeSpans[0].spans[0]', 0],
    ]);
    expect(spans[0]?.attributes.get('k')).toEqual({ value: 'v', path: 'resourceSpans[0].scopeSpans[0].spans[1].attributes[0]' });
    expect(spans[1]?.attributes.get('k')?.arrayPath).toBe('resourceSpans[0].scopeSpans[0].spans[0].attributes[0].value.arrayValue.values');
    expect(isoTime(spans[0]?.start)).toBe('2024-05-29T16:26:40.000Z');
  });

  it('reads span lists with attribute maps (Python to_json), keeping file order when a start is missing', () => {
    const spans = readSpans(
      input([
        { name: 'x', start_time: '2024-06-01T12:00:02Z', attributes: { 'a.b': 1 } },
        { name: 'y', attributes: {} },
      ]),
    );
    expect(spans.map((s) => [s.name, s.path])).toEqual([
      ['x', '[0]'],
      ['y', '[1]'],
    ]);
    expect(spans[0]?.attributes.get('a.b')).toEqual({ value: 1, path: '[0].attributes' });
    expect(isoTime(spans[0]?.start)).toBe('2024-06-01T12:00:02.000Z');
  });

  it('reads one export per line and one bare span', () => {
    const lines: ParsedInput = {
      value: [
        { resourceSpans: [{ scopeSpans: [{ spans: [span('a', 2, [])] }] }] },
        'not json',
        { resourceSpans: [{ scopeSpans: [{ spans: [span('b', 1, [])] }] }] },
      ],
      jsonLines: true,
      lineOf: [1, 2, 3],
      lineErrors: new Map([[1, 'bad line']]),
    };
    expect(readSpans(lines).map((s) => [s.name, s.path])).toEqual([
      ['b', 'line 3'],
      ['a', 'line 1'],
    ]);
    expect(readSpans(input(span('one', 1, []))).map((s) => s.path)).toEqual(['']);
    const exports = [{ resourceSpans: [{ scopeSpans: [{ spans: [span('x', 1, [])] }] }] }];
    expect(readSpans(input(exports)).map((s) => s.path)).toEqual(['[0].resourceSpans[0].scopeSpans[0].spans[0]']);
  });

  it('samples attribute keys cheaply and ignores what is not a span', () => {
    expect([...sampleAttributeKeys(input([span('a', 1, [{ key: 'gen_ai.x', value: {} }]), span('b', 2, { 'llm.y': 1 })]))]).toEqual(['gen_ai.x', 'llm.y']);
    for (const value of [[{ role: 'user', content: 'hi' }], { messages: [] }, 'text', null, [{ attributes: {} }]]) {
      expect(readSpans(input(value))).toEqual([]);
    }
  });

  it('reads the attributes of one span given on their own, at the top or in a list, and nothing deeper', () => {
    const map = { 'gen_ai.input.messages': '[]', 'gen_ai.usage.input_tokens': 3, input: 'x' };
    const [bare] = readSpans(input(map));
    expect([bare?.path, bare?.name, bare?.attributes.get('input')]).toEqual(['', undefined, { value: 'x', path: '' }]);
    expect(readSpans(input([map, map])).map((s) => s.path)).toEqual(['[0]', '[1]']);
    expect([...sampleAttributeKeys(input(map))]).toEqual(['gen_ai.input.messages', 'gen_ai.usage.input_tokens', 'input']);
    // One namespaced key is not enough, and an app's own data deeper down is not a span.
    for (const value of [{ 'ai.x': 1, other: 2 }, { data: { rows: [{ 'llm.a': 1, 'llm.b': 2 }] } }, { attributes: 'x', 'llm.a': 1, 'llm.b': 2 }]) {
      expect(readSpans(input(value))).toEqual([]);
    }
  });

  it('reads the ids and times the JS SDK (ReadableSpan) and Python dumps write, and walks parents', () => {
    const js = [
      {
        name: 'child',
        spanContext: { traceId: 't', spanId: 'c' },
        parentSpanId: 'p',
        attributes: {},
        startTime: [1770131992, 242000000],
        endTime: [1770131993, 0],
      },
      { name: 'parent', spanContext: { traceId: 't', spanId: 'p' }, attributes: {}, startTime: [1770131992, 241000000], endTime: [1770131994, 0] },
    ];
    const spans = readSpans(input(js));
    expect(spans.map((s) => [s.name, s.id, s.parentId, s.traceId, isoTime(s.start)])).toEqual([
      ['parent', 'p', undefined, 't', '2026-02-03T15:19:52.241Z'],
      ['child', 'c', 'p', 't', '2026-02-03T15:19:52.242Z'],
    ]);
    const [parent, child] = spans;
    const tree = new SpanTree(spans);
    expect(tree.linked).toBe(true);
    expect(parent && child && [tree.encloses(parent, child), tree.encloses(child, parent)]).toEqual([true, false]);
    // Python dumps: integer ids in `context` / `parent`, nanosecond integers.
    const python = { name: 'x', context: { trace_id: 12, span_id: 34 }, parent: { span_id: 56 }, start_time: 1747703769230551000, attributes: {} };
    expect(readSpans(input(python)).map((s) => [s.id, s.parentId, s.traceId, s.start !== undefined])).toEqual([['34', '56', '12', true]]);
    // Without links, a span encloses what runs within its start and end.
    const unlinked = readSpans(input(js.map((entry) => ({ ...entry, parentSpanId: undefined }))));
    const loose = new SpanTree(unlinked);
    expect(loose.linked).toBe(false);
    expect(unlinked[0] && unlinked[1] && loose.encloses(unlinked[0], unlinked[1])).toBe(true);
  });
});
