// What the messages table sorts each column by: one number a message (NaN: no value, which sorts last either way),
// built once per transcript and column, so that a sort is a numeric comparison of two array entries.
import { messageTimes } from '../core/timestamps';
import type { Message, Transcript } from '../core/model';
import { latencies, type TableColumn } from '../protocol/messagesTable';
import { ROLE_ORDER } from '../protocol/workerApi';

/** Characters of a text a text column sorts by: enough to tell previews apart, few enough to sort 100,000 fast. */
export const TEXT_KEY_CHARS = 32;

/**
 * Counts a key holds beside another: findings per severity and calls count up to 2^17 - 1 (more count as that), so
 * that errors, warnings and infos (3 × 17 bits), or a number of calls and the rank of their names (17 + 32), stay
 * exact in one double (53 bits).
 */
const SPAN = 2 ** 17;
const capped = (n: number): number => Math.min(n, SPAN - 1);

/**
 * Ranks of `texts` in the order of their first `chars` characters lower-cased, compared by UTF-16 code unit; equal
 * prefixes rank equal; an undefined or empty text is NaN. A stable least-significant-digit radix sort over one
 * code unit a pass: a comparison sort of 100,000 previews sharing long prefixes took 150–250 ms (Intl.Collator or
 * `<`), this takes tens.
 */
export function textRanks(texts: readonly (string | undefined)[], chars = TEXT_KEY_CHARS): Float64Array<ArrayBuffer> {
  const ranks = new Float64Array(texts.length).fill(Number.NaN);
  const present: number[] = [];
  for (let i = 0; i < texts.length; i++) if (texts[i]) present.push(i);
  const m = present.length;
  const codes = new Uint16Array(m * chars);
  for (let j = 0; j < m; j++) {
    const key = texts[present[j]!]!.slice(0, chars).toLowerCase();
    // Lower-casing may lengthen a text ('İ' is two units): the first `chars` units count.
    for (let c = 0; c < chars && c < key.length; c++) codes[j * chars + c] = key.charCodeAt(c);
  }
  let order = new Int32Array(m);
  for (let j = 0; j < m; j++) order[j] = j;
  let next = new Int32Array(m);
  const counts = new Int32Array(0x10001);
  for (let c = chars - 1; c >= 0; c--) {
    counts.fill(0);
    for (let j = 0; j < m; j++) counts[codes[j * chars + c]! + 1]! += 1;
    // Every text ends before this position: the pass would change nothing.
    if (counts[1] === m) continue;
    for (let k = 1; k < counts.length; k++) counts[k]! += counts[k - 1]!;
    for (let j = 0; j < m; j++) {
      const item = order[j]!;
      next[counts[codes[item * chars + c]!]!++] = item;
    }
    [order, next] = [next, order];
  }
  let rank = 0;
  for (let j = 0; j < m; j++) {
    if (j > 0 && !samePrefix(codes, order[j - 1]!, order[j]!, chars)) rank++;
    ranks[present[order[j]!]!] = rank;
  }
  return ranks;
}

function samePrefix(codes: Uint16Array, a: number, b: number, chars: number): boolean {
  for (let c = 0; c < chars; c++) if (codes[a * chars + c] !== codes[b * chars + c]) return false;
  return true;
}

function numbers(messages: readonly Message[], of: (message: Message) => number | undefined): Float64Array<ArrayBuffer> {
  const values = new Float64Array(messages.length);
  for (let i = 0; i < messages.length; i++) values[i] = of(messages[i]!) ?? Number.NaN;
  return values;
}

const ROLE_CODE = new Map(ROLE_ORDER.map((role, code) => [role, code]));

const callNames = (message: Message): string => [...message.toolCalls, ...message.invalidToolCalls].map((call) => call.name).join(', ');

/** Errors, then warnings, then infos: more errors sort above any number of warnings. */
function findingsKeys(transcript: Transcript): Float64Array<ArrayBuffer> {
  const n = transcript.messages.length;
  const counts = { error: new Uint32Array(n), warning: new Uint32Array(n), info: new Uint32Array(n) };
  for (const finding of transcript.findings) {
    if (finding.messageIndex >= 0 && finding.messageIndex < n) counts[finding.severity][finding.messageIndex]! += 1;
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (capped(counts.error[i]!) * SPAN + capped(counts.warning[i]!)) * SPAN + capped(counts.info[i]!);
  return keys;
}

/** Calls by their number, then by their names (`2: read_file, search` before `2: search, search`). */
function callsKeys(messages: readonly Message[]): Float64Array<ArrayBuffer> {
  const names = textRanks(messages.map(callNames), 64);
  const keys = new Float64Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const rank = names[i]!;
    keys[i] = capped(message.toolCalls.length + message.invalidToolCalls.length) * 2 ** 32 + (Number.isNaN(rank) ? 0 : rank + 1);
  }
  return keys;
}

function buildKeys(transcript: Transcript, column: TableColumn): Float64Array<ArrayBuffer> {
  const { messages } = transcript;
  switch (column) {
    case 'index':
      return numbers(messages, (message) => message.index);
    case 'role':
      return numbers(messages, (message) => ROLE_CODE.get(message.role));
    case 'name':
      return textRanks(messages.map((message) => message.name));
    case 'preview':
      return textRanks(messages.map((message) => message.text.trimStart()));
    case 'calls':
      return callsKeys(messages);
    // Reported usage only; a message without any sorts last. Estimated tokens (from a tokenizer, for formats that
    // report none) are not sorted by yet: when the table shows them, their column key goes here, marked apart.
    case 'tokensIn':
      return numbers(messages, (message) => message.usage?.input);
    case 'tokensOut':
      return numbers(messages, (message) => message.usage?.output);
    case 'tokensCumulative':
      return Float64Array.from(transcript.tokens.cumulative);
    case 'model':
      return textRanks(messages.map((message) => message.model));
    case 'time':
      return messageTimes(messages);
    case 'latency':
      return latencies(messageTimes(messages));
    case 'findings':
      return findingsKeys(transcript);
  }
}

const keysByTranscript = new WeakMap<Transcript, Map<TableColumn, Float64Array<ArrayBuffer>>>();

/** Column `column`'s sort key of each message of `transcript`, kept while the transcript is. */
export function sortKeys(transcript: Transcript, column: TableColumn): Float64Array<ArrayBuffer> {
  let columns = keysByTranscript.get(transcript);
  if (!columns) {
    columns = new Map();
    keysByTranscript.set(transcript, columns);
  }
  let keys = columns.get(column);
  if (!keys) {
    keys = buildKeys(transcript, column);
    columns.set(column, keys);
  }
  return keys;
}
