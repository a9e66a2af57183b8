// Targets whose assistant turn is one list of parts (Gemini, the AI SDK) keep the calls where the input had
// them among text and reasoning; a call read from no block of its own (OpenAI Chat `tool_calls`) has no place to
// keep, so it goes after the blocks.
import type { ContentBlock, Message, ToolCall } from '../model';

/**
 * Parts in block order, each call where its block stood (calls with no block of their own last). `block` gets
 * every other block (a tool_call block that is no call of this message included) and returns undefined to drop
 * it. Of calls read from the same raw part only the first takes its place; the others go last with the rest.
 */
export function inBlockOrder<P>(m: Message, call: (c: ToolCall) => P, block: (b: ContentBlock) => P | undefined): P[] {
  const calls = [...m.toolCalls, ...m.invalidToolCalls];
  const byBlock = new Map<unknown, ToolCall>();
  for (const c of calls) if (!byBlock.has(c.raw)) byBlock.set(c.raw, c);
  const written = new Set<ToolCall>();
  const parts: P[] = [];
  for (const b of m.content) {
    const own = b.kind === 'tool_call' ? byBlock.get(b.raw) : undefined;
    if (own) {
      written.add(own);
      parts.push(call(own));
    } else {
      const part = block(b);
      if (part !== undefined) parts.push(part);
    }
  }
  for (const c of calls) if (!written.has(c)) parts.push(call(c));
  return parts;
}
