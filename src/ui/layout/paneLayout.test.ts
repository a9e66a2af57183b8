import { describe, expect, it } from 'vitest';
import { clampWidth, DEFAULT_LAYOUT, MAX_WIDTH, MIN_WIDTH, parsePaneLayout } from './paneLayout';

describe('the panes kept in this browser', () => {
  it('reads widths and collapsed panes, and keeps the defaults for anything else', () => {
    expect(parsePaneLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parsePaneLayout('not json')).toEqual(DEFAULT_LAYOUT);
    expect(parsePaneLayout('[1,2]')).toEqual(DEFAULT_LAYOUT);
    expect(parsePaneLayout(JSON.stringify({ findings: { width: 300.4, collapsed: true }, detail: { width: '400', collapsed: 'yes' } }))).toEqual({
      findings: { width: 300, collapsed: true },
      detail: { collapsed: false },
    });
    // A key named like Object.prototype's members is only a key.
    expect(parsePaneLayout('{"__proto__": {"collapsed": true}, "detail": {"width": 1e9}}')).toEqual({
      findings: { collapsed: false },
      detail: { width: MAX_WIDTH, collapsed: false },
    });
  });

  it('keeps a width between the pane’s least and the room the centre column leaves', () => {
    expect(clampWidth('findings', 10, 1000)).toBe(MIN_WIDTH.findings);
    expect(clampWidth('detail', 10, 1000)).toBe(MIN_WIDTH.detail);
    expect(clampWidth('detail', 700, 500)).toBe(500);
    expect(clampWidth('findings', 5000, Infinity)).toBe(MAX_WIDTH);
    // Less room than the least width: the least width, the page's flex layout shrinks it from there.
    expect(clampWidth('detail', 300, 100)).toBe(MIN_WIDTH.detail);
  });
});
