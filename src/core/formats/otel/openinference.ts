// OpenInference LLM spans (Arize-ai/openinference @1fe497f: spec/semantic_conventions.md,
// spec/tool_calling.md, python/openinference-semantic-conventions/src/openinference/semconv/trace/__init__.py):
// flattened, indexed attributes `llm.input_messages.<i>.message.role / content / name / tool_call_id /
// contents.<j>.message_content.* / tool_calls.<k>.tool_call.{id, function.name, function.arguments}`,
// the same under `llm.output_messages`, usage in `llm.token_count.*`, model in `llm.model_name`.
// Read from OTLP/JSON, span lists and attribute maps, where exporters may also nest the same keys
// (`{"llm": {"input_messages": [{"message": {...}}]}}`) or list dicts with dotted keys (Phoenix).
import { isRecord } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, problemDraft } from '../common/drafts';
import { usageFrom } from '../common/usage';
import { readToolCall } from '../common/toolCall';
import { isoTime, numberFrom, readSpans, sampleAttributeKeys, type Attribute, type Span } from './otlp';
import { mergeTurns, repeatedNote, type CallTurn } from '../common/spanTimeline';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const INPUT = 'llm.input_messages';
const OUTPUT = 'llm.output_messages';
const EXPECTS = `OTLP/JSON spans ({"resourceSpans": [...]}, a span list or one span) with OpenInference ${INPUT}.<i>.message.* / ${OUTPUT}.<i>.message.* attributes`;

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
  const flatten = (key: string, value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item, i) => flatten(`${key}.${i}`, item, path));
    else if (isRecord(value)) for (const [k, item] of Object.entries(value)) flatten(`${key}.${k}`, item, path);
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
  const calls: { span: Span; fields: Fields }[] = [];
  for (const span of readSpans(input)) {
    const fields = llmFields(span.attributes);
    if (hasMessages(fields)) calls.push({ span, fields });
  }
  if (calls.length === 0) {
    return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}; no span carries LLM messages (are inputs hidden?)`)] };
  }
  const turns = calls.map(({ span, fields }): CallTurn => {
    const turn = { input: readMessages(fields, INPUT, span), output: readMessages(fields, OUTPUT, span) };
    const answer = turn.output.find((draft) => draft.role === 'ai') ?? turn.output[0];
    if (answer) describeAnswer(answer, fields, span);
    return turn;
  });
  const { messages, repeated } = mergeTurns(turns);
  return { messages, notes: repeatedNote(repeated, calls.length, 'LLM spans') };
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
  return indexed(fields, prefix).map(([i, message]) => {
    // raw: this message's attributes as the span wrote them (full keys).
    const raw = Object.fromEntries([...message].map(([key, flat]) => [`${prefix}.${i}.${key}`, flat.value]));
    const path = message.values().next().value?.path ?? span.path;
    return readMessage(message, raw, path);
  });
}

function readMessage(fields: Fields, raw: Record<string, unknown>, path: string): MessageDraft {
  const roleName = stringField(fields, 'message.role');
  if (roleName === undefined) return problemDraft(raw, path, 'expected a `message.role` attribute');
  const content: ContentBlock[] = [];
  const body = fields.get('message.content')?.value;
  if (typeof body === 'string' && body !== '') content.push({ kind: 'text', type: 'text', text: body, raw: body });
  for (const [, part] of indexed(fields, 'message.contents')) content.push(readContent(part));
  const toolCalls = indexed(fields, 'message.tool_calls').map(([, call]) => readCall(call));
  // Before tool_calls: one legacy OpenAI function call per message.
  const legacyName = stringField(fields, 'message.function_call_name');
  if (legacyName !== undefined) {
    const argsText = fields.get('message.function_call_arguments_json')?.value;
    toolCalls.push({ ...readToolCall({ function: { name: legacyName, arguments: argsText ?? '{}' } }, false), raw });
  }
  const name = stringField(fields, 'message.name');
  const toolCallId = stringField(fields, 'message.tool_call_id');
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
