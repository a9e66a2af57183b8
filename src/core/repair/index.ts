// `msgscope repair` and the app's Repair…: the history with its mechanical faults fixed (docs/RULES.md, "Repair"),
// in the format it came in. The repaired text is read back and judged again: whether the target accepts it is
// what that reading says, not what the repair expected.
import { convertTranscript, HISTORY_TARGETS, type HistoryTarget } from '../convert';
import { importText } from '../import';
import { parseInput, stripBom } from '../json/parseInput';
import { isRecord } from '../json/value';
import type { Conversation, ImportError, ImportResult, ProviderTarget, Verdict } from '../model';
import { JsonSpans, type Segment } from './jsonSpans';
import { layoutOf, pathsOf } from './layout';
import { place } from './place';
import { hasActions, planConversation, rejecters } from './planConversation';
import type { Plan, RepairEdit, Unrepaired } from './plan';
import { TextEdits } from './textEdits';
import { WRITABLE_FORMATS, writableFormat } from './writable';

export type { RepairEdit, Unrepaired } from './plan';
export { INTERRUPTED, WRITABLE_FORMATS } from './writable';

export interface RepairOptions {
  /** The adapter to read the input with (the CLI's --format, the app's *Read as*); detected otherwise. */
  format?: string;
  /** The provider the history must suit; every target when absent. */
  target?: ProviderTarget;
  /** Of a file of several conversations that has to be converted: the one to write (its position); the first otherwise. */
  conversation?: number;
}

/** The verdicts of one conversation of the repaired history. */
export interface RepairedVerdicts {
  conversation?: string;
  verdicts: Verdict[];
}

export interface Repaired {
  ok: true;
  /** The repaired history. */
  text: string;
  /** The format it is written in: the input's own unless `converted` says otherwise. */
  format: string;
  formatLabel: string;
  /** Set when the input's format cannot be written back: what it was, why, and what the conversion could not carry. */
  converted?: { from: string; fromLabel: string; reason: string; lost: string[] };
  edits: RepairEdit[];
  /** Findings left as they were, and why. */
  unrepaired: Unrepaired[];
  /**
   * The messages whose text is not what it was (the input's, or with `converted` the conversion's, by index):
   * those dropped, moved or renamed, and a wire message that got or lost a result block. Every other message is
   * written byte for byte as it was.
   */
  changed: { conversation?: string; message: number }[];
  /** The repaired history read back: the format detected (null when it did not read), and its verdicts. */
  readBack: string | null;
  verdicts: RepairedVerdicts[];
  /** Whether the target (every target, without one) accepts the repaired history, every conversation of it. */
  accepted: boolean;
  target?: ProviderTarget;
  /** What else the reader of the edits should know (a system message left in place for a target that takes it). */
  notes: string[];
}

export type RepairOutcome = Repaired | { ok: false; error: ImportError };

const conversationsOf = (result: Extract<ImportResult, { ok: true }>): Conversation[] => result.conversations ?? [{ label: '', transcript: result.transcript }];

/** The history in `text`, repaired for `options.target` (every target when absent). */
export function repairText(text: string, options: RepairOptions = {}): RepairOutcome {
  return repairIn(text, options, true);
}

