// Langfuse trace exports (langfuse/langfuse @6275144: `fern/apis/server/definition/commons.yml`
// TraceWithFullDetails / ObservationsView, `ingestion.yml` ObservationType; the UI's trace download,
// `web/src/features/traces/server/buildTraceExport.ts`; the `{trace, observations}` files of
// `worker/src/__tests__/chatml/framework-traces/`): a trace's observations, each typed GENERATION,
// SPAN, EVENT, AGENT, TOOL, CHAIN... with `input`, `output` (JSON, or JSON written as a string),
// `startTime`, `parentObservationId`, `model` and `usageDetails`. A GENERATION is one model call whose
// input and output are messages in the shape of whichever framework sent them (OpenAI, LangChain,
// Anthropic, Gemini, the AI SDK, OpenTelemetry GenAI parts): they are read by those formats' readers and
// merged into conversations as other span exports are. Also read: `{observations}`, `{data:
// [observations]}` (the observations API) and a bare list of observations.
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord, parseJson } from '../../json/value';
import type { Usage } from '../../model';
import { anthropic } from '../anthropic/anthropic';
import { readContent } from '../common/content';
import { newDraft, problemDraft, textOf } from '../common/drafts';
import { idOf, numberOf, stringOf } from '../common/fields';
import { guarded } from '../common/guard';
import { mergeTurns, timelineNotes, type CallTurn } from '../common/spanTimeline';
import { readToolCall } from '../common/toolCall';
import { usageFrom } from '../common/usage';
import { gemini } from '../gemini/gemini';
import { langchainDict } from '../langchain/langchainDict';
import { langchainSerialized } from '../langchain/langchainSerialized';
import { langchainStored } from '../langchain/langchainStored';
import { openaiChat } from '../openai/openaiChat';
import { linkByName } from '../openai/openaiLink';
import { openaiResponses } from '../openai/openaiResponses';
import { otelGenai } from '../otel/otelGenai';
import { vercelAi } from '../vercel/vercelAi';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'a Langfuse trace export: {"trace", "observations": [...]}, a trace with its "observations", {"data": [...]} or a list of observations ({"id", "type": "GENERATION" | "SPAN" | ..., "input", "output", "startTime"})';
const TYPES = new Set(['SPAN', 'GENERATION', 'EVENT', 'AGENT', 'TOOL', 'CHAIN', 'RETRIEVER', 'EVALUATOR', 'EMBEDDING', 'GUARDRAIL']);

/** The shapes a generation's messages come in, most specific first; the best-scoring one reads them. */
const READERS: readonly FormatAdapter[] = [
  otelGenai,
  openaiChat,
  openaiResponses,
  anthropic,
  gemini,
  vercelAi,
  langchainSerialized,
  langchainStored,
  langchainDict,
];

const isObservation = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && typeof value.type === 'string' && TYPES.has(value.type) && typeof value.id === 'string' && ('startTime' in value || 'traceId' in value);

function listOf(value: unknown): { list: unknown[]; at: PathSegment[] } | undefined {
  if (Array.isArray(value)) return { list: value, at: [] };
  if (!isRecord(value)) return undefined;
  for (const key of ['observations', 'data']) {
    const list = value[key];
    if (Array.isArray(list)) return { list, at: [key] };
  }
  return undefined;
}

function detect({ value }: ParsedInput): number {
  const found = listOf(value);
  if (!found || found.list.length === 0) return 0;
  const sample = found.list.slice(0, 10);
  return sample.every(isObservation) ? 100 : 0;
}

interface Observation {
  value: Record<string, unknown>;
  at: PathSegment[];
  order: number;
}

