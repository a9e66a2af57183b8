// How findings name a tool call, and which id the error texts they quote carry. An id the reader made
// up to link a call that had none (ToolCall.idMadeUp, Message.toolCallIdMadeUp) is never shown: the
// call's position in the input stands for it.
import type { Message, ToolLink } from '../model';
import { at, callAt, type CallRef } from './rule';

/** The input position standing for a link's id when the reader made it up; undefined when the input gave it. */
export function madeUpAt(messages: readonly Message[], link: ToolLink): string | undefined {
  const [first] = link.calls;
  if (first !== undefined) return callAt(messages, first)?.idMadeUp?.path;
  const result = messages[link.results[0] ?? -1];
  return result?.toolCallIdMadeUp === true ? result.location.path : undefined;
}

/** The position standing for the id of the call at `ref`, when the reader made that id up. */
export const madeUpCallAt = (messages: readonly Message[], ref: CallRef): string | undefined => callAt(messages, ref)?.idMadeUp?.path;

/** The id as a target's error text carries it: the input's own, or the position that stands for a made-up one. */
export const idInError = (id: string, madeUp: string | undefined): string => madeUp ?? id;

/** `"call_1"`, or for a made-up id `the search call at contents[1].parts[0]`. */
export const callRef = (id: string, madeUp: string | undefined, name: string): string => (madeUp === undefined ? `"${id}"` : `the ${name} call at ${madeUp}`);

/** `The search call "call_1" in message #2`, or for a made-up id `The search call at contents[1].parts[0] in message #2`. */
export const theCall = (name: string, id: string, madeUp: string | undefined, index: number): string =>
  madeUp === undefined ? `The ${name} call "${id}" in ${at(index)}` : `The ${name} call at ${madeUp} in ${at(index)}`;

/** What answers the call: a ToolMessage naming its id, or, for a call with no id of its own, a result of its name in order. */
export const answerFor = (id: string, madeUp: string | undefined, name: string): string =>
  madeUp === undefined ? `a ToolMessage with tool_call_id="${id}"` : `a ${name} tool result (the call has no id: results answer calls by name, in order)`;
