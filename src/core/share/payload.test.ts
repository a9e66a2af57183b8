import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';
import { packContainer } from './container';
import { nativeRawDeflate, type RawDeflate } from './deflate';
import { decodeInlinePayload, encodeInlinePayload, type DecodedInlinePayload } from './payload';
import { fixtureBytes, fixtureNames, sameBytes } from './testing/fixtures';

const small = fixtureBytes('weather-orphan.openai.json');
const deflate = nativeRawDeflate();

/** A payload framed as encodeInlinePayload frames one, around a container the test builds. */
async function framed(container: Uint8Array, version = '1'): Promise<string> {
  const deflated = await deflate.deflate(container);
  const out = new Uint8Array(deflated.length + 4);
  out.set(deflated);
  new DataView(out.buffer).setUint32(deflated.length, deflated.length);
  return `${version}.${encodeBase64url(out)}`;
}

/** A container with a header the test writes. */
function container(header: string, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + header.length + bytes.length);
  new DataView(out.buffer).setUint32(0, header.length);
  out.set(
    Uint8Array.from(header, (c) => c.charCodeAt(0)),
    4,
  );
  out.set(bytes, 4 + header.length);
  return out;
}

function problemOf(result: DecodedInlinePayload): string {
  if (!('error' in result)) throw new Error('decoded, expected a problem');
  return result.problem;
}

describe('inline payload round trip', () => {
  it.each(fixtureNames)('%s comes back byte for byte, with its name', async (name) => {
    const bytes = fixtureBytes(name);
    const value = await encodeInlinePayload(bytes, { name });
    expect(value).toMatch(/^1\.[\w-]+$/);
    const decoded = await decodeInlinePayload(value);
    if ('error' in decoded) throw new Error(decoded.error);
    expect(sameBytes(decoded.bytes, bytes)).toBe(true);
    expect(decoded.meta).toEqual({ name });
  });

  it('carries empty input, no name, a name outside ASCII, and bytes that are not UTF-8', async () => {
    for (const [bytes, meta] of [
      [new Uint8Array(0), {}],
      [Uint8Array.of(0xff, 0xfe, 0x00, 0xc3), { name: 'läuft – 実行 🚀.json' }],
    ] as const) {
      const decoded = await decodeInlinePayload(await encodeInlinePayload(bytes, meta));
      expect(decoded).toEqual({ bytes, meta });
    }
  });

  it('reads links deflated by any raw deflater: a container written by hand decodes', async () => {
    const bytes = Uint8Array.from('{"messages": []}', (c) => c.charCodeAt(0));
    const packed = packContainer(bytes, { name: 'x.json' });
    expect(await decodeInlinePayload(await framed(packed))).toEqual({ bytes, meta: { name: 'x.json' } });
  });

  it('compresses: a bench-like history of 600 KB travels in about a sixth of its size', async () => {
    const text = JSON.stringify(
      Array.from({ length: 2000 }, (_, i) => ({ type: i % 2 ? 'ai' : 'human', data: { content: `message ${i} about the cluster logs`, id: `m_${i}` } })),
    );
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const value = await encodeInlinePayload(bytes, {});
    expect(value.length).toBeLessThan(bytes.length / 6);
  });
});

describe('inline payload versions', () => {
  it('says a newer msgscope made a link of a later version, whatever follows', async () => {
    for (const value of ['2.AAAA', '2', '12.abc', `9.${(await encodeInlinePayload(small, {})).slice(2)}`]) {
      const decoded = await decodeInlinePayload(value);
      expect(decoded).toMatchObject({
        problem: 'newer-version',
        error: expect.stringMatching(/made by a newer msgscope .*format \d+; this msgscope reads format 1/),
      });
    }
  });

  it('says a newer msgscope made it when the container inside is of a later layout', async () => {
    const value = await framed(container('{"v":2,"size":0,"crc32":0,"meta":{}}', new Uint8Array(0)));
    expect(problemOf(await decodeInlinePayload(value))).toBe('newer-version');
  });

  it('calls a link damaged when it has no readable version', async () => {
    for (const value of ['x.AAAA', '0.AAAA', '01.AAAA', '-1.AAAA', '.AAAA', 'h=1.AAAA', ' 1.AAAA']) {
      const decoded = await decodeInlinePayload(value);
      expect(decoded).toMatchObject({
        problem: 'damaged',
        error: expect.stringContaining('This msgscope link is damaged: it does not start with a link format version'),
      });
    }
  });
});

