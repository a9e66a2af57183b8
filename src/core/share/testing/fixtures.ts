import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Every file under fixtures/ (archives and binary ones included, READMEs too): a share must carry any input
// byte for byte, whatever it is.
const FIXTURES = join(import.meta.dirname, '../../../../fixtures');

export const fixtureNames: string[] = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(FIXTURES, join(entry.parentPath, entry.name)))
  .sort();

export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

/** Byte equality: Vitest's deep equality takes seconds over a megabyte. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