/** The trace's conversations: each GENERATION a model call, in start order. */
function read({ value }: ParsedInput): AdapterOutput {
  const found = listOf(value);
  const observations: Observation[] = [];
  const unreadable: MessageDraft[] = [];
  found?.list.forEach((item, i) => {
    const at = [...found.at, i];
    if (isObservation(item)) observations.push({ value: item, at, order: i });
    else unreadable.push(problemDraft(item, formatPath(at), `expected a Langfuse observation {"id", "type", "input", "output", "startTime"}`));
  });
  if (observations.length === 0) return { messages: unreadable.length > 0 ? unreadable : [problemDraft(value, '', `expected ${EXPECTS}`)] };
  observations.sort((a, b) => {
    const [x, y] = [startOf(a), startOf(b)];
    return x === y ? a.order - b.order : x < y ? -1 : 1;
  });

  const byId = new Map(observations.map((o) => [String(o.value.id), o]));
  const generations = observations.filter((o) => o.value.type === 'GENERATION');
  // An SDK's operation (`ai.generateText`) is a generation around its own model calls: those tell it.
  const wrappers = new Set(generations.flatMap((o) => ancestors(o, byId).filter((a) => a.value.type === 'GENERATION')));
  const calls = generations.filter((o) => !wrappers.has(o));
  const tally = new Tally();
  const turns: CallTurn[] = [];
  const historyOf = new Map<string, MessageDraft[]>();
  for (const observation of calls) {
    const turn = readGeneration(observation, byId, tally);
    if (turn.input.length === 0 && turn.output.length === 0) {
      tally.empty++;
      continue;
    }
    forgetMadeUpIds(turn);
    resume(turn, historyOf, tally);
    for (const draft of turn.output) for (const call of draft.toolCalls) if (call.id !== undefined) historyOf.set(call.id, [...turn.input, ...turn.output]);
    turns.push(turn);
  }
  tally.toldAgain = dropToldAgain(turns);
  const results = attachTools(observations, turns);

  const merged = mergeTurns(turns);
  // Calls that came without ids are linked to their results by name, in the merged conversation.
  for (const range of merged.conversations) linkByName(merged.messages.slice(range.start, range.end));
  const shown = new Set(merged.messages);
  const notes = timelineNotes(merged, turns.length, 'GENERATION observations');
  pushAll(notes, tally.notes(wrappers.size, observations, results.filter((draft) => shown.has(draft)).length));
  const trace = isRecord(value) ? (isRecord(value.trace) ? value.trace : value) : undefined;
  if (trace && ((trace.input ?? null) !== null || (trace.output ?? null) !== null)) {
    notes.push("The trace's own input and output (the run's, which its observations hold too) are not shown as messages.");
  }
  const messages = [...unreadable, ...merged.messages];
  if (messages.length === 0)
    messages.push(problemDraft(value, '', 'no GENERATION observation with an input or an output: the trace holds no model call to show'));
  // Unreadable elements come first; they belong to no conversation.
  const shift = unreadable.length;
  const conversations = merged.conversations.map((range) => ({ ...range, start: range.start + shift, end: range.end + shift }));
  return { messages, notes, ...(conversations.length > 1 && { conversations }) };
}

function startOf(o: Observation): string {
  const start = o.value.startTime;
  if (typeof start === 'string') return start;
  return typeof start === 'number' && Number.isFinite(start) ? new Date(start).toISOString() : '';
}

function ancestors(o: Observation, byId: ReadonlyMap<string, Observation>): Observation[] {
  const chain: Observation[] = [];
  const seen = new Set<Observation>([o]);
  let parentId = o.value.parentObservationId;
  while (typeof parentId === 'string') {
    const parent = byId.get(parentId);
    if (!parent || seen.has(parent)) break;
    chain.push(parent);
    seen.add(parent);
    parentId = parent.value.parentObservationId;
  }
  return chain;
}

/** What was left out, for the notes. */
class Tally {
  toolDefinitions = 0;
  renamedResults = 0;
  koogCalls = 0;
  toldAgain = 0;
  resumed = 0;
  empty = 0;

