import { describe, expect, it } from 'vitest';
import { input } from '../../testing/importing';
import { fromAnyValue, isoTime, numberFrom, readSpans, sampleAttributeKeys } from './otlp';
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
});
