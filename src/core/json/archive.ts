import { joinCuts, type DepthCuts } from './depth';
import { parseInput } from './parseInput';
import { setField } from './value';
import type { ParsedInput } from '../formats/types';

/** One file of an archive, decoded as text by whoever opened the archive (the CLI or the worker). */
export interface ArchiveFile {
  /** Its path inside the archive, e.g. `samples/1_epoch_1.json`. */
  name: string;
  text: string;
}

/** Files an archive may hold that are histories or parts of one; anything else (images, binaries) is only listed. */
export const ARCHIVE_DATA = /\.(json|jsonl|ndjson|txt|sse)$/i;

/**
 * An archive's data files as one value for the adapters: `{ [path]: parsed value }` (a file that is not JSON keeps
 * its text), flagged `archive` so that only a reader of an archive layout (Inspect's .eval) claims it.
 */
export function archiveInput(files: readonly ArchiveFile[]): ParsedInput {
  const value: Record<string, unknown> = {};
  let deep: DepthCuts | undefined;
  for (const { name, text } of files) {
    const parsed = parseInput(text);
    const read = parsed.ok && !parsed.input.jsonLines;
    // A file named `__proto__` is a file like any other, not the prototype of the archive's value.
    setField(value, name, read ? parsed.input.value : text);
    const cuts = read ? parsed.input.deep : undefined;
    if (cuts) deep = joinCuts(deep, { count: cuts.count, paths: cuts.paths.map((path) => [name, ...path]) });
  }
  return { value, jsonLines: false, lineOf: [], archive: true, ...(deep && { deep }) };
}
