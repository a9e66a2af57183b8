// Google Gemini generateContent: a request `{contents, systemInstruction?, tools?, generationConfig?}`
// (python-genai: `system_instruction`, also inside `config`), a bare list of `Content`, or a response
// `{candidates: [{content, finishReason}], usageMetadata, modelVersion}`. REST camelCase and
// python-genai snake_case alike. Source: googleapis/python-genai@6680718 google/genai/types.py
// (`Content`, `GenerateContentResponse`); see geminiParts.ts for the parts.
import { isRecord, kindOf, printed } from '../../json/value';
import type { ContentBlock, Role, ToolCall } from '../../model';
import { splitTurn, wholeTurn, whereAt, whereOf, type Where } from '../common/draftPaths';
import { expectedObject, newDraft, problemDraft } from '../common/drafts';
import { stringOf } from '../common/fields';
import { field, partData, readFunctionCall, readGeminiUsage, readPart, responseText } from './geminiParts';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'a generateContent request {"systemInstruction"?, "contents": [{"role": "user" | "model", "parts": [...]}]} (camelCase or snake_case), a bare list of such contents, or a response {"candidates": [{"content": ...}], "usageMetadata": ...}';

// Older Vertex AI samples send function responses in a turn of role "function".
const ROLES = new Map<string, Role>([
  ['user', 'human'],
  ['model', 'ai'],
  ['function', 'human'],
]);
const SAMPLE = 50;

/** A Content: a known role (or none) and parts that are Gemini parts (they have no `type`, unlike AI SDK parts). */
function contentScore(value: unknown): { fits: boolean; marked: boolean } {
  if (!isRecord(value)) return { fits: false, marked: false };
  const role = field(value, 'role', 'role');
  const parts = value.parts;
  if ((role !== undefined && !(typeof role === 'string' && ROLES.has(role))) || !Array.isArray(parts)) return { fits: false, marked: false };
  const fits = parts.every((part) => isRecord(part) && typeof part.type !== 'string');
  return { fits, marked: fits && parts.some((part) => partData(part) !== undefined) };
}

function listScore(list: readonly unknown[], input: ParsedInput): number {
  let marked = false;
  let sampled = 0;
  for (let i = 0; i < list.length && sampled < SAMPLE; i++) {
    if (input.lineErrors?.has(i)) continue;
    const score = contentScore(list[i]);
    if (!score.fits) return 0;
    marked ||= score.marked;
    sampled++;
  }
  return marked ? 100 : 0;
}

function candidatesOf(value: unknown): unknown[] | undefined {
  if (!isRecord(value)) return undefined;
  const candidates = value.candidates;
  return Array.isArray(candidates) && candidates.every(isRecord) ? candidates : undefined;
}

function detect(input: ParsedInput): number {
  const value = input.value;
  if (Array.isArray(value)) return listScore(value, input);
  if (!isRecord(value)) return 0;
  if (Array.isArray(value.contents)) return listScore(value.contents, input);
  const candidates = candidatesOf(value);
  const usage = field(value, 'usageMetadata', 'usage_metadata');
  if (candidates === undefined) return blockedPrompt(value) ? 100 : 0;
  return isRecord(usage) || candidates.some((c) => isRecord(c) && isRecord(c.content)) ? 100 : 0;
}

/** A response to a prompt refused before any answer: `promptFeedback.blockReason` and no `candidates`. */
function blockedPrompt(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const feedback = field(value, 'promptFeedback', 'prompt_feedback');
  return isRecord(feedback) && typeof field(feedback, 'blockReason', 'block_reason') === 'string' ? feedback : undefined;
}

