// OpenInference LLM spans (Arize-ai/openinference @1fe497f: spec/semantic_conventions.md,
// spec/tool_calling.md, python/openinference-semantic-conventions/src/openinference/semconv/trace/__init__.py):
// flattened, indexed attributes `llm.input_messages.<i>.message.role / content / name / tool_call_id /
// contents.<j>.message_content.* / tool_calls.<k>.tool_call.{id, function.name, function.arguments}`,
// the same under `llm.output_messages`, usage in `llm.token_count.*`, model in `llm.model_name`.
// Read from OTLP/JSON, span lists and attribute maps, where exporters may also nest the same keys
// (`{"llm": {"input_messages": [{"message": {...}}]}}`) or list dicts with dotted keys (Phoenix).
// smolagents' roles `tool-call` and `tool-response` (huggingface/smolagents @e3a5b89
// src/smolagents/memory.py, ActionStep.to_messages) carry the step's calls as the text
// `Calling tools:\n[<Python repr of {id, type, function: {name, arguments}}>]` and its observation.
import { MAX_DEPTH } from '../../json/depth';
import { isRecord, parseJson } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, problemDraft } from '../common/drafts';
import { usageFrom } from '../common/usage';
import { readToolCall, readToolCalls } from '../common/toolCall';
import { parsePythonAt, pythonValue, PythonSyntaxError } from '../langchain/pythonLiteral';
import { isoTime, numberFrom, readSpans, sampleAttributeKeys, SpanTree, type Attribute, type Span } from './otlp';
import { mergeTurns, timelineNotes, type CallTurn } from '../common/spanTimeline';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const INPUT = 'llm.input_messages';
const OUTPUT = 'llm.output_messages';
const EXPECTS = `OTLP/JSON spans ({"resourceSpans": [...]}, a span list, one span or its attributes) with OpenInference ${INPUT}.<i>.message.* / ${OUTPUT}.<i>.message.* attributes`;

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['developer', 'system'],
  ['user', 'human'],
  ['human', 'human'],
  ['assistant', 'ai'],
  ['model', 'ai'],
  ['ai', 'ai'],
  ['tool', 'tool'],
  ['function', 'tool'],
  // smolagents: the calls of a step, re-sent as text, and their observation.
  ['tool-call', 'ai'],
  ['tool-response', 'tool'],
]);

/** One flattened attribute: its value and where its entry is. */
interface Flat {
  value: unknown;
  path: string;
}
type Fields = Map<string, Flat>;

function detect(input: ParsedInput): number {
  const keys = [...sampleAttributeKeys(input)];
  if (keys.some((key) => key.startsWith(INPUT) || key.startsWith(OUTPUT))) return 100;
  const nested = keys.includes('llm');
  const openinference = keys.some((key) => key === 'openinference' || key.startsWith('openinference.'));
  if (nested && openinference) return 90;
  // OpenInference spans without LLM messages (content hidden, or only chain and tool spans).
  return openinference ? 60 : 0;
}

/**
 * The `llm` attributes as flat dotted keys whatever the exporter did: nested objects and lists
 * (`llm.input_messages: [{"message.role": ...}]`) are flattened back to `llm.input_messages.0.message.role`.
 */
function llmFields(attributes: Map<string, Attribute>): Fields {
  const fields: Fields = new Map();
  // As deep as input nests (json/depth): a value below that is kept whole under its key.
  const flatten = (key: string, value: unknown, path: string, depth = 0): void => {
    if (depth >= MAX_DEPTH) fields.set(key, { value, path });
    else if (Array.isArray(value)) value.forEach((item, i) => flatten(`${key}.${i}`, item, path, depth + 1));
    else if (isRecord(value)) for (const [k, item] of Object.entries(value)) flatten(`${key}.${k}`, item, path, depth + 1);
    else fields.set(key, { value, path });
  };
  for (const [key, attribute] of attributes) {
    if (key === 'llm' || key.startsWith('llm.')) flatten(key, attribute.value, attribute.path);
  }
  return fields;
}

