// Gemini CLI sessions (~/.gemini/tmp/<project>/chats/session-*.json, and since the JSONL recorder
// session-*.jsonl): a `ConversationRecord {sessionId, projectHash, startTime, lastUpdated, messages}`
// whose messages are `{id, timestamp, type: user | gemini | info | error | warning, content}`, a gemini
// message carrying `toolCalls` (each call with its `result` parts), `thoughts` and `tokens`. The JSONL
// form is a metadata line, then message records (a later one with the same id replaces it), `$set`
// updates and `$rewindTo` cuts. docs/FORMATS.md, "Google Gemini" (Gemini CLI sessions).
import { formatPath, linePath } from '../../json/locate';
import { isRecord, kindOf, preview } from '../../json/value';
import type { ContentBlock, Role } from '../../model';
import { newDraft, problemDraft } from '../common/drafts';
import { idOf, stringOf } from '../common/fields';
import { readToolCall } from '../common/toolCall';
import { field, partData, readGeminiUsage, readPart, responseText } from './geminiParts';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'a Gemini CLI session {"sessionId", "projectHash", "messages": [{"id", "timestamp", "type": "user" | "gemini" | "info" | "error" | "warning", "content", "toolCalls"?}]}, or its JSON Lines form';
const TYPES = new Map<string, Role>([
  ['user', 'human'],
  ['gemini', 'ai'],
  // The CLI's own notices, shown to the person and never sent to the model.
  ['info', 'other'],
  ['error', 'other'],
  ['warning', 'other'],
]);
const SAMPLE = 20;

const isMessageRecord = (value: unknown): value is Record<string, unknown> & { id: string } => isRecord(value) && typeof value.id === 'string';
const isMetadata = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && typeof value.sessionId === 'string' && typeof value.projectHash === 'string';
const isUpdate = (value: unknown): boolean => isRecord(value) && (isRecord(value.$set) || typeof value.$rewindTo === 'string');
const isTyped = (value: unknown): boolean => isMessageRecord(value) && typeof value.type === 'string' && TYPES.has(value.type);

function detect(input: ParsedInput): number {
  const { value } = input;
  if (isRecord(value)) {
    if (typeof value.sessionId !== 'string' || !Array.isArray(value.messages)) return 0;
    const sample = value.messages.slice(0, SAMPLE);
    return sample.every(isTyped) && (sample.length > 0 || typeof value.projectHash === 'string') ? 100 : 0;
  }
  if (!Array.isArray(value)) return 0;
  let sampled = 0;
  let metadata = false;
  for (let i = 0; i < value.length && sampled < SAMPLE; i++) {
    if (input.lineErrors?.has(i)) continue;
    const line: unknown = value[i];
    if (sampled++ === 0) metadata = isMetadata(line);
    else if (!isTyped(line) && !isUpdate(line)) return 0;
  }
  return metadata ? 100 : 0;
}

/** A message record and where it is. */
interface Placed {
  record: Record<string, unknown>;
  path: string;
  /** The path inside the record, for values the record holds (its tool calls); a line's own path in JSON Lines. */
  inner: (suffix: string) => string;
}

/**
 * The session as Gemini CLI loads it (`loadConversationRecord`): each record replaces the earlier one with
 * its id, in the earlier one's place; `$rewindTo` drops that message and every later one; `$set.messages`
 * starts over from the list it holds.
 */
function replay(lines: readonly unknown[], input: ParsedInput, notes: string[], problems: MessageDraft[]): Placed[] {
  // Unreadable lines follow the messages: a replayed message stands where its id first appeared, not at a line.
  const byId = new Map<string, Placed>();
  let replaced = 0;
  let rewound = 0;
  let restarted = 0;
  lines.forEach((line, i) => {
    const path = input.jsonLines ? linePath(input.lineOf[i] ?? i + 1) : formatPath([i]);
    const at: Placed['inner'] = () => path;
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) problems.push(problemDraft(line, path, lineError));
    else if (isRecord(line) && typeof line.$rewindTo === 'string') {
      const ids = [...byId.keys()];
      const from = ids.indexOf(line.$rewindTo);
      for (const id of from === -1 ? ids : ids.slice(from)) byId.delete(id);
      rewound += from === -1 ? ids.length : ids.length - from;
    } else if (isMessageRecord(line)) {
      if (byId.has(line.id)) replaced++;
      byId.set(line.id, { record: line, path, inner: at });
    } else if (isRecord(line) && (isRecord(line.$set) || isMetadata(line))) {
      const set = isRecord(line.$set) ? line.$set : line;
      if (Array.isArray(set.messages)) {
        if (isRecord(line.$set)) {
          restarted += byId.size;
          byId.clear();
        }
        for (const message of set.messages) if (isMessageRecord(message)) byId.set(message.id, { record: message, path, inner: at });
      }
    } else problems.push(problemDraft(line, path, `expected a session record (metadata, a message, $set or $rewindTo), got ${kindOf(line)}`));
  });
  if (replaced > 0)
    notes.push(
      `${replaced} ${replaced === 1 ? 'line rewrites a message' : 'lines rewrite messages'} written earlier (same id): the last version is shown, in the first one's place.`,
    );
  if (restarted > 0)
    notes.push(
      `A $set.messages checkpoint replaces ${restarted} earlier ${restarted === 1 ? 'message' : 'messages'} with the list it holds, as Gemini CLI does on resume; they are not shown.`,
    );
  if (rewound > 0)
    notes.push(
      `$rewindTo lines removed ${rewound} ${rewound === 1 ? 'message' : 'messages'} from the session, as Gemini CLI does on resume; they are not shown.`,
    );
  return [...byId.values()];
}

