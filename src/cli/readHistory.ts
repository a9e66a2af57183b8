import { createReadStream } from 'node:fs';
import { StreamingJsonParser, type StreamedJson } from '../core/json/streamingJson';

/** Characters decoded and pushed at a time: the next piece is read from disk while this one is parsed. */
const PIECE_CHARS = 1 << 20;

/**
 * A history file parsed while it is read, as the app's worker parses a download: the disk reads overlap the
 * parsing, and the whole text is joined only if a message that could not be read must be quoted, so a JSON
 * Lines file or a line-per-element array may be larger than V8's longest string (512 MB).
 */
export async function readHistoryFile(path: string, onRead?: (bytes: number, entries: number) => void): Promise<StreamedJson> {
  const parser = new StreamingJsonParser();
  let first = true;
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: PIECE_CHARS });
  for await (const chunk of stream) {
    const piece = chunk as string;
    // Node's decoder keeps a byte order mark (a browser's TextDecoder drops it); JSON.parse would stop at it.
    parser.push(first && piece.charCodeAt(0) === 0xfeff ? piece.slice(1) : piece);
    first = false;
    onRead?.(stream.bytesRead, parser.entriesParsed);
  }
  return parser.finish();
}
