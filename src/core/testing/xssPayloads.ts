// The XSS corpus: what untrusted message content may hold that a page must neither run nor fetch. e2e/xss.spec.ts puts
// every payload into every field of histories in several formats (and file names, links, shares); the Markdown unit
// test (src/ui/content/Markdown.test.tsx) renders each one. Each payload that runs calls window.__xssHit; each that
// fetches names evil.test.

/** Payloads from the OWASP XSS filter evasion cheat sheet, and Markdown's own ways to a link, an image or HTML. */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>window.__xssHit('script')</script>`,
  `<img src=x onerror="window.__xssHit('img')">`,
  `<svg/onload=window.__xssHit('svg')>`,
  `"><iframe src="javascript:window.__xssHit('iframe')"></iframe>`,
  `<a href="javascript:window.__xssHit('a')">click</a>`,
  `javascript:window.__xssHit('url')`,
  `<body onload=window.__xssHit('body')>`,
  `<img src="https://evil.test/pixel.png">`,
  `<link rel=stylesheet href="https://evil.test/x.css">`,
  `<style>@import 'https://evil.test/i.css';</style>`,
  `![x](https://evil.test/md.png)`,
  `{{constructor.constructor('window.__xssHit("template")')()}}`,
  `<object data="javascript:window.__xssHit('object')"></object>`,
  // Markdown links and images to schemes that run or carry a page, in the spellings a parser may normalize.
  `[md-link](javascript:window.__xssHit('md-link'))`,
  `[md-case](JaVaScRiPt:window.__xssHit('md-case'))`,
  `[md-entity](java&#x09;script:window.__xssHit('md-entity'))`,
  `<javascript:window.__xssHit('autolink')>`,
  `[md-data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3NIaXQoJ2RhdGEnKTwvc2NyaXB0Pg==)`,
  `[md-vb](vbscript:window.__xssHit('vb'))`,
  `![md-img](javascript:window.__xssHit('md-img'))`,
  `![md-img-data](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9IndpbmRvdy5fX3hzc0hpdCgnc3ZnLWRhdGEnKSI+PC9zdmc+)`,
  `<details open ontoggle="window.__xssHit('details')">x</details>`,
];

/**
 * A Markdown document whose block structures carry payloads: HTML blocks (which a renderer could take whole), a
 * reference definition to javascript:, a fence that tries to close its own code element, a task list, a table
 * cell, a footnote, and an https link and image on the evil host (a link is fine to render; the image is not to be fetched).
 */
export const MARKDOWN_PAYLOAD = [
  `# Heading <img src=x onerror=window.__xssHit('heading')>`,
  '',
  `<script>window.__xssHit('block-script')</script>`,
  '',
  `<div onmouseover="window.__xssHit('div')">block html</div>`,
  '',
  `<iframe srcdoc="<script>window.__xssHit('srcdoc')</script>"></iframe>`,
  '',
  `A [reference link][r], an [https link](https://evil.test/page) and <https://evil.test/autolink>.`,
  '',
  `[r]: javascript:window.__xssHit('reference')`,
  '',
  '```js',
  `</code></pre><script>window.__xssHit('fence')</script>`,
  '```',
  '',
  `- [ ] task <input onfocus=window.__xssHit('input') autofocus>`,
  '',
  '| a | b |',
  '|---|---|',
  `| <svg onload=window.__xssHit('cell')> | ![cell](https://evil.test/table.png) |`,
  '',
  `Footnote[^1].`,
  '',
  `[^1]: [note](javascript:window.__xssHit('footnote'))`,
].join('\n');