  notes(wrappers: number, all: readonly Observation[], tools: number): string[] {
    const notes: string[] = [];
    const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
    if (wrappers > 0)
      notes.push(
        `${plural(wrappers, 'GENERATION')} around other generations (an SDK's operation around its model calls) left out: the calls inside hold the same messages.`,
      );
    if (this.toolDefinitions > 0)
      notes.push(
        `${plural(this.toolDefinitions, 'tool definition')} that Langfuse's LangChain handler lists among the messages (role "tool", a function schema as content) left out.`,
      );
    if (this.renamedResults > 0) {
      notes.push(
        `${plural(this.renamedResults, 'tool result')} written with the tool's name as the role (Langfuse's LangChain JS handler) read as tool results, linked to the call of that name.`,
      );
    }
    if (this.koogCalls > 0)
      notes.push(
        `${plural(this.koogCalls, 'message')} of the generations holding a tool-call list as JSON text (Koog): read as the calls ${this.koogCalls === 1 ? 'it holds' : 'they hold'}, each answered by the tool message after it.`,
      );
    if (this.toldAgain > 0)
      notes.push(
        `${plural(this.toldAgain, 'GENERATION')} whose calls the next generation sends again with their results between them (Koog writes one message a call) read in that generation; model, usage and time kept on the first of its calls.`,
      );
    if (this.resumed > 0) {
      notes.push(
        `${plural(this.resumed, 'generation')} sent only what followed the previous call: shown after the call ${this.resumed === 1 ? 'it answers' : 'they answer'}.`,
      );
    }
    if (this.empty > 0) notes.push(`${plural(this.empty, 'GENERATION')} with neither input nor output left out.`);
    const skipped = new Map<string, number>();
    for (const o of all) {
      const type = String(o.value.type);
      if (type !== 'GENERATION') skipped.set(type, (skipped.get(type) ?? 0) + 1);
    }
    if (tools > 0) {
      const left = (skipped.get('TOOL') ?? 0) - tools;
      if (left > 0) skipped.set('TOOL', left);
      else skipped.delete('TOOL');
      notes.push(`${plural(tools, 'TOOL observation')} gave the result of a call that no later generation sends.`);
    }
    if (skipped.size > 0) {
      const list = [...skipped].map(([type, n]) => `${n} ${type}`).join(', ');
      notes.push(`Not model calls, so not read: ${list} (tool runs show through the generations that send their results).`);
    }
    return notes;
  }
}

/** A field as the export holds it: JSON, or JSON written out as a string (then it is located as the string). */
function fieldOf(o: Observation, key: 'input' | 'output'): { value: unknown; path: string; encoded: boolean } {
  const path = formatPath([...o.at, key]);
  const given = o.value[key];
  if (typeof given === 'string') {
    const parsed = parseJson(given);
    if (parsed && (isRecord(parsed.value) || Array.isArray(parsed.value) || typeof parsed.value === 'string'))
      return { value: parsed.value, path, encoded: true };
  }
  return { value: given, path, encoded: false };
}

/** Paths the reader gave inside the value, placed under the field (or the field itself when its JSON is a string). */
function rebase(drafts: readonly MessageDraft[], field: { path: string; encoded: boolean }, strip = ''): void {
  for (const draft of drafts) {
    let inner = draft.location.path;
    if (strip !== '' && inner.startsWith(strip)) inner = inner.slice(strip.length);
    draft.location = { path: field.encoded || inner === '' ? field.path : inner.startsWith('[') ? `${field.path}${inner}` : `${field.path}.${inner}` };
  }
}

function readGeneration(o: Observation, byId: ReadonlyMap<string, Observation>, tally: Tally): CallTurn {
  const inputField = fieldOf(o, 'input');
  const outputField = fieldOf(o, 'output');
  const input = readInput(inputField, tally);
  const output = readOutput(outputField, tally);
  // A Responses object returns its `instructions`: they were the call's system prompt.
  const system = output.filter((draft) => draft.role === 'system');
  const answer = output.filter((draft) => draft.role !== 'system');
  const turn: CallTurn = { input: [...system.filter((s) => !input.some((i) => i.role === 'system' && i.text === s.text)), ...input], output: answer };
  describeAnswer(answer, o.value);
  const parent = typeof o.value.parentObservationId === 'string' ? byId.get(o.value.parentObservationId) : undefined;
  const label = stringOf(parent?.value.name) ?? stringOf(o.value.name);
  if (label !== undefined) turn.label = label;
  // An AGENT observation is the agent making its calls (the OpenAI Agents SDK's agent span): a hand-off changes it.
  if (parent?.value.type === 'AGENT' && label !== undefined) turn.agent = label;
  const trace = stringOf(o.value.traceId);
  if (trace !== undefined) turn.trace = trace;
  return turn;
}

