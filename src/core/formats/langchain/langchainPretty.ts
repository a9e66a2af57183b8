// LangChain `message.pretty_print()` output pasted from a terminal or notebook (docs/FORMATS.md, "LangChain"). Shape:
// langchain-core `messages/base.py::BaseMessage.pretty_repr` (`get_msg_title_repr(type.title() +
// " Message")`, an 80-column `=` rule, bold in notebooks; `Name: x` when the message has a name; a blank
// line; the content as `str()` prints it) and `messages/ai.py::AIMessage.pretty_repr` (`Tool Calls:` /
// `Invalid Tool Calls:`, each call as `  name (id)`, ` Call ID: id`, `  Error: ...` when set, `  Args:`
// then `    key: str(value)` lines, or the raw string of an invalid call's arguments).
import { parseJson, preview } from '../../json/value';
import { problemDraft } from '../common/drafts';
import { couldNotRead } from '../common/guard';
import { textPositions } from '../common/textPosition';
import { readMessage } from '../common/messageFields';
import { parsePythonValues, pythonValue } from './pythonLiteral';
import type { MessageDraft, TextFormatAdapter } from '../types';

const EXPECTS = 'LangChain pretty_print() output: "=== Human Message ===" title lines, each followed by the message';

const TITLE = /^=+ (\w+) Message =+$/;
const NAME = /^Name: (.*)$/;
const CALL_ID = /^ Call ID: (.*)$/;
const ARG = /^ {4}([^\s:][^:]*):(?: (.*))?$/;
const VALID = 'Tool Calls:';
const INVALID = 'Invalid Tool Calls:';
const DETECT_LINES = 200;

type At = ReturnType<typeof textPositions>;

interface Line {
  text: string;
  offset: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  for (let offset = 0; offset <= text.length;) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline;
    lines.push({ text: text.slice(offset, end).replace(/\r$/, ''), offset });
    offset = end + 1;
  }
  return lines;
}

/** The type word of a title line (`Ai`, `Human`, `Aimessagechunk`...), bold or not. */
function titleOf(line: string): string | undefined {
  if (!line.startsWith('=') && !line.startsWith('\u001b')) return undefined;
  // Notebooks print the title bold: ESC[1m ... ESC[0m.
  return TITLE.exec(line.replaceAll('\u001b[1m', '').replaceAll('\u001b[0m', '').trimEnd())?.[1];
}

function detectText(text: string): number {
  const lines = linesOf(text.slice(0, 20_000)).slice(0, DETECT_LINES);
  const first = lines.find((line) => line.text.trim() !== '');
  if (first !== undefined && titleOf(first.text) !== undefined) return 100;
  // Output with a stray line before it (a prompt, a log line) is still this format, read around the extra line.
  return lines.some((line) => titleOf(line.text) !== undefined) ? 70 : 0;
}

function readText(text: string): MessageDraft[] {
  const at = textPositions(text);
  const lines = linesOf(text);
  const titles = lines.flatMap((line, i) => (titleOf(line.text) === undefined ? [] : [i]));
  const drafts: MessageDraft[] = [];
  const before = lines.slice(0, titles[0] ?? lines.length);
  const firstText = before.findIndex((line) => line.text.trim() !== '');
  if (firstText !== -1) {
    const problem = titles.length === 0 ? `no title line such as "=== Human Message ===": expected ${EXPECTS}` : 'text before the first message title';
    drafts.push(textDraft(text, before.slice(firstText), problem, at));
  }
  titles.forEach((title, k) => {
    drafts.push(readBlock(text, lines.slice(title, titles[k + 1] ?? lines.length), at));
  });
  linkResults(drafts);
  return drafts;
}

/** The lines without trailing blank ones, as source text. */
function sourceOf(text: string, lines: Line[]): string {
  const last = lines.findLastIndex((line) => line.text.trim() !== '');
  const end = lines[last];
  const start = lines[0]?.offset ?? 0;
  return end === undefined ? '' : text.slice(start, end.offset + end.text.length);
}