/** Why a blocked prompt got no answer, with the safety ratings that were not negligible. */
function blockedNote(feedback: Record<string, unknown>): string {
  const ratings = field(feedback, 'safetyRatings', 'safety_ratings');
  const flagged = (Array.isArray(ratings) ? ratings : []).flatMap((rating) =>
    isRecord(rating) && typeof rating.category === 'string' && rating.probability !== 'NEGLIGIBLE' ? [`${rating.category} ${printed(rating.probability)}`] : [],
  );
  const why = flagged.length > 0 ? ` (${flagged.join(', ')})` : '';
  return `The prompt was blocked (${printed(field(feedback, 'blockReason', 'block_reason'))})${why} before the model answered: the response holds no candidate, so no message.`;
}

/**
 * Gemini's call and response ids are optional. A call without one gets `<name>@<contents index>.<part
 * index>`, marked made up with its position; a response without one answers the first call still
 * waiting with its name from the latest model turn (the API pairs them by order and name), or, when
 * none waits, gets an id of its own position so it shows as an orphan.
 */
class Pairing {
  private waiting = new Map<string, Waiting>();

  modelTurn(): void {
    this.waiting = new Map();
  }

  called(name: string, id: string, madeUp: boolean): void {
    const queue = this.waiting.get(name);
    if (queue) queue.push({ id, madeUp });
    else this.waiting.set(name, new Waiting({ id, madeUp }));
  }

  answer(name: string, id: string | undefined): WaitingCall | undefined {
    const queue = this.waiting.get(name);
    if (id === undefined) return queue?.shift();
    queue?.take(id);
    return { id, madeUp: false };
  }
}

interface WaitingCall {
  id: string;
  madeUp: boolean;
}

/**
 * The calls of one name still waiting, in order. A turn may hold tens of thousands of calls of one
 * name: Array.shift and splice move every later call each time (quadratic in the turn), so the
 * front is an index and a call answered by id is skipped when the front reaches it.
 */
class Waiting {
  private readonly calls: WaitingCall[];
  private front = 0;
  /** Of each id, how many calls are still waiting, and how many of them were answered by id and await skipping. */
  private readonly open = new Map<string, number>();
  private readonly taken = new Map<string, number>();

  constructor(first: WaitingCall) {
    this.calls = [first];
    this.open.set(first.id, 1);
  }

  push(call: WaitingCall): void {
    this.calls.push(call);
    this.open.set(call.id, (this.open.get(call.id) ?? 0) + 1);
  }

  /** The first waiting call, no longer waiting. */
  shift(): WaitingCall | undefined {
    while (this.front < this.calls.length) {
      const call = this.calls[this.front++];
      if (call === undefined) break;
      const taken = this.taken.get(call.id) ?? 0;
      if (taken > 0) {
        this.taken.set(call.id, taken - 1);
        continue;
      }
      this.open.set(call.id, (this.open.get(call.id) ?? 1) - 1);
      return call;
    }
    return undefined;
  }

  /** The first waiting call with this id, if any, no longer waiting. */
  take(id: string): void {
    const open = this.open.get(id) ?? 0;
    if (open === 0) return;
    this.open.set(id, open - 1);
    this.taken.set(id, (this.taken.get(id) ?? 0) + 1);
  }
}

interface Turn {
  /** contents index, for made-up ids. */
  index: number;
  where: Where;
  /** Where the parts are inside the element: `.parts`, or `.content.parts` in a candidate. */
  parts: string;
  raw: unknown;
  defaultRole: string;
}

function readTurn(content: unknown, turn: Turn, pairing: Pairing): MessageDraft[] {
  const { where, raw } = turn;
  if (!isRecord(content)) return [problemDraft(raw, where.path, expectedObject('`role` and `parts`', content))];
  const roleName = stringOf(field(content, 'role', 'role')) ?? turn.defaultRole;
  const role = ROLES.get(roleName);
  if (role === undefined) return [problemDraft(raw, where.path, `expected \`role\` "user" or "model", got ${JSON.stringify(roleName)}`)];
  const parts = content.parts;
  if (!Array.isArray(parts)) return [problemDraft(raw, where.path, `expected \`parts\` to be a list, got ${kindOf(parts)}`)];
  if (role === 'ai') return readModelTurn(parts, roleName, turn, pairing);
  return readUserTurn(parts, roleName, turn, pairing);
}

