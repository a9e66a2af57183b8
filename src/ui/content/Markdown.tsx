// Message text rendered as Markdown (CommonMark with GitHub's tables, task lists, strikethrough, autolinks and
// footnotes: remark-gfm). Content is untrusted, and this renders it without running or fetching anything:
// - HTML in the text is no element: react-markdown turns every raw HTML node into a text node unless a plugin
//   (rehype-raw) parses it, and none is given (react-markdown 10 `post`: `raw` becomes `{type: 'text'}`).
// - A link is an `<a>` only to an absolute http(s) or mailto URL (links.ts), opened in a new tab with
//   rel="noopener noreferrer"; any other target is shown as text beside the link's words.
// - An image is never an `<img>`: its alt text and address are shown, with *Load image (host)* for http(s).
// - Every other URL attribute is dropped (`urlTransform`), though no other element of Markdown has one.
// This module is loaded on demand (React.lazy), with react-markdown and its parser: the first paint has none of it.
import { memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps, type Options, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton';
import { RemoteImage } from './ImageView';
import { EXTERNAL_LINK, linkTarget, remoteImage } from './links';
import { rehypeSearchHits } from './markdownHits';

/** A link's href and an image's src reach their components as written, to be judged there; no other URL goes through. */
const urlTransform: UrlTransform = (url, key, node) => ((node.tagName === 'a' && key === 'href') || (node.tagName === 'img' && key === 'src') ? url : '');

function Link({ href, children }: { href?: string; children?: ReactNode } & ExtraProps) {
  const target = href === undefined ? undefined : linkTarget(href);
  if (target !== undefined)
    return (
      <a href={target} {...EXTERNAL_LINK} title={target}>
        {children}
      </a>
    );
  return (
    <span className="md-inert-link" data-testid="inert-link" title="Not a link: only http(s) and mailto addresses open">
      {children}
      {/* The target shown, so the reader sees where it pointed; not a footnote's own `#…` anchor. */}
      {href !== undefined && href !== '' && !href.startsWith('#') && <code className="md-inert-target"> {href}</code>}
    </span>
  );
}

function Image({ src, alt }: { src?: string; alt?: string } & ExtraProps) {
  const address = typeof src === 'string' ? src : '';
  const label = alt !== undefined && alt !== '' ? alt : 'image';
  const remote = remoteImage(address);
  return (
    <span className="md-image" data-testid="md-image">
      <span className="md-image-alt">
        <span className="muted">Image:</span> {label}
      </span>{' '}
      {remote ? <RemoteImage url={remote.url} host={remote.host} alt={label} /> : <code className="md-inert-target">{address}</code>}
    </span>
  );
}

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');

/** A code block with its fence's language (`language-js` as class and as a label) and a copy button; no highlighting. */
function CodeBlock({ children, node }: { children?: ReactNode } & ExtraProps) {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const language = (Array.isArray(classes) ? classes : [])
    .map(String)
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length);
  return (
    <div className="md-code" data-testid="code-block" data-language={language}>
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'code'}</span>
        <CopyButton text={() => (code ? textOf(code.children) : '')} label="Copy code" />
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const components: Components = { a: Link, img: Image, pre: CodeBlock };
const plugins = [remarkGfm];

/** `text` rendered as Markdown, inert; with `pattern`, the search's matches in its text marked (markdownHits.ts). */
export default memo(function Markdown({ text, pattern = null }: { text: string; pattern?: RegExp | null }) {
  const rehypePlugins = useMemo<NonNullable<Options['rehypePlugins']>>(() => (pattern ? [[rehypeSearchHits, pattern]] : []), [pattern]);
  return (
    <div className="markdown" data-testid="markdown">
      <ReactMarkdown remarkPlugins={plugins} rehypePlugins={rehypePlugins} components={components} urlTransform={urlTransform}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
