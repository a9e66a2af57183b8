// The Tools table: one row a tool call (and one a result nobody called), with where it was issued and answered,
// what became of it, how large its result was and how long it took; and one line a tool. Columnar, so that the
// worker hands 50,000 rows to the page as a few typed arrays, and linear: one walk of the messages and one of the
// links, each link paired once (checks/pairing), as the rules do.
import { isErrorResult } from '../checks/toolError';
import { endsHistory } from '../checks/missingResult';
import { pairResults } from '../checks/pairing';
import type { CallRef } from '../checks/rule';
import { preview } from '../json/value';
import type { Message, ToolCall, Transcript } from '../model';
import { timestampMs } from '../timestamps';

/**
 * What became of a call, in the rules' terms (docs/RULES.md, "Tools table statuses"):
 * - `ok`: answered by a result that reports no error, or answered inside a server tool's run (`ToolCall.answeredInside`);
 * - `error`: its result reports an error (tool-error);
 * - `orphan`: no result, and the history goes on past it (orphan-tool-call);
 * - `pending`: no result yet, and none is due: the call ends the history (pending-tool-call, an info);
 * - `unknown-result`: a result no call asked for (orphan-tool-result), a row of its own;
 * - `invalid`: the call is invalid (invalid_tool_calls, or arguments that are not JSON: invalid-tool-call), answered or not.
 */
