// Claude Managed Agents sessions (https://platform.claude.com/docs/en/managed-agents/events-and-streaming
// and the Sessions / Events API reference): a session's events, `{domain}.{action}` typed, each with an
// `id` (`sevt_...`) and `processed_at`. Read from a list of events (`events.list`'s `{data: [...]}`, or
// the stream's events one a line), or from a recording of the SDK calls one `[method, payload]` pair a
// line, as langchain-ai/langsmith-sdk @bc8dd67 keeps them (`js/src/tests/test_data/anthropic_managed_*.jsonl`,
// replayed by `js/src/tests/wrapped_anthropic_managed_agents.vitesttest.ts`): `client.beta.sessions.create`
// (the session, whose agent holds the system prompt), `...events.send` ([session id, {events}]) and
// `...events.stream` (one streamed event). The event-to-message mapping follows the LangSmith wrapper
// (`js/src/wrappers/utils/anthropic_managed.ts`, getManagedAgentChatMessages).
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
import type { ContentBlock, ToolCall } from '../../model';
import { readContent } from '../common/content';
import { joinText, newDraft, problemDraft, textOf } from '../common/drafts';
import { idOf, stringOf } from '../common/fields';
import { guarded } from '../common/guard';
import { firstElements } from '../common/messageList';
import { readToolCall } from '../common/toolCall';
import { readAnthropicUsage } from './anthropicMessage';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'Claude Managed Agents session events ({"id": "sevt_...", "type": "user.message" | "agent.message" | "agent.tool_use" | ..., "processed_at"}, a list, {"data": [...]} or one a line), or a recording of client.beta.sessions calls ([method, payload] a line)';
const METHOD = 'client.beta.sessions';
const EVENT_TYPE = /^(?:user|agent|session|span|system)\.[a-z_]+$/;
const CALL_TYPES = new Set(['agent.tool_use', 'agent.mcp_tool_use', 'agent.custom_tool_use']);
/** The result event types and the field naming the call each answers. */
const RESULT_FIELDS = new Map([
  ['agent.tool_result', 'tool_use_id'],
  ['agent.mcp_tool_result', 'mcp_tool_use_id'],
  ['user.custom_tool_result', 'custom_tool_use_id'],
]);

interface Entry {
  kind: 'session' | 'sent' | 'event';
  value: Record<string, unknown>;
  path: string;
}

const isEvent = (value: unknown): value is Record<string, unknown> => isRecord(value) && typeof value.type === 'string' && EVENT_TYPE.test(value.type);
const isCall = (value: unknown): boolean => Array.isArray(value) && typeof value[0] === 'string' && value[0].startsWith(METHOD);

function listOf(value: unknown): { list: unknown[]; at: PathSegment[] } | undefined {
  if (Array.isArray(value)) return { list: value, at: [] };
  if (isRecord(value) && Array.isArray(value.data)) return { list: value.data, at: ['data'] };
  return isEvent(value) ? { list: [value], at: [] } : undefined;
}

function detect(input: ParsedInput): number {
  const found = listOf(input.value);
  if (!found) return 0;
  const sample = firstElements(found.list, input, 10);
  if (sample.length === 0) return 0;
  if (sample.every(isCall)) return 100;
  // Event ids are `sevt_...`; a list of such typed events is nobody else's.
  const events = sample.filter((item) => isEvent(item) && (typeof item.id !== 'string' || item.id.startsWith('sevt_')));
  return events.length === sample.length ? 100 : 0;
}

