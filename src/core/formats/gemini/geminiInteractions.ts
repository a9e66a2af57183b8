// Google's Interactions API (`POST /v1beta/interactions`): a response `{object: "interaction", id?,
// status, model | agent, steps: [...], usage}` (before May 2026 `outputs` instead of `steps`), a
// request `{model | agent, input, system_instruction?, previous_interaction_id?}` whose `input` is a
// string, one content item, or a list of steps, content items or role turns, or such a list on its
// own. Steps are read in geminiInteractionsSteps.ts; sources there and in docs/FORMATS.md, "Google Gemini".
import { describeShape, isRecord, printed } from '../../json/value';
import type { Usage } from '../../model';
import { newDraft, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { field } from './geminiParts';
import { isItem, isMarked, StepReader, type Side } from './geminiInteractionsSteps';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'a Gemini Interactions object {"object": "interaction", "status", "steps": [{"type": "thought" | "model_output" | "function_call" | ...}], "usage"}, a request {"input": string | [steps or turns], "system_instruction"?}, or a list of steps';

const SAMPLE = 100;
/** Statuses after which the steps are not a finished answer. */
const UNFINISHED = new Set(['in_progress', 'queued', 'failed', 'cancelled', 'incomplete', 'budget_exceeded']);

/** Every sampled element a step, content item or turn, and one of them only this API's. */
function listFits(list: readonly unknown[], lineErrors?: ReadonlyMap<number, string>): boolean {
  let marked = false;
  let sampled = 0;
  for (let i = 0; i < list.length && sampled < SAMPLE; i++) {
    if (lineErrors?.has(i)) continue;
    if (!isItem(list[i])) return false;
    marked ||= isMarked(list[i]);
    sampled++;
  }
  return marked;
}

/** The response's own list: `steps`, or `outputs` as the API wrote it until May 2026. */
function stepsOf(value: Record<string, unknown>): { key: string; list: unknown[] } | undefined {
  for (const key of ['steps', 'outputs']) {
    const list = value[key];
    if (Array.isArray(list)) return { key, list };
  }
  return undefined;
}

function detect({ value, lineErrors }: ParsedInput): number {
  if (Array.isArray(value)) return listFits(value, lineErrors) ? 100 : 0;
  if (!isRecord(value)) return 0;
  if (value.object === 'interaction') return 100;
  const steps = stepsOf(value);
  if (steps && typeof value.status === 'string' && listFits(steps.list)) return 100;
  const input = value.input;
  if (Array.isArray(input)) return listFits(input) ? 100 : 0;
  if (isRecord(input)) return isMarked(input) ? 100 : 0;
  // `{model, input: "…"}` is also an OpenAI Responses request (60 there); these fields are only this API's.
  const own = ['system_instruction', 'previous_interaction_id', 'generation_config', 'agent_config'].some((key) => value[key] !== undefined);
  return typeof input === 'string' && own ? 80 : 0;
}

/**
 * `usage`: `total_input_tokens` includes `total_cached_tokens`; `total_output_tokens` leaves out
 * `total_thought_tokens`; `total_tokens` is input + tool-use prompt + output + thoughts, so input here
 * holds the tool-use prompt and output the thoughts, as for generateContent's usageMetadata.
 */
export function readInteractionsUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const input = numberOf(value.total_input_tokens);
  const output = numberOf(value.total_output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const thoughts = numberOf(value.total_thought_tokens);
  const toolUse = numberOf(value.total_tool_use_tokens) ?? 0;
  return usageFrom({
    input: (input ?? 0) + toolUse,
    output: (output ?? 0) + (thoughts ?? 0),
    total: numberOf(value.total_tokens),
    cacheRead: numberOf(value.total_cached_tokens),
    reasoning: thoughts,
  });
}

function readList(reader: StepReader, list: readonly unknown[], prefix: string, side: Side, input?: ParsedInput): void {
  const lineOf = input?.jsonLines ? input.lineOf : undefined;
  list.forEach((item, i) => {
    const path = lineOf ? `line ${lineOf[i] ?? i + 1}` : `${prefix}[${i}]`;
    const lineError = input?.lineErrors?.get(i);
    if (lineError === undefined) return reader.item(item, path, side, i);
    reader.close();
    reader.drafts.push(problemDraft(item, path, lineError));
  });
  reader.close();
}

/** The request's `input`: a string, one content item or step, or a list of them. */
function readInput(reader: StepReader, input: unknown): void {
  if (typeof input === 'string') {
    reader.drafts.push(newDraft('human', 'input', [{ kind: 'text', type: 'text', text: input, raw: input }], input, 'input'));
  } else if (Array.isArray(input)) readList(reader, input, 'input', 'user');
  else if (input !== undefined && input !== null) {
    reader.item(input, 'input', 'user', 0);
    reader.close();
  }
}

function system(value: Record<string, unknown>): MessageDraft[] {
  const key = value.system_instruction !== undefined ? 'system_instruction' : 'systemInstruction';
  const text = value[key];
  if (typeof text !== 'string') return [];
  return [newDraft('system', key, [{ kind: 'text', type: 'text', text, raw: text }], text, key)];
}

/** What the envelope says about the history that is not in it, or an answer that did not finish. */
function envelopeNotes(value: Record<string, unknown>, skippedInput: boolean): string[] {
  const notes: string[] = [];
  const previous = stringOf(field(value, 'previous_interaction_id', 'previousInteractionId'));
  if (previous !== undefined)
    notes.push(`This interaction continues ${previous} (previous_interaction_id): the turns before it are stored by the API, not in this file.`);
  if (skippedInput) notes.push('The `input` was not read again: the `user_input` steps of `steps` echo it.');
  const status = stringOf(value.status);
  if (status !== undefined && UNFINISHED.has(status)) notes.push(`The interaction's status is ${status}: its steps are what it had produced by then.`);
  const errors = Array.isArray(value.errors) ? value.errors : isRecord(value.error) ? [value.error] : [];
  for (const error of errors) if (isRecord(error)) notes.push(`The interaction reported an error: ${printed(error.message ?? error.code)}.`);
  return notes;
}

function read(input: ParsedInput): AdapterOutput {
  const { value } = input;
  const reader = new StepReader();
  if (Array.isArray(value)) readList(reader, value, '', 'user', input);
  else if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${describeShape(value)}`)] };
  const record = isRecord(value) ? value : {};
  const steps = stepsOf(record);
  // A stored interaction fetched back (GET /interactions/{id}) lists the input it was sent as `user_input` steps.
  const echoed = steps?.list.some((step) => isRecord(step) && step.type === 'user_input') === true && record.input !== undefined;
  if (!echoed) readInput(reader, record.input);
  const responseAt = reader.drafts.length;
  if (steps) readList(reader, steps.list, steps.key, 'model');
  const answer = reader.drafts.slice(responseAt).find((draft) => draft.role === 'ai');
  if (answer) {
    // One usage for the whole interaction, on its first AI message so it counts once.
    answer.usage = readInteractionsUsage(record.usage);
    answer.model = stringOf(record.model) ?? stringOf(record.agent);
    answer.id = stringOf(record.id);
    answer.timestamp = stringOf(record.created);
  }
  const messages = [...system(record), ...reader.drafts];
  if (messages.length === 0 && !Array.isArray(value)) messages.push(problemDraft(value, '', `expected ${EXPECTS}; got ${describeShape(value)}`));
  const notes = envelopeNotes(record, echoed);
  if (reader.unknown.size > 0) {
    const named = [...reader.unknown].map(([type, count]) => (count > 1 ? `${type} (${count})` : type));
    notes.push(`Steps of types this reader does not know are shown as they are: ${named.join(', ')}.`);
  }
  const output: AdapterOutput = { messages };
  if (record.object === 'interaction' || (steps && typeof record.status === 'string')) output.kind = 'response';
  else if (record.input !== undefined) output.kind = 'request';
  if (notes.length > 0) output.notes = notes;
  return output;
}

export const geminiInteractions: FormatAdapter = {
  name: 'gemini-interactions',
  label: 'Google Gemini Interactions API',
  expects: EXPECTS,
  detect,
  read,
};
