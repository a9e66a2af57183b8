// The single HTML file (docs/SHARING.md, "One HTML file"): the app's script and stylesheet inline, and the
// history and the view state in data blocks, `<script type="application/octet-stream">` elements that never run
// (HTML § 4.12.1.2, "data blocks"). The build writes the template, which holds no history;
// `msgscope convert --to html` and the page's *Download as HTML* fill it in.
//
// Every string here is built for two readers at once: the browser parsing the file, and a filler that finds its
// slots by text. Each slot is found at its first occurrence, and all of them come before the app's script:
// the script itself names the slots (this file is part of the app), but never first.

/** The template's name, in the built app's directory (dist/app) beside index.html. */
export const STANDALONE_TEMPLATE_FILE = 'msgscope-standalone.html';

export const HISTORY_ELEMENT_ID = 'msgscope-history';
export const VIEW_ELEMENT_ID = 'msgscope-view';
export const APP_SCRIPT_ID = 'msgscope-app';
export const STYLE_ELEMENT_ID = 'msgscope-style';

/** What the build made of the app: one module script (the worker inlined in it) and one stylesheet. */
export interface StandaloneParts {
  script: string;
  style: string;
}

/** SHA-256 of the text's UTF-8 bytes, base64 (not base64url: CSP's hash-source is base64). Node's crypto or WebCrypto. */
export type Sha256Base64 = (text: string) => Promise<string>;

const TITLE = 'msgscope';
const dataBlock = (id: string, content: string): string => `<script type="application/octet-stream" id="${id}">${content}</script>`;
const titleElement = (title: string): string => `<title>${title}</title>`;
const APP_SCRIPT_OPEN = `<script type="module" id="${APP_SCRIPT_ID}">`;

/**
 * `code` made safe to sit between `<script>` and `</script>`: the HTML parser ends a script at the first
 * `</script` in any case and treats `<!--` as the start of an escape that can swallow the end tag (HTML § 13.2.5.4,
 * script data states). `\x3C` is `<` inside a JavaScript string, template or regular expression, where a
 * bundle has these characters (never in code itself, where they are no JavaScript). Doing it twice does nothing.
 */
export function inlineScriptText(code: string): string {
  return code.replace(/<(?=!--|\/script)/gi, '\\x3C');
}

/** The Content-Security-Policy of the file: its own script and stylesheet by hash, workers from blob: URLs, and no request to anywhere. */
export function standalonePolicy(scriptHash: string, styleHash: string): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}'`,
    `style-src 'sha256-${styleHash}'`,
    // Pictures in message content that the file carries, as data: URLs; none from elsewhere (it requests nothing).
    'img-src data:',
    // The import worker starts from a blob: URL of its source, which the script holds (a file:// page can start no other).
    'worker-src blob:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The template: the app without a history. The same parts give the same bytes, so a page that is such a file can rebuild it. */
export async function standaloneTemplate(parts: StandaloneParts, sha256: Sha256Base64): Promise<string> {
  const script = inlineScriptText(parts.script);
  // A stylesheet has no escape that works everywhere `</style` could be (a string, a comment, a selector).
  if (/<\/style/i.test(parts.style)) throw new Error('The stylesheet holds "</style", which would end it early in the HTML file.');
  const policy = standalonePolicy(await sha256(script), await sha256(parts.style));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
    titleElement(TITLE),
    dataBlock(HISTORY_ELEMENT_ID, ''),
    dataBlock(VIEW_ELEMENT_ID, ''),
    `<style id="${STYLE_ELEMENT_ID}">${parts.style}</style>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    `${APP_SCRIPT_OPEN}${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** What a filled file carries. */
export interface StandaloneFill {
  /** The inline payload, `1.<base64url>` (payload.ts). */
  payload: string;
  /** The view state as a link's fragment (`m=3&tab=findings`, a leading `#` allowed); `h=` and `s=` are dropped. */
  view?: string;
  /** The input's file name, for the window's title. */
  name?: string;
}

const PAYLOAD = /^\d+\.[\w-]*$/;
// What a fragment written by URLSearchParams is made of; any other character is percent-encoded.
const FRAGMENT_CHARACTER = /[\w.~*%+=&-]/;

/** One character as UTF-8 percent escapes; a lone surrogate, which has no UTF-8, as U+FFFD's. */
function percentEncode(character: string): string {
  try {
    return encodeURIComponent(character).replace(/[!'()]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return '%EF%BF%BD';
  }
}

/**
 * The view fragment as it goes into the file: without `#`, without a history of its own (`h=`, `s=`: the file
 * carries its history), and made only of characters that cannot end the element or mean markup.
 */
export function standaloneView(view: string): string {
  const fields = view
    .replace(/^#/, '')
    .split('&')
    .filter((field) => field !== '' && !/^[hs]=/.test(field));
  return [...fields.join('&')].map((character) => (FRAGMENT_CHARACTER.test(character) ? character : percentEncode(character))).join('');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** `template` with `fill` in its slots, or why it is no template of this version of msgscope. */
export function fillStandaloneTemplate(template: string, fill: StandaloneFill): string | { error: string } {
  if (!PAYLOAD.test(fill.payload)) return { error: 'The history is not an inline payload (`1.<base64url>`).' };
  const end = template.indexOf(APP_SCRIPT_OPEN);
  const slots = [titleElement(TITLE), dataBlock(HISTORY_ELEMENT_ID, ''), dataBlock(VIEW_ELEMENT_ID, '')];
  const at = slots.map((slot) => template.indexOf(slot));
  if (end < 0 || at.some((position) => position < 0 || position > end)) {
    return { error: `This is not a msgscope HTML template (${STANDALONE_TEMPLATE_FILE} of this build): a slot for the history is missing.` };
  }
  const values = [
    titleElement(fill.name ? `${escapeHtml(fill.name)} · ${TITLE}` : TITLE),
    dataBlock(HISTORY_ELEMENT_ID, fill.payload),
    dataBlock(VIEW_ELEMENT_ID, standaloneView(fill.view ?? '')),
  ];
  // Replaced from the last slot in the text back, so that the earlier positions still hold.
  const order = slots.map((slot, i) => ({ slot, position: at[i] ?? 0, value: values[i] ?? '' })).sort((a, b) => b.position - a.position);
  let html = template;
  for (const { slot, position, value } of order) html = html.slice(0, position) + value + html.slice(position + slot.length);
  return html;
}
