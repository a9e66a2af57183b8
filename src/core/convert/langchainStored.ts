// LangChain `messages_to_dict` output (docs/FORMATS.md, "LangChain"): `{"type": ..., "data": {...}}` with every
// field a Python dump writes, nulls included, so `messages_from_dict` reads it back.
import { isRecord, stringifyJson } from '../json/value';
import type { ContentBlock, Message, ToolCall, Transcript, Usage } from '../model';
import type { Lost } from '../providers/lost';
import { convertEach } from './isolated';

type Json = Record<string, unknown>;
const TYPES = { system: 'system', human: 'human', ai: 'ai', tool: 'tool' } as const;

/** A string for plain text, else the blocks as the input wrote them (LangChain accepts provider blocks). */
function content(m: Message): string | unknown[] {
  const blocks = m.content.filter((b) => b.type !== 'reasoning_content');
  if (blocks.length === 0) return '';
  const [only] = blocks;
  if (blocks.length === 1 && only?.kind === 'text' && typeof only.raw === 'string') return only.raw;
  return blocks.map((b: ContentBlock) => b.raw);
}

/** `additional_kwargs.reasoning_content` (DeepSeek & co.) is where the LangChain reader found it. */
function additionalKwargs(m: Message): Json {
  const reasoning = m.content.find((b) => b.type === 'reasoning_content');
  return {
    ...(reasoning?.text !== undefined && { reasoning_content: reasoning.text }),
    ...(m.timestamp !== undefined && { timestamp: m.timestamp }),
    // LangChain has no developer type: a developer message is a SystemMessage marked like this.
    ...(m.role === 'system' && m.sourceType === 'developer' && { __openai_role__: 'developer' }),
  };
}

function usageMetadata(u: Usage): Json {
  const input = { ...(u.cacheRead !== undefined && { cache_read: u.cacheRead }), ...(u.cacheCreation !== undefined && { cache_creation: u.cacheCreation }) };
  return {
    input_tokens: u.input,
    output_tokens: u.output,
    total_tokens: u.total,
    ...(Object.keys(input).length > 0 && { input_token_details: input }),
    ...(u.reasoning !== undefined && { output_token_details: { reasoning: u.reasoning } }),
  };
}

const argsText = (c: ToolCall): string => c.argsText ?? (typeof c.args === 'string' ? c.args : (stringifyJson(c.args) ?? ''));

/** A call with object arguments and no error is a tool_call; anything else LangChain keeps as invalid. */
function splitCalls(m: Message): { valid: Json[]; invalid: Json[] } {
  const valid: Json[] = [];
  const invalid: Json[] = [];
  for (const c of [...m.toolCalls, ...m.invalidToolCalls]) {
    if (!c.invalid && c.error === undefined && isRecord(c.args)) {
      valid.push({ name: c.name, args: c.args, id: c.id ?? null, type: 'tool_call' });
    } else {
      const error = c.error ?? (isRecord(c.args) ? null : 'arguments are not a JSON object');
      invalid.push({ type: 'invalid_tool_call', id: c.id ?? null, name: c.name, args: argsText(c), error });
    }
  }
  return { valid, invalid };
}

function convertMessage(m: Message, lost: Lost): Json | undefined {
  if (m.role === 'other') {
    lost.add(m.index, 'unreadable or unknown messages are left out');
    return undefined;
  }
  const type = TYPES[m.role];
  const data: Json = {
    content: content(m),
    additional_kwargs: additionalKwargs(m),
    response_metadata: m.model === undefined ? {} : { model_name: m.model },
    type,
    name: m.name ?? null,
    id: m.id ?? null,
  };
  if (m.role === 'ai') {
    const { valid, invalid } = splitCalls(m);
    Object.assign(data, { tool_calls: valid, invalid_tool_calls: invalid, usage_metadata: m.usage ? usageMetadata(m.usage) : null });
  }
  if (m.role === 'tool') {
    const status = m.status === 'error' ? 'error' : 'success';
    if (m.toolCallId === undefined) lost.add(m.index, 'a ToolMessage needs a tool_call_id; it is written as null');
    if (m.status !== undefined && m.status !== status) lost.add(m.index, `status "${m.status}" has no place in LangChain (success or error only)`);
    Object.assign(data, { tool_call_id: m.toolCallId ?? null, artifact: null, status });
  }
  return { type, data };
}

export function toLangChainStored(t: Transcript, lost: Lost): Json[] {
  return convertEach(t.messages, lost, (m) => convertMessage(m, lost));
}
