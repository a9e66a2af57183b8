// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonTree, CHILDREN_SHOWN, STRING_SHOWN } from './JsonTree';
import { childPath, parseJsonText } from './jsonText';

afterEach(cleanup);

let clipboard: string[];
beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn((text: string) => (clipboard.push(text), Promise.resolve())) },
  });
});

const node = (path: string): HTMLElement => {
  const found = document.querySelector<HTMLElement>(`[data-testid=json-node][data-path=${JSON.stringify(path)}]`);
  if (!found) throw new Error(`no node ${path}`);
  return found;
};
const tree = (text: string) => {
  const json = parseJsonText(text);
  if (!json) throw new Error('not JSON');
  return render(<JsonTree value={json.value} text={text} lossyNumbers={json.lossyNumbers} />);
};

describe('JsonTree', () => {
  it('opens the root and small nodes near it; a big or deep node starts folded', () => {
    tree(
      JSON.stringify({
        small: { a: 1, b: [true, null] },
        big: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
        deep: { l1: { l2: { l3: { l4: 1 } } } },
      }),
    );
    expect(node('$').dataset.open).toBe('true');
    expect(node('$.small').dataset.open).toBe('true');
    expect(node('$.small.b').dataset.open).toBe('true');
    expect(node('$.big').dataset.open).toBe('false');
    expect(node('$.big').textContent).toContain('30 keys');
    expect(node('$.deep.l1.l2').dataset.open).toBe('false');
    expect(document.querySelector('[data-path="$.deep.l1.l2.l3"]')).toBeNull();
  });

  it('folds and unfolds a node: its children leave the DOM and come back', async () => {
    tree('{"window": {"from": "a", "to": "b"}}');
    const toggle = within(node('$.window')).getAllByTestId('json-toggle')[0]!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('[data-path="$.window.to"]')).not.toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[data-path="$.window.to"]')).toBeNull();
    expect(node('$.window').textContent).toContain('2 keys');
    await userEvent.click(toggle);
    expect(node('$.window.to').textContent).toBe('"to": "b"');
  });

  it('copies a node as pretty JSON, and the whole as the text was written', async () => {
    const text = '{"a":   [1, {"b": "c"}], "n": 1.50}';
    tree(text);
    await userEvent.click(within(node('$.a[1]')).getAllByTestId('json-copy')[0]!);
    expect(clipboard).toEqual(['{\n  "b": "c"\n}']);
    expect(within(node('$.a[1]')).getAllByTestId('json-copy')[0]!.textContent).toBe('Copied');
    await userEvent.click(screen.getByTestId('json-copy-all'));
    expect(clipboard[1]).toBe(text);
  });

  it('shows the first children of a long list, then more on request, up to all of them', async () => {
    const items = Array.from({ length: CHILDREN_SHOWN + 1500 }, (_, i) => i);
    tree(JSON.stringify({ items }));
    await userEvent.click(within(node('$.items')).getAllByTestId('json-toggle')[0]!);
    const children = () => node('$.items').querySelectorAll(':scope > .json-children > [data-testid=json-node]').length;
    expect(children()).toBe(CHILDREN_SHOWN);
    await userEvent.click(screen.getByRole('button', { name: 'Show 1,000 more (1,500 left)' }));
    expect(children()).toBe(CHILDREN_SHOWN + 1000);
    await userEvent.click(screen.getByRole('button', { name: 'Show all (500 more items)' }));
    expect(children()).toBe(items.length);
    expect(node(`$.items[${items.length - 1}]`).textContent).toBe(`${items.length - 1}: ${items.length - 1}`);
    expect(screen.queryByTestId('json-more')).toBeNull();
  });

  it('cuts a long string value, and Show all puts the whole of it back', async () => {
    const long = `${'x'.repeat(STRING_SHOWN)}THE END`;
    tree(JSON.stringify({ long }));
    expect(node('$.long').textContent).toBe(`"long": "${'x'.repeat(STRING_SHOWN)}…Show all (7 characters more)`);
    await userEvent.click(screen.getByRole('button', { name: 'Show all (7 characters more)' }));
    expect(node('$.long').textContent).toBe(`"long": "${long}"`);
  });

  it('says when the text holds integers JavaScript cannot keep exactly', () => {
    tree('{"id": 12345678901234567890}');
    expect(screen.getByTestId('json-lossy').textContent).toContain('Raw shows them as written');
    cleanup();
    tree('{"id": 123}');
    expect(screen.queryByTestId('json-lossy')).toBeNull();
  });
});

describe('parseJsonText', () => {
  it('takes objects and arrays, not scalars, not broken JSON, not text that only starts like JSON', () => {
    expect(parseJsonText(' \n {"a": 1}')?.value).toEqual({ a: 1 });
    expect(parseJsonText('[1, 2]')?.value).toEqual([1, 2]);
    for (const text of ['"text"', '42', 'null', '{"a": ', '[1, 2] and more', 'Hello {"a": 1}', '']) expect(parseJsonText(text)).toBeUndefined();
  });

  it('names children the way JavaScript would reach them', () => {
    expect([childPath('$', 'a'), childPath('$', 'two words'), childPath('$', 3), childPath('$.a', '$ok_1')]).toEqual([
      '$.a',
      '$["two words"]',
      '$[3]',
      '$.a.$ok_1',
    ]);
  });
});
