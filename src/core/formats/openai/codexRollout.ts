// OpenAI Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl): one
// `{timestamp, type, payload}` line each, `type` session_meta / response_item / event_msg /
// turn_context / compacted. The conversation is the response_items, Responses items as the model saw
// them; events are what the UI showed, mostly repeating those items. docs/FORMATS.md, "OpenAI, Mistral
// and Ollama" (Codex CLI rollouts).
import { linePath } from '../../json/locate';
import { isRecord, preview } from '../../json/value';
import type { ContentBlock, Usage } from '../../model';
import { newDraft, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { readPlacedItems, type PlacedItem } from './placedItems';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'a Codex rollout: JSON Lines of {"timestamp", "type": "session_meta" | "response_item" | "event_msg" | "turn_context" | "compacted", "payload": {...}}';
const LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const SAMPLE = 50;

/** A pasted single line parses as one object rather than JSON Lines. */
const entriesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

const isLine = (entry: unknown): entry is Record<string, unknown> & { type: string; payload: unknown } =>
  isRecord(entry) && typeof entry.type === 'string' && LINE_TYPES.has(entry.type) && 'payload' in entry;

function detect(input: ParsedInput): number {
  const entries = entriesOf(input.value);
  let sampled = 0;
  let lines = 0;
  for (let i = 0; i < entries.length && sampled < SAMPLE; i++) {
    if (input.lineErrors?.has(i)) continue;
    sampled++;
    if (isLine(entries[i])) lines++;
  }
  return lines === 0 ? 0 : Math.round((100 * lines) / sampled);
}

/** A message item's text parts joined, as the matching event repeats them. */
function itemText(item: Record<string, unknown>): string | undefined {
  const { content } = item;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** How many message items of each role say each text: the events that repeat one are not messages again. */
function repeatedTexts(entries: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (!isLine(entry) || entry.type !== 'response_item' || !isRecord(entry.payload)) continue;
    const role = stringOf(entry.payload.role);
    const text = itemText(entry.payload);
    if ((role === 'user' || role === 'assistant') && text !== undefined) counts.set(`${role}\n${text}`, (counts.get(`${role}\n${text}`) ?? 0) + 1);
  }
  return counts;
}

/**
 * `TokenUsage`: `input_tokens` includes `cached_input_tokens` and `output_tokens` includes
 * `reasoning_output_tokens`, as in the Responses API's usage.
 */
function readCodexUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  return usageFrom({
    input: numberOf(value.input_tokens),
    output: numberOf(value.output_tokens),
    total: numberOf(value.total_tokens),
    cacheRead: numberOf(value.cached_input_tokens),
    reasoning: numberOf(value.reasoning_output_tokens),
  });
}

interface LineInfo {
  line: number;
  timestamp: string | undefined;
  model: string | undefined;
}

class Reader {
  readonly messages: MessageDraft[] = [];
  /** Line of each message, for giving token counts to the model call they measured. */
  readonly lineOfMessage = new Map<MessageDraft, number>();
  readonly usages: { line: number; usage: Usage }[] = [];
  readonly skippedLines = new Map<string, number>();
  readonly skippedEvents = new Map<string, number>();
  readonly notes: string[] = [];
  repeated = 0;
  fromEvents = 0;
  private pending: PlacedItem<LineInfo>[] = [];
  private model: string | undefined;

  constructor(private readonly texts: Map<string, number>) {}

  line(entry: unknown, line: number): void {
    const path = linePath(line);
    if (!isLine(entry)) {
      this.push(problemDraft(entry, path, `expected a rollout line {"timestamp", "type", "payload"}, got ${preview(entry, 60)}`), line);
      return;
    }
    const { type, payload } = entry;
    const info: LineInfo = { line, timestamp: stringOf(entry.timestamp), model: this.model };
    if (!isRecord(payload)) {
      this.push(problemDraft(entry, path, `expected the ${type} payload to be an object, got ${preview(payload, 40)}`), line);
      return;
    }
    if (type === 'response_item') this.pending.push({ item: payload, raw: entry, path, extra: info });
    else if (type === 'compacted') this.compacted(payload, entry, info);
    else if (type === 'event_msg') this.event(payload, entry, info);
    else if (type !== 'session_meta' || !this.sessionMeta(payload, entry, info)) {
      if (type === 'turn_context') this.model = stringOf(payload.model) ?? this.model;
      count(this.skippedLines, type);
    }
  }

  /** The model's base instructions (the Responses `instructions`), written once for the session; false when it has none. */
  private sessionMeta(meta: Record<string, unknown>, entry: unknown, info: LineInfo): boolean {
    const base = meta.base_instructions;
    const text = isRecord(base) ? stringOf(base.text) : stringOf(base);
    if (text === undefined) return false;
    const draft = newDraft('system', 'base_instructions', [{ kind: 'text', type: 'text', text, raw: base }], entry, linePath(info.line));
    draft.timestamp = info.timestamp;
    this.push(draft, info.line);
    return true;
  }

  /** A compaction's summary stands where the history was cut; the items that replace it are not read again. */
  private compacted(payload: Record<string, unknown>, entry: unknown, info: LineInfo): void {
    const text = stringOf(payload.message) ?? '';
    const draft = newDraft('other', 'compacted', text === '' ? [] : [{ kind: 'text', type: 'text', text, raw: payload.message }], entry, linePath(info.line));
    draft.timestamp = info.timestamp;
    this.push(draft, info.line);
    const replacement = payload.replacement_history;
    if (Array.isArray(replacement))
      this.notes.push(
        `The compaction at line ${info.line} replaces the model's history with ${replacement.length} items (replacement_history); they are not shown again.`,
      );
  }

