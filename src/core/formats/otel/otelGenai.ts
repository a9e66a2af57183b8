// OpenTelemetry GenAI spans (open-telemetry/semantic-conventions @953276f: docs/gen-ai/gen-ai-input-messages.json,
// gen-ai-output-messages.json, gen-ai-system-instructions.json, docs/registry/attributes/gen-ai.md,
// examples in docs/gen-ai/non-normative/examples-llm-calls.md): attributes `gen_ai.system_instructions`
// (parts), `gen_ai.input.messages` / `gen_ai.output.messages` (`{role, parts, name?, finish_reason?}`),
// structured or as a JSON string; usage in `gen_ai.usage.*`. Also the deprecated span events
// (`model/gen-ai/deprecated/events-deprecated.yaml`): `gen_ai.{system,user,assistant,tool}.message` and
// `gen_ai.choice`, body in the `gen_ai.event.content` JSON string as Azure AI Inference writes it; and
// the older `gen_ai.prompt` / `gen_ai.completion` JSON strings (deprecated in @32b75a8), on the span or
// on its `gen_ai.content.prompt` / `gen_ai.content.completion` events. And the value of one of those
// attributes on its own: a list of `{role, parts}` messages.
import { formatPath, linePath } from '../../json/locate';
import { assignFields, isRecord, kindOf, parseJson, setField } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, newDraft, problemDraft, textOf } from '../common/drafts';
import { usageFrom } from '../common/usage';
import { readMessage } from '../common/messageFields';
import { readToolCall } from '../common/toolCall';
import { findMessageList } from '../common/messageList';
import { scoreMarked, type Mark } from '../common/markedList';
import { fromAnyValue, isoTime, numberAttribute, readSpans, sampleAttributeKeys, SpanTree, stringAttribute, type Attribute, type Span } from './otlp';
import { mergeTurns, startsWith, timelineNotes, type CallTurn } from '../common/spanTimeline';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const INPUT = 'gen_ai.input.messages';
const OUTPUT = 'gen_ai.output.messages';
const SYSTEM = 'gen_ai.system_instructions';
/** The older names, read like INPUT and OUTPUT when those are absent: semantic-conventions@32b75a8 deprecated them. */
const PROMPT = 'gen_ai.prompt';
const COMPLETION = 'gen_ai.completion';
/** The events that held them before they were span attributes of their own (semantic-conventions@1c93c94 model/trace/gen-ai.yaml). */
const CONTENT_EVENTS = new Map([
  ['gen_ai.content.prompt', PROMPT],
  ['gen_ai.content.completion', COMPLETION],
]);
const EXPECTS = `OTLP/JSON spans ({"resourceSpans": [...]}, a span list, one span or its attributes) with ${INPUT} / ${OUTPUT} attributes, or such a value on its own: [{"role", "parts": [{"type": "text", "content"}, ...]}]`;

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['developer', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['tool', 'tool'],
]);

const EVENT_ROLES = new Map<string, string>([
  ['gen_ai.system.message', 'system'],
  ['gen_ai.user.message', 'user'],
  ['gen_ai.assistant.message', 'assistant'],
  ['gen_ai.tool.message', 'tool'],
]);

function hasMessages(attributes: Map<string, Attribute>): boolean {
  return attributes.has(INPUT) || attributes.has(OUTPUT) || attributes.has(SYSTEM) || attributes.has(PROMPT) || attributes.has(COMPLETION);
}

function hasMessageEvents(span: Record<string, unknown>): boolean {
  return (
    Array.isArray(span.events) &&
    span.events.some((e) => isRecord(e) && typeof e.name === 'string' && (EVENT_ROLES.has(e.name) || e.name === 'gen_ai.choice' || CONTENT_EVENTS.has(e.name)))
  );
}

function detect(input: ParsedInput): number {
  const keys = sampleAttributeKeys(input);
  if (keys.has(INPUT) || keys.has(OUTPUT) || keys.has(SYSTEM) || keys.has(PROMPT) || keys.has(COMPLETION)) return 100;
  if ([...keys].some((key) => key.startsWith('gen_ai.'))) {
    // GenAI spans without content (capture off) or with the deprecated events: still ours, but say so when read.
    return 60;
  }
  // Above the AI SDK's UI messages, which also have `parts`, but keep their text in `text`.
  return keys.size === 0 ? scoreMarked(input, findMessageList(input.value), classifyMessage, 95) : 0;
}