function readInput(field: { value: unknown; path: string; encoded: boolean }, tally: Tally): MessageDraft[] {
  const { value } = field;
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [text('human', value, field)];
  // The AI SDK's operation span: `{prompt, system?}` or `{messages, system?}`.
  if (isRecord(value) && !('role' in value) && (typeof value.prompt === 'string' || (Array.isArray(value.messages) && typeof value.system === 'string'))) {
    const drafts: MessageDraft[] = [];
    if (typeof value.system === 'string') drafts.push(text('system', value.system, field, 'system'));
    if (typeof value.prompt === 'string') drafts.push(text('human', value.prompt, field, 'prompt'));
    else if (Array.isArray(value.messages)) pushAll(drafts, readMessages(value.messages, field, tally, 'messages'));
    return drafts;
  }
  if (Array.isArray(value)) return readMessages(value, field, tally);
  if (isRecord(value) && 'role' in value) return readValue([value], field, '[0]');
  // google-genai takes a bare string as `contents`.
  if (isRecord(value) && typeof value.contents === 'string') return [text('human', value.contents, field, 'contents')];
  return readValue(value, field);
}

function readOutput(field: { value: unknown; path: string; encoded: boolean }, tally: Tally): MessageDraft[] {
  const { value } = field;
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [text('ai', value, field)];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && typeof item.toolName === 'string')) return [aiSdkCalls(value, field)];
  if (isRecord(value)) {
    if ('role' in value) return readValue([value], field, '[0]');
    // Google ADK records the model's LlmResponse: a Gemini candidate's `content` without the `candidates` around it.
    if (isRecord(value.content) && Array.isArray(value.content.parts)) return readValue({ candidates: [value] }, field, 'candidates[0]');
    // The legacy `{completion}` output.
    if (typeof value.completion === 'string' && Object.keys(value).length === 1) return [text('ai', value.completion, field, 'completion')];
  }
  if (Array.isArray(value)) return readMessages(value, field, tally);
  return readValue(value, field);
}

function text(role: 'human' | 'ai' | 'system', value: string, field: { path: string; encoded: boolean }, key = ''): MessageDraft {
  const path = field.encoded || key === '' ? field.path : `${field.path}.${key}`;
  return newDraft(role, key === '' ? '(text)' : key, [{ kind: 'text', type: 'text', text: value, raw: value }], value, path);
}

/** The AI SDK records a step's calls as `ai.response.toolCalls`: `[{toolCallId, toolName, input}]`, input as a JSON string. */
function aiSdkCalls(list: unknown[], field: { path: string; encoded: boolean }): MessageDraft {
  const calls = list
    .filter(isRecord)
    .map((call) => ({ ...readToolCall({ id: call.toolCallId, name: call.toolName, args: call.input ?? call.args }, false), raw: call }));
  const draft = newDraft(
    'ai',
    'ai.response.toolCalls',
    calls.map((call) => ({ kind: 'tool_call' as const, type: 'tool-call', text: call.name, raw: call.raw })),
    list,
    field.path,
  );
  draft.toolCalls = calls;
  return draft;
}

/**
 * A message list, cleaned of what Langfuse's LangChain handlers add or lose: the Python handler appends
 * the tool definitions as `{role: "tool", content: {type: "function", ...}}`; the JS handler writes a
 * tool result's role as the tool's name, without the call id. Koog writes a call as a message whose
 * content is the JSON of its tool-call list (role `assistant` in an output, `tool` in an input), its
 * result as the `tool` message after it, without the call id.
 */
