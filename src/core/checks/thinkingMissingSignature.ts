import { assistantBlocks } from '../providers/anthropic/blocks';
import { firstIndexes } from '../providers/anthropic/wireOrder';
import { anthropicLayout } from '../providers/anthropic/requestLayout';
import { lostList } from '../providers/lost';
import { isRecord } from '../json/value';
import type { Finding, Message } from '../model';
import { anthropicThinkingSignature } from '../providers/anthropic/errors';
import { geminiMissingThoughtSignature } from '../providers/gemini';
import { at, atStart, messageRule, report, type CheckContext, type MessageRule } from './rule';

const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v !== '';

/** Anthropic thinking that lost what proves it unmodified: `signature`, or `data` of redacted thinking. */
function missingField(raw: unknown): { type: string; field: string } | undefined {
  if (!isRecord(raw)) return undefined;
  if (raw.type === 'thinking' && typeof raw.thinking === 'string' && !nonEmpty(raw.signature)) return { type: 'thinking', field: 'signature' };
  if (raw.type === 'redacted_thinking' && !nonEmpty(raw.data)) return { type: 'redacted_thinking', field: 'data' };
  return undefined;
}

const hasSignature = (raw: unknown): boolean => isRecord(raw) && (nonEmpty(raw.thoughtSignature) || nonEmpty(raw.thought_signature));
/** A Gemini part holding a function call, as the Gemini adapter keeps it in ToolCall.raw. */
const isFunctionCallPart = (raw: unknown): boolean => isRecord(raw) && ('functionCall' in raw || 'function_call' in raw);

/** Whether the history came from a Gemini model that thinks: thought parts, or signatures anywhere. */
function geminiThinks(messages: readonly Message[]): boolean {
  return messages.some(
    (m) => m.content.some((b) => (isRecord(b.raw) && b.raw.thought === true) || hasSignature(b.raw)) || m.toolCalls.some((c) => hasSignature(c.raw)),
  );
}

/**
 * Signed reasoning must travel back with its signature. Reads the raw blocks and parts, so it only
 * flags what the format shows: Anthropic thinking blocks, and Gemini functionCall parts (Gemini puts
 * the signature on the first functionCall part of a model turn, none on the parallel ones after it).
 */
export const thinkingMissingSignature: MessageRule<'thinking-missing-signature'> = messageRule({
  id: 'thinking-missing-signature',
  severity: 'warning',
  scope: ['anthropic', 'gemini'],
  perMessage({ messages }, findings: Finding[]) {
    let thinks: boolean | undefined;
    const positionOf = blockPositions(messages);
    return (m) => {
      if (m.role !== 'ai') return;
      for (const block of m.content) {
        const missing = missingField(block.raw);
        if (missing) findings.push(anthropicFinding(messages, m, positionOf(m, block.raw), block.raw, missing));
      }
      const first = m.toolCalls[0];
      if (first === undefined || !isFunctionCallPart(first.raw) || hasSignature(first.raw)) return;
      thinks ??= geminiThinks(messages);
      if (thinks) findings.push(geminiFinding(messages, m));
    };
  },
});

type Position = { turn: number; block: number };

/**
 * Where a block stands in the Anthropic request: `messages.N.content.M`, M counting the blocks the export
 * writes before it in its turn. The visitor sees the messages in order, so the turn it is in is laid out
 * once (each message's first block) and the message's own blocks once: walking the turn again for each
 * finding made a turn of n unsigned messages quadratic, and one message of n unsigned blocks cubic.
 */
function blockPositions(messages: CheckContext['messages']): (m: Message, raw: unknown) => Position {
  let laidOut: { turn: number; firstBlock: Map<number, number>; blocks: number } | undefined;
  let own: { index: number; at: Map<unknown, number> } | undefined;
  return (m, raw) => {
    const { start, order, turnOf, answered } = anthropicLayout(messages);
    const turn = turnOf[m.index] ?? 0;
    if (laidOut?.turn !== turn) {
      const ignored = lostList();
      const firstBlock = new Map<number, number>();
      let blocks = 0;
      for (let k = start[turn] ?? 0; k < (start[turn + 1] ?? 0); k++) {
        const i = order[k] ?? 0;
        const other = messages[i];
        if (other === undefined) continue;
        firstBlock.set(i, blocks);
        blocks += assistantBlocks(other, ignored, answered).length;
      }
      laidOut = { turn, firstBlock, blocks };
    }
    const first = laidOut.firstBlock.get(m.index);
    if (first === undefined) return { turn, block: laidOut.blocks };
    if (own?.index !== m.index) own = { index: m.index, at: firstIndexes(assistantBlocks(m, lostList(), answered)) };
    return { turn, block: first + (own.at.get(raw) ?? 0) };
  };
}

function anthropicFinding(
  messages: CheckContext['messages'],
  m: Message,
  { turn, block }: Position,
  raw: unknown,
  missing: { type: string; field: string },
): Finding {
  return report(
    thinkingMissingSignature,
    messages,
    {
      messageIndex: m.index,
      text: `${atStart(m.index)} has a ${missing.type} block without its ${missing.field}.`,
      why: 'Anthropic signs its thinking, and thinking blocks must be sent back unmodified with their signature.',
      fix: `Keep the ${missing.type} blocks of ${at(m.index)} exactly as the API returned them, ${missing.field} included; if it is gone, remove the block instead of sending it unsigned.`,
    },
    { rejectedBy: [anthropicThinkingSignature(turn, block, missing.type, missing.field, isRecord(raw) ? raw[missing.field] : undefined)] },
  );
}

function geminiFinding(messages: CheckContext['messages'], m: Message): Finding {
  return report(
    thinkingMissingSignature,
    messages,
    {
      messageIndex: m.index,
      ...(m.toolCalls[0]?.id !== undefined && { toolCallId: m.toolCalls[0].id }),
      text: `The first functionCall part of ${at(m.index)} has no thoughtSignature, though this history comes from a thinking Gemini model.`,
      why: 'Gemini 3 models want the thoughtSignature they returned on the first functionCall part of a model turn sent back with it.',
      fix: `Keep the thoughtSignature on the functionCall parts of ${at(m.index)} as the API returned them.`,
    },
    { rejectedBy: [geminiMissingThoughtSignature(m.toolCalls[0]?.name ?? 'unknown')] },
  );
}