/** A GenAI message: `role` and `parts`, each part typed, the known types with their own fields. */
function classifyMessage(element: unknown): Mark {
  if (!isRecord(element) || typeof element.role !== 'string' || !Array.isArray(element.parts)) return 'foreign';
  let mark: Mark = 'finish_reason' in element ? 'marked' : 'plain';
  for (const part of element.parts) {
    const next = classifyPart(part);
    if (next === 'foreign') return 'foreign';
    if (next === 'marked') mark = 'marked';
  }
  return mark;
}

function classifyPart(part: unknown): Mark {
  if (!isRecord(part) || typeof part.type !== 'string') return 'foreign';
  const has = (key: string): Mark => (key in part ? 'marked' : 'foreign');
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return typeof part.content === 'string' ? 'marked' : 'foreign';
    case 'tool_call':
      return typeof part.name === 'string' ? 'marked' : 'foreign';
    case 'tool_call_response':
      return 'response' in part || 'result' in part ? 'marked' : 'foreign';
    case 'blob':
      return has('content');
    case 'uri':
      return has('uri');
    case 'file':
      return has('file_id');
    default:
      // GenericPart: the schema allows any other type.
      return 'plain';
  }
}

/** Agent operations: their input and output also appear on the model calls they make. */
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent', 'invoke_workflow']);

