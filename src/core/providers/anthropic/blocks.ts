// Messages as Anthropic content blocks. A user-side message gives exactly `userBlockCount` blocks,
// so the `content.M` positions rules quote match the exported request.
import { isRecord, stringifyJson } from '../../json/value';
import type { ContentBlock, Message, ToolCall } from '../../model';
import { sentInvalidCalls } from './requestLayout';
import type { Lost } from '../lost';
import { readImage } from '../media';
import { isServerCallType, isServerResult, isServerResultType } from './serverTools';
import { firstIndexes, wireContent, type WirePositions } from './wireOrder';

export type Block = Record<string, unknown>;

const NATIVE_REASONING = new Set(['thinking', 'redacted_thinking']);

/** Blocks Anthropic takes verbatim: its own thinking and server tools, and blocks already in its shape. */
function native(block: ContentBlock): Block | undefined {
  const raw = block.raw;
  if (!isRecord(raw) || typeof raw.type !== 'string') return undefined;
  if (block.kind === 'reasoning') return NATIVE_REASONING.has(raw.type) ? raw : undefined;
  // A compaction block goes back as it came: the API reads its summary in place of the turns before it.
  if (isServerCallType(raw.type) || isServerResultType(raw.type) || raw.type === 'compaction') return raw;
  if ((block.kind === 'file' || block.kind === 'image') && isRecord(raw.source)) return raw;
  if (block.kind === 'tool_result' && raw.type === 'tool_result') return raw;
  return undefined;
}

function convertible(block: ContentBlock): Block | undefined {
  if (block.kind === 'text') return { type: 'text', text: block.text ?? '' };
  const kept = native(block);
  if (kept) return kept;
  const image = readImage(block);
  if (!image) return undefined;
  const source = 'url' in image ? { type: 'url', url: image.url } : { type: 'base64', media_type: image.mediaType, data: image.base64 };
  return { type: 'image', source };
}

/** One block per content block (at least one), as `userBlockCount` promises; what has no Anthropic form becomes text. */
export function humanBlocks(m: Message, lost: Lost): Block[] {
  if (m.content.length === 0) return [{ type: 'text', text: m.text }];
  return m.content.map((block) => {
    const converted = convertible(block);
    if (converted) return converted;
    lost.add(m.index, `a ${block.type} block has no Anthropic form; sent as text`);
    return { type: 'text', text: block.text ?? stringifyJson(block.raw) ?? '' };
  });
}

/** A client tool's result; a server tool's result block goes back into the assistant turn as it was. */
export function toolResultBlock(m: Message, lost: Lost): Block {
  if (isServerResult(m) && isRecord(m.raw)) return m.raw;
  const content = m.content.every((b) => b.kind === 'text') && m.content.length <= 1 ? m.text : humanBlocks(m, lost);
  if (m.toolCallId === undefined) lost.add(m.index, 'a tool result without tool_call_id cannot be a tool_result block (tool_use_id is required)');
  if (m.name !== undefined) lost.add(m.index, 'tool_result blocks have no tool name');
  if (m.status !== undefined && m.status !== 'success' && m.status !== 'error') {
    lost.add(m.index, `status "${m.status}" has no place in a tool_result block (only is_error)`);
  }
  return {
    type: 'tool_result',
    ...(m.toolCallId !== undefined && { tool_use_id: m.toolCallId }),
    content,
    ...(m.status === 'error' && { is_error: true }),
  };
}

function toolUse(m: Message, call: ToolCall, lost: Lost): Block {
  const isObject = isRecord(call.args);
  if (call.invalid) lost.add(m.index, `invalid call ${call.id ?? call.name} is sent as a tool_use; its error text has no place`);
  if (!isObject) lost.add(m.index, `the arguments of call ${call.id ?? call.name} are not a JSON object; tool_use input is sent as {}`);
  if (call.id === undefined) lost.add(m.index, `call ${call.name} has no id, which tool_use requires`);
  return { type: 'tool_use', ...(call.id !== undefined && { id: call.id }), name: call.name, input: isObject ? call.args : {} };
}

const blockId = (block: ContentBlock): unknown => (isRecord(block.raw) ? block.raw.id : undefined);

/**
 * Content in order, each tool_use where its block stood (calls with no block of their own last), so
 * an Anthropic message comes back as it was; answered invalid calls too, so their results pair.
 * `inside` are blocks that stood in the wire message at the given positions (server tools' results,
 * read out into tool messages): each goes back before the first block that came after it. `positions` looks
 * up where blocks stood (an export passes its wirePositions, shared by messages split from one wire message).
 */
export function assistantBlocks(
  m: Message,
  lost: Lost,
  answered: ReadonlySet<string>,
  inside: readonly { at: number; block: Block }[] = [],
  positions: WirePositions = firstIndexes,
): Block[] {
  const invalid = sentInvalidCalls(m, answered);
  if (invalid.length < m.invalidToolCalls.length) lost.add(m.index, 'invalid calls nothing answers are left out (a tool_use needs a tool_result)');
  const pending = new Map<unknown, ToolCall>();
  const unkeyed: ToolCall[] = [];
  for (const call of [...m.toolCalls, ...invalid]) {
    if (call.id === undefined || pending.has(call.id)) unkeyed.push(call);
    else pending.set(call.id, call);
  }
  const blocks: Block[] = [];
  // Where each block stood in the wire message, looked up once: an indexOf per block made a message of
  // n blocks quadratic. Only blocks placed back inside need it.
  const content = inside.length > 0 ? wireContent(m) : undefined;
  const wireAt = content && positions(content);
  let placed = 0;
  const placeBefore = (at: number): void => {
    for (let next = inside[placed]; next !== undefined && next.at < at; next = inside[++placed]) blocks.push(next.block);
  };
  for (const block of m.content) {
    if (wireAt !== undefined) placeBefore(wireAt.get(block.raw) ?? -1);
    const kept = native(block);
    const call = block.kind === 'tool_call' ? pending.get(blockId(block)) : undefined;
    if (kept) {
      // A server tool's call is written verbatim here; its ToolCall must not add a tool_use.
      pending.delete(blockId(block));
      blocks.push(kept);
    } else if (call) {
      pending.delete(call.id);
      blocks.push(toolUse(m, call, lost));
    } else if (block.kind !== 'tool_call') {
      const converted = convertible(block);
      if (converted) blocks.push(converted);
      else
        lost.add(
          m.index,
          `a ${block.type} block has no place in an Anthropic assistant message${block.kind === 'reasoning' ? ' (thinking needs its signature)' : ''}`,
        );
    }
  }
  placeBefore(Infinity);
  for (const call of [...pending.values(), ...unkeyed]) blocks.push(toolUse(m, call, lost));
  return blocks;
}
