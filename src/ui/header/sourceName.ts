import { sampleFile } from '../../store/sampleSource';

/** Sources that are no file: named by what they are. */
const NAMED: Partial<Record<string, string>> = {
  paste: 'Pasted text',
  'shared link': 'Shared link',
  'short link': 'Short link',
  'HTML file': 'HTML file',
};

/** A path segment as it reads, `%20` a space; one that is no valid escape stays as written. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL (`https://…`, `//host/…`) or an absolute path (`/…`): a link, named by the last segment of its path. */
const LINK = /^(?:[a-z][\d+.a-z-]*:)?\//i;

/**
 * What the page calls the history from `source` (a load's source: a file name, `paste`, a sample, a link, or a name
 * another page or a shared file gave): a sample by its file, a link by the last segment of its path (`msgscope
 * open` serves a file at `/__msgscope/history/<name>`), decoded, without its query or fragment; anything else as it
 * is (a file name may hold `#` or `?`, a given name anything).
 */
export function sourceName(source: string): string {
  const named = NAMED[source];
  if (named !== undefined) return named;
  const sample = sampleFile(source);
  if (sample !== undefined) return sample;
  if (!LINK.test(source)) return source;
  let path: string;
  try {
    const url = new URL(source, 'http://relative.invalid/');
    path = url.pathname === '/' && url.hostname !== 'relative.invalid' ? url.hostname : url.pathname;
  } catch {
    const end = source.search(/[?#]/);
    path = end < 0 ? source : source.slice(0, end);
  }
  const segment = path
    .split('/')
    .filter((part) => part !== '')
    .pop();
  return segment === undefined ? source : decoded(segment);
}

/**
 * The tab's title: the history's name, then the app's, as a window list or a bookmark shows it; written as the
 * single HTML file's title is (core/share/standaloneHtml.ts), so that a file's title stays what it was once it opens.
 */
export const documentTitle = (source: string | undefined): string => (source === undefined || source === '' ? 'msgscope' : `${sourceName(source)} · msgscope`);