/** Every element as a session, a sent event or a streamed event, with its path; what is none of them, aside. */
function entriesOf(input: ParsedInput): { entries: Entry[]; other: MessageDraft[] } {
  const found = listOf(input.value);
  const entries: Entry[] = [];
  const other: MessageDraft[] = [];
  found?.list.forEach((element, i) => {
    const at = (...sub: PathSegment[]): string => (input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : formatPath([...found.at, i, ...sub]));
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) other.push(problemDraft(element, at(), lineError));
    else if (isEvent(element)) entries.push({ kind: 'event', value: element, path: at() });
    else if (Array.isArray(element) && typeof element[0] === 'string') {
      const [method, payload] = element as [string, unknown];
      if (method.endsWith('.events.stream') && isRecord(payload)) entries.push({ kind: 'event', value: payload, path: at(1) });
      else if (method.endsWith('.events.send') && Array.isArray(payload) && isRecord(payload[1]) && Array.isArray(payload[1].events)) {
        payload[1].events.forEach((event, j) => {
          if (isRecord(event)) entries.push({ kind: 'sent', value: event, path: at(1, 1, 'events', j) });
        });
      } else if (isRecord(payload) && (payload.type === 'session' || isRecord(payload.agent))) entries.push({ kind: 'session', value: payload, path: at(1) });
      else other.push(problemDraft(element, at(), `a ${method} call this reader does not know`));
    } else other.push(problemDraft(element, at(), `expected ${EXPECTS}`));
  });
  return { entries, other };
}

/** What makes a sent event and the stream's echo of it the same: type, the call it answers, its text. */
function echoKey(event: Record<string, unknown>): string {
  const answers = RESULT_FIELDS.get(String(event.type));
  return JSON.stringify([event.type, answers === undefined ? null : event[answers], event.tool_use_id ?? null, joinText(readContent(event.content))]);
}

interface Reading {
  messages: MessageDraft[];
  /** The assistant turn being assembled from one model request's agent events. */
  turn: MessageDraft | undefined;
  model: string | undefined;
  skipped: Map<string, number>;
}

function read(input: ParsedInput): AdapterOutput {
  const { entries, other } = entriesOf(input);
  if (entries.length === 0) return { messages: other.length > 0 ? other : [problemDraft(input.value, '', `expected ${EXPECTS}`)] };
  const echoed = new Map<string, number>();
  for (const entry of entries) if (entry.kind === 'event') echoed.set(echoKey(entry.value), (echoed.get(echoKey(entry.value)) ?? 0) + 1);
  const reading: Reading = { messages: [...other], turn: undefined, model: undefined, skipped: new Map() };
  let echoes = 0;
  for (const entry of entries) {
    if (entry.kind === 'session') readSession(reading, entry);
    else if (entry.kind === 'sent') {
      // The stream repeats what was sent, with its id and time: shown once, as streamed.
      const key = echoKey(entry.value);
      const left = echoed.get(key) ?? 0;
      if (left > 0) {
        echoed.set(key, left - 1);
        echoes++;
      } else readEvent(reading, entry);
    } else readEvent(reading, entry);
  }
  closeTurn(reading);
  return { messages: reading.messages, notes: notesOf(reading, echoes) };
}

function readSession(reading: Reading, { value, path }: Entry): void {
  const agent = isRecord(value.agent) ? value.agent : {};
  const model = isRecord(agent.model) ? stringOf(agent.model.id) : stringOf(agent.model);
  reading.model ??= model;
  const system = stringOf(agent.system);
  if (system === undefined || system === '') return;
  const draft = newDraft('system', 'agent.system', [{ kind: 'text', type: 'text', text: system, raw: system }], system, formatSub(path, 'agent', 'system'));
  reading.messages.push(draft);
}

/** A sub-path of an element's path; JSON Lines elements are located by their line only. */
const formatSub = (path: string, ...sub: string[]): string => (path.startsWith('line ') ? path : `${path}.${sub.join('.')}`);