/**
 * A functionResponse belongs in a user turn; one found in a model turn is read as the tool message it
 * is, keeping the turn's role as its `sourceType` (tool-result-wrong-role reports it), and answers the
 * calls of the turn before, as it would have in a user turn. A model turn holding nothing else makes
 * no AI message of its own.
 */
function readModelTurn(parts: unknown[], roleName: string, turn: Turn, pairing: Pairing): MessageDraft[] {
  if (!parts.some((part) => partData(part)?.field === 'functionResponse')) pairing.modelTurn();
  const kept: ContentBlock[] = [];
  const calls: ToolCall[] = [];
  const responses: MessageDraft[] = [];
  parts.forEach((part, j) => {
    const data = partData(part);
    if (data?.field === 'functionResponse' && isRecord(part)) {
      const response = readResponse(part, data.written, data.value, turn, j, pairing);
      if (response.role === 'tool') response.sourceType = roleName;
      responses.push(response);
      return;
    }
    kept.push(readPart(part));
    if (data?.field !== 'functionCall' || !isRecord(part) || !isRecord(data.value)) return;
    const name = stringOf(data.value.name) ?? '';
    const given = stringOf(data.value.id);
    const call = readFunctionCall(part, data.value, given ?? `${name}@${turn.index}.${j}`);
    if (given === undefined) call.idMadeUp = { path: turn.where.inner(`${turn.parts}[${j}]`) };
    pairing.called(name, call.id ?? '', given === undefined);
    calls.push(call);
  });
  if (kept.length === 0 && responses.length > 0) return responses;
  const ai = newDraft('ai', roleName, kept, turn.raw, turn.where.path);
  ai.toolCalls = calls;
  return [ai, ...responses];
}

/** Each functionResponse becomes its own tool message, in part order; the parts between them human messages. */
function readUserTurn(parts: unknown[], roleName: string, turn: Turn, pairing: Pairing): MessageDraft[] {
  const drafts = splitTurn(
    parts,
    (part, j) => {
      const data = partData(part);
      return data?.field === 'functionResponse' && isRecord(part) ? readResponse(part, data.written, data.value, turn, j, pairing) : undefined;
    },
    () => 'human',
    (run, raw) => newDraft('human', roleName, run.blocks.map(readPart), raw, turn.where.inner(`${turn.parts}[${run.first}]`)),
  );
  if (drafts.length === 0) return [newDraft('human', roleName, [], turn.raw, turn.where.path)];
  wholeTurn(drafts, turn.raw, turn.where.path);
  return drafts;
}

function readResponse(part: Record<string, unknown>, written: string, value: unknown, turn: Turn, j: number, pairing: Pairing): MessageDraft {
  const path = turn.where.inner(`${turn.parts}[${j}]`);
  if (!isRecord(value)) return problemDraft(part, path, expectedObject('`name` and `response`', value));
  const name = stringOf(value.name) ?? '';
  const answered = pairing.answer(name, stringOf(value.id));
  const response = field(value, 'response', 'response');
  // Multimodal function responses carry their media in `parts`.
  const media = Array.isArray(value.parts) ? value.parts.map(readPart) : [];
  const draft = newDraft('tool', written, [{ kind: 'text', type: written, text: responseText(response), raw: part }, ...media], part, path);
  draft.toolCallId = answered?.id ?? `${name}@${turn.index}.${j}`;
  if (answered?.madeUp !== false) draft.toolCallIdMadeUp = true;
  if (name !== '') draft.name = name;
  // python-genai: 'Use "output" key to specify function output and "error" key to specify error details'.
  if (isRecord(response) && field(response, 'error', 'error') !== undefined) draft.status = 'error';
  return draft;
}

