// Claude Code session logs (~/.claude/projects/<project>/<sessionId>.jsonl): one JSON object a line,
// `type` user / assistant / system / summary / file-history-snapshot / queue-operation / progress...,
// with `uuid`, `parentUuid`, `timestamp`, `sessionId`, and on user and assistant lines `message`,
// a raw Anthropic API message. Anthropic does not document the format; fields follow community
// schemas (oneryalcin/agent-schemas claude-code/v2.1.144/session.schema.json; d-kimuson/claude-code-viewer
// src/lib/conversation-schema); see docs/FORMATS.md, "Anthropic and Claude Code".
import { isRecord } from '../../json/value';
import { readAnthropicMessage } from './anthropicMessage';
import { whereAt, whereOf, type Where } from '../common/draftPaths';
import { joinText, newDraft, problemDraft } from '../common/drafts';
import { stringOf } from '../common/fields';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'Claude Code session JSON Lines: {"type": "user" | "assistant" | "system" | ..., "uuid", "parentUuid", "sessionId", "timestamp", "message": {...}} a line';
const SAMPLE = 50;
/** Sessions can open with many snapshot or summary entries; how far detection looks for a message. */
const REACH = 1000;

/** A pasted single line parses as one object rather than JSON Lines. */
const entriesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

const isMessageEntry = (e: unknown): boolean =>
  isRecord(e) && (e.type === 'user' || e.type === 'assistant') && isRecord(e.message) && (typeof e.uuid === 'string' || typeof e.sessionId === 'string');

/** The share of the first entries that look like log entries, when a user or assistant line is among them. */
function detect(input: ParsedInput): number {
  const entries = entriesOf(input.value);
  if (!entries.slice(0, REACH).some(isMessageEntry)) return 0;
  let sampled = 0;
  let known = 0;
  for (let i = 0; i < entries.length && sampled < SAMPLE; i++) {
    if (input.lineErrors?.has(i)) continue;
    sampled++;
    const e = entries[i];
    // Every entry type carries one of these; summaries only `leafUuid`, snapshots only `messageId`.
    if (isRecord(e) && typeof e.type === 'string' && ['uuid', 'sessionId', 'leafUuid', 'messageId'].some((key) => typeof e[key] === 'string')) known++;
  }
  return sampled === 0 ? 0 : Math.round((100 * known) / sampled);
}

/**
 * Entries in file order, except that one written before its parent (`parentUuid`) follows the
 * parent. Branches (edited or retried prompts) and sidechains (sub-agent turns) keep file order:
 * the timeline shows every entry the file holds rather than picking one path through the tree.
 */
export function parentOrder(entries: readonly unknown[]): { order: number[]; moved: number } {
  const indexOf = new Map<string, number>();
  entries.forEach((e, i) => {
    const id = isRecord(e) ? e.uuid : undefined;
    if (typeof id === 'string' && !indexOf.has(id)) indexOf.set(id, i);
  });
  const emitted = new Uint8Array(entries.length);
  const waiting = new Map<number, number[]>();
  const order: number[] = [];
  const emit = (first: number): void => {
    const stack = [first];
    for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
      if (emitted[i] === 1) continue;
      emitted[i] = 1;
      order.push(i);
      const children = waiting.get(i) ?? [];
      waiting.delete(i);
      // Reversed onto the stack, so the children come out in file order.
      for (const child of children.reverse()) stack.push(child);
    }
  };
  let moved = 0;
  entries.forEach((e, i) => {
    const parent = isRecord(e) && typeof e.parentUuid === 'string' ? indexOf.get(e.parentUuid) : undefined;
    if (parent === undefined || parent === i || emitted[parent] === 1) {
      emit(i);
      return;
    }
    moved++;
    const siblings = waiting.get(parent);
    if (siblings) siblings.push(i);
    else waiting.set(parent, [i]);
  });
  // Parents in a cycle never come: what still waits goes in file order.
  entries.forEach((_, i) => emit(i));
  return { order, moved };
}

class Reader {
  readonly messages: MessageDraft[] = [];
  readonly skipped = new Map<string, number>();
  /** AI messages by API message id, with the lines that wrote them. */
  private readonly byMessageId = new Map<string, { draft: MessageDraft; lines: unknown[] }>();
  mergedLines = 0;
  sidechain = 0;

  entry(entry: unknown, where: Where): void {
    if (!isRecord(entry) || typeof entry.type !== 'string') {
      this.messages.push(problemDraft(entry, where.path, 'expected a log entry with a string `type`'));
      return;
    }
    if (entry.isSidechain === true) this.sidechain++;
    if (entry.type === 'user' || entry.type === 'assistant') this.message(entry, entry.type, where);
    else if (entry.type === 'system') this.system(entry, where);
    else this.skipped.set(entry.type, (this.skipped.get(entry.type) ?? 0) + 1);
  }

