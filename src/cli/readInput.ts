import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { openBinary, sniffBinary } from '../core/json/binary';
import type { CliInput } from './check';
import { readHistoryFile } from './readHistory';

// How every command, and the library (src/lib), reads its input: text streamed and parsed as it is read; an
// archive or binary file opened whole. An Error's message is what the CLI prints after `msgscope: `.

/** The first bytes of a file, enough to tell an archive or binary data from text. */
function headOf(file: string): Uint8Array {
  const head = new Uint8Array(4096);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Input read whole (stdin, or a file that is an archive): opened when it is an archive or binary data, else text. */
export function inputOfBytes(bytes: string | Uint8Array, source: string): CliInput | Error {
  if (typeof bytes === 'string') return { text: () => bytes };
  const kind = sniffBinary(bytes.subarray(0, 4096));
  if (kind === undefined) {
    const text = new TextDecoder().decode(bytes);
    return { text: () => text };
  }
  const opened = openBinary(bytes, kind, { unzipSync, gunzipSync, strFromU8 });
  if ('error' in opened) return new Error(`${source}: ${opened.error}`);
  if ('files' in opened) return { text: () => '', files: opened.files };
  const { text } = opened;
  return { text: () => text };
}

/** `file` as the CLI reads it; `onRead` hears of the bytes read and entries parsed while a text file streams in. */
export async function readInputFile(file: string, onRead?: (bytes: number, entries: number) => void): Promise<CliInput | Error> {
  try {
    if (sniffBinary(headOf(file)) === undefined) return await readHistoryFile(file, onRead);
    return inputOfBytes(readFileSync(file), file);
  } catch (error) {
    return cannotRead(file, error);
  }
}

export const cannotRead = (source: string, error: unknown): Error =>
  new Error(`cannot read ${source}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
