// The built-in samples (public/samples, listed in src/ui/load/samples.ts) load under the source `samples/<file>`:
// the path the app fetches them from, so the page names them by their file name as it names any link, and the
// store can tell a sample from a history the user opened (a sample is not kept among the recent histories).

const PREFIX = 'samples/';

/** The source a sample is loaded under. */
export const sampleSource = (file: string): string => `${PREFIX}${file}`;

/** The sample's file name when `source` is a sample's, else undefined. */
export function sampleFile(source: string): string | undefined {
  if (!source.startsWith(PREFIX)) return undefined;
  const file = source.slice(PREFIX.length);
  return file === '' || file.includes('/') ? undefined : file;
}
