// What every repair must hold to, checked on any history: the fixtures (src/core/repair/fixtures.test.ts, and the
// archives in src/cli/repairArchives.test.ts) and the small histories of each rule's own test. The repaired text
// is read again here, not taken from the repair's own account of it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { convertTranscript } from '../convert';
import { importText } from '../import';
import { sniffBinary } from '../json/binary';
import { pushAll } from '../json/pushAll';
import { parseInput, stripBom } from '../json/parseInput';
import type { Conversation, ImportResult, ProviderTarget, RuleId } from '../model';
import { conversionFor, repairText, type Repaired } from '../repair';
import { JsonSpans, type Segment, type Span } from '../repair/jsonSpans';
import { layoutOf, pathsOf } from '../repair/layout';
import { writableFormat } from '../repair/writable';

export const FIXTURES = join(import.meta.dirname, '../../../fixtures');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/**
 * Every fixture the importer is given (all but the notes and the expected-results list), by whether it is text or
 * an archive (a zip: core reads text only, the CLI and the worker open archives with fflate).
 */
export function fixtureHistories(): { text: string[]; archives: string[] } {
  const all = filesUnder(FIXTURES).filter((path) => !path.endsWith('.md') && !path.endsWith('expected.json'));
  const isArchive = (path: string): boolean => sniffBinary(new Uint8Array(readFileSync(path).subarray(0, 4096))) !== undefined;
  return { text: all.filter((path) => !isArchive(path)), archives: all.filter(isArchive) };
}

export const fixtureName = (path: string): string => relative(FIXTURES, path);

/**
 * The (fixture, target, rule) repairs that are not accepted today: the finding left has no mechanical repair. The
 * reason is the one the repair gives for it. `all`: repaired for every target, without one.
 */
export const NOT_ACCEPTED: readonly { fixture: string; target: ProviderTarget | 'all'; rule: RuleId; reason: string }[] = [
  ...(['all', 'anthropic'] as const).map((target) => ({
    fixture: 'real/claude-code-transcripts/sample_session.json',
    target,
    rule: 'thinking-missing-signature' as const,
    reason: 'only the provider can sign a thinking block, and leaving the block out would change what the model saw',
  })),
  // The history is nothing but tool results whose calls are not in the file: dropping them leaves no history.
  ...(['all', 'openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const).map((target) => ({
    fixture: 'real/inspect-ai/log_tool_call_error.json',
    target,
    rule: 'orphan-tool-result' as const,
    reason: 'every message of the history would be dropped, which leaves no history to send',
  })),
  ...(['all', 'openai-chat'] as const).map((target) => ({
    fixture: 'tool-error-retry.langchain.json',
    target,
    rule: 'invalid-tool-call' as const,
    reason: 'what the model meant to send as arguments is not known',
  })),
];

/** The repair of `fixture` for `target` is accepted, or what it left is exactly what NOT_ACCEPTED pins for it, with its reason. */
export function expectAcceptedOrPinned(fixture: string, target: ProviderTarget | undefined, repaired: Repaired): void {
  const pinned = NOT_ACCEPTED.filter((pin) => pin.fixture === fixture && pin.target === (target ?? 'all'));
  const left = repaired.unrepaired.map(({ rule, reason }) => `${rule}: ${reason}`);
  if (pinned.length === 0) {
    expect(repaired.accepted, `not accepted; left: ${left.join(' | ')}`).toBe(true);
    return;
  }
  expect(repaired.accepted, 'accepted now: take it out of NOT_ACCEPTED').toBe(false);
  expect([...new Set(left)].sort()).toEqual(pinned.map(({ rule, reason }) => `${rule}: ${reason}`).sort());
}

export const conversationsOf = (result: Extract<ImportResult, { ok: true }>): Conversation[] =>
  result.conversations ?? [{ label: '', transcript: result.transcript }];

/** Whether the verdicts of `text` read back accept it for `target` (every target when undefined), every conversation. */
export function acceptedOnReading(text: string, format: string, target: ProviderTarget | undefined): boolean {
  const back = importText(text, { format });
  if (!back.ok) return false;
  return conversationsOf(back).every(({ transcript }) =>
    transcript.verdicts.filter((v) => target === undefined || v.target === target).every((v) => v.accepted && v.unjudged === undefined),
  );
}

