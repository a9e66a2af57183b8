// Tool calls in the two shapes most formats use: LangChain's `{name, args, id}` and OpenAI's
// `{id, type: "function", function: {name, arguments}}` with arguments as a JSON string.
import { findJsonError, lineColumnAt } from '../../json/jsonError';
import { isRecord, kindOf, parseJson } from '../../json/value';
import type { ToolCall } from '../../model';
import { idOf, stringOf } from './fields';

// Most messages make no calls: they all share one empty list instead of holding one of their own,
// which every garbage collection would copy (a million messages hold a million of them). Frozen, so
// a reader that pushes onto a draft's list fails at once instead of changing every message; readers
// that add build a new list.
const NO_CALLS = Object.freeze([]) as readonly ToolCall[] as ToolCall[];

/** Each entry of a `tool_calls` / `invalid_tool_calls` list; none when it is not a list. */
export function readToolCalls(list: unknown, invalid: boolean): ToolCall[] {
  if (!Array.isArray(list) || list.length === 0) return NO_CALLS;
  return list.map((call) => readToolCall(call, invalid));
}

/** LangChain `{name, args, id}` or OpenAI `{id, type: "function", function: {name, arguments}}`. */
export function readToolCall(value: unknown, invalid: boolean): ToolCall {
  if (!isRecord(value)) {
    const unreadable: ToolCall = { name: '', args: value, error: `expected a tool call object, got ${kindOf(value)}`, raw: value };
    if (invalid) unreadable.invalid = true;
    return unreadable;
  }
  const fn = isRecord(value.function) ? value.function : undefined;
  const given = fn ? fn.arguments : value.args;
  const call: ToolCall = { id: idOf(value.id), name: stringOf(fn ? fn.name : value.name) ?? '', args: given, raw: value };
  // Set here rather than spread into the literal: spreading costs a copy per call.
  if (invalid) call.invalid = true;
  if (typeof given === 'string') {
    call.argsText = given;
    const parsed = parseArguments(given);
    if ('error' in parsed) call.error = parsed.error;
    else call.args = parsed.value;
  }
  // An invalid_tool_calls entry says itself what went wrong; prefer its words.
  if (invalid) call.error = stringOf(value.error) ?? call.error;
  return call;
}

function parseArguments(text: string): { value: unknown } | { error: string } {
  const parsed = parseJson(text);
  if (parsed) return parsed;
  const found = findJsonError(text);
  if (!found) return { error: 'arguments are not valid JSON' };
  const { line, column } = lineColumnAt(text, found.offset);
  const where = line > 1 ? `line ${line}, column ${column}` : `column ${column}`;
  return { error: `arguments are not valid JSON at ${where}: ${found.message}` };
}
