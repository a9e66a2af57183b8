import { describe, expect, it } from 'vitest';
import { pythonRepr } from './pythonRepr';

describe('pythonRepr', () => {
  it('writes JSON values as Python prints them', () => {
    expect(pythonRepr({ a: [1, 2.5, null, true, false], 'b c': 'x' })).toBe("{'a': [1, 2.5, None, True, False], 'b c': 'x'}");
    expect(pythonRepr("it's")).toBe(`"it's"`);
    expect(pythonRepr(`both ' and "`)).toBe(`'both \\' and "'`);
    expect(pythonRepr('line\nbreak\\')).toBe("'line\\nbreak\\\\'");
  });

  it('stands in a placeholder for values too long for an error line', () => {
    expect(pythonRepr({ text: 'x'.repeat(400) }, '{…}')).toBe('{…}');
  });
});