function readEvent(reading: Reading, { value: event, path }: Entry): void {
  const type = String(event.type);
  if (type === 'agent.message' || type === 'agent.thinking' || CALL_TYPES.has(type)) {
    addToTurn(reading, event, path);
    return;
  }
  if (type === 'span.model_request_end') {
    // The usage of the request whose events are being assembled; the request is over.
    const usage = readAnthropicUsage(event.model_usage);
    if (reading.turn && usage) reading.turn.usage = usage;
    closeTurn(reading);
    count(reading, type);
    return;
  }
  const answers = RESULT_FIELDS.get(type);
  if (answers !== undefined) {
    closeTurn(reading);
    reading.messages.push(toolResult(event, type, stringOf(event[answers]), path));
    return;
  }
  if (type === 'user.message') {
    closeTurn(reading);
    reading.messages.push(described(newDraft('human', type, readContent(event.content), event, path), event));
    return;
  }
  if (type === 'session.error') {
    closeTurn(reading);
    const error = isRecord(event.error) ? event.error : {};
    const text = stringOf(error.message) ?? textOf(event.error);
    reading.messages.push(described(newDraft('other', type, [{ kind: 'text', type: 'error', text, raw: event.error }], event, path), event));
    return;
  }
  count(reading, type);
}

function count(reading: Reading, type: string): void {
  reading.skipped.set(type, (reading.skipped.get(type) ?? 0) + 1);
}

function described(draft: MessageDraft, event: Record<string, unknown>): MessageDraft {
  const id = idOf(event.id);
  if (id !== undefined) draft.id = id;
  const time = stringOf(event.processed_at);
  if (time !== undefined) draft.timestamp = time;
  return draft;
}

/** The agent's text, thinking and tool uses of one model request are one assistant turn, in event order. */
function addToTurn(reading: Reading, event: Record<string, unknown>, path: string): void {
  const type = String(event.type);
  let blocks: ContentBlock[];
  let call: ToolCall | undefined;
  if (CALL_TYPES.has(type)) {
    call = { ...readToolCall({ id: event.id, name: event.name, args: event.input }, false), raw: event };
    blocks = [{ kind: 'tool_call', type, text: call.name, raw: event }];
  } else if (type === 'agent.thinking') {
    // A progress signal without the thinking itself.
    blocks = [{ kind: 'reasoning', type, raw: event }];
  } else blocks = readContent(event.content);
  const turn = reading.turn;
  if (!turn) {
    const draft = described(newDraft('ai', type, blocks, [event], path), event);
    if (call) draft.toolCalls = [call];
    if (reading.model !== undefined) draft.model = reading.model;
    reading.turn = draft;
    return;
  }
  // Named after every event type it joins, in order: `agent.thinking+agent.mcp_tool_use`.
  if (!turn.sourceType.split('+').includes(type)) turn.sourceType = `${turn.sourceType}+${type}`;
  turn.content = [...turn.content, ...blocks];
  turn.text = joinText(turn.content);
  if (call) turn.toolCalls = [...turn.toolCalls, call];
  if (Array.isArray(turn.raw)) turn.raw.push(event);
}

function closeTurn(reading: Reading): void {
  if (!reading.turn) return;
  const turn = reading.turn;
  // One event stays itself, verbatim; several are the list of them.
  if (Array.isArray(turn.raw) && turn.raw.length === 1) turn.raw = turn.raw[0];
  reading.messages.push(turn);
  reading.turn = undefined;
}

function toolResult(event: Record<string, unknown>, type: string, callId: string | undefined, path: string): MessageDraft {
  const draft = described(newDraft('tool', type, readContent(event.content), event, path), event);
  if (callId !== undefined) draft.toolCallId = callId;
  if (typeof event.is_error === 'boolean') draft.status = event.is_error ? 'error' : 'success';
  return draft;
}

function notesOf(reading: Reading, echoes: number): string[] {
  const notes: string[] = [];
  if (echoes > 0) notes.push(`${echoes} sent event${echoes === 1 ? ' is' : 's are'} shown once, where the stream echoed ${echoes === 1 ? 'it' : 'them'}.`);
  if (reading.skipped.size > 0) {
    const list = [...reading.skipped].map(([type, n]) => `${n} ${type}`).join(', ');
    notes.push(`Not messages, so not shown: ${list} (a request's usage goes on its answer).`);
  }
  return notes;
}

export const anthropicManagedAgents: FormatAdapter = guarded({
  name: 'anthropic-managed-agents',
  label: 'Claude Managed Agents session events',
  expects: EXPECTS,
  detect,
  read,
});
