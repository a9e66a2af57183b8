// Every fixture (fixtures/ and fixtures/real/) repaired for each target and for all of them: the repaired history
// reads back in the format it was written in, the verdicts read back from it (here, not the repair's own) accept
// it, unless NOT_ACCEPTED pins what is left as having no mechanical repair, and every message no edit names is
// byte for byte what it was, where it was among the others (src/core/testing/repairChecks.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { TARGETS } from '../providers/targets';
import { expectAcceptedOrPinned, expectSoundRepair, FIXTURES, fixtureHistories, fixtureName, NOT_ACCEPTED } from '../testing/repairChecks';
import { repairText } from '.';

// Zip archives (.eval) are opened with fflate, which core may not import: src/cli/repairArchives.test.ts repairs
// them the way the CLI reads them, with these same checks.
const { text: histories, archives } = fixtureHistories();

describe.each(histories.map((path) => [fixtureName(path), path] as const))('%s', (name, path) => {
  const text = readFileSync(path, 'utf8');
  const input = importText(text);
  it.each([undefined, ...TARGETS])('repaired for %s', (target) => {
    const repaired = repairText(text, target === undefined ? {} : { target });
    if (!input.ok) return expect(repaired.ok).toBe(false);
    expect(repaired.ok).toBe(true);
    if (!repaired.ok) return;
    expectSoundRepair(text, input, target, repaired);
    expectAcceptedOrPinned(name, target, repaired);
  });
});

describe('the fixtures exercise every repair', () => {
  it('reads every fixture: the text ones here, the archives in src/cli', () => {
    expect(histories.some((path) => path.endsWith('.ndjson'))).toBe(true);
    expect(archives.map(fixtureName)).toEqual(expect.arrayContaining([expect.stringMatching(/\.eval$/)]));
    for (const { fixture } of NOT_ACCEPTED) expect(existsSync(join(FIXTURES, fixture)), fixture).toBe(true);
  });

  it('each repaired rule is repaired in some fixture, in place and by conversion', () => {
    const rules = new Set<string>();
    let inPlace = 0;
    let converted = 0;
    for (const path of histories) {
      const repaired = repairText(readFileSync(path, 'utf8'));
      if (!repaired.ok || repaired.edits.length === 0) continue;
      for (const edit of repaired.edits) rules.add(edit.rule);
      if (repaired.converted) converted++;
      else inPlace++;
    }
    // The others (duplicate ids, a result before its call, an empty AI message) are in no fixture: their rules'
    // tests (uniqueIds, strayResult, emptyAiMessage) give them these same checks on small histories.
    expect([...rules].sort()).toEqual(['orphan-tool-call', 'orphan-tool-result', 'system-not-first', 'tool-results-not-adjacent']);
    expect(inPlace).toBeGreaterThan(15);
    expect(converted).toBeGreaterThan(10);
  });
});