/** `mayConvert`: false for a history this repair converted itself, which must be written back as it is. */
function repairIn(text: string, options: RepairOptions, mayConvert: boolean): RepairOutcome {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = stripBom(text);
  const parsed = parseInput(body);
  const imported = importText(body, { ...(options.format !== undefined && { format: options.format }), ...(parsed.ok && { parsed: parsed.input }) });
  if (!imported.ok) return imported;
  const format = imported.transcript.format;
  const writable = parsed.ok && !isSse(body) ? writableFormat(format) : undefined;
  const convert = (why: string): RepairOutcome =>
    mayConvert ? repairConverted(imported, options, why) : { ok: false, error: { message: `msgscope could not repair its own conversion: ${why}.` } };
  const conversations = conversationsOf(imported);
  const freshId = idMaker(conversations);
  // Planned in the format it will be written in (msgscope's stands for any conversion: it answers every call with
  // an id): a history with nothing to repair is kept as it is, in any format.
  const planning = writable ?? writableFormat('msgscope');
  if (!planning) return convert(`${imported.transcript.formatLabel} is not a format repair writes back`);
  const plans = conversations.map(({ label, transcript }) =>
    planConversation({ transcript, target: options.target, format: planning, conversation: conversations.length > 1 ? label : undefined, freshId }),
  );
  const made = {
    format,
    formatLabel: imported.transcript.formatLabel,
    notes: systemNotes(conversations, options.target),
    ...(options.target !== undefined && { target: options.target }),
  };
  if (!plans.some(hasActions)) return judged(text, { ...made, edits: [], unrepaired: plans.flatMap((plan) => plan.skipped), changed: [] });
  if (!parsed.ok || !writable) return convert(`${imported.transcript.formatLabel} is not a format repair writes back`);
  const spans = new JsonSpans(body, parsed.input.jsonLines ? { lineOf: parsed.input.lineOf } : undefined);
  const paths = pathsOf(parsed.input.value);
  const edits = new TextEdits(spans);
  const changed: Repaired['changed'] = [];
  for (const [i, { transcript }] of conversations.entries()) {
    const plan = plans[i]!;
    if (!hasActions(plan)) continue;
    const layout = layoutOf(transcript.messages, spans, paths, writable.byLocation === true);
    if (typeof layout === 'string') return convert(`in this file ${layout}`);
    const listValue = valueAt(parsed.input.value, layout.list);
    const alsoChanged = place({
      messages: transcript.messages,
      plan,
      layout,
      spans,
      edits,
      format: writable,
      listValue: Array.isArray(listValue) ? listValue : [],
      paths,
    });
    const named = editsOf(plan).flatMap((edit) => (edit.action === 'added' ? [] : [edit.message]));
    const conversation = conversations.length > 1 ? conversations[i]!.label : undefined;
    for (const message of new Set([...named, ...alsoChanged])) changed.push({ ...(conversation !== undefined && { conversation }), message });
  }
  const out = edits.touched ? bom + edits.render() : text;
  return judged(out, { ...made, edits: plans.flatMap(editsOf).sort(byMessage), unrepaired: plans.flatMap((plan) => plan.skipped), changed });
}

/** A history read without its text (a zip archive's): repaired by converting it, as any format repair does not write back. */
export function repairImported(imported: Extract<ImportResult, { ok: true }>, options: RepairOptions = {}): RepairOutcome {
  return repairConverted(imported, options, 'a history read from an archive is not written back into it');
}

/** The format a history that cannot be written back is converted to: the target's own request when msgscope writes one. */
export function conversionFor(target: ProviderTarget | undefined): HistoryTarget {
  const writes = (name: string): name is HistoryTarget => HISTORY_TARGETS.some((entry) => entry.target === name);
  if (target === 'langgraph') return 'langchain-stored';
  if (target !== undefined && writes(target)) return target;
  return 'msgscope';
}

function repairConverted(imported: Extract<ImportResult, { ok: true }>, options: RepairOptions, why: string): RepairOutcome {
  const conversations = conversationsOf(imported);
  const chosen = conversations[options.conversation ?? 0] ?? conversations[0]!;
  const to = conversionFor(options.target);
  const conversion = convertTranscript(chosen.transcript, to, {});
  const label = HISTORY_TARGETS.find((entry) => entry.target === to)?.label ?? to;
  const several = conversations.length > 1 ? `; of its ${conversations.length} conversations, only "${chosen.label}" is written` : '';
  const reason = `${why}, so it is written as ${label} (repair writes back ${WRITABLE_FORMATS.join(', ')}; others are converted to ${conversionNames()})${several}`;
  if (!writableFormat(to)) return { ok: false, error: { message: `msgscope cannot repair a history written as ${to}.` } };
  const inner = repairIn(conversion.text, { format: to, ...(options.target !== undefined && { target: options.target }) }, false);
  if (!inner.ok) return inner;
  const from = chosen.transcript;
  return { ...inner, converted: { from: from.format, fromLabel: from.formatLabel, reason, lost: conversion.lost } };
}

const conversionNames = (): string => ['msgscope', ...HISTORY_TARGETS.map((entry) => entry.target).filter((name) => name !== 'msgscope')].join(', ');

