import { describe, expect, it } from 'vitest';
import { JsonSpans } from './jsonSpans';
import { TextEdits } from './textEdits';

describe('TextEdits', () => {
  const text = '{"list": [\n  {"n": 1},\n  {"n": 2, "id": "a"},\n  {"n": 3}\n], "tail": true}';

  it('removes, inserts and moves entries, copying every untouched byte and separator', () => {
    const spans = new JsonSpans(text);
    const list = spans.at(['list'])!;
    const [first, second, third] = spans.entries(list)!;
    const edits = new TextEdits(spans);
    edits.remove(list, 0);
    edits.insert(list, 3, [{ span: first! }, { text: '{"n": 4}' }]);
    expect(edits.render()).toBe('{"list": [\n  {"n": 2, "id": "a"},\n  {"n": 3},\n  {"n": 1},\n  {"n": 4}\n], "tail": true}');
    expect(edits.order(list)).toEqual([1, 2, 0, -1]);
    expect([second, third].every(Boolean)).toBe(true);
  });

  it('applies replacements inside entries that move, and wraps pieces', () => {
    const spans = new JsonSpans(text);
    const list = spans.at(['list'])!;
    const entries = spans.entries(list)!;
    const id = spans.at(['list', 1, 'id'])!;
    const edits = new TextEdits(spans);
    edits.replace(id, '"b"');
    edits.remove(list, 1);
    edits.insert(list, 0, [{ wrap: [{ span: entries[1]! }], with: (parts) => `[${parts.join('')}]` }]);
    expect(edits.render()).toBe('{"list": [\n  [{"n": 2, "id": "b"}],\n  {"n": 1},\n  {"n": 3}\n], "tail": true}');
  });

  it('edits the only entry of a list, and empties a list', () => {
    const spans = new JsonSpans('[{"a": [1]}]');
    const inner = spans.at([0, 'a'])!;
    const edits = new TextEdits(spans);
    edits.insert(inner, 1, [{ text: '2' }]);
    expect(edits.render()).toBe('[{"a": [1, 2]}]');
    const emptied = new TextEdits(spans);
    emptied.remove(inner, 0);
    expect(emptied.emptied(inner)).toBe(true);
    expect(emptied.render()).toBe('[{"a": []}]');
  });

  it('keeps the text as it is when nothing is edited', () => {
    const edits = new TextEdits(new JsonSpans(text));
    expect(edits.touched).toBe(false);
    expect(edits.render()).toBe(text);
  });
});
