// Anthropic Messages request body `{system?, messages}` (docs/FORMATS.md, "Anthropic and Claude Code"), turn by turn as
// anthropicLayout splits the history, so positions in findings match this request.
import type { Message, Transcript } from '../model';
import { assistantBlocks, humanBlocks, toolResultBlock, type Block } from '../providers/anthropic/blocks';
import { anthropicLayout, type AnthropicTurn } from '../providers/anthropic/requestLayout';
import { isServerResult } from '../providers/anthropic/serverTools';
import { resultsInside, wirePositions, type WirePositions } from '../providers/anthropic/wireOrder';
import type { Lost } from '../providers/lost';
import { failedWith } from './isolated';
import { requestLosses } from './requestLosses';
import { pushAll } from '../json/pushAll';

const TARGET = 'Anthropic';

interface Request {
  system?: string | Block[];
  messages: { role: 'user' | 'assistant'; content: string | Block[] }[];
}

/** Every system message goes to the top-level `system`; Anthropic has no system role in `messages`. */
function systemOf(messages: readonly Message[], lost: Lost): Request['system'] {
  const firstOther = messages.findIndex((m) => m.role !== 'system');
  const systems = messages.filter((m) => m.role === 'system');
  for (const m of systems) {
    if (firstOther >= 0 && m.index > firstOther) lost.add(m.index, 'a system message after the start moves to the top-level system; its position is lost');
    if (m.content.some((b) => b.kind !== 'text')) lost.add(m.index, 'only text has a place in the Anthropic system prompt');
  }
  if (systems.length === 0) return undefined;
  if (systems.length === 1) return systems[0]?.text;
  return systems.map((m) => ({ type: 'text', text: m.text }));
}

/** What the whole export shares: which turn each message is in (the layout's turnOf), and where wire blocks stood. */
interface Shared {
  answered: ReadonlySet<string>;
  turnOf: Int32Array;
  positions: WirePositions;
}

function turnContent(messages: readonly Message[], turn: AnthropicTurn, { answered, turnOf, positions }: Shared, lost: Lost): string | Block[] {
  const blocks: Block[] = [];
  // Server results go back into the assistant message they were read out of, in their place.
  const placed = new Set<number>();
  for (const index of turn.messages) {
    const m = messages[index];
    if (m === undefined || placed.has(index)) continue;
    if (m.name !== undefined && m.role !== 'tool') lost.add(m.index, `${TARGET} messages have no name`);
    if (m.role === 'ai') {
      // Asked of the layout, not searched for in the turn: an includes per result made a turn of n results quadratic.
      const inside = resultsInside(messages, m, positions).filter(({ message }) => isServerResult(message) && turnOf[message.index] === turnOf[m.index]);
      for (const { message } of inside) placed.add(message.index);
      pushAll(
        blocks,
        assistantBlocks(
          m,
          lost,
          answered,
          inside.map(({ message, at }) => ({ at, block: toolResultBlock(message, lost) })),
          positions,
        ),
      );
    } else if (m.role === 'tool') blocks.push(toolResultBlock(m, lost));
    else pushAll(blocks, humanBlocks(m, lost));
  }
  const plain = turn.messages.length === 1 && blocks.length === 1 ? writtenAsString(messages[turn.messages[0] ?? -1]) : undefined;
  return plain ?? blocks;
}

/** The text of a message the source wrote as a plain string: it goes back as one, as it was written. */
function writtenAsString(m: Message | undefined): string | undefined {
  const [block, ...rest] = m?.content ?? [];
  return m?.role !== 'tool' && rest.length === 0 && block?.kind === 'text' && typeof block.raw === 'string' ? block.raw : undefined;
}

export function toAnthropic(t: Transcript, lost: Lost): Request {
  for (const m of t.messages) requestLosses(m, lost, TARGET);
  const { turns, answered, turnOf } = anthropicLayout(t.messages);
  const shared: Shared = { answered, turnOf, positions: wirePositions() };
  const system = systemOf(t.messages, lost);
  const messages = turns.flatMap((turn) => {
    // A turn that cannot be written is left out, with why, for each message in it; the other turns are written.
    try {
      return [{ role: turn.role, content: turnContent(t.messages, turn, shared, lost) }];
    } catch (error) {
      for (const index of turn.messages) lost.add(index, failedWith(error));
      return [];
    }
  });
  return { ...(system !== undefined && { system }), messages };
}
