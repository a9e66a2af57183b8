// Vercel AI SDK telemetry spans with the SDK's own `ai.*` attributes (vercel/ai @ed857f5
// content/docs/03-ai-sdk-core/60-telemetry.mdx, "Legacy AI SDK Spans", and
// packages/otel/src/legacy-open-telemetry.ts; the default of ai 4 to 6, `LegacyOpenTelemetry` in 7):
// an operation span (`ai.generateText`, `ai.streamText`, `ai.generateObject`, `ai.streamObject`) with
// `ai.prompt` (`{system, prompt, messages}` as JSON) and the final answer, under it one provider-call
// span a step (`….doGenerate`, `….doStream`) with `ai.prompt.messages` (the ModelMessages sent, as
// JSON) and that step's answer (`ai.response.text`, `ai.response.reasoning`, `ai.response.toolCalls`
// `[{toolCallId, toolName, input}]`, `args` before v5, `ai.response.object`), and `ai.toolCall` spans
// (`ai.toolCall.id / name / args / result`). Spans as OTLP/JSON, the JS SDK's ReadableSpan as JSON, or
// attribute maps (see otlp.ts).
import { isRecord, ownField, parseJson, setField } from '../../json/value';
import type { ContentBlock, ToolCall } from '../../model';
import { newDraft, problemDraft, textOf } from '../common/drafts';
import { mediaKind, stringOf } from '../common/fields';
import { guarded } from '../common/guard';
import { readPieceList } from '../common/splitMessages';
import { readToolCall } from '../common/toolCall';
import { mergeTurns, startsWith, timelineNotes, type CallTurn } from '../common/spanTimeline';
import { isoTime, readSpans, sampleAttributeKeys, SpanTree, stringAttribute, type Attribute, type Span } from '../otel/otlp';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { readModelMessage } from './vercelAi';
import { readVercelUsage } from './vercelAiUsage';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'Vercel AI SDK telemetry spans (ai.generateText / ai.streamText and their ….doGenerate / ….doStream spans) with ai.prompt, ai.prompt.messages and ai.response.* attributes';

const PROMPT = 'ai.prompt';
const MESSAGES = 'ai.prompt.messages';
const ANSWER_KEYS = ['ai.response.reasoning', 'ai.response.text', 'ai.response.object', 'ai.response.toolCalls', 'ai.response.files'];
const CONTENT_KEYS = [PROMPT, MESSAGES, ...ANSWER_KEYS];

function detect(input: ParsedInput): number {
  const keys = sampleAttributeKeys(input);
  if (CONTENT_KEYS.some((key) => keys.has(key))) return 100;
  // AI SDK spans without content (recordInputs / recordOutputs off): below a GenAI reading of the same spans.
  return keys.has('ai.operationId') ? 55 : 0;
}

const operationOf = (span: Span): string => stringAttribute(span, 'ai.operationId') ?? span.name ?? '';
const isModelCall = (span: Span): boolean => /\.do(?:Generate|Stream)$/.test(operationOf(span)) || span.attributes.has(MESSAGES);

