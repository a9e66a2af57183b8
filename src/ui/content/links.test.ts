import { describe, expect, it } from 'vitest';
import { linkTarget, remoteImage } from './links';

describe('linkTarget', () => {
  it('links absolute http(s) and mailto URLs', () => {
    expect(linkTarget('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(linkTarget('HTTP://Example.com')).toBe('http://example.com/');
    expect(linkTarget('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    'blob:https://a/b',
    '/path',
    '#m=1',
    '//evil.test/x',
    'about:blank',
  ])('%j is no link', (text) => {
    expect(linkTarget(text)).toBeUndefined();
  });
});

describe('remoteImage', () => {
  it('names the host of an http(s) picture, and nothing else is remote', () => {
    expect(remoteImage('https://cdn.example.com:8443/p.png?x=1')).toEqual({ url: 'https://cdn.example.com:8443/p.png?x=1', host: 'cdn.example.com:8443' });
    for (const text of ['data:image/png;base64,AAAA', 'gs://bucket/a.png', 'mailto:a@b.c', 'p.png']) expect(remoteImage(text)).toBeUndefined();
  });
});
