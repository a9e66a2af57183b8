// Raw deflate (RFC 1951) for share payloads. The page and its worker use the platform's own
// CompressionStream('deflate-raw'): measured against fflate at level 9 it made smaller data on every input and
// took less time on all but the largest (docs/BENCHMARKS.md, "Share links"), and it adds nothing to the
// first-paint JavaScript. The CLI passes node:zlib at level 9 instead (src/cli/shareCodec.ts), which every
// Node 20 has. Any raw-deflate inflater reads any deflater's output, so the choice never changes a link's format.

/** A raw deflate codec: the platform's streams (nativeRawDeflate) or, in the CLI, node:zlib. */
export interface RawDeflate {
  deflate(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * What `bytes` inflate to, a piece at a time; throws when they are not raw deflate. Stopping the iteration
   * stops the inflating, so a reader can refuse more output than it expects without holding it all.
   */
  inflate(bytes: Uint8Array): AsyncIterable<Uint8Array>;
}

// Core has no DOM types (tsconfig.core.json), so the few members of the streams it calls are named here.
interface ReaderLike {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}
interface WriterLike {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
interface TransformLike {
  readable: { getReader(): ReaderLike };
  writable: { getWriter(): WriterLike };
}
type TransformClass = new (format: 'deflate-raw') => TransformLike;

const isClass = (value: unknown): value is TransformClass => typeof value === 'function';

/** The platform's CompressionStream and DecompressionStream, or undefined where there are none. */
function platformStreams(): { Compress: TransformClass; Decompress: TransformClass } | undefined {
  const Compress: unknown = Reflect.get(globalThis, 'CompressionStream');
  const Decompress: unknown = Reflect.get(globalThis, 'DecompressionStream');
  return isClass(Compress) && isClass(Decompress) ? { Compress, Decompress } : undefined;
}

/** `bytes` through a transform stream, its output a piece at a time. */
async function* through(stream: TransformLike, bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const writer = stream.writable.getWriter();
  // Written while it is read: a transform holds its input back until its output is taken.
  const written = writer.write(bytes).then(() => writer.close());
  // A failure shows on the reading side too, where it is thrown; this one only must not go unhandled.
  written.catch(() => undefined);
  const reader = stream.readable.getReader();
  let finished = false;
  try {
    for (;;) {
      const piece = await reader.read();
      if (piece.done) break;
      yield piece.value;
    }
    await written;
    finished = true;
  } finally {
    // A reader that stopped early (more output than it expects) ends the inflating here.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

export async function collect(pieces: AsyncIterable<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const piece of pieces) {
    parts.push(piece);
    length += piece.length;
  }
  return concat(parts, length);
}

export function concat(parts: readonly Uint8Array[], length = parts.reduce((sum, part) => sum + part.length, 0)): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The platform's raw deflate (page, worker, Node 20.12 and later); throws where the platform has none. */
export function nativeRawDeflate(): RawDeflate {
  const streams = platformStreams();
  if (!streams) throw new Error("This browser cannot compress or decompress data (it has no CompressionStream('deflate-raw')).");
  const { Compress, Decompress } = streams;
  return {
    deflate: (bytes) => collect(through(new Compress('deflate-raw'), bytes)),
    inflate: (bytes) => through(new Decompress('deflate-raw'), bytes),
  };
}
