// msgscope's own JSON (written by convert/msgscope.ts): the normalized messages as they were read,
// raw included. The file may have been edited by hand, so every field is checked, never cast.
import { MSGSCOPE_FORMAT, MSGSCOPE_VERSION } from '../../convert/msgscope';
import { isRecord, kindOf } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage, UsagePass } from '../../model';
import { joinText, problemDraft } from '../common/drafts';
import type { FormatAdapter, MessageDraft } from '../types';

const EXPECTS = `{"format": "${MSGSCOPE_FORMAT}", "version": ${MSGSCOPE_VERSION}, "messages": [...]} (msgscope's own export)`;
const ROLES: ReadonlySet<string> = new Set<Role>(['system', 'human', 'ai', 'tool', 'other']);
const KINDS: ReadonlySet<string> = new Set<ContentKind>(['text', 'reasoning', 'image', 'audio', 'file', 'tool_call', 'tool_result', 'other']);
const isRole = (v: unknown): v is Role => typeof v === 'string' && ROLES.has(v);
const isKind = (v: unknown): v is ContentKind => typeof v === 'string' && KINDS.has(v);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function block(v: unknown): ContentBlock {
  if (!isRecord(v)) return { kind: 'other', type: '(none)', raw: v };
  const text = str(v.text);
  return {
    kind: isKind(v.kind) ? v.kind : 'other',
    type: str(v.type) ?? '(none)',
    ...(text !== undefined && { text }),
    raw: v.raw,
  };
}

function toolCall(v: unknown): ToolCall {
  if (!isRecord(v)) return { name: '', args: v, error: `expected a tool call object, got ${kindOf(v)}`, raw: v };
  const call: ToolCall = { name: str(v.name) ?? '', args: v.args, raw: v.raw };
  const id = str(v.id);
  const argsText = str(v.argsText);
  const error = str(v.error);
  if (id !== undefined) call.id = id;
  if (argsText !== undefined) call.argsText = argsText;
  if (error !== undefined) call.error = error;
  if (v.invalid === true) call.invalid = true;
  const madeUp = isRecord(v.idMadeUp) ? str(v.idMadeUp.path) : undefined;
  if (madeUp !== undefined) call.idMadeUp = { path: madeUp };
  const inside = str(v.answeredInside);
  if (inside !== undefined) call.answeredInside = inside;
  return call;
}

function usage(v: unknown): Usage | undefined {
  if (!isRecord(v)) return undefined;
  const input = num(v.input) ?? 0;
  const output = num(v.output) ?? 0;
  const u: Usage = { input, output, total: num(v.total) ?? input + output, totalReported: v.totalReported === true };
  for (const key of ['cacheRead', 'cacheCreation', 'reasoning', 'cost'] as const) {
    const value = num(v[key]);
    if (value !== undefined) u[key] = value;
  }
  const passes = list(v.iterations).flatMap((p): UsagePass[] => {
    const type = isRecord(p) ? str(p.type) : undefined;
    return isRecord(p) && type !== undefined ? [{ type, input: num(p.input) ?? 0, output: num(p.output) ?? 0 }] : [];
  });
  if (passes.length > 0) u.iterations = passes;
  return u;
}

/** A message split from one wire message names the earlier one that holds their raw value (`rawOf`, see convert/msgscope). */
function sharedRaw(rawOf: unknown, earlier: readonly MessageDraft[]): unknown {
  const index = num(rawOf);
  return index !== undefined && index < earlier.length ? earlier[index]?.raw : undefined;
}

const OPTIONAL = ['id', 'name', 'toolCallId', 'status', 'model', 'timestamp', 'problem'] as const;

function readElement(v: unknown, path: string, earlier: readonly MessageDraft[]): MessageDraft {
  if (!isRecord(v)) return problemDraft(v, path, `expected a message object, got ${kindOf(v)}`);
  const role = v.role;
  if (!isRole(role)) return problemDraft(v, path, `unknown role ${JSON.stringify(role)}: expected ${[...ROLES].join(', ')}`);
  const content = list(v.content).map(block);
  const draft: MessageDraft = {
    role,
    sourceType: str(v.sourceType) ?? role,
    content,
    text: str(v.text) ?? joinText(content),
    toolCalls: list(v.toolCalls).map(toolCall),
    invalidToolCalls: list(v.invalidToolCalls).map(toolCall),
    // The history as first read: the detail view shows the original, not this file's copy of it.
    raw: 'raw' in v ? v.raw : (sharedRaw(v.rawOf, earlier) ?? v),
    location: { path },
  };
  for (const key of OPTIONAL) {
    const value = str(v[key]);
    if (value !== undefined) draft[key] = value;
  }
  const u = usage(v.usage);
  if (u) draft.usage = u;
  const turn = num(v.turn);
  if (turn !== undefined) draft.turn = turn;
  if (v.toolCallIdMadeUp === true) draft.toolCallIdMadeUp = true;
  return draft;
}

export const msgscope: FormatAdapter = {
  name: MSGSCOPE_FORMAT,
  label: 'msgscope JSON',
  expects: EXPECTS,
  detect: ({ value }) => (isRecord(value) && value.format === MSGSCOPE_FORMAT && Array.isArray(value.messages) ? 100 : 0),
  read({ value }) {
    if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${kindOf(value)}`)] };
    if (value.version !== MSGSCOPE_VERSION) {
      const problem = `msgscope JSON version ${JSON.stringify(value.version)} is not one this msgscope reads (${MSGSCOPE_VERSION})`;
      return { messages: [problemDraft(value, '', problem)] };
    }
    const messages: MessageDraft[] = [];
    list(value.messages).forEach((element, i) => messages.push(readElement(element, `messages[${i}]`, messages)));
    const kind = isRecord(value.source) ? value.source.kind : undefined;
    return kind === 'request' || kind === 'response' ? { messages, kind } : { messages };
  },
};