  private event(payload: Record<string, unknown>, entry: unknown, info: LineInfo): void {
    const type = stringOf(payload.type) ?? '(no type)';
    if (type === 'token_count') {
      const usage = isRecord(payload.info) ? readCodexUsage(payload.info.last_token_usage) : undefined;
      if (usage) this.usages.push({ line: info.line, usage });
    }
    if (type !== 'user_message' && type !== 'agent_message') {
      count(this.skippedEvents, type);
      return;
    }
    const text = stringOf(payload.message) ?? '';
    const key = `${type === 'user_message' ? 'user' : 'assistant'}\n${text}`;
    const left = this.texts.get(key) ?? 0;
    if (left > 0) {
      this.texts.set(key, left - 1);
      this.repeated++;
      count(this.skippedEvents, type);
      return;
    }
    // The event is all the file has of this message (the rollout was cut or cleaned): it is shown.
    const content: ContentBlock[] = text === '' ? [] : [{ kind: 'text', type: 'text', text, raw: payload.message }];
    // `images` are the URLs sent to the model; `local_images` only the paths the UI reattaches.
    const images: unknown[] = Array.isArray(payload.images) ? payload.images : [];
    for (const image of images) content.push({ kind: 'image', type: 'image', raw: image });
    const draft = newDraft(type === 'user_message' ? 'human' : 'ai', type, content, entry, linePath(info.line));
    draft.timestamp = info.timestamp;
    if (draft.role === 'ai') draft.model = info.model;
    this.push(draft, info.line);
    this.fromEvents++;
  }

  push(draft: MessageDraft, line: number): void {
    this.flush();
    this.messages.push(draft);
    this.lineOfMessage.set(draft, line);
  }

  /** The response items read so far, as Responses turns. */
  flush(): void {
    if (this.pending.length === 0) return;
    for (const { draft, first } of readPlacedItems(this.pending)) {
      if (first !== undefined) {
        draft.timestamp = first.extra.timestamp;
        if (draft.role === 'ai') draft.model = first.extra.model;
        this.lineOfMessage.set(draft, first.extra.line);
      }
      this.messages.push(draft);
    }
    this.pending = [];
  }
}

function count(counts: Map<string, number>, name: string): void {
  counts.set(name, (counts.get(name) ?? 0) + 1);
}

/**
 * Each token_count event measures one model call, and Codex writes it among the items of that call
 * (before them in older versions, after them in newer ones) but never past the tool output or user
 * message that ends it: so the AI messages between two such boundaries take the counts between them,
 * in order. Returns how many counts found no AI message.
 */
function placeUsage(reader: Reader): number {
  const { messages, usages, lineOfMessage } = reader;
  let next = 0;
  let unplaced = 0;
  let turn: MessageDraft[] = [];
  const close = (before: number): void => {
    let k = 0;
    for (; next < usages.length && (usages[next]?.line ?? Infinity) < before; next++) {
      const draft = turn[k++];
      const usage = usages[next]?.usage;
      if (draft && usage) draft.usage = usage;
      else unplaced++;
    }
    turn = [];
  };
  for (const draft of messages) {
    if (draft.role === 'ai') turn.push(draft);
    else close(lineOfMessage.get(draft) ?? Infinity);
  }
  close(Infinity);
  return unplaced;
}

const listed = (counts: Map<string, number>): string =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');

function notesOf(reader: Reader, unplaced: number): string[] {
  const notes: string[] = [];
  const events = [...reader.skippedEvents.values()].reduce((sum, n) => sum + n, 0);
  const lines = [...reader.skippedLines].map(([type, n]) => `${n} ${type}`);
  if (events > 0) lines.push(`${events} event_msg (${listed(reader.skippedEvents)})`);
  if (lines.length > 0) notes.push(`Lines that are not messages: ${lines.join(', ')}.`);
  if (reader.repeated > 0)
    notes.push(`${reader.repeated} user_message / agent_message ${reader.repeated === 1 ? 'event repeats' : 'events repeat'} a response item: shown once.`);
  if (reader.fromEvents > 0)
    notes.push(
      `${reader.fromEvents} user_message / agent_message ${reader.fromEvents === 1 ? 'event has' : 'events have'} no response item: shown from the event.`,
    );
  const placed = reader.usages.length - unplaced;
  if (placed > 0) notes.push(`Token usage: the last_token_usage of ${placed} token_count ${placed === 1 ? 'event' : 'events'}, on the AI turns they measured.`);
  if (unplaced > 0) notes.push(`${unplaced} token_count ${unplaced === 1 ? 'event has' : 'events have'} no AI turn to go with: not counted.`);
  return [...notes, ...reader.notes];
}

function read(input: ParsedInput): AdapterOutput {
  const entries = entriesOf(input.value);
  const reader = new Reader(repeatedTexts(entries));
  entries.forEach((entry, i) => {
    const line = input.jsonLines ? (input.lineOf[i] ?? i + 1) : i + 1;
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) reader.push(problemDraft(entry, linePath(line), lineError), line);
    else reader.line(entry, line);
  });
  reader.flush();
  return { messages: reader.messages, notes: notesOf(reader, placeUsage(reader)) };
}

export const codexRollout: FormatAdapter = {
  name: 'codex-rollout',
  label: 'OpenAI Codex CLI rollout',
  expects: EXPECTS,
  detect,
  read,
};
