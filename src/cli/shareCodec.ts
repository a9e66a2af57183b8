import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, createInflateRaw, deflateRaw } from 'node:zlib';
import type { RawDeflate } from '../core/share/deflate';

// The CLI's raw deflate for share links and sealed shares: node:zlib at its highest level, which every Node 20
// has (CompressionStream('deflate-raw') arrived in 20.12) and which makes the smallest links of the codecs
// measured (docs/BENCHMARKS.md, "Share links"). The page inflates it with its DecompressionStream: raw deflate
// (RFC 1951) is one format whoever wrote it.

const deflated = promisify(deflateRaw);

export const nodeRawDeflate: RawDeflate = {
  deflate: async (bytes) => new Uint8Array(await deflated(bytes, { level: constants.Z_BEST_COMPRESSION })),
  async *inflate(bytes) {
    // A stream, so that a reader that stops early (more data than the header announced) stops the inflating.
    const stream = Readable.from([bytes]).pipe(createInflateRaw());
    try {
      for await (const piece of stream) yield new Uint8Array(piece as Buffer);
    } finally {
      stream.destroy();
    }
  },
};