/** The repaired text read back and judged: its verdicts are the answer, whatever the repair meant to do. */
function judged(text: string, made: Omit<Repaired, 'ok' | 'text' | 'readBack' | 'verdicts' | 'accepted'>): Repaired {
  const back = importText(text);
  if (!back.ok)
    return {
      ok: true,
      text,
      ...made,
      notes: [...made.notes, `The repaired history does not read back: ${back.error.message}`],
      readBack: null,
      verdicts: [],
      accepted: false,
    };
  const notes =
    back.transcript.format === made.format
      ? made.notes
      : [...made.notes, `Read without --format, it reads as ${back.transcript.formatLabel}; --format ${made.format} reads it as written.`];
  const conversations = conversationsOf(back);
  const verdicts = conversations.map(({ label, transcript }) => ({ ...(conversations.length > 1 && { conversation: label }), verdicts: transcript.verdicts }));
  const accepts = (verdict: Verdict): boolean => verdict.accepted && verdict.unjudged === undefined;
  const accepted = verdicts.every((v) => v.verdicts.filter((verdict) => made.target === undefined || verdict.target === made.target).every(accepts));
  const unrepaired = accepted || made.unrepaired.length > 0 ? made.unrepaired : stillRejected(conversations, made.target);
  return { ok: true, text, ...made, notes, unrepaired, readBack: back.transcript.format, verdicts, accepted };
}

/** What the repaired history is still rejected for when no repair said it would leave anything: named as in that history. */
function stillRejected(conversations: readonly Conversation[], target: ProviderTarget | undefined): Unrepaired[] {
  return conversations.flatMap(({ label, transcript }) =>
    transcript.findings
      .filter((finding) => rejecters(finding, transcript).some((t) => target === undefined || t === target))
      .map((finding) => ({
        ...(conversations.length > 1 && { conversation: label }),
        rule: finding.rule,
        message: finding.messageIndex,
        text: finding.text,
        reason: 'still rejected after the repair (#N is the position in the repaired history)',
      })),
  );
}

function editsOf(plan: Plan): RepairEdit[] {
  return [
    ...plan.renames.map(({ edit }) => edit),
    ...[...plan.drops.values()],
    ...[...plan.moves.values()].map(({ edit }) => edit),
    ...[...plan.answers.values()].flatMap((answers) => answers.map(({ edit }) => edit)),
    ...[...plan.toStart.values()],
  ];
}

const byMessage = (a: RepairEdit, b: RepairEdit): number => (a.conversation ?? '').localeCompare(b.conversation ?? '') || a.message - b.message;

function systemNotes(conversations: readonly Conversation[], target: ProviderTarget | undefined): string[] {
  if (target !== 'openai-chat' && target !== 'openai-responses' && target !== 'langgraph') return [];
  const late = conversations.some(({ transcript }) => transcript.findings.some((finding) => finding.rule === 'system-not-first'));
  return late ? [`A system message after the start is left where it is: ${target} takes system messages at any position.`] : [];
}

/** Ids made for renamed calls and messages: `<id>_2`, `_3`… that no message of the file uses. */
function idMaker(conversations: readonly Conversation[]): (base: string) => string {
  const used = new Set<string>();
  for (const { transcript } of conversations) {
    for (const message of transcript.messages) {
      if (message.id !== undefined) used.add(message.id);
      if (message.toolCallId !== undefined) used.add(message.toolCallId);
      for (const call of [...message.toolCalls, ...message.invalidToolCalls]) if (call.id !== undefined) used.add(call.id);
    }
  }
  return (base) => {
    let n = 2;
    while (used.has(`${base}_${n}`)) n++;
    const id = `${base}_${n}`;
    used.add(id);
    return id;
  };
}

function valueAt(root: unknown, path: readonly Segment[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else value = isRecord(value) ? value[segment] : undefined;
  }
  return value;
}

/** Server-sent events read as JSON Lines: their lines are no JSON to splice. */
const isSse = (text: string): boolean =>
  /^(?:data|event|id|retry):/m.test(text.slice(0, 4096)) && !text.trimStart().startsWith('{') && !text.trimStart().startsWith('[');