function read(input: ParsedInput): AdapterOutput {
  const spans = readSpans(input);
  const tree = new SpanTree(spans);
  const entries = spans.flatMap((span) => {
    if (isModelCall(span)) return [{ span, call: true, turn: callTurn(span) }];
    if (span.attributes.has(PROMPT)) return [{ span, call: false, turn: operationTurn(span) }];
    return [];
  });
  if (entries.length === 0) {
    return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}; no span carries a prompt (is recordInputs off?)`)] };
  }
  const calls = entries.filter((entry) => entry.call);
  // An operation span holds its first prompt and last answer again: its provider calls tell it step by step.
  const told = entries.filter(
    (entry) => !entry.call && calls.some((call) => tree.encloses(entry.span, call.span) && (tree.linked || startsWith(call.turn.input, entry.turn.input))),
  );
  const turns = entries.filter((entry) => !told.includes(entry)).map((entry) => entry.turn);
  attachToolResults(spans, turns);
  const merged = mergeTurns(turns);
  const notes = timelineNotes(merged, turns.length, 'model-call spans');
  if (told.length > 0) {
    notes.push(
      `${told.length} operation span${told.length === 1 ? '' : 's'} (${[...new Set(told.map((entry) => operationOf(entry.span)))].join(', ')}) left out: the provider calls under ${told.length === 1 ? 'it' : 'them'} hold the same messages.`,
    );
  }
  return { messages: merged.messages, notes, ...(merged.conversations.length > 1 && { conversations: merged.conversations }) };
}

/** A provider call: the messages it sent, then its answer. */
function callTurn(span: Span): CallTurn {
  const messages = span.attributes.get(MESSAGES);
  return described(span, { input: messages ? readModelMessages(messages) : [], output: answerOf(span) });
}

/** An operation read on its own (its provider calls are not in the file): `ai.prompt`, then the final answer. */
function operationTurn(span: Span): CallTurn {
  const attribute = span.attributes.get(PROMPT);
  const input: MessageDraft[] = [];
  if (attribute) {
    const value = jsonValue(attribute.value);
    if (!isRecord(value)) input.push(problemDraft(attribute.value, attribute.path, 'expected `ai.prompt` to be {system, prompt, messages} as JSON'));
    else {
      const { system, prompt, messages } = value;
      if (typeof system === 'string')
        input.push(newDraft('system', 'system', [{ kind: 'text', type: 'text', text: system, raw: system }], system, attribute.path));
      else if (Array.isArray(system)) pushAll(input, readModelMessages({ ...attribute, value: system }));
      if (typeof prompt === 'string')
        input.push(newDraft('human', 'prompt', [{ kind: 'text', type: 'text', text: prompt, raw: prompt }], prompt, attribute.path));
      else if (Array.isArray(prompt)) pushAll(input, readModelMessages({ ...attribute, value: prompt }));
      if (Array.isArray(messages)) pushAll(input, readModelMessages({ ...attribute, value: messages }));
    }
  }
  return described(span, { input, output: answerOf(span) });
}

function described(span: Span, turn: CallTurn): CallTurn {
  if (span.traceId !== undefined) turn.trace = span.traceId;
  const label = stringAttribute(span, 'ai.telemetry.functionId', 'resource.name');
  if (label !== undefined) turn.label = label;
  return turn;
}

/** A string attribute that holds JSON, as the SDK records structured values; other values as they are. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return parseJson(value)?.value ?? value;
}

/** ModelMessages recorded in an attribute: located at the attribute, since a JSON string has no inner paths. */
function readModelMessages(attribute: Attribute): MessageDraft[] {
  const value = jsonValue(attribute.value);
  if (!Array.isArray(value)) return [problemDraft(attribute.value, attribute.path, 'expected a list of ModelMessages as JSON')];
  const drafts = readPieceList({ value, jsonLines: false, lineOf: [] }, { list: value, path: [] }, readModelMessage, EXPECTS);
  for (const draft of drafts) draft.location = { path: attribute.path };
  return drafts;
}

/** The step's answer: reasoning, text or object, files and calls, in one AI message; none when nothing was recorded. */
function answerOf(span: Span): MessageDraft[] {
  const present = ANSWER_KEYS.flatMap((key) => {
    const attribute = span.attributes.get(key);
    return attribute ? [[key, attribute] as const] : [];
  });
  const first = present[0];
  if (!first) return [];
  const content: ContentBlock[] = [];
  const calls: ToolCall[] = [];
  for (const [key, attribute] of present) {
    const value = attribute.value;
    if (key === 'ai.response.reasoning' && typeof value === 'string') content.push({ kind: 'reasoning', type: key, text: value, raw: value });
    else if (key === 'ai.response.text' && typeof value === 'string') content.push({ kind: 'text', type: key, text: value, raw: value });
    else if (key === 'ai.response.object') content.push({ kind: 'text', type: key, text: textOf(value), raw: value });
    else if (key === 'ai.response.toolCalls') readCalls(jsonValue(value), content, calls);
    else if (key === 'ai.response.files') readFiles(jsonValue(value), content);
    else content.push({ kind: 'other', type: key, raw: value });
  }
  const raw = Object.fromEntries(present.map(([key, attribute]) => [key, attribute.value]));
  const draft = newDraft('ai', operationOf(span) || 'ai.response', content, raw, first[1].path);
  if (calls.length > 0) draft.toolCalls = calls;
  const usage = readVercelUsage(usageObject(span));
  if (usage) draft.usage = usage;
  const model = stringAttribute(span, 'ai.response.model', 'gen_ai.response.model', 'ai.model.id');
  if (model !== undefined) draft.model = model;
  const timestamp = stringAttribute(span, 'ai.response.timestamp') ?? isoTime(span.start);
  if (timestamp !== undefined) draft.timestamp = timestamp;
  const id = stringAttribute(span, 'ai.response.id');
  if (id !== undefined) draft.id = id;
  return [draft];
}

function readCalls(value: unknown, content: ContentBlock[], calls: ToolCall[]): void {
  if (!Array.isArray(value)) {
    content.push({ kind: 'other', type: 'ai.response.toolCalls', raw: value });
    return;
  }
  for (const entry of value) {
    if (!isRecord(entry)) {
      content.push({ kind: 'other', type: 'ai.response.toolCalls', raw: entry });
      continue;
    }
    const name = stringOf(entry.toolName) ?? '';
    const call = readToolCall({ id: entry.toolCallId, name, args: 'input' in entry ? entry.input : entry.args }, false);
    calls.push({ ...call, raw: entry });
    content.push({ kind: 'tool_call', type: 'tool-call', text: name, raw: entry });
  }
}

/** Generated files: the data may be base64, so only the media type is named. */
function readFiles(value: unknown, content: ContentBlock[]): void {
  const files = Array.isArray(value) ? value : [value];
  for (const file of files) {
    const mediaType = isRecord(file) ? stringOf(file.mediaType) : undefined;
    content.push({ kind: mediaKind(mediaType), type: 'file', ...(mediaType !== undefined && { text: mediaType }), raw: file });
  }
}

/** `ai.usage.*` attributes as the usage object the SDK reports (`inputTokenDetails.cacheReadTokens`…), GenAI counts as fallback. */
function usageObject(span: Span): Record<string, unknown> {
  const usage: Record<string, unknown> = {};
  for (const [key, attribute] of span.attributes) {
    if (!key.startsWith('ai.usage.')) continue;
    const [group, field] = key.slice('ai.usage.'.length).split('.', 2);
    if (group === undefined) continue;
    // `ai.usage.__proto__.x` must not reach Object.prototype: only the record's own groups are written into.
    if (field === undefined) setField(usage, group, attribute.value);
    else {
      const held = ownField(usage, group);
      const details: Record<string, unknown> = isRecord(held) ? held : {};
      setField(usage, group, details);
      setField(details, field, attribute.value);
    }
  }
  usage.inputTokens ??= span.attributes.get('gen_ai.usage.input_tokens')?.value;
  usage.outputTokens ??= span.attributes.get('gen_ai.usage.output_tokens')?.value;
  return usage;
}

/** `ai.toolCall` spans hold each call's result; it goes with the provider call that issued it. */
function attachToolResults(spans: readonly Span[], turns: readonly CallTurn[]): void {
  const byCall = new Map<string, CallTurn>();
  for (const turn of turns) for (const draft of turn.output) for (const call of draft.toolCalls) if (call.id !== undefined) byCall.set(call.id, turn);
  for (const span of spans) {
    const id = stringAttribute(span, 'ai.toolCall.id');
    const result = span.attributes.get('ai.toolCall.result');
    const turn = id === undefined ? undefined : byCall.get(id);
    if (id === undefined || !result || !turn) continue;
    const value = jsonValue(result.value);
    const text = textOf(value);
    const name = stringAttribute(span, 'ai.toolCall.name');
    const draft = newDraft('tool', 'ai.toolCall', [{ kind: 'tool_result', type: 'ai.toolCall.result', text, raw: value }], result.value, result.path);
    draft.text = text;
    draft.toolCallId = id;
    if (name !== undefined) draft.name = name;
    (turn.results ??= []).push(draft);
  }
}

export const vercelAiSpans: FormatAdapter = guarded({
  name: 'vercel-ai-spans',
  label: 'Vercel AI SDK telemetry spans',
  expects: EXPECTS,
  detect,
  read,
});
