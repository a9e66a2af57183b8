// OpenTelemetry GenAI spans (open-telemetry/semantic-conventions @953276f: docs/gen-ai/gen-ai-input-messages.json,
// gen-ai-output-messages.json, gen-ai-system-instructions.json, docs/registry/attributes/gen-ai.md,
// examples in docs/gen-ai/non-normative/examples-llm-calls.md): attributes `gen_ai.system_instructions`
// (parts), `gen_ai.input.messages` / `gen_ai.output.messages` (`{role, parts, name?, finish_reason?}`),
// structured or as a JSON string; usage in `gen_ai.usage.*`. Also the deprecated span events
// (`model/gen-ai/deprecated/events-deprecated.yaml`): `gen_ai.{system,user,assistant,tool}.message` and
// `gen_ai.choice`, body in the `gen_ai.event.content` JSON string as Azure AI Inference writes it.
import { isRecord, kindOf, parseJson } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, newDraft, problemDraft, textOf } from '../common/drafts';
import { usageFrom } from '../common/usage';
import { readMessage } from '../common/messageFields';
import { readToolCall } from '../common/toolCall';
import { fromAnyValue, isoTime, numberAttribute, readSpans, sampleAttributeKeys, stringAttribute, type Attribute, type Span } from './otlp';
import { mergeTurns, repeatedNote, type CallTurn } from '../common/spanTimeline';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const INPUT = 'gen_ai.input.messages';
const OUTPUT = 'gen_ai.output.messages';
const SYSTEM = 'gen_ai.system_instructions';
const EXPECTS = `OTLP/JSON spans ({"resourceSpans": [...]}, a span list or one span) with ${INPUT} / ${OUTPUT} attributes`;

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
  return attributes.has(INPUT) || attributes.has(OUTPUT) || attributes.has(SYSTEM);
}

function hasMessageEvents(span: Record<string, unknown>): boolean {
  return (
    Array.isArray(span.events) && span.events.some((e) => isRecord(e) && typeof e.name === 'string' && (EVENT_ROLES.has(e.name) || e.name === 'gen_ai.choice'))
  );
}

function detect(input: ParsedInput): number {
  const keys = sampleAttributeKeys(input);
  if (keys.has(INPUT) || keys.has(OUTPUT) || keys.has(SYSTEM)) return 100;
  if (![...keys].some((key) => key.startsWith('gen_ai.'))) return 0;
  // GenAI spans without content (capture off) or with the deprecated events: still ours, but say so when read.
  return 60;
}

function read(input: ParsedInput): AdapterOutput {
  const spans = readSpans(input).filter((span) => hasMessages(span.attributes) || hasMessageEvents(span.raw));
  if (spans.length === 0) {
    return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}; no span carries message content (is content capture on?)`)] };
  }
  const turns = spans.map(readTurn);
  const { messages, repeated } = mergeTurns(turns);
  return { messages, notes: repeatedNote(repeated, spans.length, 'LLM spans') };
}

function readTurn(span: Span): CallTurn {
  const system = span.attributes.get(SYSTEM);
  const inputAttribute = span.attributes.get(INPUT);
  const outputAttribute = span.attributes.get(OUTPUT);
  const turn: CallTurn =
    system || inputAttribute || outputAttribute
      ? {
          input: [...(system ? readSystem(system) : []), ...(inputAttribute ? readMessages(inputAttribute, 'human') : [])],
          output: outputAttribute ? readMessages(outputAttribute, 'ai') : [],
        }
      : readEvents(span);
  const answer = turn.output.find((draft) => draft.role === 'ai') ?? turn.output[0];
  if (answer) describeAnswer(answer, span, turn.output.length === 1);
  return turn;
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

function readMessages(attribute: Attribute, plainTextRole: Role): MessageDraft[] {
  const parsed = valueOf(attribute);
  if ('text' in parsed) {
    // Some SDKs record the bare text instead of the JSON the conventions ask for.
    const content: ContentBlock[] = [{ kind: 'text', type: 'text', text: parsed.text, raw: parsed.text }];
    return [newDraft(plainTextRole, '(text)', content, parsed.text, attribute.path)];
  }
  if (!Array.isArray(parsed.value)) {
    return [problemDraft(parsed.value, attribute.path, `expected a list of {role, parts} messages, got ${kindOf(parsed.value)}`)];
  }
  return parsed.value.flatMap((element, i) => readOtelMessage(element, elementPath(attribute, i)));
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

/** The deprecated form: one span event per message, the answer in `gen_ai.choice`. */
function readEvents(span: Span): CallTurn {
  const turn: CallTurn = { input: [], output: [] };
  const events = Array.isArray(span.raw.events) ? span.raw.events : [];
  events.forEach((event, i) => {
    if (!isRecord(event) || typeof event.name !== 'string') return;
    const role = EVENT_ROLES.get(event.name);
    if (role === undefined && event.name !== 'gen_ai.choice') return;
    const path = span.path.startsWith('line ') ? span.path : `${span.path}.events[${i}]`;
    const body = eventBody(event);
    if (role !== undefined) {
      turn.input.push(eventMessage(body, role, event, path));
      return;
    }
    const message = isRecord(body.message) ? body.message : body;
    turn.output.push(eventMessage(message, 'assistant', event, path));
  });
  return turn;
}

function eventBody(event: Record<string, unknown>): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (Array.isArray(event.attributes)) {
    for (const entry of event.attributes) if (isRecord(entry) && typeof entry.key === 'string') attributes[entry.key] = fromAnyValue(entry.value);
  } else if (isRecord(event.attributes)) {
    Object.assign(attributes, event.attributes);
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