function read(input: ParsedInput): AdapterOutput {
  const all = readSpans(input);
  if (all.length === 0) {
    const found = findMessageList(input.value);
    if (found) return readMessageValue(input, found.list, formatPath(found.path));
  }
  const spans = all.filter((span) => hasMessages(span.attributes) || hasMessageEvents(span.raw));
  if (spans.length === 0) {
    return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}; no span carries message content (is content capture on?)`)] };
  }
  const tree = new SpanTree(all);
  const entries = spans.map((span) => ({ span, turn: readTurn(span, tree) }));
  const isAgent = (span: Span): boolean => AGENT_OPERATIONS.has(stringAttribute(span, 'gen_ai.operation.name') ?? '');
  const calls = entries.filter(({ span }) => !isAgent(span));
  // An agent span whose model calls are in the file tells their story again, ending with the last answer.
  const told = entries.filter(
    ({ span, turn }) => isAgent(span) && calls.some((call) => tree.encloses(span, call.span) && (tree.linked || startsWith(call.turn.input, turn.input))),
  );
  const turns = entries.filter((entry) => !told.includes(entry));
  attachToolResults(
    all,
    turns.map(({ turn }) => turn),
  );
  const merged = mergeTurns(turns.map(({ turn }) => turn));
  const notes = timelineNotes(merged, turns.length, 'LLM spans');
  if (told.length > 0)
    notes.push(
      `${told.length} agent span${told.length === 1 ? '' : 's'} left out: the model calls under ${told.length === 1 ? 'it' : 'them'} hold the same messages.`,
    );
  return { messages: merged.messages, notes, ...(merged.conversations.length > 1 && { conversations: merged.conversations }) };
}

/** Tool spans (`execute_tool`) that hold a call's result go with the call that issued it. */
function attachToolResults(spans: readonly Span[], turns: readonly CallTurn[]): void {
  const byCall = new Map<string, CallTurn>();
  for (const turn of turns) for (const draft of turn.output) for (const call of draft.toolCalls) if (call.id !== undefined) byCall.set(call.id, turn);
  for (const span of spans) {
    const id = stringAttribute(span, 'gen_ai.tool.call.id');
    const result = span.attributes.get('gen_ai.tool.call.result');
    if (id === undefined || !result) continue;
    const turn = byCall.get(id);
    if (!turn) continue;
    const text = textOf(result.value);
    const name = stringAttribute(span, 'gen_ai.tool.name');
    (turn.results ??= []).push({
      role: 'tool',
      sourceType: 'execute_tool',
      toolCallId: id,
      ...(name !== undefined && { name }),
      content: [{ kind: 'text', type: 'gen_ai.tool.call.result', text, raw: result.value }],
      text,
      toolCalls: [],
      invalidToolCalls: [],
      raw: result.value,
      location: { path: result.path },
    });
  }
}

/** A message list on its own (an attribute's value pasted or saved): a history, or the choices of one response. */
function readMessageValue(input: ParsedInput, list: unknown[], prefix: string): AdapterOutput {
  const pathOf = (i: number): string => (input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : `${prefix}[${i}]`);
  const perElement = list.map((element, i) => {
    const error = input.lineErrors?.get(i);
    return error === undefined ? readOtelMessage(element, pathOf(i)) : [problemDraft(element, pathOf(i), error)];
  });
  const messages = perElement.flat();
  const choices = list.length > 0 && list.every((element) => isRecord(element) && 'finish_reason' in element);
  if (!choices) return { messages };
  if (list.length === 1) return { messages, kind: 'response' };
  // Output messages are the response's choices: alternatives, each a conversation of its own.
  const conversations: ConversationRange[] = [];
  let start = 0;
  perElement.forEach((drafts, i) => {
    conversations.push({ label: `choice ${i}`, start, end: start + drafts.length });
    start += drafts.length;
  });
  return { messages, kind: 'response', conversations };
}

function readTurn(span: Span, tree: SpanTree): CallTurn {
  const system = span.attributes.get(SYSTEM);
  const current = span.attributes.has(INPUT) || span.attributes.has(OUTPUT);
  const inputAttribute = span.attributes.get(INPUT) ?? (current ? undefined : span.attributes.get(PROMPT));
  const outputAttribute = span.attributes.get(OUTPUT) ?? (current ? undefined : span.attributes.get(COMPLETION));
  const turn: CallTurn =
    system || inputAttribute || outputAttribute
      ? {
          input: [...(system ? readSystem(system) : []), ...(inputAttribute ? readMessages(inputAttribute, 'human', !current) : [])],
          output: outputAttribute ? readMessages(outputAttribute, 'ai', !current) : [],
        }
      : readEvents(span);
  const answer = turn.output.find((draft) => draft.role === 'ai') ?? turn.output[0];
  if (answer) describeAnswer(answer, span, turn.output.length === 1);
  if (span.traceId !== undefined) turn.trace = span.traceId;
  const label = agentName(span, tree);
  if (label !== undefined) {
    turn.label = label;
    turn.agent = label;
  }
  return turn;
}

/** The agent a call belongs to: `gen_ai.agent.name` on the span or the nearest span above it that has one. */
function agentName(span: Span, tree: SpanTree): string | undefined {
  const own = stringAttribute(span, 'gen_ai.agent.name');
  if (own !== undefined) return own;
  for (const ancestor of tree.ancestors(span)) {
    const name = stringAttribute(ancestor, 'gen_ai.agent.name');
    if (name !== undefined) return name;
  }
  return undefined;
}

/** Usage, model, time and response id of the span belong to the message the model returned. */
function describeAnswer(answer: MessageDraft, span: Span, only: boolean): void {
  const usage = usageOf(span);
  if (usage) answer.usage = usage;
  const model = stringAttribute(span, 'gen_ai.response.model', 'gen_ai.request.model');
  if (model !== undefined) answer.model = model;
  const timestamp = isoTime(span.start);
  if (timestamp !== undefined) answer.timestamp = timestamp;
  // With several choices one response id would name them all.
  const id = stringAttribute(span, 'gen_ai.response.id');
  if (only && id !== undefined && answer.id === undefined) answer.id = id;
}

/**
 * `gen_ai.usage.input_tokens` already includes cached tokens (the registry says cache reads and writes
 * SHOULD be counted in it), so it is the input as is. The conventions define no total.
 */
function usageOf(span: Span): Usage | undefined {
  return usageFrom({
    input: numberAttribute(span, 'gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens'),
    output: numberAttribute(span, 'gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens'),
    total: numberAttribute(span, 'gen_ai.usage.total_tokens'),
    cacheRead: numberAttribute(span, 'gen_ai.usage.cache_read.input_tokens'),
    cacheCreation: numberAttribute(span, 'gen_ai.usage.cache_creation.input_tokens'),
    reasoning: numberAttribute(span, 'gen_ai.usage.reasoning.output_tokens'),
  });
}

/** Registry note [3]: the value MAY be a JSON string when the SDK cannot record structured attributes. */
function valueOf(attribute: Attribute): { value: unknown } | { text: string } {
  if (typeof attribute.value !== 'string') return { value: attribute.value };
  return parseJson(attribute.value) ?? { text: attribute.value };
}

function elementPath(attribute: Attribute, i: number): string {
  return attribute.arrayPath === undefined ? attribute.path : `${attribute.arrayPath}[${i}]`;
}

function readSystem(attribute: Attribute): MessageDraft[] {
  const parsed = valueOf(attribute);
  const value = 'text' in parsed ? parsed.text : parsed.value;
  const parts = Array.isArray(value) ? value : [typeof value === 'string' ? { type: 'text', content: value } : value];
  const content = parts.map(readPart).flatMap((part) => ('block' in part ? [part.block] : []));
  return [newDraft('system', SYSTEM, content, value, attribute.path)];
}

/** `older`: the value of `gen_ai.prompt` / `gen_ai.completion`, which writers also give as one message. */
function readMessages(attribute: Attribute, plainTextRole: Role, older = false): MessageDraft[] {
  const parsed = valueOf(attribute);
  if ('text' in parsed) {
    // Some SDKs record the bare text instead of the JSON the conventions ask for.
    const content: ContentBlock[] = [{ kind: 'text', type: 'text', text: parsed.text, raw: parsed.text }];
    return [newDraft(plainTextRole, '(text)', content, parsed.text, attribute.path)];
  }
  if (older && isRecord(parsed.value)) return loneMessage(parsed.value, plainTextRole, attribute.path);
  if (!Array.isArray(parsed.value)) {
    return [problemDraft(parsed.value, attribute.path, `expected a list of {role, parts} messages, got ${kindOf(parsed.value)}`)];
  }
  return parsed.value.flatMap((element, i) => readOtelMessage(element, elementPath(attribute, i)));
}

/**
 * One message where the conventions ask for a list. Writers of `gen_ai.completion` put the answer alone,
 * `{text, finish_reason}` without a role (openinference-genai's test fixture of the deprecated form).
 */
function loneMessage(value: Record<string, unknown>, role: Role, path: string): MessageDraft[] {
  if (typeof value.role === 'string') return readOtelMessage(value, path);
  const text = textOf(value.text ?? value.content ?? value);
  return [newDraft(role, '(object)', [{ kind: 'text', type: 'text', text, raw: value }], value, path)];
}

type PartRead = { block: ContentBlock } | { call: ToolCall; block: ContentBlock } | { result: Record<string, unknown> };

/**
 * One message, split where it holds tool results: each `tool_call_response` part becomes its own tool
 * message, and the parts around it stay messages of the original role, in order.
 */
function readOtelMessage(element: unknown, path: string): MessageDraft[] {
  if (!isRecord(element)) return [problemDraft(element, path, `expected a {role, parts} message, got ${kindOf(element)}`)];
  const roleName = typeof element.role === 'string' ? element.role : undefined;
  if (roleName === undefined) return [problemDraft(element, path, 'expected a string `role`')];
  // Tolerated: OpenAI-style `content` in place of `parts`.
  const parts = Array.isArray(element.parts) ? element.parts : 'content' in element ? [{ type: 'text', content: element.content }] : undefined;
  if (parts === undefined) return [problemDraft(element, path, 'expected `parts` (a list)')];
  const role = ROLES.get(roleName) ?? 'other';
  const name = typeof element.name === 'string' ? element.name : undefined;
  const drafts: MessageDraft[] = [];
  let content: ContentBlock[] = [];
  let calls: ToolCall[] = [];
  const flush = (force: boolean): void => {
    if (content.length === 0 && calls.length === 0 && !force) return;
    drafts.push({
      role,
      sourceType: roleName,
      ...(name !== undefined && { name }),
      content,
      text: joinText(content),
      toolCalls: calls,
      invalidToolCalls: [],
      raw: element,
      location: { path },
    });
    content = [];
    calls = [];
  };
  for (const part of parts) {
    const read = readPart(part);
    if ('result' in read) {
      flush(false);
      drafts.push(toolResult(read.result, path));
    } else {
      // Calls are listed in toolCalls and kept in content too, so the message shows them in place.
      content.push(read.block);
      if ('call' in read) calls.push(read.call);
    }
  }
  flush(drafts.length === 0);
  return drafts;
}

const MODALITY_KINDS = new Map<string, ContentKind>([
  ['image', 'image'],
  ['audio', 'audio'],
  ['video', 'file'],
]);

function readPart(part: unknown): PartRead {
  if (typeof part === 'string') return { block: { kind: 'text', type: 'text', text: part, raw: part } };
  if (!isRecord(part)) return { block: { kind: 'other', type: '(none)', raw: part } };
  const type = typeof part.type === 'string' ? part.type : '(none)';
  const text = (kind: ContentKind, value?: unknown): PartRead => ({
    block: { kind, type, ...(typeof value === 'string' && { text: value }), raw: part },
  });
  switch (type) {
    case 'text':
      return text('text', part.content);
    case 'reasoning':
      return text('reasoning', part.content);
    case 'tool_call': {
      const call = readToolCall({ id: part.id, name: part.name, args: part.arguments }, false);
      return { call: { ...call, raw: part }, block: { kind: 'tool_call', type, text: call.name, raw: part } };
    }
    case 'tool_call_response':
      return { result: part };
    case 'server_tool_call':
      // Run by the provider, answered in the same response: a block, not a call the checks should pair.
      return text('tool_call', part.name);
    case 'server_tool_call_response':
      return text('tool_result');
    case 'blob':
    case 'file':
    case 'uri':
      return text(MODALITY_KINDS.get(typeof part.modality === 'string' ? part.modality : '') ?? 'file');
    default:
      return text('other');
  }
}

/** `response` per the schema; the registry's own example writes `result`. */
function toolResult(part: Record<string, unknown>, path: string): MessageDraft {
  const value = 'response' in part ? part.response : part.result;
  const text = textOf(value);
  const content: ContentBlock[] = [{ kind: 'text', type: 'tool_call_response', text, raw: part }];
  return {
    role: 'tool',
    sourceType: 'tool_call_response',
    ...(typeof part.id === 'string' && { toolCallId: part.id }),
    content,
    text,
    toolCalls: [],
    invalidToolCalls: [],
    raw: part,
    location: { path },
  };
}

/**
 * The deprecated forms: one span event per message, the answer in `gen_ai.choice`; or, older, a
 * `gen_ai.content.prompt` and a `gen_ai.content.completion` event holding `gen_ai.prompt` / `gen_ai.completion`.
 */
function readEvents(span: Span): CallTurn {
  const turn: CallTurn = { input: [], output: [] };
  const events = Array.isArray(span.raw.events) ? span.raw.events : [];
  events.forEach((event, i) => {
    if (!isRecord(event) || typeof event.name !== 'string') return;
    const role = EVENT_ROLES.get(event.name);
    const contentKey = CONTENT_EVENTS.get(event.name);
    if (role === undefined && contentKey === undefined && event.name !== 'gen_ai.choice') return;
    const path = span.path.startsWith('line ') ? span.path : `${span.path}.events[${i}]`;
    const body = eventBody(event);
    if (contentKey !== undefined) {
      const value = body[contentKey];
      if (value === undefined) return;
      if (contentKey === PROMPT) pushAll(turn.input, readMessages({ value, path }, 'human', true));
      else pushAll(turn.output, readMessages({ value, path }, 'ai', true));
    } else if (role !== undefined) {
      turn.input.push(eventMessage(body, role, event, path));
    } else {
      const message = isRecord(body.message) ? body.message : body;
      turn.output.push(eventMessage(message, 'assistant', event, path));
    }
  });
  return turn;
}

function eventBody(event: Record<string, unknown>): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (Array.isArray(event.attributes)) {
    for (const entry of event.attributes) if (isRecord(entry) && typeof entry.key === 'string') setField(attributes, entry.key, fromAnyValue(entry.value));
  } else if (isRecord(event.attributes)) {
    assignFields(attributes, event.attributes);
  }
  const content = attributes['gen_ai.event.content'];
  if (typeof content !== 'string') return attributes;
  const parsed = parseJson(content);
  if (!parsed) return { content };
  return isRecord(parsed.value) ? parsed.value : { content: parsed.value };
}

function eventMessage(body: Record<string, unknown>, fallbackRole: string, event: Record<string, unknown>, path: string): MessageDraft {
  const role = typeof body.role === 'string' ? body.role : fallbackRole;
  // A tool message's `id` is the id of the call it answers.
  const fields = role === 'tool' ? { ...body, id: undefined, tool_call_id: body.tool_call_id ?? body.id } : body;
  const read = readMessage(role, { content: '', ...fields }, event, { path });
  if ('unreadable' in read) return problemDraft(event, path, read.unreadable);
  return { ...read, sourceType: String(event.name) };
}

export const otelGenai: FormatAdapter = guarded({
  name: 'otel-genai',
  label: 'OpenTelemetry GenAI spans',
  expects: EXPECTS,
  detect,
  read,
});