function textDraft(text: string, lines: Line[], problem: string, at: At): MessageDraft {
  const source = sourceOf(text, lines);
  const { line } = at(lines[0]?.offset ?? 0);
  const draft = problemDraft({ pretty: source }, `line ${line}`, problem);
  return { ...draft, text: preview(source), location: { path: `line ${line}`, line, column: 1 } };
}

/** `Ai` -> ai, `Aimessagechunk` -> ai, `Human` -> human. */
function typeOf(word: string): string {
  const lower = word.toLowerCase();
  return /^(\w+?)message(?:chunk)?$/.exec(lower)?.[1] ?? lower;
}

function readBlock(text: string, block: Line[], at: At): MessageDraft {
  const [title, ...body] = block;
  const word = titleOf(title?.text ?? '') ?? '';
  const type = typeOf(word);
  const lines = body.map((line) => line.text);
  let i = 0;
  const fields: Record<string, unknown> = {};
  const named = NAME.exec(lines[0] ?? '');
  // `Name:` is a header only where pretty_repr puts it: right before the blank line or the tool calls.
  if (named && (lines.length === 1 || lines[1] === '' || lines[1] === VALID || lines[1] === INVALID)) {
    fields.name = named[1];
    i = 1;
  }
  if (lines[i] === '') i++;
  let end = lines.length;
  while (end > i && lines[end - 1]?.trim() === '') end--;
  let content = lines.slice(i, end);
  const start = type === 'ai' ? callsStart(content) : undefined;
  const calls = start === undefined ? undefined : readCalls(content.slice(start));
  if (start !== undefined && calls !== undefined) {
    Object.assign(fields, calls);
    content = content.slice(0, start);
  }
  const joined = content.join('\n');
  fields.content = listContent(joined) ?? joined;
  const source = sourceOf(text, block);
  const raw = { pretty: source, parsed: fields };
  const { line } = at(title?.offset ?? 0);
  const location = { path: `line ${line}`, line, column: 1 };
  const read = readMessage(type, fields, raw, location);
  if ('unreadable' in read) return { ...textDraft(text, block, read.unreadable, at), raw };
  read.sourceType = `${word} Message`;
  return read;
}

