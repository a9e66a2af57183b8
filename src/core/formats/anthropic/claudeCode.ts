// Claude Code session logs (~/.claude/projects/<project>/<sessionId>.jsonl): one JSON object a line,
// `type` user / assistant / system / summary / file-history-snapshot / queue-operation / progress...,
// with `uuid`, `parentUuid`, `timestamp`, `sessionId`, and on user and assistant lines `message`,
// a raw Anthropic API message. Anthropic does not document the format; fields follow community
// schemas (oneryalcin/agent-schemas claude-code/v2.1.144/session.schema.json; d-kimuson/claude-code-viewer
// src/lib/conversation-schema); see docs/FORMATS.md, "Anthropic and Claude Code". The same entries come
// wrapped as `{"loglines": [...]}` (Claude Code on the web's session export, simonw/claude-code-transcripts),
// and as the JSON Lines `claude -p --output-format stream-json` and the Agent SDK print (`session_id`,
// `parent_tool_use_id`, a closing `result`). Sub-agent runs (sidechains) are conversations of their own.
import { isRecord, printed } from '../../json/value';
import { readAnthropicMessage } from './anthropicMessage';
import { whereAt, whereOf, type Where } from '../common/draftPaths';
import { joinText, newDraft, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'Claude Code session JSON Lines: {"type": "user" | "assistant" | "system" | ..., "uuid", "parentUuid", "sessionId", "timestamp", "message": {...}} a line, the web export {"loglines": [...]}, or stream-json lines with "session_id"';
const SAMPLE = 50;
/** Sessions can open with many snapshot or summary entries; how far detection looks for a message. */
const REACH = 1000;

/** The web export's `{"loglines": [...]}`; a pasted single line parses as one object rather than JSON Lines. */
function entriesOf(value: unknown): { entries: unknown[]; where: (i: number, lineOf?: readonly number[]) => Where } {
  if (isRecord(value) && Array.isArray(value.loglines)) return { entries: value.loglines, where: (i) => whereOf('loglines', i) };
  if (Array.isArray(value)) return { entries: value, where: (i, lineOf) => whereOf('', i, lineOf) };
  return { entries: [value], where: () => whereAt('') };
}

const isMessage = (e: unknown): e is Record<string, unknown> => isRecord(e) && (e.type === 'user' || e.type === 'assistant') && isRecord(e.message);

/** Session lines carry `uuid` / `sessionId`; stream-json lines `session_id`. */
const isMessageEntry = (e: unknown): boolean =>
  isMessage(e) && (typeof e.uuid === 'string' || typeof e.sessionId === 'string' || typeof e.session_id === 'string');

/**
 * The share of the first entries that look like log entries, when a user or assistant line is among them.
 * The web export says what it is by its wrapper: its entries need no ids.
 */
function detect(input: ParsedInput): number {
  if (isRecord(input.value) && Array.isArray(input.value.loglines)) return input.value.loglines.slice(0, REACH).some(isMessage) ? 100 : 0;
  const { entries } = entriesOf(input.value);
  if (!entries.slice(0, REACH).some(isMessageEntry)) return 0;
  let sampled = 0;
  let known = 0;
  for (let i = 0; i < entries.length && sampled < SAMPLE; i++) {
    if (input.lineErrors?.has(i)) continue;
    sampled++;
    const e = entries[i];
    // Every entry type carries one of these; summaries only `leafUuid`, snapshots only `messageId`, stream-json `session_id`.
    if (isRecord(e) && typeof e.type === 'string' && ['uuid', 'sessionId', 'leafUuid', 'messageId', 'session_id'].some((key) => typeof e[key] === 'string'))
      known++;
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
  readonly results: string[] = [];
  /** Each `result`'s `total_cost_usd` (undefined where one has none): the run's reported cost is their sum. */
  readonly runCosts: (number | undefined)[] = [];
  mergedLines = 0;

  entry(entry: unknown, where: Where): void {
    if (!isRecord(entry) || typeof entry.type !== 'string') {
      this.messages.push(problemDraft(entry, where.path, 'expected a log entry with a string `type`'));
      return;
    }
    if (entry.type === 'user' || entry.type === 'assistant') this.message(entry, entry.type, where);
    else if (entry.type === 'system') this.system(entry, where);
    else if (entry.type === 'result') {
      this.results.push(resultNote(entry));
      this.runCosts.push(numberOf(entry.total_cost_usd));
    } else this.skipped.set(entry.type, (this.skipped.get(entry.type) ?? 0) + 1);
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
    pushAll(this.messages, drafts);
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
    pushAll(draft.content, ai.content);
    pushAll(draft.toolCalls, ai.toolCalls);
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

/** `result`: the run's outcome, cost, usage and duration, for the whole run rather than any one message. */
function resultNote(entry: Record<string, unknown>): string {
  const state = [stringOf(entry.subtype) ?? 'result', entry.is_error === true && 'is_error'].filter(Boolean).join(', ');
  const seconds = (ms: unknown): string | undefined => (numberOf(ms) === undefined ? undefined : `${(Number(ms) / 1000).toFixed(1)} s`);
  const usage = isRecord(entry.usage) ? entry.usage : {};
  const cache = [
    numberOf(usage.cache_read_input_tokens) !== undefined && `${printed(usage.cache_read_input_tokens)} cache read`,
    numberOf(usage.cache_creation_input_tokens) !== undefined && `${printed(usage.cache_creation_input_tokens)} cache write`,
  ].filter((part): part is string => typeof part === 'string');
  const turns = numberOf(entry.num_turns);
  const duration = seconds(entry.duration_ms);
  const api = seconds(entry.duration_api_ms);
  const parts = [
    turns !== undefined && `${turns} ${turns === 1 ? 'turn' : 'turns'}`,
    duration !== undefined && `${duration}${api === undefined ? '' : ` (API ${api})`}`,
    numberOf(entry.total_cost_usd) !== undefined && `$${printed(entry.total_cost_usd)}`,
    numberOf(usage.input_tokens) !== undefined && `${printed(usage.input_tokens)} input tokens${cache.length > 0 ? ` (and ${cache.join(', ')})` : ''}`,
    numberOf(usage.output_tokens) !== undefined && `${printed(usage.output_tokens)} output tokens`,
  ].filter((part): part is string => typeof part === 'string');
  const errors = Array.isArray(entry.errors) ? entry.errors.filter((e): e is string => typeof e === 'string') : [];
  return `Run result (${state}): ${parts.length > 0 ? parts.join(', ') : 'no totals'}.${errors.length > 0 ? ` Errors: ${errors.join('; ')}.` : ''}`;
}

/** The runs' reported cost: every `result`'s, summed; none when a result has no cost (the sum would be short). */
function runCost(costs: readonly (number | undefined)[]): { reportedCost?: number } {
  if (costs.length === 0 || costs.includes(undefined)) return {};
  return { reportedCost: costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) };
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
  pushAll(notes, reader.results);
  return notes;
}

/** The entries of one conversation: the main session, or one sub-agent run, in reading order. */
interface Group {
  key: string;
  indices: number[];
  /** The Task (Agent) call that started a sub-agent run, when the file names it. */
  call?: string;
  /** What the run goes by: its agent id, or the call's id. */
  name?: string;
}

const MAIN = '';

/** Text of a user entry's prompt: its string content or its first text block. */
function promptOf(entry: unknown): string | undefined {
  if (!isRecord(entry) || !isRecord(entry.message)) return undefined;
  const { content } = entry.message;
  if (typeof content === 'string') return content;
  const blocks: unknown[] = Array.isArray(content) ? content : [];
  const block = blocks.find((b) => isRecord(b) && b.type === 'text');
  return isRecord(block) ? stringOf(block.text) : undefined;
}

/**
 * Which conversation each entry belongs to. Stream-json marks a sub-agent's lines with `parent_tool_use_id`,
 * the Task call that started it. Session logs mark them `isSidechain: true`: a run is one `agentId`, or one
 * chain of sidechain entries from its root; its call is the one whose result names that `agentId`
 * (`toolUseResult.agentId`), or else the Task call whose `prompt` is the run's first prompt.
 */
function groupsOf(entries: readonly unknown[], order: readonly number[]): Group[] {
  const byUuid = new Map<string, Record<string, unknown>>();
  const callByAgent = new Map<string, string>();
  const callByPrompt = new Map<string, string>();
  for (const e of entries) {
    if (!isRecord(e)) continue;
    if (typeof e.uuid === 'string') byUuid.set(e.uuid, e);
    if (e.isSidechain === true || !isRecord(e.message) || !Array.isArray(e.message.content)) continue;
    for (const block of e.message.content) {
      if (!isRecord(block)) continue;
      const agent = isRecord(e.toolUseResult) ? stringOf(e.toolUseResult.agentId) : undefined;
      if (block.type === 'tool_result' && agent !== undefined && typeof block.tool_use_id === 'string') callByAgent.set(agent, block.tool_use_id);
      const prompt = block.type === 'tool_use' && isRecord(block.input) ? stringOf(block.input.prompt) : undefined;
      if (prompt !== undefined && typeof block.id === 'string') callByPrompt.set(prompt, block.id);
    }
  }
  // A run's root, remembered for every entry on the way to it: a long run is walked once, not once an entry.
  const roots = new Map<Record<string, unknown>, Record<string, unknown>>();
  const rootOf = (e: Record<string, unknown>): Record<string, unknown> => {
    const path: Record<string, unknown>[] = [];
    let root = e;
    for (let known = roots.get(root); known === undefined && path.length <= entries.length; known = roots.get(root)) {
      path.push(root);
      const parent = typeof root.parentUuid === 'string' ? byUuid.get(root.parentUuid) : undefined;
      if (parent?.isSidechain !== true) break;
      root = parent;
    }
    root = roots.get(root) ?? root;
    for (const step of path) roots.set(step, root);
    return root;
  };
  const groups = new Map<string, Group>([[MAIN, { key: MAIN, indices: [] }]]);
  for (const i of order) {
    const e = entries[i];
    let key = MAIN;
    let found: Omit<Group, 'indices'> | undefined;
    if (isRecord(e) && typeof e.parent_tool_use_id === 'string') {
      key = `call ${e.parent_tool_use_id}`;
      found = { key, call: e.parent_tool_use_id, name: e.parent_tool_use_id };
    } else if (isRecord(e) && e.isSidechain === true) {
      const root = rootOf(e);
      const agent = stringOf(e.agentId);
      key = agent !== undefined ? `agent ${agent}` : `chain ${stringOf(root.uuid) ?? i}`;
      const prompt = promptOf(root);
      const call = (agent !== undefined ? callByAgent.get(agent) : undefined) ?? (prompt !== undefined ? callByPrompt.get(prompt) : undefined);
      found = { key, ...(call !== undefined && { call }), name: agent ?? call ?? `#${groups.size}` };
    }
    const group = groups.get(key);
    if (group) group.indices.push(i);
    else groups.set(key, { ...found, key, indices: [i] });
  }
  return [...groups.values()];
}

function read(input: ParsedInput): AdapterOutput {
  const { entries, where } = entriesOf(input.value);
  const lineOf = input.jsonLines ? input.lineOf : undefined;
  const { order, moved } = parentOrder(entries);
  const groups = groupsOf(entries, order).filter((group) => group.indices.length > 0);
  const reader = new Reader();
  const ranges: (ConversationRange & { call?: string })[] = [];
  for (const group of groups) {
    const start = reader.messages.length;
    for (const i of group.indices) {
      const lineError = input.lineErrors?.get(i);
      if (lineError !== undefined) reader.messages.push(problemDraft(entries[i], where(i, lineOf).path, lineError));
      else reader.entry(entries[i], where(i, lineOf));
    }
    const label = group.key === MAIN ? 'main' : `sub-agent ${group.name ?? ''}`.trim();
    if (reader.messages.length > start) ranges.push({ label, start, end: reader.messages.length, ...(group.call !== undefined && { call: group.call }) });
  }
  const notes = notesOf(reader, moved);
  const runs = groups.filter((group) => group.key !== MAIN);
  const entriesIn = runs.reduce((sum, group) => sum + group.indices.length, 0);
  if (runs.length > 0 && ranges.length < 2)
    notes.push(`All ${entriesIn} entries are one sub-agent's run (a sidechain log); the main conversation is not in this file.`);
  if (ranges.length < 2) return { messages: reader.messages, notes, ...runCost(reader.runCosts) };
  const unnamed = ranges.filter((range) => range.label !== 'main' && range.call === undefined).length;
  notes.push(
    `${entriesIn} sub-agent (sidechain) ${entriesIn === 1 ? 'entry is' : 'entries are'} read as ${runs.length} ${runs.length === 1 ? 'conversation' : 'conversations'} of ${runs.length === 1 ? 'its' : 'their'} own after the main one${unnamed > 0 ? `; ${unnamed} of them name${unnamed === 1 ? 's' : ''} no Task call of this file` : ''}.`,
  );
  return { messages: reader.messages, notes, conversations: withParents(reader.messages, ranges) };
}

/** A sub-agent run hangs under the conversation that made the call starting it. */
function withParents(messages: readonly MessageDraft[], ranges: readonly (ConversationRange & { call?: string })[]): ConversationRange[] {
  const owner = new Map<string, number>();
  ranges.forEach((range, r) => {
    for (let i = range.start; i < range.end; i++) for (const call of messages[i]?.toolCalls ?? []) if (call.id !== undefined) owner.set(call.id, r);
  });
  return ranges.map(({ call, ...range }) => {
    if (range.label === 'main') return range;
    const conversation = call === undefined ? undefined : owner.get(call);
    return { ...range, parent: { conversation: conversation ?? 0, ...(call !== undefined && { toolCallId: call }) } };
  });
}

export const claudeCode: FormatAdapter = {
  name: 'claude-code',
  label: 'Claude Code session log',
  expects: EXPECTS,
  detect,
  read,
};
