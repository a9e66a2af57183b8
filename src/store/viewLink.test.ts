// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { currentLink, pageLink } from './url';
import { readLinkedView, viewParams } from './viewLink';

const read = (fragment: string) => readLinkedView(new URLSearchParams(fragment));

describe('the view a link names', () => {
  it('reads the selected message, the tab, the roles shown and the search', () => {
    expect(read('m=12&tab=providers&role=human,ai&q=weather%20now')).toEqual({
      message: 12,
      tab: 'verdicts',
      hiddenRoles: ['system', 'tool', 'other'],
      search: 'weather now',
    });
    expect(read('tab=findings&m=0')).toEqual({ message: 0, tab: 'findings' });
    expect(read('view=tools&m=3')).toEqual({ message: 3, mainView: 'tools' });
    expect(read('')).toEqual({});
  });

  it('leaves out what makes no sense rather than guess', () => {
    expect(read('m=-1&tab=verdicts&role=robots&q=&view=chart')).toEqual({});
    expect(read('m=01')).toEqual({});
    expect(read('m=1e3')).toEqual({});
    // Empty: no role shown at all, which the page can show.
    expect(read('role=')).toEqual({ hiddenRoles: ['system', 'human', 'ai', 'tool', 'other'] });
  });

  it('writes what is on screen, each parameter at its default removed, and reads it back', () => {
    const state = {
      selection: { index: 7, toolCallId: 'call_1' },
      sideTab: 'verdicts' as const,
      mainView: 'table' as const,
      hiddenRoles: ['tool' as const],
      search: 'a&b=c',
    };
    const params = viewParams(state);
    expect(params).toEqual({ m: '7', tab: 'providers', view: 'table', role: 'system,human,ai,other', q: 'a&b=c', tool: null, sev: null, with: null });
    const fragment = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === null ? [] : [[k, v]])));
    expect(readLinkedView(fragment)).toEqual({ message: 7, tab: 'verdicts', mainView: 'table', hiddenRoles: ['tool'], search: 'a&b=c' });
    expect(viewParams({ selection: null, sideTab: 'findings', mainView: 'timeline', hiddenRoles: [], search: '' })).toEqual({
      m: null,
      tab: null,
      view: null,
      role: null,
      q: null,
      tool: null,
      sev: null,
      with: null,
    });
  });

  it('writes the facets as tool=, sev= and with=, and reads them back', () => {
    const facets = { tools: ['read_file', 'get,weather', 'http_get'], severities: ['info' as const, 'error' as const], findings: true, toolErrors: true };
    const params = viewParams({ selection: null, sideTab: 'findings', mainView: 'timeline', hiddenRoles: [], search: '', facets });
    // A name with a comma cannot be listed so: it is left out of the address.
    expect(params).toMatchObject({ tool: 'read_file,http_get', sev: 'error,info', with: 'findings,tool-errors' });
    expect(read('tool=read_file,http_get&sev=error,info&with=findings,tool-errors')).toEqual({
      facets: { tools: ['read_file', 'http_get'], severities: ['error', 'info'], findings: true, toolErrors: true },
    });
    expect(read('with=tool-errors')).toEqual({ facets: { tools: [], severities: [], findings: false, toolErrors: true } });
    // Names that are no facet are left out; a link that names none leaves them as they are.
    expect(read('sev=fatal&with=everything&tool=')).toEqual({});
  });
});

describe('links to this page', () => {
  it('carries the history and view in the fragment, without the query', () => {
    window.history.replaceState(null, '', '/app/?src=a.json#c=2&m=3');
    expect(pageLink({ m: '3', h: '1.abc' })).toBe(`${window.location.origin}/app/#m=3&h=1.abc`);
    expect(currentLink({ hash: { m: '9' } })).toBe(`${window.location.origin}/app/?src=a.json#c=2&m=9`);
  });
});