export const TOOL_CALL_STATUSES = ['ok', 'error', 'orphan', 'pending', 'unknown-result', 'invalid'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

const OK = 0;
const ERROR = 1;
const ORPHAN = 2;
const PENDING = 3;
const UNKNOWN_RESULT = 4;
const INVALID = 5;

/** Bits of `ToolCallTable.flags`. */
export const TOOL_CALL_FLAGS = {
  /** The arguments are not valid (ToolCall.error, or an entry of invalid_tool_calls). */
  argsInvalid: 1,
  /** Answered inside a server tool's run: no result of its own is due. */
  answeredInside: 2,
  /** Its id is issued by more than one call (duplicate-tool-call-id). */
  issuedTwice: 4,
  /** A result of it comes before the call (tool-result-before-call). */
  resultBeforeCall: 8,
} as const;

/** One line a tool (a name as the calls, or for results nobody called, the results, give it). */
export interface ToolSummary {
  name: string;
  /** Calls issued, valid or not. */
  calls: number;
  /** Calls that failed: their result reports an error, or the call is invalid. */
  errors: number;
  invalid: number;
  orphans: number;
  pending: number;
  /** Results of this name no call asked for (not counted in `calls`). */
  unknownResults: number;
  /** Result messages, every one counted once (a second answer to a call too). */
  results: number;
  /** Characters of all those results' text. */
  resultChars: number;
  /** Characters of the largest of them; 0 when none. */
  largestResult: number;
}

/**
 * Row i is `tools[tool[i]]`, `ids[i]`... Rows are in timeline order: each message's calls (its `toolCalls`, then its
 * `invalidToolCalls`), and a result nobody called at its own message.
 */
export interface ToolCallTable {
  count: number;
  /** Each tool name once; `tool` points here. */
  tools: string[];
  tool: Uint32Array<ArrayBuffer>;
  /** The id that links the call and its results ('' when the call has none), made up by the reader or not. */
  ids: string[];
  /** Where the call (or result) is in the input when the reader made its id up, as findings name it; '' otherwise. */
  madeUp: string[];
  /** One line of the arguments, cut (as written when they are not valid JSON); '' for a result nobody called. */
  args: string[];
  /** Index into TOOL_CALL_STATUSES. */
  status: Uint8Array<ArrayBuffer>;
  /** TOOL_CALL_FLAGS bits. */
  flags: Uint8Array<ArrayBuffer>;
  /** The message that issued the call; -1 for a result nobody called. */
  callMessage: Int32Array<ArrayBuffer>;
  /** The call's first result in timeline order (the row's own message for a result nobody called); -1 when none. */
  resultMessage: Int32Array<ArrayBuffer>;
  /** How many results answer it (more than one: answered twice, or a result before the call and one after). */
  results: Uint32Array<ArrayBuffer>;
  /** Characters of the first result's text; -1 when there is none. */
  resultChars: Int32Array<ArrayBuffer>;
  /** First result's time minus the call's, in milliseconds, where both messages carry a time; NaN otherwise. */
  durationMs: Float64Array<ArrayBuffer>;
  /** One entry a tool, in the order of `tools`. */
  summary: ToolSummary[];
}

/** Characters of arguments a row keeps. */
export const ARGS_PREVIEW_CHARS = 80;

/** `text` cut to `max` characters with an ellipsis, never ending in half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 2);
  return `${text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 2 : max - 1)}…`;
}

/** One line of a call's arguments: as written when they are not valid JSON, else compact JSON; bounded however large they are. */
export function argsPreview(call: ToolCall): string {
  const bad = call.error !== undefined || call.invalid === true;
  // Sliced before the whitespace is collapsed: a 5 MB argument must not be copied whole for 80 characters.
  const room = ARGS_PREVIEW_CHARS * 4;
  let text: string;
  if (bad && call.argsText !== undefined) text = call.argsText.slice(0, room);
  else if (call.args === undefined) text = '';
  else if (typeof call.args === 'string') text = call.args.slice(0, room);
  else {
    try {
      text = preview(call.args, room);
    } catch {
      text = '';
    }
  }
  return cut(text.replace(/\s+/g, ' ').trim(), ARGS_PREVIEW_CHARS);
}

/** A result nobody called: its id links it to no call, or it carries no id at all. */
function isUnknownResult(m: Message, t: Pick<Transcript, 'links'>): boolean {
  if (m.toolCallId === undefined) return m.role === 'tool';
  return (t.links.get(m.toolCallId)?.calls.length ?? 0) === 0;
}

/** The tool table of a history; linear in its messages, calls and results. */
export function toolCallTable(transcript: Pick<Transcript, 'messages' | 'links'>): ToolCallTable {
  const { messages, links } = transcript;
  // Where each message's rows start, so a link's CallRef finds its row without a search.
  const rowStart = new Int32Array(messages.length);
  let count = 0;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    rowStart[i] = count;
    count += m.toolCalls.length + m.invalidToolCalls.length;
    if (isUnknownResult(m, transcript)) count++;
  }

  const toolNumber = new Map<string, number>();
  const tools: string[] = [];
  const summary: ToolSummary[] = [];
  const numberOf = (name: string): number => {
    let n = toolNumber.get(name);
    if (n === undefined) {
      toolNumber.set(name, (n = tools.length));
      tools.push(name);
      summary.push({ name, calls: 0, errors: 0, invalid: 0, orphans: 0, pending: 0, unknownResults: 0, results: 0, resultChars: 0, largestResult: 0 });
    }
    return n;
  };

  const tool = new Uint32Array(count);
  const ids: string[] = new Array<string>(count);
  const madeUp: string[] = new Array<string>(count);
  const args: string[] = new Array<string>(count);
  const status = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const callMessage = new Int32Array(count).fill(-1);
  const resultMessage = new Int32Array(count).fill(-1);
  const results = new Uint32Array(count);
  const resultChars = new Int32Array(count).fill(-1);
  const durationMs = new Float64Array(count).fill(Number.NaN);

  // The calls and the results nobody called, in timeline order.
  let row = 0;
  const callRow = (m: Message, c: ToolCall, invalid: boolean): void => {
    tool[row] = numberOf(c.name);
    ids[row] = c.id ?? '';
    madeUp[row] = c.idMadeUp?.path ?? '';
    args[row] = argsPreview(c);
    callMessage[row] = m.index;
    let f = 0;
    if (invalid || c.invalid === true || c.error !== undefined) f |= TOOL_CALL_FLAGS.argsInvalid;
    if (c.answeredInside !== undefined) f |= TOOL_CALL_FLAGS.answeredInside;
    flags[row] = f;
    row++;
  };
  for (const m of messages) {
    for (const c of m.toolCalls) callRow(m, c, false);
    for (const c of m.invalidToolCalls) callRow(m, c, true);
    if (!isUnknownResult(m, transcript)) continue;
    tool[row] = numberOf(m.name ?? '');
    ids[row] = m.toolCallId ?? '';
    madeUp[row] = m.toolCallIdMadeUp === true ? m.location.path : '';
    args[row] = '';
    status[row] = UNKNOWN_RESULT;
    resultMessage[row] = m.index;
    results[row] = 1;
    resultChars[row] = m.text.length;
    countResult(summary[tool[row]!]!, m);
    row++;
  }

  const rowOf = (ref: CallRef): number => {
    const m = messages[ref.messageIndex]!;
    return rowStart[ref.messageIndex]! + (ref.invalid === true ? m.toolCalls.length : 0) + ref.callIndex;
  };
  const answer = (r: number, result: number): void => {
    const first = resultMessage[r]!;
    if (first < 0 || result < first) resultMessage[r] = result;
    results[r]!++;
    countResult(summary[tool[r]!]!, messages[result]!);
  };
  for (const link of links.values()) {
    if (link.calls.length === 0) continue;
    if (link.calls.length > 1) for (const ref of link.calls) flags[rowOf(ref)]! |= TOOL_CALL_FLAGS.issuedTwice;
    if (link.results.length === 0) continue;
    const { answered, early, surplus } = pairResults(link);
    for (const { call, result } of answered) answer(rowOf(call), result);
    for (const { call, result } of early) {
      const r = rowOf(call);
      flags[r]! |= TOOL_CALL_FLAGS.resultBeforeCall;
      answer(r, result);
    }
    // A second answer goes to the call it follows: the last one issued before it (the results are in timeline order).
    let last = 0;
    for (const result of surplus) {
      while (last + 1 < link.calls.length && link.calls[last + 1]!.messageIndex <= result) last++;
      answer(rowOf(link.calls[last]!), result);
    }
  }

  // Times parsed once a message, when a row asks for them.
  const times = new Float64Array(messages.length).fill(Number.NaN);
  const timeRead = new Uint8Array(messages.length);
  const timeOf = (index: number): number => {
    if (timeRead[index] === 0) {
      timeRead[index] = 1;
      const stamp = messages[index]!.timestamp;
      if (stamp !== undefined) times[index] = timestampMs(stamp) ?? Number.NaN;
    }
    return times[index]!;
  };

  for (let r = 0; r < count; r++) {
    const s = summary[tool[r]!]!;
    const result = resultMessage[r]!;
    const issued = callMessage[r]!;
    if (issued < 0) {
      s.unknownResults++;
      continue;
    }
    s.calls++;
    if (result >= 0) {
      resultChars[r] = messages[result]!.text.length;
      durationMs[r] = timeOf(result) - timeOf(issued);
    }
    const f = flags[r]!;
    let code: number;
    if ((f & TOOL_CALL_FLAGS.argsInvalid) !== 0) code = INVALID;
    else if (result >= 0) code = isErrorResult(messages[result]!) ? ERROR : OK;
    else if ((f & TOOL_CALL_FLAGS.answeredInside) !== 0) code = OK;
    else code = endsHistory(messages, issued) ? PENDING : ORPHAN;
    status[r] = code;
    if (code === ERROR || code === INVALID) s.errors++;
    if (code === INVALID) s.invalid++;
    else if (code === ORPHAN) s.orphans++;
    else if (code === PENDING) s.pending++;
  }

  return { count, tools, tool, ids, madeUp, args, status, flags, callMessage, resultMessage, results, resultChars, durationMs, summary };
}

function countResult(s: ToolSummary, m: Message): void {
  const chars = m.text.length;
  s.results++;
  s.resultChars += chars;
  if (chars > s.largestResult) s.largestResult = chars;
}
