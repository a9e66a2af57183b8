// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { linkedSource, resolveAgainstPage, writeUrl } from './url';

const at = (url: string): void => window.history.replaceState({ kept: true }, '', url);

beforeEach(() => at('/'));

describe('the page URL', () => {
  it('reads the history a link asks for', () => {
    expect(linkedSource()).toBeNull();
    at('/app/?src=runs%2Fa.json&x=1');
    expect(linkedSource()).toBe('runs/a.json');
  });

  it('resolves a URL against the page', () => {
    at('/app/?src=runs/a.json');
    expect(resolveAgainstPage('runs/a.json')).toBe(`${window.location.origin}/app/runs/a.json`);
    expect(resolveAgainstPage('https://x.test/b.json')).toBe('https://x.test/b.json');
  });

  it('writes hash and query parameters in place, keeping the others and the history state', () => {
    at('/app/?src=a.json#q=weather');
    const entries = window.history.length;
    writeUrl({ hash: { m: '12' } });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/app/?src=a.json#q=weather&m=12');
    writeUrl({ hash: { q: null, m: '13' }, query: { src: null } });
    expect(window.location.search + window.location.hash).toBe('#m=13');
    writeUrl({ hash: { m: null } });
    expect(window.location.href).toBe(`${window.location.origin}/app/`);
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ kept: true });
  });
});