function readMessages(list: unknown[], field: { path: string; encoded: boolean }, tally: Tally, key = ''): MessageDraft[] {
  const definitions = new Set(list.filter(isToolDefinition));
  const originals = new Map<unknown, unknown>();
  // Calls by name, oldest first, until a result answers them.
  const waiting = new Map<string, (string | undefined)[]>();
  // Koog's calls, oldest first, until the results that follow them answer them.
  const unanswered: string[] = [];
  const cleaned = list.map((element) => {
    if (!isRecord(element)) return element;
    const koog = koogCalls(element);
    if (koog) {
      const calls = { role: 'assistant', content: null, tool_calls: koog };
      for (const call of koog) unanswered.push(String(call.id));
      originals.set(calls, element);
      tally.koogCalls++;
      return calls;
    }
    if (element.role === 'tool' && !('tool_call_id' in element) && unanswered.length > 0) {
      const result = { ...element, tool_call_id: unanswered.shift() };
      originals.set(result, element);
      return result;
    }
    for (const call of callsOf(element)) waiting.set(call.name, [...(waiting.get(call.name) ?? []), call.id]);
    const role = element.role;
    const answered = element.tool_call_id;
    if (typeof answered === 'string') {
      for (const ids of waiting.values()) {
        const at = ids.indexOf(answered);
        if (at >= 0) ids.splice(at, 1);
      }
    }
    if (typeof role !== 'string' || KNOWN_ROLES.has(role) || !waiting.has(role) || 'tool_call_id' in element) return element;
    const id = waiting.get(role)?.shift();
    const result = { role: 'tool', name: role, content: element.content, ...(id !== undefined && { tool_call_id: id }) };
    originals.set(result, element);
    return result;
  });
  const drafts = readValue(cleaned, field, '', key);
  // Readers keep each element as its draft's raw: the one the export holds, not the cleaned copy.
  for (const draft of drafts) {
    const original = originals.get(draft.raw);
    if (!isRecord(original)) continue;
    draft.raw = original;
    draft.sourceType = String(original.role);
  }
  tally.toolDefinitions += definitions.size;
  tally.renamedResults += [...originals.values()].filter((original) => isRecord(original) && !KNOWN_ROLES.has(String(original.role))).length;
  return drafts.filter((draft) => !definitions.has(draft.raw));
}

/**
 * The calls of a Koog message: its content the JSON of `[{function: {name, arguments}, id, type: "function"}]`, as
 * Koog's Langfuse adapter writes tool calls (JetBrains/koog `agents-features-opentelemetry`
 * `integration/langfuse/LangfuseSpanAdapter.kt`, `event/EventBodyFields.kt` ToolCalls).
 */
function koogCalls(element: Record<string, unknown>): Record<string, unknown>[] | undefined {
  if ((element.role !== 'assistant' && element.role !== 'tool') || 'tool_calls' in element || typeof element.content !== 'string') return undefined;
  if (!element.content.startsWith('[{')) return undefined;
  const parsed = parseJson(element.content)?.value;
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const calls = parsed.filter(
    (call): call is Record<string, unknown> =>
      isRecord(call) &&
      call.type === 'function' &&
      typeof call.id === 'string' &&
      call.id !== '' &&
      isRecord(call.function) &&
      typeof call.function.name === 'string',
  );
  return calls.length === parsed.length ? calls : undefined;
}

const KNOWN_ROLES = new Set(['system', 'developer', 'user', 'human', 'assistant', 'ai', 'tool', 'function', 'model']);

function isToolDefinition(element: unknown): boolean {
  if (!isRecord(element) || element.role !== 'tool' || 'tool_call_id' in element) return false;
  const content = element.content;
  return isRecord(content) && content.type === 'function' && isRecord(content.function);
}

function callsOf(element: Record<string, unknown>): { name: string; id: string | undefined }[] {
  const calls = Array.isArray(element.tool_calls) ? element.tool_calls : [];
  return calls.flatMap((call) => {
    if (!isRecord(call)) return [];
    const name = isRecord(call.function) ? call.function.name : call.name;
    return typeof name === 'string' ? [{ name, id: stringOf(call.id) }] : [];
  });
}

/** `value` read by whichever message format scores best on it, its paths placed under the field. */
function readValue(value: unknown, field: { path: string; encoded: boolean }, strip = '', key = ''): MessageDraft[] {
  const input: ParsedInput = { value, jsonLines: false, lineOf: [] };
  let best: FormatAdapter | undefined;
  let bestScore = 0;
  for (const reader of READERS) {
    const score = reader.detect(input);
    if (score > bestScore) [best, bestScore] = [reader, score];
  }
  const at = key === '' ? field : { ...field, path: field.encoded ? field.path : `${field.path}.${key}` };
  if (!best) {
    return [
      problemDraft(
        value,
        at.path,
        `not messages in a shape this reader knows (OpenAI, Anthropic, Gemini, LangChain, AI SDK or OpenTelemetry GenAI): ${textOf(value).slice(0, 80)}`,
      ),
    ];
  }
  const drafts = best.read(input).messages;
  rebase(drafts, at, strip);
  return drafts;
}

