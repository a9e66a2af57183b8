// Every fixture (fixtures/ and fixtures/real/) repaired for each target and for all of them: the repaired history
// reads back in the format it was written in, the verdicts read back from it (here, not the repair's own) accept
// it or the repair lists what it left, and every message no edit names is byte for byte what it was.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertTranscript } from '../convert';
import { importText } from '../import';
import { parseInput, stripBom } from '../json/parseInput';
import type { Conversation, ImportResult, ProviderTarget } from '../model';
import { TARGETS } from '../providers/targets';
import { JsonSpans } from './jsonSpans';
import { layoutOf, pathsOf } from './layout';
import { conversionFor, repairText, type Repaired } from '.';
import { writableFormat } from './writable';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// Zip archives (.eval) are opened with fflate, which core may not import: src/cli/repair.test.ts repairs one.
const histories = filesUnder(FIXTURES).filter((path) => /\.(?:json|jsonl|txt|sse|traj)$/.test(path) && !path.endsWith('expected.json'));

const conversationsOf = (result: Extract<ImportResult, { ok: true }>): Conversation[] => result.conversations ?? [{ label: '', transcript: result.transcript }];

/** Each message's own text in `text` (its entry of the list, or its block; `start:end` keys it), by conversation label and index. */
function messageTexts(text: string, format: string): Map<string, Map<string, string>> {
  const body = stripBom(text);
  const parsed = parseInput(body);
  const out = new Map<string, Map<string, string>>();
  if (!parsed.ok) return out;
  const result = importText(body, { parsed: parsed.input, format });
  if (!result.ok) return out;
  const spans = new JsonSpans(body, parsed.input.jsonLines ? { lineOf: parsed.input.lineOf } : undefined);
  const paths = pathsOf(parsed.input.value);
  for (const { label, transcript } of conversationsOf(result)) {
    const layout = layoutOf(transcript.messages, spans, paths, writableFormat(format)?.byLocation === true);
    if (typeof layout === 'string') continue;
    const entries = spans.entries(layout.listSpan) ?? [];
    layout.placed.forEach((placed, index) => {
      if (!placed) return;
      const block = placed.block && spans.at([...layout.list, placed.elements[0]!, ...placed.block]);
      const found = block ? [block] : placed.elements.map((element) => entries[element]!);
      out.set(`${label}#${index}`, new Map(found.map((span) => [`${span.start}:${span.end}`, spans.slice(span)])));
    });
  }
  return out;
}

/** Whether the verdicts of `text` read back accept it for `target` (every target when undefined), every conversation. */
function acceptedOnReading(text: string, format: string, target: ProviderTarget | undefined): boolean {
  const back = importText(text, { format });
  if (!back.ok) return false;
  return conversationsOf(back).every(({ transcript }) =>
    transcript.verdicts.filter((v) => target === undefined || v.target === target).every((v) => v.accepted && v.unjudged === undefined),
  );
}

function occurrences(text: string, piece: string): number {
  let count = 0;
  for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) count++;
  return count;
}

function checkRepaired(text: string, input: Extract<ImportResult, { ok: true }>, target: ProviderTarget | undefined, repaired: Repaired): void {
  // Written in the input's own format unless it says it converted, and read back in the format it was written in.
  if (!repaired.converted) {
    expect(repaired.format).toBe(input.transcript.format);
    expect(repaired.readBack).toBe(repaired.format);
  } else expect(repaired.format).toBe(conversionFor(target));
  // Accepted, as a new reading says, or what was left is listed.
  const accepted = acceptedOnReading(repaired.text, repaired.format, target);
  expect(repaired.accepted).toBe(accepted);
  if (!accepted) expect(repaired.unrepaired.length).toBeGreaterThan(0);
  for (const left of repaired.unrepaired) expect(left.reason).not.toBe('');
  // An edit listed is an edit made.
  const before = repaired.converted ? convertTranscript(conversationsOf(input)[0]!.transcript, conversionFor(target)).text : text;
  if (repaired.edits.length > 0) expect(repaired.text).not.toBe(before);
  else expect(repaired.text).toBe(before);
  // Every message that no edit changed is written byte for byte as it was: its text is in the repaired text (as often
  // as untouched messages have it). The text is searched, not read: a block whose wire message lost its other blocks
  // may read as that whole wire message.
  const changed = new Set(repaired.changed.map(({ conversation, message }) => `${conversation ?? ''}#${message}`));
  const several = conversationsOf(input).length > 1 && !repaired.converted;
  const untouched = new Map<string, { piece: string; key: string }>();
  for (const [key, pieces] of messageTexts(before, repaired.format)) {
    if (changed.has(several ? key : `#${key.split('#')[1]}`)) continue;
    for (const [at, piece] of pieces) untouched.set(at, { piece, key });
  }
  const wanted = new Map<string, { count: number; key: string }>();
  for (const { piece, key } of untouched.values()) wanted.set(piece, { count: (wanted.get(piece)?.count ?? 0) + 1, key });
  for (const [piece, { count, key }] of wanted)
    expect(occurrences(repaired.text, piece), `${key} is not in the repaired text as it was`).toBeGreaterThanOrEqual(count);
  // Once repaired, there is nothing left that a repair would change.
  if (accepted) {
    const again = repairText(repaired.text, { format: repaired.format, ...(target !== undefined && { target }) });
    expect(again.ok && again.edits).toEqual([]);
  }
}

describe.each(histories.map((path) => [relative(FIXTURES, path), path] as const))('%s', (_name, path) => {
  const text = readFileSync(path, 'utf8');
  const input = importText(text);
  it.each([undefined, ...TARGETS])('repaired for %s', (target) => {
    const repaired = repairText(text, target === undefined ? {} : { target });
    if (!input.ok) return expect(repaired.ok).toBe(false);
    expect(repaired.ok).toBe(true);
    if (repaired.ok) checkRepaired(text, input, target, repaired);
  });
});

describe('the fixtures exercise every repair', () => {
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
    expect([...rules].sort()).toEqual(['orphan-tool-call', 'orphan-tool-result', 'system-not-first', 'tool-results-not-adjacent']);
    expect(inPlace).toBeGreaterThan(15);
    expect(converted).toBeGreaterThan(10);
  });
});