/** `PartListUnion`: a string, one Part, or a list of strings and Parts. */
function readParts(value: unknown): ContentBlock[] {
  const parts = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return parts.map((part): ContentBlock => {
    if (typeof part === 'string') return { kind: 'text', type: 'text', text: part, raw: part };
    const data = partData(part);
    if (data?.field === 'functionResponse')
      return { kind: 'tool_result', type: data.written, text: responseText(field(isRecord(data.value) ? data.value : {}, 'response', 'response')), raw: part };
    return readPart(part);
  });
}

function thoughtBlocks(thoughts: unknown): ContentBlock[] {
  if (!Array.isArray(thoughts)) return [];
  return thoughts.map((thought): ContentBlock => {
    const text = isRecord(thought)
      ? [stringOf(thought.subject), stringOf(thought.description)].filter((s) => s !== undefined && s !== '').join('\n')
      : undefined;
    return { kind: 'reasoning', type: 'thought', text, raw: thought };
  });
}

/** `TokensSummary` copies the response's usageMetadata field by field, so it reads as usageMetadata does. */
function usageOf(tokens: unknown): MessageDraft['usage'] {
  if (!isRecord(tokens)) return undefined;
  return readGeminiUsage({
    promptTokenCount: tokens.input,
    candidatesTokenCount: tokens.output,
    cachedContentTokenCount: tokens.cached,
    thoughtsTokenCount: tokens.thoughts,
    toolUsePromptTokenCount: tokens.tool,
    totalTokenCount: tokens.total,
  });
}

/** A record as messages: a gemini record is the AI turn, then one tool message for each call's result. */
function readRecord({ record, path, inner }: Placed): MessageDraft[] {
  const type = stringOf(record.type);
  const role = type === undefined ? undefined : TYPES.get(type);
  if (type === undefined || role === undefined)
    return [problemDraft(record, path, `expected a message type user, gemini, info, error or warning, got ${preview(record.type, 40)}`)];
  const timestamp = stringOf(record.timestamp);
  const content = role === 'ai' ? [...thoughtBlocks(record.thoughts), ...readParts(record.content)] : readParts(record.content);
  const draft = newDraft(role, type, content, record, path);
  draft.id = stringOf(record.id);
  draft.timestamp = timestamp;
  if (role !== 'ai') return [draft];
  draft.model = stringOf(record.model);
  draft.usage = usageOf(record.tokens);
  const calls: unknown[] = Array.isArray(record.toolCalls) ? record.toolCalls : [];
  draft.toolCalls = calls.map((call) => ({
    ...readToolCall(isRecord(call) ? { id: idOf(call.id), name: call.name, args: call.args } : call, false),
    raw: call,
  }));
  const results = calls.flatMap((call, j) => {
    // A call still running, or cut off before it ran, has no result yet: it is pending.
    if (!isRecord(call) || call.result === undefined || call.result === null) return [];
    const blocks = readParts(call.result);
    const result = newDraft('tool', 'tool_result', blocks, call, inner(`.toolCalls[${j}]`));
    result.text = blocks.flatMap((block) => (block.text === undefined || block.text === '' ? [] : [block.text])).join('\n');
    result.toolCallId = idOf(call.id);
    result.name = stringOf(call.name);
    result.status = stringOf(call.status);
    result.timestamp = stringOf(call.timestamp) ?? timestamp;
    return [result];
  });
  return [draft, ...results];
}

function read(input: ParsedInput): AdapterOutput {
  const { value } = input;
  const notes: string[] = [];
  const messages: MessageDraft[] = [];
  if (Array.isArray(value)) {
    const problems: MessageDraft[] = [];
    pushAll(messages, replay(value, input, notes, problems).flatMap(readRecord));
    pushAll(messages, problems);
  } else if (isRecord(value) && Array.isArray(value.messages)) {
    value.messages.forEach((record, i) => {
      const path = formatPath(['messages', i]);
      if (isMessageRecord(record)) pushAll(messages, readRecord({ record, path, inner: (suffix) => `${path}${suffix}` }));
      else messages.push(problemDraft(record, path, `expected a message record with an "id", got ${kindOf(record)}`));
    });
  } else return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${kindOf(value)}`)] };
  const notices = messages.filter((draft) => draft.role === 'other' && draft.problem === undefined).length;
  if (notices > 0)
    notes.push(`${notices} info / warning / error ${notices === 1 ? 'record is' : 'records are'} Gemini CLI's own notice, never sent to the model.`);
  return notes.length > 0 ? { messages, notes } : { messages };
}

export const geminiCli: FormatAdapter = {
  name: 'gemini-cli',
  label: 'Gemini CLI session',
  expects: EXPECTS,
  detect,
  read,
};