/** The observation's model, usage and start go on the message the model returned. */
function describeAnswer(output: readonly MessageDraft[], o: Record<string, unknown>): void {
  const answer = output.find((draft) => draft.role === 'ai') ?? output[0];
  if (!answer) return;
  const model = stringOf(o.model);
  if (model !== undefined) answer.model ??= model;
  const usage = usageOf(o);
  // An output read as a provider's response (OpenAI Agents' Responses object) carries that response's usage: the
  // observation's cost is still that call's.
  if (answer.usage !== undefined && usage?.cost !== undefined) answer.usage.cost ??= usage.cost;
  answer.usage ??= usage;
  const start = stringOf(o.startTime);
  if (start !== undefined) answer.timestamp ??= start;
}

/**
 * `usageDetails`: `total` is the sum of every other count, and Langfuse takes the cached and reasoning
 * counts (`input_cache_read`, `output_reasoning`...) out of `input` and `output` when it ingests them
 * (packages/shared/src/server/otel/OtelIngestionProcessor.ts). They are put back when they make up the
 * total, so input and output mean what every other reader's do. The deprecated `usage` has no details.
 */
function usageOf(o: Record<string, unknown>): Usage | undefined {
  const details = isRecord(o.usageDetails) ? o.usageDetails : isRecord(o.usage) ? o.usage : undefined;
  if (!details) return undefined;
  const count = (key: string): number | undefined => (typeof details[key] === 'number' ? details[key] : undefined);
  const sumOf = (prefix: string): number =>
    Object.entries(details).reduce((sum, [key, n]) => (key.startsWith(prefix) && typeof n === 'number' ? sum + n : sum), 0);
  const [input, output, total] = [count('input'), count('output'), count('total')];
  const apart = total !== undefined && (input ?? 0) + (output ?? 0) + sumOf('input_') + sumOf('output_') === total;
  const usage = usageFrom({
    input: input === undefined ? undefined : input + (apart ? sumOf('input_') : 0),
    output: output === undefined ? undefined : output + (apart ? sumOf('output_') : 0),
    total,
    cacheRead: count('input_cache_read') ?? count('input_cached_tokens') ?? count('prompt_details.cache_read'),
    cacheCreation: count('input_cache_creation') ?? count('prompt_details.cache_write'),
    reasoning: count('output_reasoning') ?? count('output_reasoning_tokens') ?? count('completion_details.reasoning'),
  });
  // `costDetails` is USD by the same usage types, ingested or inferred by Langfuse from its price list at ingestion
  // (docs/FORMATS.md, "Cost"); `total` is the call's. An empty one (Langfuse knew no price) reports nothing.
  const cost = isRecord(o.costDetails) ? numberOf(o.costDetails.total) : undefined;
  if (usage !== undefined && cost !== undefined) usage.cost = cost;
  return usage;
}

/**
 * A call without an id (Gemini's `functionCall` needs none) gets one from its reader made of its place
 * in the value read, which differs from one generation's copy of the message to the next: left out
 * until the conversations are merged, it is then made again from the call's place in its conversation.
 */
function forgetMadeUpIds(turn: CallTurn): void {
  const drafts = [...turn.input, ...turn.output];
  const madeUp = new Set<string>();
  for (const draft of drafts) {
    for (const call of draft.toolCalls) {
      if (call.idMadeUp === undefined || call.id === undefined) continue;
      madeUp.add(call.id);
      delete call.id;
      delete call.idMadeUp;
    }
  }
  for (const draft of drafts) {
    if (draft.toolCallId === undefined || !madeUp.has(draft.toolCallId)) continue;
    delete draft.toolCallId;
    delete draft.toolCallIdMadeUp;
  }
}

/**
 * A framework that keeps the history at the provider sends only what followed the last call (the
 * tool results): such an input starts with a result of a call made earlier, and the conversation it
 * continues is that call's.
 */
function resume(turn: CallTurn, historyOf: ReadonlyMap<string, MessageDraft[]>, tally: Tally): void {
  const first = turn.input.find((draft) => draft.role !== 'system');
  if (first?.role !== 'tool' || first.toolCallId === undefined) return;
  if (turn.input.some((draft) => draft.toolCalls.some((call) => call.id === first.toolCallId))) return;
  const history = historyOf.get(first.toolCallId);
  if (!history) return;
  turn.input = [...history, ...turn.input.filter((draft) => draft.role !== 'system' || !history.some((h) => h.text === draft.text))];
  tally.resumed++;
}