/** List content prints as its Python repr: `[{'type': 'text', 'text': '...'}, ...]`. */
function listContent(content: string): unknown[] | undefined {
  const trimmed = content.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
  try {
    const [node, ...more] = parsePythonValues(trimmed);
    if (node?.kind !== 'list' || more.length > 0) return undefined;
    if (!node.items.every((item) => item.kind === 'dict' || (item.kind === 'scalar' && typeof item.value === 'string'))) return undefined;
    const value = pythonValue(node, trimmed);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

// `.` in the pattern this replaces, /^ {2}(\S.*) \((.*)\)$/, matches no line terminator.
const TERMINATOR = /[\r\u2028\u2029]/;

/**
 * A call's head, `  name (id)`: the name runs to the last ` (` (greedy, as pretty_repr's output is read
 * back). Read without a regex: one that tries each ` (` and then scans to the line's end for `)` takes
 * seconds on a long line of them.
 */
function callHead(line: string): { name: string; id: string } | undefined {
  if (!line.startsWith('  ') || !line.endsWith(')') || !/\S/.test(line.charAt(2)) || TERMINATOR.test(line)) return undefined;
  const open = line.lastIndexOf(' (');
  return open < 3 ? undefined : { name: line.slice(2, open), id: line.slice(open + 2, -1) };
}

function isCallStart(lines: readonly string[], k: number): boolean {
  return callHead(lines[k] ?? '') !== undefined && CALL_ID.test(lines[k + 1] ?? '');
}

const isTitle = (line: string | undefined): boolean => line === VALID || line === INVALID;

/**
 * The first `Tool Calls:` / `Invalid Tool Calls:` line from which the rest of the lines read as call
 * sections (readCalls succeeds), or undefined. Worked out from the last line back, each line once:
 * trying readCalls from each such line in turn reads the lines after it again each time, quadratic in
 * a message of many of them. `reads[k]` is 1 when readCalls, at a title or a call's head at line k,
 * reads on to the end; `nextArgs[k]` is the first `  Args:` line from k, `nextStop[k]` the first line
 * from k that ends a call's arguments (a title or a call's head).
 */
function callsStart(lines: readonly string[]): number | undefined {
  const n = lines.length;
  const reads = new Uint8Array(n + 1);
  const nextArgs = new Int32Array(n + 1);
  const nextStop = new Int32Array(n + 1);
  reads[n] = 1;
  nextArgs[n] = n;
  nextStop[n] = n;
  let start: number | undefined;
  for (let k = n - 1; k >= 0; k--) {
    const line = lines[k];
    const title = isTitle(line);
    const head = !title && isCallStart(lines, k);
    nextArgs[k] = line === '  Args:' ? k : (nextArgs[k + 1] ?? n);
    nextStop[k] = title || head ? k : (nextStop[k + 1] ?? n);
    if (title) {
      reads[k] = reads[k + 1] ?? 0;
      if (reads[k] === 1) start = k;
    } else if (head) {
      // As readCalls reads a call: head, `Call ID:`, an optional `Error:` block up to `  Args:`, then arguments.
      const args = lines[k + 2]?.startsWith('  Error: ') ? (nextArgs[k + 3] ?? n) : k + 2;
      reads[k] = lines[args] === '  Args:' ? (reads[nextStop[args + 1] ?? n] ?? 0) : 0;
    }
  }
  return start;
}

/** The `Tool Calls:` / `Invalid Tool Calls:` sections as `tool_calls` / `invalid_tool_calls`; undefined when the lines are not one. */
function readCalls(lines: string[]): { tool_calls: unknown[]; invalid_tool_calls: unknown[] } | undefined {
  const out = { tool_calls: [] as unknown[], invalid_tool_calls: [] as unknown[] };
  let invalid: boolean | undefined;
  let k = 0;
  while (k < lines.length) {
    const line = lines[k];
    if (isTitle(line)) {
      invalid = line === INVALID;
      k++;
      continue;
    }
    if (invalid === undefined || !isCallStart(lines, k)) return undefined;
    const name = callHead(line ?? '')?.name ?? '';
    const idText = CALL_ID.exec(lines[k + 1] ?? '')?.[1];
    k += 2;
    let error: string | undefined;
    if (lines[k]?.startsWith('  Error: ')) {
      const errorLines = [lines[k]?.slice('  Error: '.length) ?? ''];
      for (k++; k < lines.length && lines[k] !== '  Args:'; k++) errorLines.push(lines[k] ?? '');
      error = errorLines.join('\n');
    }
    if (lines[k] !== '  Args:') return undefined;
    const argLines: string[] = [];
    for (k++; k < lines.length && !isCallStart(lines, k) && !isTitle(lines[k]); k++) argLines.push(lines[k] ?? '');
    // pretty_repr prints a missing id as `None`.
    const id = idText === 'None' ? null : idText;
    if (invalid) {
      const args = argLines.length === 0 ? null : argLines.join('\n').replace(/^ {4}/, '');
      out.invalid_tool_calls.push({ type: 'invalid_tool_call', id, name, args, error: error ?? null });
    } else {
      out.tool_calls.push({ name, args: readArgs(argLines), id, type: 'tool_call' });
    }
  }
  return out;
}

/**
 * `    key: value` lines, `value` being Python's `str()` of the argument. A line that does not start a
 * new key continues the previous value (a string with line breaks prints unindented).
 */
function readArgs(lines: string[]): unknown {
  if (lines.length === 0) return {};
  if (!ARG.test(lines[0] ?? '')) return lines.join('\n').replace(/^ {4}/, '');
  const texts: [string, string][] = [];
  for (const line of lines) {
    const match = ARG.exec(line);
    const last = texts.at(-1);
    if (match) texts.push([match[1] ?? '', match[2] ?? '']);
    else if (last) last[1] += `\n${line}`;
  }
  return Object.fromEntries(texts.map(([key, value]) => [key, argValue(value)]));
}

/**
 * JSON when the text is JSON (numbers, `true`...), a Python literal for containers and True/False/None
 * (str() of a dict is its repr), else the string as printed.
 */
function argValue(text: string): unknown {
  const json = parseJson(text);
  if (json) return json.value;
  if (/^[[{(]/.test(text) || text === 'True' || text === 'False' || text === 'None') {
    try {
      const [node, ...more] = parsePythonValues(text);
      if (node !== undefined && more.length === 0) return pythonValue(node, text);
    } catch {
      // not a literal either: the text as printed
    }
  }
  return text;
}

/**
 * Tool messages print no `tool_call_id`, so each result is linked to a call of the nearest AI message
 * before it that made calls: the first unclaimed call with the result's tool name (the first unclaimed
 * call when the result has no name). The toolCallId is synthesized from that call's id, not read from
 * the input; a result that matches no call stays unlinked.
 */
function linkResults(drafts: MessageDraft[]): void {
  let pending = new Pending([]);
  for (const draft of drafts) {
    if (draft.role === 'ai' && draft.toolCalls.length + draft.invalidToolCalls.length > 0) {
      pending = new Pending([...draft.toolCalls, ...draft.invalidToolCalls].filter((call) => call.id !== undefined));
      continue;
    }
    if (draft.role !== 'tool' || draft.toolCallId !== undefined) continue;
    const call = pending.claim(draft.name);
    if (call !== undefined) draft.toolCallId = call.id;
  }
}

/**
 * The unclaimed calls of one AI message, claimed first by name or first of all. Kept as flags and
 * positions, not spliced out of a list: an AI message may print thousands of calls, and finding and
 * removing each one from a list is quadratic in them.
 */
class Pending {
  private readonly claimed: Uint8Array;
  private first = 0;
  private readonly byName = new Map<string, { at: number[]; next: number }>();

  constructor(private readonly calls: readonly { id?: string; name: string }[]) {
    this.claimed = new Uint8Array(calls.length);
    calls.forEach((call, k) => {
      const named = this.byName.get(call.name);
      if (named) named.at.push(k);
      else this.byName.set(call.name, { at: [k], next: 0 });
    });
  }

  /** The first unclaimed call named `name` (the first unclaimed one when `name` is undefined), now claimed. */
  claim(name: string | undefined): { id?: string; name: string } | undefined {
    let k: number | undefined;
    if (name === undefined) {
      while (this.first < this.calls.length && this.claimed[this.first] === 1) this.first++;
      k = this.first;
    } else {
      const named = this.byName.get(name);
      if (named === undefined) return undefined;
      while (named.next < named.at.length && this.claimed[named.at[named.next] ?? 0] === 1) named.next++;
      k = named.at[named.next];
    }
    const call = k === undefined ? undefined : this.calls[k];
    if (k === undefined || call === undefined) return undefined;
    this.claimed[k] = 1;
    return call;
  }
}

/** Never throws: whatever goes wrong, the text stays on the timeline. */
function readSafely(text: string): MessageDraft[] {
  try {
    return readText(text);
  } catch (error) {
    return [textDraft(text, linesOf(text), couldNotRead(error), textPositions(text))];
  }
}

export const langchainPretty: TextFormatAdapter = {
  name: 'langchain-pretty',
  label: 'LangChain pretty_print output',
  expects: EXPECTS,
  detectText,
  readText: (text) => ({ messages: readSafely(text) }),
};
