// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../core/search/query';
import { MAX_MARKS } from '../../core/search/ranges';
import { XSS_PAYLOADS } from '../../core/testing/xssPayloads';
import { CappedText } from '../components/CappedText';
import { CardText } from '../components/CardText';
import Markdown from '../content/Markdown';
import { Highlighted, SearchHighlight } from './Highlighted';

afterEach(cleanup);

const patternOf = (input: string): RegExp => {
  const query = parseSearchQuery(input);
  if (query.kind !== 'text' && query.kind !== 'regex') throw new Error(`${input} is ${query.kind}`);
  return query.pattern;
};
const hitsIn = (root: HTMLElement): string[] => [...root.querySelectorAll('[data-testid=search-hit]')].map((mark) => mark.textContent);

describe('Highlighted', () => {
  it('marks each match in a mark element and keeps the text around it as it was', () => {
    const { container } = render(<Highlighted text="Weather in Paris: the weather is fine" pattern={patternOf('weather')} />);
    expect(hitsIn(container)).toEqual(['Weather', 'weather']);
    expect(container.textContent).toBe('Weather in Paris: the weather is fine');
    expect(container.querySelector('mark')?.className).toBe('search-hit');
  });

  it('draws the text alone without a pattern or a match', () => {
    const { container } = render(
      <>
        <Highlighted text="plain" pattern={null} />
        <Highlighted text="plain" pattern={patternOf('zzz')} />
      </>,
    );
    expect(container.innerHTML).toBe('plainplain');
  });

  it('marks many matches up to the limit and shows the rest plain', () => {
    const text = 'ab '.repeat(MAX_MARKS + 10);
    const { container } = render(<Highlighted text={text} pattern={patternOf('ab')} />);
    expect(hitsIn(container)).toHaveLength(MAX_MARKS);
    expect(container.textContent).toBe(text);
  });

  it('marks overlapping candidates once, and astral and non-Latin text whole', () => {
    const { container } = render(
      <>
        <Highlighted text="aaa" pattern={patternOf('aa')} />|<Highlighted text="a😀b😀" pattern={patternOf('/😀/')} />|
        <Highlighted text="天气很好" pattern={patternOf('天气')} />
      </>,
    );
    expect(hitsIn(container)).toEqual(['aa', '😀', '😀', '天气']);
  });

  it('puts markup in the text into the page as text, never as HTML', () => {
    for (const payload of XSS_PAYLOADS.slice(0, 20)) {
      const { container, unmount } = render(<Highlighted text={payload} pattern={patternOf('/[<>"]/')} />);
      expect(container.textContent).toBe(payload);
      expect(container.querySelectorAll('*:not(mark)')).toHaveLength(0);
      unmount();
    }
  });

  it('reads the pattern of the SearchHighlight around it where it is given none', () => {
    const { container } = render(
      <SearchHighlight value={patternOf('needle')}>
        <CappedText text="hay needle hay" />
      </SearchHighlight>,
    );
    expect(hitsIn(container)).toEqual(['needle']);
    const outside = render(<CappedText text="hay needle hay" />);
    expect(hitsIn(outside.container)).toEqual([]);
  });

  it('marks the text a card shows', () => {
    const { container } = render(
      <CardText text="call get_weather now" textLength={20} expanded={false} fullText={null} onToggle={() => undefined} pattern={patternOf('/get_\\w+/')} />,
    );
    expect(hitsIn(container)).toEqual(['get_weather']);
  });
});

describe('Markdown with a pattern', () => {
  it('marks matches in the rendered text, in code and links too, and leaves the markup to Markdown', () => {
    const text = '# Weather report\n\nThe **weather** is `weather()` and [weather](https://example.com).\n\n```js\nweather = 1\n```';
    const { container } = render(<Markdown text={text} pattern={patternOf('weather')} />);
    expect(hitsIn(container)).toEqual(['Weather', 'weather', 'weather', 'weather', 'weather']);
    expect(container.querySelector('h1 mark')).not.toBeNull();
    expect(container.querySelector('strong mark')).not.toBeNull();
    expect(container.querySelector('a mark')).not.toBeNull();
    expect(container.querySelector('pre mark')).not.toBeNull();
  });

  it('marks nothing across two text nodes, and nothing without a pattern', () => {
    expect(hitsIn(render(<Markdown text="**foo**bar" pattern={patternOf('foobar')} />).container)).toEqual([]);
    expect(hitsIn(render(<Markdown text="foo" />).container)).toEqual([]);
  });

  it('turns raw HTML in the text into text before marking it', () => {
    const { container } = render(<Markdown text={'<img src=x onerror="alert(1)"> alert'} pattern={patternOf('alert')} />);
    expect(container.querySelector('img')).toBeNull();
    expect(hitsIn(container).length).toBeGreaterThanOrEqual(1);
  });
});