describe('a cut or damaged payload', () => {
  it('gives a "cut short" error at every truncation point of a small payload, never bytes or an exception', async () => {
    const value = await encodeInlinePayload(small, { name: 'weather-orphan.openai.json' });
    for (let length = 0; length < value.length; length++) {
      const decoded = await decodeInlinePayload(value.slice(0, length));
      expect(decoded, `cut to ${length} characters`).toMatchObject({ problem: 'cut', error: expect.stringContaining('This msgscope link was cut short') });
    }
  });

  it('never returns other bytes than the original when any one character is changed', async () => {
    const value = await encodeInlinePayload(small, {});
    const problems = new Map<string, number>();
    for (let at = 2; at < value.length; at++) {
      const swapped = value[at] === 'A' ? 'B' : 'A';
      const decoded = await decodeInlinePayload(value.slice(0, at) + swapped + value.slice(at + 1));
      if ('error' in decoded) problems.set(decoded.problem, (problems.get(decoded.problem) ?? 0) + 1);
      else expect(sameBytes(decoded.bytes, small), `character ${at} changed`).toBe(true);
    }
    // Damage is named as such everywhere but in the length at the end, where a larger length reads as a cut.
    expect(problems.get('damaged') ?? 0).toBeGreaterThanOrEqual(value.length - 2 - 6);
  });

  it('names a character that cannot be in a link, such as a line break a mail client put in', async () => {
    const value = await encodeInlinePayload(small, {});
    const decoded = await decodeInlinePayload(`${value.slice(0, 40)}\n${value.slice(40)}`);
    expect(decoded).toMatchObject({ problem: 'damaged', error: expect.stringContaining('character 41 cannot be part of a msgscope link') });
  });

  it('refuses data appended to a link', async () => {
    const value = await encodeInlinePayload(small, {});
    for (const extra of ['AAAA', 'A', 'Zm9v']) expect('error' in (await decodeInlinePayload(value + extra))).toBe(true);
  });

  it('calls a whole link whose container ends early, or whose checksum or header is wrong, damaged', async () => {
    const bytes = Uint8Array.of(1, 2, 3, 4);
    const cases: [string, Uint8Array, string][] = [
      ['{"v":1,"size":5,"crc32":0,"meta":{}}', bytes, 'damaged'],
      ['{"v":1,"size":4,"crc32":1,"meta":{}}', bytes, 'damaged'],
      ['{"v":1,"size":3,"crc32":0,"meta":{}}', bytes, 'damaged'],
      ['{"v":1,"size":4,"meta":{}}', bytes, 'damaged'],
      ['not json', bytes, 'damaged'],
      ['{"v":1,"size":-1,"crc32":0}', bytes, 'damaged'],
    ];
    for (const [header, data, problem] of cases) expect(problemOf(await decodeInlinePayload(await framed(container(header, data)))), header).toBe(problem);
  });

  it('stops inflating once the data runs past the size its header announced (a small link cannot fill memory)', async () => {
    let pieces = 0;
    const endless: RawDeflate = {
      deflate: (bytes) => deflate.deflate(bytes),
      async *inflate() {
        yield packContainer(Uint8Array.of(1, 2, 3), {});
        for (;;) {
          pieces++;
          yield new Uint8Array(1 << 16);
        }
      },
    };
    const value = await encodeInlinePayload(small, {});
    expect(problemOf(await decodeInlinePayload(value, endless))).toBe('damaged');
    expect(pieces).toBe(1);
  });

  it('turns an inflater that fails into "damaged", not an exception', async () => {
    const failing: RawDeflate = {
      deflate: (bytes) => deflate.deflate(bytes),
      // eslint-disable-next-line require-yield
      async *inflate() {
        throw new TypeError('invalid distance too far back');
      },
    };
    const decoded = await decodeInlinePayload(await encodeInlinePayload(small, {}), failing);
    expect(decoded).toMatchObject({ problem: 'damaged', error: expect.stringContaining('its compressed data is not readable') });
  });

  it('reads deflate data that is not deflate as damaged (the platform inflater throws)', async () => {
    const junk = Uint8Array.from({ length: 64 }, (_, i) => (i * 97 + 13) & 0xff);
    const out = new Uint8Array(68);
    out.set(junk);
    new DataView(out.buffer).setUint32(64, 64);
    expect(problemOf(await decodeInlinePayload(`1.${encodeBase64url(out)}`))).toBe('damaged');
    expect(decodeBase64url('')).toEqual(new Uint8Array(0));
  });
});