/**
 * A generation answered only with calls, which a later generation sends again after the same input, each call
 * followed by its result (Koog splits one answer into a message a call, and puts each result after its call):
 * the later one tells it, and their two orders would not merge. Its model, usage and time go to the first
 * message of the later input that holds one of its calls. Returns how many were dropped.
 */
function dropToldAgain(turns: CallTurn[]): number {
  let dropped = 0;
  for (let t = turns.length - 1; t >= 0; t--) {
    const turn = turns[t];
    if (!turn) continue;
    const ids = turn.output.flatMap((draft) => draft.toolCalls.map((call) => call.id));
    if (ids.length === 0 || ids.some((id) => id === undefined) || turn.output.some((draft) => draft.role !== 'ai' || draft.text.trim() !== '')) continue;
    const later = turns.slice(t + 1).find((next) => {
      if (next.input.length <= turn.input.length) return false;
      if (!turn.input.every((draft, i) => next.input[i]?.role === draft.role && next.input[i].text === draft.text)) return false;
      const since = next.input.slice(turn.input.length);
      const sent = new Set(since.flatMap((draft) => draft.toolCalls.map((call) => call.id)));
      // Sent back as it was answered, the answer's messages one after another, the calls merge as they are.
      const asAnswered = turn.output.every((draft, i) => since[i]?.toolCalls.map((call) => call.id).join() === draft.toolCalls.map((call) => call.id).join());
      return !asAnswered && ids.every((id) => sent.has(id));
    });
    if (!later) continue;
    const answer = turn.output.find((draft) => draft.usage !== undefined || draft.model !== undefined) ?? turn.output[0];
    const first = later.input.find((draft) => draft.toolCalls.some((call) => call.id === ids[0]));
    if (answer && first) {
      first.usage ??= answer.usage;
      first.model ??= answer.model;
      first.timestamp ??= answer.timestamp;
    }
    turns.splice(t, 1);
    dropped++;
  }
  return dropped;
}

/**
 * TOOL observations name the call they ran (`gen_ai.tool.call.id`, the AI SDK's `ai.toolCall.id`):
 * their output goes with the generation that made the call, shown when no later generation sends it.
 */
function attachTools(observations: readonly Observation[], turns: readonly CallTurn[]): MessageDraft[] {
  const byCall = new Map<string, CallTurn>();
  for (const turn of turns) for (const draft of turn.output) for (const call of draft.toolCalls) if (call.id !== undefined) byCall.set(call.id, turn);
  const attached: MessageDraft[] = [];
  for (const o of observations) {
    if (o.value.type !== 'TOOL') continue;
    const callId = toolCallIdOf(o.value);
    const turn = callId === undefined ? undefined : byCall.get(callId);
    if (!turn || callId === undefined) continue;
    const { value } = fieldOf(o, 'output');
    // MCP-style results wrap their blocks in `content`.
    const content =
      isRecord(value) && Array.isArray(value.content) ? readContent(value.content) : [{ kind: 'text' as const, type: 'text', text: textOf(value), raw: value }];
    const draft = newDraft('tool', 'TOOL', content, o.value, formatPath([...o.at, 'output']));
    draft.toolCallId = callId;
    const name = stringOf(o.value.name);
    if (name !== undefined) draft.name = name;
    if (o.value.level === 'ERROR') draft.status = 'error';
    const id = idOf(o.value.id);
    if (id !== undefined) draft.id = id;
    (turn.results ??= []).push(draft);
    attached.push(draft);
  }
  return attached;
}

function toolCallIdOf(o: Record<string, unknown>): string | undefined {
  const metadata = typeof o.metadata === 'string' ? parseJson(o.metadata)?.value : o.metadata;
  const attributes = isRecord(metadata) && isRecord(metadata.attributes) ? metadata.attributes : isRecord(metadata) ? metadata : {};
  return stringOf(attributes['gen_ai.tool.call.id']) ?? stringOf(attributes['ai.toolCall.id']) ?? stringOf(attributes.tool_call_id);
}

export const langfuse: FormatAdapter = guarded({
  name: 'langfuse',
  label: 'Langfuse trace',
  expects: EXPECTS,
  detect,
  read,
});