interface Reading {
  spans: JsonSpans;
  conversations: Conversation[];
  paths: Map<object, Segment[]>;
}

function readingOf(text: string, format: string): Reading | undefined {
  const body = stripBom(text);
  const parsed = parseInput(body);
  if (!parsed.ok) return undefined;
  const result = importText(body, { parsed: parsed.input, format });
  if (!result.ok) return undefined;
  const spans = new JsonSpans(body, parsed.input.jsonLines ? { lineOf: parsed.input.lineOf } : undefined);
  return { spans, conversations: conversationsOf(result), paths: pathsOf(parsed.input.value) };
}

/** A message's text in the input: its entry of the list (or each, for one spread over several), or its block. */
interface Piece extends Span {
  text: string;
  /** `<conversation>#<index>`. */
  key: string;
}

/**
 * The pieces of the messages `keep` says needed no edit, in the order of the text, and where such a piece may be in
 * the output: the list's path and the paths, inside an entry, of the lists its blocks are in.
 */
function untouchedPieces(reading: Reading, format: string, keep: (label: string, index: number) => boolean) {
  const pieces: Piece[] = [];
  const lists: { list: Segment[]; blockLists: Set<string> }[] = [];
  const byLocation = writableFormat(format)?.byLocation === true;
  for (const { label, transcript } of reading.conversations) {
    const layout = layoutOf(transcript.messages, reading.spans, reading.paths, byLocation);
    if (typeof layout === 'string') continue;
    const entries = reading.spans.entries(layout.listSpan) ?? [];
    const blockLists = new Set<string>();
    layout.placed.forEach((placed, index) => {
      if (!placed) return;
      if (placed.block) blockLists.add(JSON.stringify(placed.block.slice(0, -1)));
      if (!keep(label, index)) return;
      const block = placed.block && reading.spans.at([...layout.list, placed.elements[0]!, ...placed.block]);
      const found = block ? [block] : placed.elements.map((element) => entries[element]!);
      for (const span of found) pieces.push({ ...span, text: reading.spans.slice(span), key: `${label}#${index}` });
    });
    lists.push({ list: layout.list, blockLists });
  }
  // Each piece once, and not a block whose entry is a piece too (its entry is compared whole).
  pieces.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Piece[] = [];
  for (const piece of pieces) {
    const last = kept[kept.length - 1];
    if (last && piece.start >= last.start && piece.end <= last.end) continue;
    kept.push(piece);
  }
  return { pieces: kept, lists };
}