function systemInstruction(value: Record<string, unknown>): MessageDraft[] {
  const config = isRecord(value.config) ? value.config : {};
  for (const [holder, prefix] of [
    [value, ''],
    [config, 'config.'],
  ] as const) {
    for (const key of ['systemInstruction', 'system_instruction']) {
      const instruction = holder[key];
      if (instruction === undefined || instruction === null) continue;
      const path = `${prefix}${key}`;
      // A Content, a bare list of parts, or (python-genai) a plain string.
      const parts = isRecord(instruction) ? instruction.parts : instruction;
      if (typeof parts === 'string') return [newDraft('system', key, [{ kind: 'text', type: 'text', text: parts, raw: parts }], instruction, path)];
      if (!Array.isArray(parts)) return [problemDraft(instruction, path, expectedObject('`parts`', instruction))];
      const blocks = parts.map((part): ContentBlock => (typeof part === 'string' ? { kind: 'text', type: 'text', text: part, raw: part } : readPart(part)));
      return [newDraft('system', key, blocks, instruction, path)];
    }
  }
  return [];
}

function readContents(list: unknown[], prefix: string, input: ParsedInput): MessageDraft[] {
  const pairing = new Pairing();
  const lineOf = input.jsonLines ? input.lineOf : undefined;
  return list.flatMap((content, i) => {
    const where = whereOf(prefix, i, lineOf);
    const lineError = input.lineErrors?.get(i);
    if (lineError !== undefined) return [problemDraft(content, where.path, lineError)];
    const drafts = readTurn(content, { index: i, where, parts: '.parts', raw: content, defaultRole: 'user' }, pairing);
    // `turn` tells rules which messages were one Content; a response inside a model turn is not a user turn of its own.
    const model = isRecord(content) && ROLES.get(stringOf(field(content, 'role', 'role')) ?? 'user') === 'ai';
    for (const draft of drafts) if (!(model && draft.role === 'tool')) draft.turn = i;
    return drafts;
  });
}

function readResponseBody(value: Record<string, unknown>, candidates: unknown[]): MessageDraft[] {
  const pairing = new Pairing();
  const drafts = candidates.flatMap((candidate, k) => {
    const where = whereAt(`candidates[${k}]`);
    const content = isRecord(candidate) ? field(candidate, 'content', 'content') : undefined;
    // A candidate stopped by a safety filter may have no content at all.
    if (content === undefined) return [newDraft('ai', 'model', [], candidate, where.path)];
    return readTurn(content, { index: k, where, parts: '.content.parts', raw: candidate, defaultRole: 'model' }, pairing);
  });
  const first = drafts.find((draft) => draft.role === 'ai');
  if (first) {
    // One usage for the whole response: on the first candidate, so it counts once.
    first.usage = readGeminiUsage(field(value, 'usageMetadata', 'usage_metadata'));
    first.model = stringOf(field(value, 'modelVersion', 'model_version'));
    first.id = stringOf(field(value, 'responseId', 'response_id'));
    first.timestamp = stringOf(field(value, 'createTime', 'create_time'));
  }
  return drafts;
}

function read(input: ParsedInput): AdapterOutput {
  const value = input.value;
  if (Array.isArray(value)) return { messages: readContents(value, '', input) };
  if (isRecord(value) && Array.isArray(value.contents)) {
    return { messages: [...systemInstruction(value), ...readContents(value.contents, 'contents', input)], kind: 'request' };
  }
  const candidates = candidatesOf(value);
  if (isRecord(value) && candidates) return { messages: readResponseBody(value, candidates), kind: 'response' };
  const blocked = isRecord(value) ? blockedPrompt(value) : undefined;
  if (blocked) return { messages: [], kind: 'response', notes: [blockedNote(blocked)] };
  return { messages: [problemDraft(value, '', `expected ${EXPECTS}`)] };
}

export const gemini: FormatAdapter = {
  name: 'gemini',
  label: 'Google Gemini',
  expects: EXPECTS,
  detect,
  read,
};
