import { encodeInlinePayload } from '../../core/share/payload';
import { APP_SCRIPT_ID, fillStandaloneTemplate, STANDALONE_TEMPLATE_FILE, STYLE_ELEMENT_ID, standaloneTemplate } from '../../core/share/standaloneHtml';

// *Share ▸ Download as HTML*: the single HTML file (docs/SHARING.md, "One HTML file"), the template filled with a
// history. The template is the build's dist/app/msgscope-standalone.html, fetched from the page's own origin when
// the user asks for a file (the page fetches nothing at startup); a page that is itself such a file has no server
// to ask, and rebuilds the template from its own script and stylesheet instead (the same parts make the same bytes).

const sha256 = async (text: string): Promise<string> => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
};

/** This page's own template when it is a single HTML file, else undefined. */
function ownTemplate(): Promise<string> | undefined {
  const script = document.getElementById(APP_SCRIPT_ID)?.textContent;
  const style = document.getElementById(STYLE_ELEMENT_ID)?.textContent;
  if (script === undefined || style === undefined) return undefined;
  return standaloneTemplate({ script, style }, sha256);
}

async function fetchTemplate(): Promise<string> {
  const url = `${import.meta.env.BASE_URL}${STANDALONE_TEMPLATE_FILE}`;
  const response = await fetch(url);
  // `npm start` (the dev server) and a deployment without the file have none: `npm run build` writes it.
  if (!response.ok)
    throw new Error(`This server has no ${STANDALONE_TEMPLATE_FILE} (HTTP ${response.status}): the single-file build is missing; \`npm run build\` makes it.`);
  return response.text();
}

let fetched: Promise<string> | undefined;

function template(): Promise<string> {
  const own = ownTemplate();
  if (own) return own;
  // Once a page: the template only changes with the app.
  fetched ??= fetchTemplate().catch((error: unknown) => {
    fetched = undefined;
    throw error;
  });
  return fetched;
}

/**
 * The single HTML file of a history: `history` is the inline payload (`1.<base64url>`, as the worker's `share`
 * makes it, redacted or not) or the input's bytes, encoded here; `name` is the file name the recipient sees as the
 * source; `viewFragment` the view to open on (`m=3&tab=findings`, as in a link's fragment; `h=` and `s=` are dropped).
 * Rejects when the template cannot be had (an Error whose message says why).
 */
export async function buildStandaloneHtml(history: string | Uint8Array, name: string | undefined, viewFragment: string): Promise<Blob> {
  const payload = typeof history === 'string' ? history : await encodeInlinePayload(history, name === undefined ? {} : { name });
  const html = fillStandaloneTemplate(await template(), { payload, view: viewFragment, ...(name !== undefined && { name }) });
  if (typeof html !== 'string') throw new Error(html.error);
  return new Blob([html], { type: 'text/html;charset=utf-8' });
}

/** The file name to save it as: the history's own name (without folders) with `.html`, e.g. `run.json.html`. */
export function standaloneFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return `${base === '' ? 'history' : base}.html`;
}