/** Where an untouched message may be in `text`: each entry of the list, and each entry of a list of blocks inside one. */
function placesIn(text: string, lists: readonly { list: Segment[]; blockLists: Set<string> }[]): Span[] {
  const body = stripBom(text);
  const parsed = parseInput(body);
  if (!parsed.ok) return [];
  const spans = new JsonSpans(body, parsed.input.jsonLines ? { lineOf: parsed.input.lineOf } : undefined);
  const out: Span[] = [];
  for (const { list, blockLists } of lists) {
    const listSpan = spans.at(list);
    const entries = (listSpan && spans.entries(listSpan)) ?? [];
    entries.forEach((entry, element) => {
      out.push(entry);
      for (const blocks of blockLists) {
        const at = spans.at([...list, element, ...(JSON.parse(blocks) as Segment[])]);
        pushAll(out, (at && spans.entries(at)) ?? []);
      }
    });
  }
  // The offsets are the body's: those of `text` once its BOM is counted.
  const shift = text.length - body.length;
  return out.map((span) => ({ start: span.start + shift, end: span.end + shift })).sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Every message of `before` that no edit changed (not in `repaired.changed`) is in the repaired text in the order it
 * had, each as an entry (or block) of the message list that is byte for byte the text it had; and the repaired
 * history holds as many messages as the edits say (one fewer for each dropped, one more for each added).
 */
export function expectUntouchedKept(before: string, repaired: Repaired): void {
  const input = readingOf(before, repaired.format);
  expect(input, 'the history repaired does not read').toBeDefined();
  if (!input) return;
  const several = input.conversations.length > 1;
  const changed = new Set(repaired.changed.map(({ conversation, message }) => `${several ? (conversation ?? '') : ''}#${message}`));
  const { pieces, lists } = untouchedPieces(input, repaired.format, (label, index) => !changed.has(`${several ? label : ''}#${index}`));
  const bom = before.length - stripBom(before).length;
  const places = placesIn(repaired.text, lists);
  const { text } = repaired;
  let next = 0;
  let cursor = 0;
  for (const piece of pieces) {
    const length = piece.end - piece.start;
    let found: Span | undefined;
    for (; next < places.length && !found; next++) {
      const place = places[next]!;
      if (place.start >= cursor && place.end - place.start === length && text.startsWith(piece.text, place.start)) found = place;
    }
    expect(
      found,
      `${piece.key} (at ${piece.start + bom} of the input) is not byte for byte an entry of the repaired history after the ones before it`,
    ).toBeDefined();
    if (!found) return;
    cursor = found.end;
  }
  // As many messages as the edits leave.
  const output = readingOf(repaired.text, repaired.format);
  expect(output, 'the repaired history does not read').toBeDefined();
  if (!output) return;
  const count = (conversation: string | undefined, action: string): number =>
    repaired.edits.filter((edit) => edit.action === action && (!several || edit.conversation === conversation)).length;
  const expected = input.conversations.map(({ label, transcript }) => [label, transcript.messages.length + count(label, 'added') - count(label, 'dropped')]);
  expect(output.conversations.map(({ label, transcript }) => [label, transcript.messages.length])).toEqual(expected);
}

/**
 * The checks every repair passes, whether or not it is accepted: written in the input's format (or the one it says
 * it converted to) and read back in it; `accepted` is what a new reading of it says; an edit listed is an edit made;
 * every message no edit changed is kept byte for byte, in order (expectUntouchedKept); and once accepted, a second
 * repair finds nothing to do. Returns whether the target accepts it.
 */
export function expectSoundRepair(text: string, input: Extract<ImportResult, { ok: true }>, target: ProviderTarget | undefined, repaired: Repaired): boolean {
  if (!repaired.converted) {
    expect(repaired.format).toBe(input.transcript.format);
    expect(repaired.readBack).toBe(repaired.format);
  } else expect(repaired.format).toBe(conversionFor(target));
  const accepted = acceptedOnReading(repaired.text, repaired.format, target);
  expect(repaired.accepted).toBe(accepted);
  if (!accepted) expect(repaired.unrepaired.length).toBeGreaterThan(0);
  for (const left of repaired.unrepaired) expect(left.reason).not.toBe('');
  const before = repaired.converted ? convertTranscript(conversationsOf(input)[0]!.transcript, conversionFor(target)).text : text;
  if (repaired.edits.length > 0) expect(repaired.text).not.toBe(before);
  else expect(repaired.text).toBe(before);
  if (repaired.edits.length > 0) expectUntouchedKept(before, repaired);
  if (accepted) {
    const again = repairText(repaired.text, { format: repaired.format, ...(target !== undefined && { target }) });
    expect(again.ok && again.edits).toEqual([]);
  }
  return accepted;
}

/** `text` repaired for `target`: sound (expectSoundRepair) and accepted by it. For the rules' own small histories. */
export function expectRepairedAndAccepted(text: string, target?: ProviderTarget): Repaired {
  const input = importText(text);
  if (!input.ok) throw new Error(input.error.message);
  const repaired = repairText(text, target === undefined ? {} : { target });
  if (!repaired.ok) throw new Error(repaired.error.message);
  expect(repaired.edits.length, 'the repair made no edit').toBeGreaterThan(0);
  expect(expectSoundRepair(text, input, target, repaired), `not accepted; left: ${repaired.unrepaired.map((u) => u.rule).join(', ')}`).toBe(true);
  return repaired;
}
