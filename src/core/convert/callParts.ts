// What the OpenAI Responses, Gemini and AI SDK exports share about calls and results: a call's arguments as
// the JSON text a wire format carries, the tool a result answers when the result does not name it, and the
// ids msgscope made up to link calls that had none (ToolCall.idMadeUp, Message.toolCallIdMadeUp).
import { stringifyJson } from '../json/value';
import type { Message, ToolCall } from '../model';
import type { Lost } from '../providers/lost';

/** The arguments as written when the input gave them as text, else as JSON; `{}` for none. */
export const argumentsText = (call: ToolCall): string =>
  call.argsText ?? (typeof call.args === 'string' ? call.args : (stringifyJson(call.args ?? {}) ?? '{}'));

/**
 * The name of the first call of each id, for a target whose result must name its tool (Gemini's
 * `functionResponse.name`, the AI SDK's `toolName`) when the result itself does not (OpenAI Chat tool messages).
 */
export function callNames(messages: readonly Message[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const m of messages)
    for (const calls of [m.toolCalls, m.invalidToolCalls]) for (const c of calls) if (c.id !== undefined && !names.has(c.id)) names.set(c.id, c.name);
  return names;
}

/** The tool a result answers: its own name, else its call's. */
export const resultName = (m: Message, names: ReadonlyMap<string, string>): string | undefined =>
  m.name ?? (m.toolCallId === undefined ? undefined : names.get(m.toolCallId));

/**
 * For a target that requires ids: a call the input gave none is written with the id msgscope made up to link
 * it (`get_weather@1.0`), and its results with the same, so they still pair; said once per history.
 */
export function madeUpIdsWritten(m: Message, lost: Lost, target: string): void {
  const madeUp = m.toolCallIdMadeUp === true || m.toolCalls.some((c) => c.idMadeUp !== undefined);
  if (madeUp) lost.add(m.index, `calls and results without an id are written with the id msgscope made up to link them, as ${target} requires one`);
}

/**
 * A call answered inside a server tool's run (ToolCall.answeredInside: Anthropic's or Responses' programmatic tool
 * calling) needs no result of its own only where the target knows that run; `kept` says which calls go out as such.
 */
export function answeredInsideLost(m: Message, lost: Lost, target: string, kept: (call: ToolCall) => boolean = () => false): void {
  if (m.toolCalls.some((c) => c.answeredInside !== undefined && !kept(c))) {
    lost.add(m.index, `calls a program ran inside a server tool (programmatic tool calling) are plain calls in ${target}: read back, they wait for results`);
  }
}
