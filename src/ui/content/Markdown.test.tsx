// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKDOWN_PAYLOAD, XSS_PAYLOADS } from '../../core/testing/xssPayloads';
import Markdown from './Markdown';

afterEach(cleanup);

const hits: string[] = [];
beforeEach(() => {
  hits.length = 0;
  (window as unknown as { __xssHit: (what: string) => void }).__xssHit = (what) => hits.push(what);
});

/** Elements that run, embed, fetch or submit; a rendered message has none of them (its buttons are the page's own). */
const ACTIVE =
  'script, iframe, frame, object, embed, img, link, style, base, meta, svg, math, video, audio, source, form, textarea, select, input:not([type=checkbox])';
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background', 'srcdoc'];

/** What in `root` is not inert: active elements, handlers, URL attributes other than safe links. */
function problems(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll(ACTIVE)) found.push(`element ${element.tagName}`);
  for (const element of root.querySelectorAll('*'))
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${element.tagName} ${attribute.name}`);
      if (!URL_ATTRIBUTES.includes(attribute.name)) continue;
      const safeLink =
        element.tagName === 'A' &&
        attribute.name === 'href' &&
        /^(?:https?|mailto):/.test(attribute.value) &&
        element.getAttribute('target') === '_blank' &&
        element.getAttribute('rel') === 'noopener noreferrer';
      if (!safeLink) found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
    }
  return found;
}

const rendered = (text: string): HTMLElement => render(<Markdown text={text} />).container;

describe('Markdown: every payload of the XSS corpus renders inert', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('%s', (payload) => {
    const root = rendered(payload);
    expect(problems(root)).toEqual([]);
    expect(hits).toEqual([]);
    // HTML is shown as the text it is: every tag of the payload is in the text, none is an element.
    for (const tag of payload.match(/<[a-z][^>]*>/gi) ?? []) if (!tag.startsWith('<javascript:')) expect(root.textContent).toContain(tag);
  });

  it('all of them in one paragraph, as the e2e histories write them', () => {
    const root = rendered(XSS_PAYLOADS.join(' '));
    expect(problems(root)).toEqual([]);
    // GFM autolinks make links to the evil host's URLs: links to click, in a new tab, never fetched.
    for (const link of root.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^https:\/\/evil\.test\//);
  });

  it('a document whose HTML blocks, reference definitions, fences, task lists, tables and footnotes carry payloads', () => {
    const root = rendered(MARKDOWN_PAYLOAD);
    expect(problems(root)).toEqual([]);
    expect(hits).toEqual([]);
    const text = root.textContent;
    expect(text).toContain(`<script>window.__xssHit('block-script')</script>`);
    expect(text).toContain(`<div onmouseover="window.__xssHit('div')">block html</div>`);
    expect(text).toContain(`<iframe srcdoc="<script>window.__xssHit('srcdoc')</script>"></iframe>`);
    expect(root.querySelector('h1')?.textContent).toBe(`Heading <img src=x onerror=window.__xssHit('heading')>`);
    // The fence's text stays code: it cannot close its own element.
    expect(root.querySelector('pre code')?.textContent).toBe(`</code></pre><script>window.__xssHit('fence')</script>\n`);
    expect(root.querySelector('td')?.textContent).toBe(`<svg onload=window.__xssHit('cell')>`);
    // The task list's checkbox is the renderer's own, disabled.
    expect([...root.querySelectorAll('input')].map((input) => [input.type, input.disabled])).toEqual([['checkbox', true]]);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://evil.test/page', 'https://evil.test/autolink']);
    const inert = [...root.querySelectorAll('[data-testid=inert-link]')].map((span) => span.textContent);
    expect(inert).toEqual(expect.arrayContaining([`reference link javascript:window.__xssHit('reference')`, `note javascript:window.__xssHit('footnote')`]));
  });
});

describe('Markdown links', () => {
  it('opens an http(s) or mailto link in a new tab, without the page as opener or referrer', () => {
    const root = rendered('[docs](https://example.com/a?b=1#c) <mailto:dev@example.com> and www.example.org');
    expect([...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['docs', 'https://example.com/a?b=1#c', '_blank', 'noopener noreferrer'],
      ['mailto:dev@example.com', 'mailto:dev@example.com', '_blank', 'noopener noreferrer'],
      ['www.example.org', 'http://www.example.org/', '_blank', 'noopener noreferrer'],
    ]);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['%20javascript:alert(1)'],
    ['data:text/html,%3Cscript%3Ealert(1)%3C/script%3E'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['/relative/path'],
    ['#m=3'],
    ['ftp://example.com/x'],
  ])('a link to %s is text, with its target shown', (target) => {
    const root = rendered(`[words](<${target}>)`);
    expect(root.querySelector('a')).toBeNull();
    const inert = root.querySelector('[data-testid=inert-link]');
    expect(inert?.textContent).toContain('words');
    expect(problems(root)).toEqual([]);
  });

  it('an image is never fetched: its words and address, and Load image (host) for http(s) only', () => {
    const remote = rendered('![the chart](https://cdn.example.com/c.png)');
    expect(remote.querySelector('img')).toBeNull();
    expect(remote.querySelector('[data-testid=md-image]')?.textContent).toContain('the chart');
    expect(remote.querySelector('[data-testid=remote-image]')?.textContent).toContain('https://cdn.example.com/c.png');
    expect(remote.querySelector('[data-testid=load-image]')?.textContent).toBe('Load image (cdn.example.com)');
    cleanup();
    const inline = rendered('![dot](data:image/png;base64,iVBORw0KGgo=)');
    expect(inline.querySelector('img, [data-testid=load-image]')).toBeNull();
    expect(inline.textContent).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it('fetches nothing while it renders', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    rendered(`${MARKDOWN_PAYLOAD}\n\n${XSS_PAYLOADS.join('\n\n')}`);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });
});

describe('Markdown blocks', () => {
  it('keeps a fence language as class and label; GFM tables, lists, strikethrough', () => {
    const root = rendered('# T\n\n- a\n- b\n\n| x | y |\n|---|--:|\n| 1 | 2 |\n\n~~old~~\n\n```python\nprint("hi")\n```\n\n```\nplain\n```');
    expect(root.querySelector('h1')?.textContent).toBe('T');
    expect(root.querySelectorAll('ul > li')).toHaveLength(2);
    expect(root.querySelectorAll('table tr')).toHaveLength(2);
    expect(root.querySelector('del')?.textContent).toBe('old');
    const blocks = [...root.querySelectorAll('[data-testid=code-block]')];
    expect(blocks.map((block) => block.getAttribute('data-language'))).toEqual(['python', null]);
    expect(blocks[0]?.querySelector('code')?.className).toBe('language-python');
    expect(blocks[0]?.querySelector('.md-code-lang')?.textContent).toBe('python');
    expect(blocks[1]?.querySelector('.md-code-lang')?.textContent).toBe('code');
  });
});