  private message(entry: Record<string, unknown>, type: 'user' | 'assistant', where: Where): void {
    if (!isRecord(entry.message)) {
      this.messages.push(problemDraft(entry, where.path, `expected the ${type} entry to have a \`message\` object`));
      return;
    }
    const inMessage: Where = { path: where.path, inner: (suffix) => where.inner(`.message${suffix}`) };
    const drafts = readAnthropicMessage(entry.message, inMessage);
    const timestamp = stringOf(entry.timestamp);
    for (const draft of drafts) draft.timestamp = timestamp;
    // No `turn`: Claude Code logs parallel tool results as separate lines but sends them as one user
    // message, so a line is not a wire turn; the rules' default (results and text after them share one) fits.
    const [first] = drafts;
    if (drafts.length === 1 && first) {
      // The line is the message: its raw keeps uuid, timestamps and `toolUseResult`.
      first.raw = entry;
      first.location = { path: where.path };
      first.id ??= stringOf(entry.uuid);
    }
    if (first?.role === 'ai' && this.merged(first, entry)) drafts.shift();
    this.messages.push(...drafts);
  }

  /**
   * Claude Code writes one assistant line per content block of a streamed response, each with the
   * same `message.id`, and tool results may be written between them: all of them are one API
   * message, so they merge into the first line's AI message. Its raw becomes the list of lines.
   */
  private merged(ai: MessageDraft, entry: Record<string, unknown>): boolean {
    const id = ai.id;
    if (id === undefined) return false;
    const earlier = this.byMessageId.get(id);
    if (!earlier) {
      this.byMessageId.set(id, { draft: ai, lines: [entry] });
      return false;
    }
    const { draft, lines } = earlier;
    lines.push(entry);
    draft.raw = lines;
    draft.content.push(...ai.content);
    draft.toolCalls.push(...ai.toolCalls);
    draft.text = joinText(draft.content);
    // Every line repeats the response's usage, the last one final: replace it, never add it up.
    if (ai.usage !== undefined) draft.usage = ai.usage;
    this.mergedLines++;
    return true;
  }

  /**
   * Claude Code's own events (api_error, compact_boundary, local_command, turn_duration...) are kept
   * as role `other`: they were never sent to the model, so they are not system prompts.
   */
  private system(entry: Record<string, unknown>, where: Where): void {
    const text = [stringOf(entry.subtype), stringOf(entry.content)].filter((part) => part !== undefined && part !== '').join(': ');
    const content = text === '' ? [] : [{ kind: 'text' as const, type: 'system', text, raw: entry.content ?? entry.subtype }];
    const draft = newDraft('other', 'system', content, entry, where.path);
    draft.id = stringOf(entry.uuid);
    draft.timestamp = stringOf(entry.timestamp);
    this.messages.push(draft);
  }
}

function notesOf(reader: Reader, moved: number): string[] {
  const notes: string[] = [];
  const skipped = [...reader.skipped].sort((a, b) => b[1] - a[1]);
  const total = skipped.reduce((sum, [, n]) => sum + n, 0);
  if (total > 0) {
    const what = total === 1 ? 'entry that is not a message' : 'entries that are not messages';
    notes.push(`Skipped ${total} log ${what}: ${skipped.map(([type, n]) => `${n} ${type}`).join(', ')}.`);
  }
  if (reader.mergedLines > 0) {
    const what = reader.mergedLines === 1 ? 'line into the AI message it continues' : 'lines into the AI messages they continue';
    notes.push(`Merged ${reader.mergedLines} assistant ${what} (same message.id).`);
  }
  if (moved > 0)
    notes.push(
      `${moved} ${moved === 1 ? 'entry comes' : 'entries come'} before ${moved === 1 ? 'its' : 'their'} parent (parentUuid) in the file and ${moved === 1 ? 'is' : 'are'} shown after it.`,
    );
  if (reader.sidechain > 0)
    notes.push(
      `${reader.sidechain} sidechain (sub-agent) ${reader.sidechain === 1 ? 'entry is' : 'entries are'} shown in file order among the main conversation.`,
    );
  return notes;
}

function read(input: ParsedInput): AdapterOutput {
  const entries = entriesOf(input.value);
  const lineOf = input.jsonLines ? input.lineOf : undefined;
  const whereFor = (i: number): Where => (Array.isArray(input.value) ? whereOf('', i, lineOf) : whereAt(''));
  const { order, moved } = parentOrder(entries);
  const reader = new Reader();
  for (const i of order) {
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) reader.messages.push(problemDraft(entries[i], whereFor(i).path, lineError));
    else reader.entry(entries[i], whereFor(i));
  }
  return { messages: reader.messages, notes: notesOf(reader, moved) };
}

export const claudeCode: FormatAdapter = {
  name: 'claude-code',
  label: 'Claude Code session log',
  expects: EXPECTS,
  detect,
  read,
};
