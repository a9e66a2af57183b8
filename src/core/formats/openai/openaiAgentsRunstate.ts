// OpenAI Agents SDK run states, as `RunState.toJSON()` (JS, camelCase) or `RunState.to_json()` (Python,
// snake_case) save a run to resume it later, typically while a tool call waits for approval:
// `{$schemaVersion, currentAgent, originalInput, generatedItems, modelResponses, currentStep, ...}`. The
// conversation is the original input then the generated items, each a RunItem wrapping a protocol item
// (`rawItem`): the JS SDK's protocol names the call id `callId` and a function result
// `function_call_result`; Python's are Responses items as they are. A hand-off (`handoff_call_item`,
// `handoff_output_item`) keeps the conversation: the next agent is sent the whole history (unless an input
// filter cut it, and then the state holds what is left), so it reads on, each AI message named with its
// agent when there are several. docs/FORMATS.md, "OpenAI, Mistral and Ollama" (Agents SDK run states).
import { formatPath } from '../../json/locate';
import { isRecord, kindOf } from '../../json/value';
import type { Usage } from '../../model';
import { newDraft, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { readPlacedItems, type PlacedItem } from './placedItems';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'an OpenAI Agents SDK run state {"$schemaVersion", "currentAgent", "originalInput": string | [items], "generatedItems": [{"type": "message_output_item" | "tool_call_item" | ..., "rawItem": {...}}]} (or its Python snake_case form)';

/** A field under its JS (camelCase) or Python (snake_case) name. */
function pick(record: Record<string, unknown>, camel: string, snake: string): unknown {
  return record[camel] ?? record[snake];
}

/** The name the file uses for a field, for paths and notes that point at it. */
const keyIn = (record: Record<string, unknown>, camel: string, snake: string): string => (record[camel] !== undefined ? camel : snake);

function detect({ value }: ParsedInput): number {
  if (!isRecord(value) || typeof value.$schemaVersion !== 'string') return 0;
  const input = pick(value, 'originalInput', 'original_input');
  const items = pick(value, 'generatedItems', 'generated_items');
  return (typeof input === 'string' || Array.isArray(input)) && Array.isArray(items) ? 100 : 0;
}

// The JS protocol's names for items the Responses API calls otherwise.
const RENAMED = new Map([
  ['function_call_result', 'function_call_output'],
  ['computer_call_result', 'computer_call_output'],
]);

/** The protocol item as a Responses item: `call_id`, and the Responses type names. */
function responsesItem(item: Record<string, unknown>): Record<string, unknown> {
  const type = stringOf(item.type);
  const renamed = type === undefined ? undefined : RENAMED.get(type);
  const callId = item.call_id ?? item.callId;
  if (renamed === undefined && (callId === undefined || item.call_id !== undefined)) return item;
  return { ...item, type: renamed ?? type, call_id: callId };
}

/** The call id a call item or approval names. */
const callIdOf = (item: unknown): string | undefined => (isRecord(item) ? (stringOf(item.callId) ?? stringOf(item.call_id)) : undefined);

/**
 * `Usage`: `inputTokens` (Python `input_tokens`) counts cached tokens too; details are a record or,
 * summed over requests, a list of records with `cached_tokens` and `reasoning_tokens`.
 */
function readAgentsUsage(value: unknown): Usage | undefined {
  // `requests: 0` is the empty Usage a response gets when nothing was counted (a stub model, a fixture).
  if (!isRecord(value) || value.requests === 0) return undefined;
  const detail = (details: unknown, key: string): number | undefined => {
    const list = Array.isArray(details) ? details : [details];
    const counts = list.flatMap((d) => (isRecord(d) && numberOf(d[key]) !== undefined ? [numberOf(d[key]) ?? 0] : []));
    return counts.length === 0 ? undefined : counts.reduce((a, b) => a + b, 0);
  };
  return usageFrom({
    input: numberOf(pick(value, 'inputTokens', 'input_tokens')),
    output: numberOf(pick(value, 'outputTokens', 'output_tokens')),
    total: numberOf(pick(value, 'totalTokens', 'total_tokens')),
    cacheRead: detail(pick(value, 'inputTokensDetails', 'input_tokens_details'), 'cached_tokens'),
    reasoning: detail(pick(value, 'outputTokensDetails', 'output_tokens_details'), 'reasoning_tokens'),
  });
}

interface Reading {
  /** Each with the name of the agent whose RunItem holds it (none for the run's input). */
  placed: PlacedItem<string | undefined>[];
  messages: MessageDraft[];
  /** Call ids issued so far, so an approval that repeats its call is not a second call. */
  calls: Set<string>;
  /** The AI messages of the generated items and the agent that gave each. */
  spoken: { draft: MessageDraft; agent: string }[];
}

/** The agent a RunItem names: `agent: {name}` (Python's may carry an `identity` too). */
const agentOf = (runItem: unknown, key = 'agent'): string | undefined =>
  isRecord(runItem) && isRecord(runItem[key]) ? stringOf(runItem[key].name) : undefined;

/** The run's input: the user's text, or the items it started from (an earlier run's history and the new turn). */
function placeInput(input: unknown, key: string, reading: Reading): void {
  if (typeof input === 'string') {
    reading.messages.push(newDraft('human', key, [{ kind: 'text', type: 'text', text: input, raw: input }], input, key));
    return;
  }
  if (!Array.isArray(input)) return;
  input.forEach((item, i) => place(item, item, formatPath([key, i]), reading));
}

function place(item: unknown, raw: unknown, path: string, reading: Reading, agent?: string): void {
  if (!isRecord(item)) {
    flush(reading);
    reading.messages.push(problemDraft(raw, path, `expected a protocol item object, got ${kindOf(item)}`));
    return;
  }
  const normalized = responsesItem(item);
  const id = callIdOf(item);
  if (id !== undefined && stringOf(normalized.type)?.endsWith('_call')) reading.calls.add(id);
  reading.placed.push({ item: normalized, source: item, raw, path, extra: agent });
}

function flush(reading: Reading): void {
  for (const { draft, first } of readPlacedItems(reading.placed)) {
    reading.messages.push(draft);
    if (draft.role === 'ai' && first?.extra !== undefined) reading.spoken.push({ draft, agent: first.extra });
  }
  reading.placed = [];
}

/** The generated items in order; an approval item that repeats a call already in the list adds nothing. Returns how many did. */
function placeGenerated(items: unknown[], key: string, reading: Reading): number {
  let approvals = 0;
  items.forEach((runItem, i) => {
    const path = formatPath([key, i]);
    if (!isRecord(runItem)) {
      place(runItem, runItem, path, reading);
      return;
    }
    const raw = pick(runItem, 'rawItem', 'raw_item');
    if (runItem.type === 'tool_approval_item') {
      const id = callIdOf(raw);
      if (id !== undefined && reading.calls.has(id)) {
        approvals++;
        return;
      }
    }
    if (raw === undefined) {
      flush(reading);
      reading.messages.push(problemDraft(runItem, path, `expected the ${stringOf(runItem.type) ?? 'run'} item to hold a rawItem`));
      return;
    }
    place(raw, runItem, path, reading, agentOf(runItem));
  });
  return approvals;
}

/**
 * Where the run changed hands (each `handoff_output_item`'s source and target agent) and, when more than one
 * agent spoke, each AI message named with its own.
 */
function nameAgents(items: unknown, key: string, reading: Reading): string[] {
  const moves = (Array.isArray(items) ? items : []).flatMap((runItem, i) => {
    if (!isRecord(runItem) || runItem.type !== 'handoff_output_item') return [];
    const from = agentOf(runItem, keyIn(runItem, 'sourceAgent', 'source_agent')) ?? agentOf(runItem) ?? '?';
    const to = agentOf(runItem, keyIn(runItem, 'targetAgent', 'target_agent')) ?? '?';
    return [`${from} to ${to} at ${formatPath([key, i])}`];
  });
  const agents = new Set(reading.spoken.map((s) => s.agent));
  if (agents.size > 1) for (const { draft, agent } of reading.spoken) draft.name ??= agent;
  if (moves.length === 0 && agents.size <= 1) return [];
  const handed =
    moves.length === 0 ? '' : `Handed off ${moves.join(', ')}: the next agent goes on with this history (all of it, or what a hand-off input filter kept). `;
  return [`${handed}${agents.size > 1 ? `Each AI message is named with the agent that gave it (${[...agents].join(', ')}).` : ''}`.trim()];
}

/** Each model response's usage on the first AI message holding one of its output items (by item id or call id). */
function placeUsage(value: Record<string, unknown>, messages: readonly MessageDraft[]): number {
  const responses = pick(value, 'modelResponses', 'model_responses');
  if (!Array.isArray(responses)) return 0;
  const rawItemOf = (raw: unknown): unknown => (isRecord(raw) ? (pick(raw, 'rawItem', 'raw_item') ?? raw) : raw);
  const idsOf = (raw: unknown): unknown[] =>
    (Array.isArray(raw) ? raw : [raw]).map(rawItemOf).flatMap((item) => (isRecord(item) ? [item.id, callIdOf(item)] : []));
  let placed = 0;
  for (const response of responses) {
    if (!isRecord(response)) continue;
    const usage = readAgentsUsage(response.usage);
    const output = response.output;
    if (!usage || !Array.isArray(output)) continue;
    const wanted = new Set<unknown>(output.flatMap((item) => (isRecord(item) ? [item.id, callIdOf(item)].filter((id) => id !== undefined) : [])));
    const draft = messages.find((m) => m.role === 'ai' && m.usage === undefined && idsOf(m.raw).some((id) => wanted.has(id)));
    if (draft) {
      draft.usage = usage;
      placed++;
    }
  }
  return placed;
}

function stateNotes(value: Record<string, unknown>, reading: Reading, approvals: number, usages: number, handOffs: string[]): string[] {
  const notes: string[] = [];
  const agent = pick(value, 'currentAgent', 'current_agent');
  const stepKey = keyIn(value, 'currentStep', 'current_step');
  const step = value[stepKey];
  const stepType = isRecord(step) ? stringOf(step.type) : undefined;
  if (stepType !== undefined)
    notes.push(`${stepKey}: ${stepType}${isRecord(agent) && typeof agent.name === 'string' ? `, with ${agent.name} as the current agent` : ''}.`);
  pushAll(notes, handOffs);
  const data = isRecord(step) && isRecord(step.data) ? step.data : undefined;
  const interruptions = Array.isArray(data?.interruptions) ? data.interruptions : [];
  const outside = interruptions.filter((item) => {
    const id = callIdOf(isRecord(item) ? pick(item, 'rawItem', 'raw_item') : undefined);
    return id === undefined || !reading.calls.has(id);
  });
  if (interruptions.length > 0) {
    const waiting = interruptions.length - outside.length;
    notes.push(
      `${interruptions.length} ${interruptions.length === 1 ? 'call waits' : 'calls wait'} for approval (${stepKey}.data.interruptions)${waiting > 0 ? `; ${waiting} of them ${waiting === 1 ? 'is' : 'are'} in this history, pending` : ''}.`,
    );
  }
  if (outside.length > 0) {
    const named = outside.map((item) => {
      const raw = isRecord(item) ? pick(item, 'rawItem', 'raw_item') : undefined;
      const who = isRecord(item) && isRecord(item.agent) ? stringOf(item.agent.name) : undefined;
      return `${isRecord(raw) ? (stringOf(raw.name) ?? '?') : '?'} (${callIdOf(raw) ?? 'no id'}${who === undefined ? '' : `, agent ${who}`})`;
    });
    notes.push(`Waiting for approval outside this history, so not shown as calls: ${named.join(', ')}.`);
  }
  if (approvals > 0)
    notes.push(`${approvals} tool_approval_item ${approvals === 1 ? 'entry repeats its call' : 'entries repeat their calls'}: shown once, as the call.`);
  const nestedKey = keyIn(value, 'pendingAgentToolRuns', 'pending_agent_tool_runs');
  const nested = value[nestedKey];
  if (isRecord(nested) && Object.keys(nested).length > 0)
    notes.push(
      `${nestedKey} holds ${Object.keys(nested).length} nested agent ${Object.keys(nested).length === 1 ? 'run' : 'runs'} as serialized run states (${Object.keys(nested).join(', ')}); not read here.`,
    );
  const session = value.session_items;
  if (Array.isArray(session) && session.length > 0)
    notes.push(`session_items keeps ${session.length} run items for the session store, the run's items again; not shown twice.`);
  const pendingKey = keyIn(value, 'pendingInput', 'pending_input');
  const pending = value[pendingKey];
  if (Array.isArray(pending) && pending.length > 0)
    notes.push(`${pendingKey} holds ${pending.length} ${pending.length === 1 ? 'item' : 'items'} to send with the next turn; not shown as messages.`);
  const previous = stringOf(pick(value, 'previousResponseId', 'previous_response_id')) ?? stringOf(pick(value, 'conversationId', 'conversation_id'));
  if (previous !== undefined) notes.push(`The run continues a conversation kept by the server (${previous}): its earlier turns are not in this file.`);
  if (usages > 0)
    notes.push(
      `Token usage of ${usages} model ${usages === 1 ? 'response' : 'responses'} (${keyIn(value, 'modelResponses', 'model_responses')}), on the AI turn each produced.`,
    );
  return notes;
}

function read({ value }: ParsedInput): AdapterOutput {
  if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${kindOf(value)}`)] };
  const reading: Reading = { placed: [], messages: [], calls: new Set(), spoken: [] };
  const inputKey = keyIn(value, 'originalInput', 'original_input');
  placeInput(value[inputKey], inputKey, reading);
  const key = keyIn(value, 'generatedItems', 'generated_items');
  const generated = value[key];
  const approvals = Array.isArray(generated) ? placeGenerated(generated, key, reading) : 0;
  flush(reading);
  const usages = placeUsage(value, reading.messages);
  const handOffs = nameAgents(generated, key, reading);
  return { messages: reading.messages, notes: stateNotes(value, reading, approvals, usages, handOffs) };
}

export const openaiAgentsRunstate: FormatAdapter = {
  name: 'openai-agents-runstate',
  label: 'OpenAI Agents SDK run state',
  expects: EXPECTS,
  detect,
  read,
};
