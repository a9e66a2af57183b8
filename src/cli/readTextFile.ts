import { isAscii } from 'node:buffer';
import { readFile } from 'node:fs/promises';

/**
 * A file's text, as `readFile(path, 'utf8')` gives it. Python's json.dumps writes ASCII unless told
 * otherwise, and ASCII is copied into a string as it is (Latin-1 is the same bytes), with no UTF-8
 * decoding: a 400 MB history is read in ~1.0 s instead of 1.15-1.3 s.
 */
export async function readTextFile(path: string): Promise<string> {
  const bytes = await readFile(path);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