/** `prefix.<i>.rest` entries grouped by i (ascending), keyed by `rest`. */
function indexed(fields: Fields, prefix: string): [number, Fields][] {
  const groups = new Map<number, Fields>();
  const start = `${prefix}.`;
  for (const [key, flat] of fields) {
    if (!key.startsWith(start)) continue;
    const rest = key.slice(start.length);
    const dot = rest.indexOf('.');
    const index = Number(dot === -1 ? rest : rest.slice(0, dot));
    if (dot === -1 || !Number.isInteger(index)) continue;
    let group = groups.get(index);
    if (!group) groups.set(index, (group = new Map<string, Flat>()));
    group.set(rest.slice(dot + 1), flat);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

function hasMessages(fields: Fields): boolean {
  for (const key of fields.keys()) if (key.startsWith(INPUT) || key.startsWith(OUTPUT)) return true;
  return false;
}

function read(input: ParsedInput): AdapterOutput {
  const spans = readSpans(input);
  const withMessages: { span: Span; fields: Fields }[] = [];
  for (const span of spans) {
    const fields = llmFields(span.attributes);
    if (hasMessages(fields)) withMessages.push({ span, fields });
  }
  // The LangChain instrumentor also writes a graph's input messages on its CHAIN and AGENT spans:
  // only LLM spans are model calls, when the spans say their kind.
  const llmSpans = withMessages.filter(({ span }) => (span.attributes.get('openinference.span.kind')?.value ?? 'LLM') === 'LLM');
  const calls = llmSpans.length > 0 ? llmSpans : withMessages;
  if (calls.length === 0) {
    return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}; no span carries LLM messages (are inputs hidden?)`)] };
  }
  const tree = new SpanTree(spans);
  const turns = calls.map(({ span, fields }): CallTurn => {
    const listed = readMessages(fields, INPUT, span);
    const turn: CallTurn = { input: listed.length > 0 ? listed : inputValueMessages(span), output: readMessages(fields, OUTPUT, span) };
    const answer = turn.output.find((draft) => draft.role === 'ai') ?? turn.output[0];
    if (answer) {
      describeAnswer(answer, fields, span);
      fillFromOutputValue(answer, span);
    }
    if (span.traceId !== undefined) turn.trace = span.traceId;
    const agent = agentOf(span, tree);
    if (agent !== undefined) {
      turn.label = agent;
      turn.agent = agent;
    }
    return turn;
  });
  const merged = mergeTurns(turns);
  return {
    messages: merged.messages,
    notes: timelineNotes(merged, calls.length, 'LLM spans'),
    ...(merged.conversations.length > 1 && { conversations: merged.conversations }),
  };
}

/** The nearest AGENT span above a call (smolagents names it `<agent>.run`): what its conversation is called. */
function agentOf(span: Span, tree: SpanTree): string | undefined {
  for (const ancestor of tree.ancestors(span)) {
    const kind = ancestor.attributes.get('openinference.span.kind')?.value;
    if (kind !== 'AGENT') continue;
    const name = ancestor.attributes.get('agent.name')?.value;
    return typeof name === 'string' && name !== '' ? name : ancestor.name;
  }
  return undefined;
}

function describeAnswer(answer: MessageDraft, fields: Fields, span: Span): void {
  const usage = usageOf(fields);
  if (usage) answer.usage = usage;
  const model = stringField(fields, 'llm.model_name') ?? stringField(fields, 'llm.response.model_name') ?? stringField(fields, 'llm.request.model_name');
  if (model !== undefined) answer.model = model;
  const timestamp = isoTime(span.start);
  if (timestamp !== undefined) answer.timestamp = timestamp;
}

/**
 * OpenInference's prompt count includes cached tokens (the Anthropic instrumentor adds cache reads and
 * writes into it), so it is the input as is.
 */
function usageOf(fields: Fields): Usage | undefined {
  const count = (key: string): number | undefined => numberFrom(fields.get(`llm.token_count.${key}`)?.value);
  return usageFrom({
    input: count('prompt'),
    output: count('completion'),
    total: count('total'),
    cacheRead: count('prompt_details.cache_read'),
    cacheCreation: count('prompt_details.cache_write'),
    reasoning: count('completion_details.reasoning'),
  });
}

function stringField(fields: Fields, key: string): string | undefined {
  const value = fields.get(key)?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readMessages(fields: Fields, prefix: string, span: Span): MessageDraft[] {
  const drafts = indexed(fields, prefix).map(([i, message]) => {
    // raw: this message's attributes as the span wrote them (full keys).
    const raw = Object.fromEntries([...message].map(([key, flat]) => [`${prefix}.${i}.${key}`, flat.value]));
    const path = message.values().next().value?.path ?? span.path;
    return readMessage(message, raw, path);
  });
  answerSteps(drafts);
  return drafts;
}

/**
 * Without `llm.input_messages`, the call's raw input: `input.value` as JSON, when it holds a list of
 * role/content messages (bare, under `messages`, or as the first positional argument, `args[0]`, as
 * the smolagents instrumentor records a model's `__call__`). Anything else is left to `raw`.
 */
function inputValueMessages(span: Span): MessageDraft[] {
  const attribute = span.attributes.get('input.value');
  if (typeof attribute?.value !== 'string') return [];
  const parsed = parseJson(attribute.value)?.value;
  const list = messageListIn(parsed);
  if (!list) return [];
  const drafts = list.map((element) => plainMessage(element, attribute.path));
  answerSteps(drafts);
  return drafts;
}

function messageListIn(value: unknown): Record<string, unknown>[] | undefined {
  const asList = (candidate: unknown): Record<string, unknown>[] | undefined => {
    if (!Array.isArray(candidate) || candidate.length === 0) return undefined;
    const messages = candidate.filter((element): element is Record<string, unknown> => isRecord(element) && typeof element.role === 'string');
    return messages.length === candidate.length ? messages : undefined;
  };
  if (Array.isArray(value)) return asList(value);
  if (!isRecord(value)) return undefined;
  const args: unknown = Array.isArray(value.args) ? value.args[0] : undefined;
  const kwargs = isRecord(value.kwargs) ? value.kwargs.messages : undefined;
  return asList(value.messages) ?? asList(args) ?? asList(kwargs);
}

/** A role/content message (content a string or a list of typed parts), with OpenAI-style calls. */
function plainMessage(element: Record<string, unknown>, path: string): MessageDraft {
  const roleName = typeof element.role === 'string' ? element.role : '';
  const content: ContentBlock[] = [];
  const body = element.content;
  if (typeof body === 'string') {
    if (body !== '') content.push({ kind: 'text', type: 'text', text: body, raw: body });
  } else if (Array.isArray(body)) {
    for (const part of body) {
      const type = isRecord(part) && typeof part.type === 'string' ? part.type : '(none)';
      const text = isRecord(part) && typeof part.text === 'string' ? part.text : typeof part === 'string' ? part : undefined;
      const kind = type === 'image' || type === 'image_url' ? 'image' : text !== undefined ? 'text' : 'other';
      content.push({ kind, type, ...(text !== undefined && kind === 'text' && { text }), raw: part });
    }
  } else if (body !== undefined && body !== null) content.push({ kind: 'other', type: '(none)', raw: body });
  const toolCalls = readToolCalls(element.tool_calls, false);
  const calls = roleName === 'tool-call' && toolCalls.length === 0 ? textCalls(joinText(content), element) : toolCalls;
  const name = typeof element.name === 'string' && element.name !== '' ? element.name : undefined;
  const toolCallId = typeof element.tool_call_id === 'string' && element.tool_call_id !== '' ? element.tool_call_id : undefined;
  return messageDraft({ roleName, name, toolCallId, content, toolCalls: calls }, element, path);
}

/**
 * Calls whose flattened record lacks arguments (the smolagents instrumentor kept only a string's) get
 * them from `output.value` when it holds the answer as a role/content message with the same call ids.
 */
function fillFromOutputValue(answer: MessageDraft, span: Span): void {
  const missing = answer.toolCalls.filter((call) => call.id !== undefined && call.args === undefined && call.argsText === undefined);
  const attribute = span.attributes.get('output.value');
  if (missing.length === 0 || typeof attribute?.value !== 'string') return;
  const parsed = parseJson(attribute.value)?.value;
  if (!isRecord(parsed) || typeof parsed.role !== 'string') return;
  const recorded = plainMessage(parsed, attribute.path).toolCalls;
  for (const call of missing) {
    const same = recorded.find((other) => other.id === call.id);
    if (!same) continue;
    call.args = same.args;
    if (same.argsText !== undefined) call.argsText = same.argsText;
    if (same.error !== undefined) call.error = same.error;
  }
}

const CALLING_TOOLS = 'Calling tools:';

/** A smolagents `tool-call` message's calls, read from its text; none when the text is not that list. */
function textCalls(text: string, raw: unknown): ToolCall[] {
  const at = text.indexOf(CALLING_TOOLS);
  if (at === -1) return [];
  const start = text.indexOf('[', at);
  if (start === -1) return [];
  let value: unknown;
  try {
    value = pythonValue(parsePythonAt(text, start), text);
  } catch (error) {
    if (error instanceof PythonSyntaxError) return [];
    throw error;
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): ToolCall[] => {
    if (!isRecord(entry)) return [];
    const fn = isRecord(entry.function) ? entry.function : entry;
    const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : undefined;
    const name = typeof fn.name === 'string' ? fn.name : '';
    // A CodeAgent's call holds Python code, not JSON: the arguments are what the tool was given.
    const args = fn.arguments;
    return [{ ...(id !== undefined && { id }), name, args, ...(typeof args === 'string' && { argsText: args }), raw }];
  });
}

/**
 * A smolagents observation names its call (`Call id: …`) only after an error; otherwise it answers
 * the step's calls just before it, and takes their id when the step made one.
 */
function answerSteps(drafts: MessageDraft[]): void {
  let step: MessageDraft | undefined;
  for (const draft of drafts) {
    if (draft.sourceType === 'tool-call') step = draft;
    else if (draft.sourceType === 'tool-response') {
      const named = /^Call id: (\S+)/.exec(draft.text)?.[1];
      const only = step?.toolCalls.length === 1 ? step.toolCalls[0]?.id : undefined;
      const id = named ?? only;
      if (draft.toolCallId === undefined && id !== undefined) draft.toolCallId = id;
      step = undefined;
    } else if (draft.role !== 'ai') step = undefined;
  }
}

function readMessage(fields: Fields, raw: Record<string, unknown>, path: string): MessageDraft {
  const roleName = stringField(fields, 'message.role');
  if (roleName === undefined) return problemDraft(raw, path, 'expected a `message.role` attribute');
  const content: ContentBlock[] = [];
  const body = fields.get('message.content')?.value;
  if (typeof body === 'string' && body !== '') content.push({ kind: 'text', type: 'text', text: body, raw: body });
  for (const [, part] of indexed(fields, 'message.contents')) content.push(readContent(part));
  const toolCalls = indexed(fields, 'message.tool_calls').map(([, call]) => readCall(call));
  if (roleName === 'tool-call' && toolCalls.length === 0) pushAll(toolCalls, textCalls(joinText(content), raw));
  // Before tool_calls: one legacy OpenAI function call per message.
  const legacyName = stringField(fields, 'message.function_call_name');
  if (legacyName !== undefined) {
    const argsText = fields.get('message.function_call_arguments_json')?.value;
    toolCalls.push({ ...readToolCall({ function: { name: legacyName, arguments: argsText ?? '{}' } }, false), raw });
  }
  const name = stringField(fields, 'message.name');
  const toolCallId = stringField(fields, 'message.tool_call_id');
  return messageDraft({ roleName, name, toolCallId, content, toolCalls }, raw, path);
}

/** What a message comes to in either encoding (flattened attributes, or a role/content object in `input.value`). */
interface MessageParts {
  roleName: string;
  name: string | undefined;
  toolCallId: string | undefined;
  content: ContentBlock[];
  toolCalls: ToolCall[];
}

function messageDraft({ roleName, name, toolCallId, content, toolCalls }: MessageParts, raw: unknown, path: string): MessageDraft {
  return {
    role: ROLES.get(roleName) ?? 'other',
    sourceType: roleName,
    ...(name !== undefined && { name }),
    ...(toolCallId !== undefined && { toolCallId }),
    content,
    text: joinText(content),
    toolCalls,
    invalidToolCalls: [],
    raw,
    location: { path },
  };
}

const CONTENT_KINDS = new Map<string, ContentKind>([
  ['text', 'text'],
  ['image', 'image'],
  ['audio', 'audio'],
  ['reasoning', 'reasoning'],
  ['tool_use', 'tool_call'],
]);

function readContent(part: Fields): ContentBlock {
  const raw = Object.fromEntries([...part].map(([key, flat]) => [key, flat.value]));
  const type = stringField(part, 'message_content.type') ?? '(none)';
  const text = stringField(part, 'message_content.text');
  return { kind: CONTENT_KINDS.get(type) ?? 'other', type, ...(text !== undefined && { text }), raw };
}

function readCall(call: Fields): ToolCall {
  const raw = Object.fromEntries([...call].map(([key, flat]) => [key, flat.value]));
  const args = call.get('tool_call.function.arguments')?.value;
  const parsed = readToolCall({ id: call.get('tool_call.id')?.value, function: { name: call.get('tool_call.function.name')?.value, arguments: args } }, false);
  return { ...parsed, raw };
}

export const openinference: FormatAdapter = guarded({
  name: 'openinference',
  label: 'OpenInference spans',
  expects: EXPECTS,
  detect,
  read,
});
