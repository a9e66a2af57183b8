// The archive fixtures (Inspect .eval logs, zip files) repaired as `msgscope repair` reads them, with the checks
// src/core/repair/fixtures.test.ts gives every text fixture: core cannot open a zip, the CLI can.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArchive } from '../core/import';
import { TARGETS } from '../core/providers/targets';
import { expectAcceptedOrPinned, expectSoundRepair, fixtureHistories, fixtureName } from '../core/testing/repairChecks';
import { inputOfBytes } from './readInput';
import { repairInput } from './repair';

const { archives } = fixtureHistories();

describe.each(archives.map((path) => [fixtureName(path), path] as const))('%s', (name, path) => {
  const input = inputOfBytes(new Uint8Array(readFileSync(path)), path);
  if (input instanceof Error || !input.files) throw new Error(`${name} does not open as an archive`);
  const imported = importArchive(input.files);
  it.each([undefined, ...TARGETS])('repaired for %s', (target) => {
    expect(imported.ok).toBe(true);
    const repaired = repairInput(input, { ...(target !== undefined && { target }), source: path });
    expect(repaired.ok).toBe(true);
    if (!repaired.ok || !imported.ok) return;
    // An archive is not written back into: its history is converted, and says so.
    expect(repaired.converted?.from).toBe(imported.transcript.format);
    expectSoundRepair(input.text(), imported, target, repaired);
    expectAcceptedOrPinned(name, target, repaired);
  });
});

it('finds the archive fixtures', () => {
  expect(archives.length).toBeGreaterThanOrEqual(2);
});
