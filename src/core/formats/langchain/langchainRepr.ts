// LangChain messages as Python prints them, pasted from a terminal: `print(messages)` / `repr()` lists,
// single messages, one message per line, LangGraph state and stream-update dicts (`{'messages': [...]}`)
// and pydantic `str()` without the class name. Shape (docs/FORMATS.md, "LangChain"): pydantic `BaseModel.__repr__` /
// `__str__` over langchain-core `load/serializable.py::Serializable.__repr_args__`, which leaves out
// fields equal to their default; tests `libs/core/tests/unit_tests/test_messages.py::test_tool_message_repr`
// and `test_tool_message_str`. The fields are those of the JSON forms, so `readMessage` reads them.
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf, preview } from '../../json/value';
import type { SourceLocation } from '../../model';
import { problemDraft } from '../common/drafts';
import { couldNotRead } from '../common/guard';
import { textPositions } from '../common/textPosition';
import { baseType, isMessageType, readMessage } from '../common/messageFields';
import {
  parsePythonAt,
  parsePythonKeywords,
  parsePythonValues,
  pythonMemo,
  PythonSyntaxError,
  pythonValue,
  type PythonMemo,
  type PyNode,
} from './pythonLiteral';
import type { MessageDraft, TextFormatAdapter } from '../types';

const EXPECTS =
  "Python repr of LangChain messages, e.g. [HumanMessage(content='hi', ...), AIMessage(content='', tool_calls=[...])], one per line, or under {'messages': [...]}";

