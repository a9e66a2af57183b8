// docs/RULES.md as a page of the built app (rules.html, with rules.css beside it), so that each finding's rule id
// links to its section with no network beyond the app's own origin. Rendered once at build time (and on request
// by the dev server) with the app's own Markdown packages; the page has no script.
//
// Anchors: every heading gets GitHub's slug (so the document's own `#…` links work as they do on GitHub), every
// row of the "Rules" table gets its rule id (`rules.html#orphan-tool-call`), and a row of the "Repair" table
// `repair-<rule id>`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Element, Root, RootContent } from 'hast';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Plugin } from 'vite';

export const RULES_PAGE = 'rules.html';
const RULES_CSS = 'rules.css';
const RULES_MD = fileURLToPath(new URL('../docs/RULES.md', import.meta.url));

/** A rule id as the tables write it in their first column (`orphan-tool-call`); scripts/rulesPage.test.ts checks every rule has its row. */
const RULE_ID = /^[a-z]+(?:-[a-z]+)+$/;
/** The sections whose tables have a row a rule. */
const RULE_TABLES: Readonly<Record<string, (rule: string) => string>> = { rules: (rule) => rule, repair: (rule) => `repair-${rule}` };

function textOf(node: RootContent | Root): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child)).join('');
  return '';
}

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` left out, spaces as `-`. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The rehype step that gives headings and rule rows their ids (see the top of this file). */
function anchors() {
  return (tree: Root): void => {
    const used = new Set<string>();
    let section = '';
    const visit = (node: Root | Element): void => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (/^h[1-6]$/.test(child.tagName)) {
          const id = slug(textOf(child));
          if (child.tagName === 'h2') section = id;
          if (!used.has(id)) {
            used.add(id);
            child.properties.id = id;
          }
        } else if (child.tagName === 'tr') {
          const first = child.children.find((cell): cell is Element => cell.type === 'element');
          const rule = first ? textOf(first).trim() : '';
          const id = Object.hasOwn(RULE_TABLES, section) && RULE_ID.test(rule) ? RULE_TABLES[section]!(rule) : undefined;
          if (id !== undefined && !used.has(id)) {
            used.add(id);
            child.properties.id = id;
          }
        }
        visit(child);
      }
    };
    visit(tree);
  };
}

/**
 * Links: to a place on this page, kept; to the other docs, which the app does not carry, written as their text;
 * to the web, opened in a new tab on the reader's click (the page fetches nothing).
 */
function link({ href, children }: { href?: string; children?: ReactNode }): ReactNode {
  if (href === undefined) return children;
  if (href.startsWith('#')) return createElement('a', { href }, children);
  if (href.startsWith('RULES.md#')) return createElement('a', { href: href.slice('RULES.md'.length) }, children);
  if (/^https?:\/\//.test(href)) return createElement('a', { href, target: '_blank', rel: 'noopener noreferrer' }, children);
  return createElement('span', { className: 'doc-ref', title: `docs/${href} in the msgscope repository` }, children);
}

/** The whole page: RULES.md rendered, under a policy that lets it load its stylesheet and nothing else. */
export function rulesPage(markdown: string): string {
  const body = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], rehypePlugins: [anchors], components: { a: link } }, markdown));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'">`,
    '<title>msgscope · Rules and provider verdicts</title>',
    `<link rel="stylesheet" href="${RULES_CSS}">`,
    '</head>',
    `<body><main class="rules">${body}</main></body>`,
    '</html>',
    '',
  ].join('\n');
}

/** Light or dark as the reader's system says; the row a rule link names is marked. */
export const RULES_STYLES = `:root { color-scheme: light dark; --text: #1f2328; --muted: #59636e; --border: #d1d9e0; --surface: #ffffff; --surface-2: #f6f8fa; --mark: #fff8c5; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root { --text: #e6edf3; --muted: #9198a1; --border: #3d444d; --surface: #0d1117; --surface-2: #151b23; --mark: #3b2e00; --link: #4493f8; } }
body { margin: 0; background: var(--surface); color: var(--text); font: 14px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
.rules { max-width: 1100px; margin: 0 auto; padding: 16px 20px 48px; overflow-wrap: break-word; }
a { color: var(--link); }
code { padding: 0 3px; border-radius: 4px; background: var(--surface-2); font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; }
table { display: block; overflow-x: auto; border-collapse: collapse; margin: 12px 0; }
td:first-child { white-space: nowrap; }
th, td { padding: 6px 10px; border: 1px solid var(--border); vertical-align: top; text-align: left; }
th { background: var(--surface-2); }
tr:target, h2:target, h3:target { background: var(--mark); scroll-margin-top: 24px; }
.doc-ref { text-decoration: underline dotted; }
`;

/** Writes rules.html and rules.css into the build, and serves them from the dev server. */
export function rulesPagePlugin(): Plugin {
  return {
    name: 'msgscope:rules-page',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split(/[?#]/)[0];
        if (path !== `/${RULES_PAGE}` && path !== `/${RULES_CSS}`) return next();
        const css = path === `/${RULES_CSS}`;
        response.setHeader('Content-Type', css ? 'text/css; charset=utf-8' : 'text/html; charset=utf-8');
        response.end(css ? RULES_STYLES : rulesPage(readFileSync(RULES_MD, 'utf8')));
      });
    },
    generateBundle() {
      this.addWatchFile(RULES_MD);
      this.emitFile({ type: 'asset', fileName: RULES_PAGE, source: rulesPage(readFileSync(RULES_MD, 'utf8')) });
      this.emitFile({ type: 'asset', fileName: RULES_CSS, source: RULES_STYLES });
    },
  };
}