const MESSAGE_CALL = /\b([A-Z]\w*?Message(?:Chunk)?)\(/g;
const FIRST_FIELD = /^(?:content|id)=/;
/** Only space, brackets, punctuation and dict keys may come before the first message of a clean paste. */
const WRAPPER_PREFIX = /^[\s[\](){},:'"\w-]*$/;
const STR_FORM = /^\s*content=/;
/** Fields only one kind of message prints, which tell the class of a `str()` line. */
const STR_FORM_TELLS = /\s(?:tool_call_id|tool_calls|invalid_tool_calls|usage_metadata|tool_call_chunks|role)=/;
const DETECT_WINDOW = 100_000;

type At = (offset: number) => { line: number; column: number };

function isMessageClass(name: string): boolean {
  return /^[A-Z]\w*Message(?:Chunk)?$/.test(name) && isMessageType(name);
}

function isMessageNode(node: PyNode): node is Extract<PyNode, { kind: 'call' }> {
  return node.kind === 'call' && isMessageClass(node.name);
}

/** Offsets of `XMessage(` for every LangChain message class in the text. */
function messageStarts(text: string): number[] {
  const starts: number[] = [];
  for (const match of text.matchAll(MESSAGE_CALL)) {
    if (isMessageClass(match[1] ?? '')) starts.push(match.index);
  }
  return starts;
}

function detectText(text: string): number {
  const head = text.slice(0, DETECT_WINDOW);
  for (const match of head.matchAll(MESSAGE_CALL)) {
    const after = match.index + match[0].length;
    if (!isMessageClass(match[1] ?? '') || !FIRST_FIELD.test(head.slice(after, after + 8))) continue;
    // A repr after other text (a `>>>` prompt, a log prefix) is still one, read around the extra text.
    return WRAPPER_PREFIX.test(head.slice(0, match.index)) ? 100 : 60;
  }
  return STR_FORM.test(head) && STR_FORM_TELLS.test(head) ? 90 : 0;
}

/** Never throws: whatever goes wrong, the text stays on the timeline. */
function readSafely(text: string): MessageDraft[] {
  try {
    return readText(text);
  } catch (error) {
    return [brokenDraft(text, { path: 'line 1', line: 1, column: 1 }, couldNotRead(error))];
  }
}

function readText(text: string): MessageDraft[] {
  const at = textPositions(text);
  if (STR_FORM.test(text)) return readStrForm(text, at);
  let nodes: PyNode[];
  // Shared by the whole parse and the recovery's parses from each message start.
  const memo = pythonMemo();
  try {
    nodes = parsePythonValues(text, memo);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    return recover(text, error, at, memo);
  }
  const drafts: MessageDraft[] = [];
  const holds = new Map<PyNode, boolean>();
  for (const node of nodes) {
    const found: Found[] = [];
    if (containsMessage(node, text, holds)) collect(node, [], text, found, holds);
    else found.push({ node, path: [], message: false });
    const prefix = nodes.length > 1 ? `line ${at(node.start).line}` : '';
    for (const { node: element, path, message } of found) {
      const where = [prefix, formatPath(path)].filter((part) => part !== '').join(' ');
      const location = locate(where, element.start, at);
      drafts.push(message ? messageDraft(element, text, location) : strayDraft(element, text, location));
    }
  }
  return drafts;
}

interface Found {
  node: PyNode;
  path: PathSegment[];
  message: boolean;
}

function children(node: PyNode, text: string): [PathSegment, PyNode][] {
  if (node.kind === 'list') return node.items.map((item, i) => [i, item]);
  if (node.kind === 'dict') {
    return node.entries.map(([key, value]) => [key.kind === 'scalar' ? String(key.value) : text.slice(key.start, key.end), value]);
  }
  if (node.kind === 'call') return [...node.args.map((arg, i): [PathSegment, PyNode] => [i, arg]), ...node.kwargs];
  return [];
}

/** Remembered by node (`holds`): collect asks again at every level, which in a deep nest reads each subtree once a level. */
function containsMessage(node: PyNode, text: string, holds: Map<PyNode, boolean>): boolean {
  let answer = holds.get(node);
  if (answer === undefined) {
    answer = isMessageNode(node) || children(node, text).some(([, child]) => containsMessage(child, text, holds));
    holds.set(node, answer);
  }
  return answer;
}

/**
 * Messages in document order, wherever they sit (lists, state dicts, stream updates keyed by node
 * name). In a list that holds messages every other element is kept too, as unrecognized.
 */
function collect(node: PyNode, path: PathSegment[], text: string, out: Found[], holds: Map<PyNode, boolean>): void {
  if (isMessageNode(node)) {
    out.push({ node, path, message: true });
    return;
  }
  const holdsMessages = node.kind === 'list' && node.items.some(isMessageNode);
  for (const [segment, child] of children(node, text)) {
    if (containsMessage(child, text, holds)) collect(child, [...path, segment], text, out, holds);
    else if (holdsMessages) out.push({ node: child, path: [...path, segment], message: false });
  }
}

function locate(path: string, offset: number, at: At): SourceLocation {
  const { line, column } = at(offset);
  return { path: path === '' ? `line ${line}` : path, line, column };
}

const keepMessages = { keepCall: isMessageClass };
/** Keys of a parsed call that are not message fields (`__proto__` is no field either, and must not become a prototype). */
const NOT_FIELDS = new Set(['__class__', '__args__', '__proto__']);

function messageDraft(node: PyNode, text: string, location: SourceLocation): MessageDraft {
  const source = text.slice(node.start, node.end);
  const parsed = pythonValue(node, text, keepMessages);
  const name = node.kind === 'call' ? node.name : '';
  return fieldsDraft(name, parsed, { repr: source, parsed }, source, location);
}

/** `HumanMessage('hi')` passes content positionally; the class name is the type. */
function fieldsDraft(type: string, parsed: unknown, raw: unknown, source: string, location: SourceLocation): MessageDraft {
  if (!isRecord(parsed)) return brokenDraft(source, location, `expected a message object, got ${kindOf(parsed)}`);
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(parsed)) if (!NOT_FIELDS.has(key)) fields[key] = parsed[key];
  if (Array.isArray(parsed.__args__) && !('content' in fields)) fields.content = parsed.__args__[0];
  // repr() leaves out fields equal to their default, and a ToolMessage's status defaults to success.
  if (baseType(type) === 'tool' && !('status' in fields)) fields.status = 'success';
  const draft = readMessage(type, fields, raw, location);
  return 'unreadable' in draft ? { ...brokenDraft(source, location, draft.unreadable), raw } : draft;
}

function brokenDraft(source: string, location: SourceLocation, problem: string): MessageDraft {
  return { ...problemDraft({ repr: source }, location.path, problem), text: preview(source), location };
}

function strayDraft(node: PyNode, text: string, location: SourceLocation): MessageDraft {
  const source = text.slice(node.start, node.end);
  const found =
    node.kind === 'call'
      ? `\`${node.name}(...)\``
      : node.kind === 'scalar'
        ? kindOf(node.value)
        : node.kind === 'unknown'
          ? `\`${preview(source, 40)}\``
          : node.kind === 'list'
            ? 'a list'
            : 'a dict';
  const draft = brokenDraft(source, location, `expected a LangChain message such as \`AIMessage(...)\`, found ${found}`);
  return { ...draft, raw: { repr: source, parsed: pythonValue(node, text) } };
}

/** Brackets, commas, dict keys and IPython's `Out[3]:` prompt: what wraps messages without being one. */
function isStructure(text: string): boolean {
  return (
    text
      .replace(/^\s*Out\[\d*\]:/, '')
      .replace(/(['"])[^'"\n]*\1\s*:/g, '')
      .replace(/[\s[\](){},:]/g, '') === ''
  );
}

/**
 * Broken text (a truncated paste, a prompt line, a lost quote): each message that parses on its own
 * is read, and the text between them that is more than brackets and commas stays as unrecognized.
 */
function recover(text: string, error: PythonSyntaxError, at: At, memo: PythonMemo): MessageDraft[] {
  const drafts: MessageDraft[] = [];
  const starts = messageStarts(text);
  const leftover = (from: number, to: number): void => {
    // Lines that only wrap messages (`{'messages': [`, `])`) are structure, not content.
    let start = -1;
    let end = -1;
    for (let line = from; line < to;) {
      const newline = text.indexOf('\n', line);
      const lineEnd = newline === -1 || newline > to ? to : newline;
      if (!isStructure(text.slice(line, lineEnd))) {
        if (start === -1) start = line;
        end = lineEnd;
      }
      line = lineEnd + 1;
    }
    if (start === -1) return;
    const slice = text.slice(start, end);
    const offset = start + (slice.length - slice.trimStart().length);
    const problem = error.offset >= from && error.offset <= to ? `could not be parsed: ${error.message}` : 'not part of a LangChain message repr';
    drafts.push(brokenDraft(slice.trim(), locate('', offset, at), problem));
  };
  let pos = 0;
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k] ?? 0;
    if (start < pos) continue;
    leftover(pos, start);
    try {
      const node = parsePythonAt(text, start, memo);
      drafts.push(messageDraft(node, text, locate('', start, at)));
      pos = node.end;
    } catch (broken) {
      if (!(broken instanceof PythonSyntaxError)) throw broken;
      const next = starts[k + 1] ?? text.length;
      drafts.push(brokenDraft(text.slice(start, next).trimEnd(), locate('', start, at), `could not be parsed: ${broken.message}`));
      pos = next;
    }
  }
  leftover(pos, text.length);
  return drafts;
}

/** `str(message)`: `content='...' tool_call_id='1' ...`, one message per `content=`. */
function readStrForm(text: string, at: At): MessageDraft[] {
  const run = parsePythonKeywords(text);
  const groups: (typeof run.entries)[] = [];
  for (const entry of run.entries) {
    if (entry.key === 'content' || groups.length === 0) groups.push([]);
    groups.at(-1)?.push(entry);
  }
  // The message the error cut short is kept whole, as broken text.
  let brokenAt = run.brokenAt;
  if (brokenAt !== undefined && !/^content\s*=/.test(text.slice(brokenAt))) brokenAt = groups.pop()?.[0]?.start ?? 0;
  const drafts = groups.map((group, i) => {
    const start = group[0]?.start ?? 0;
    const source = text.slice(start, groups[i + 1]?.[0]?.start ?? brokenAt ?? text.length).trimEnd();
    const parsed = Object.fromEntries(group.map((entry) => [entry.key, pythonValue(entry.value, text)]));
    const type = strFormType(parsed);
    const location = locate('', start, at);
    if (type === undefined) {
      const problem = 'str() output has no class name, and these fields fit a human, system or AI message alike: print a list of messages (their repr) instead';
      return { ...brokenDraft(source, location, problem), raw: { repr: source, parsed } };
    }
    return fieldsDraft(type, parsed, { repr: source, parsed }, source, location);
  });
  if (run.error !== undefined && brokenAt !== undefined) {
    drafts.push(brokenDraft(text.slice(brokenAt).trim(), locate('', brokenAt, at), `could not be parsed: ${run.error.message}`));
  }
  return drafts;
}

function strFormType(fields: Record<string, unknown>): string | undefined {
  if ('tool_call_id' in fields) return 'tool';
  if ('tool_calls' in fields || 'invalid_tool_calls' in fields || 'usage_metadata' in fields || 'tool_call_chunks' in fields) return 'ai';
  return 'role' in fields ? 'chat' : undefined;
}

export const langchainRepr: TextFormatAdapter = {
  name: 'langchain-repr',
  label: 'LangChain Python repr',
  expects: EXPECTS,
  detectText,
  readText: (text) => ({ messages: readSafely(text) }),
};
