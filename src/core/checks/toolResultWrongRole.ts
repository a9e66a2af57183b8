import { isRecord } from '../json/value';
import type { Finding, Message, ProviderTarget, Rejection } from '../model';
import { anthropicMissingResult, anthropicResultInAssistant } from '../providers/anthropic/errors';
import { anthropicLayout } from '../providers/anthropic/requestLayout';
import { geminiResponseInModelTurn } from '../providers/gemini';
import { TARGET_LABELS } from '../providers/targets';
import { idInError, madeUpAt } from './callNames';
import { at, messageRule, report, type CheckContext, type MessageRule } from './rule';

/**
 * The model's role as each reader keeps it on a tool result it found inside the model's own turn
 * (Message.sourceType): the wire format the file was written for, and so the target that judges it.
 */
const WIRE: ReadonlyMap<string, { target: ProviderTarget; unit: string; fix: string }> = new Map([
  [
    'model',
    {
      target: 'gemini',
      unit: 'turn',
      fix: 'Set the role of the turn holding it to "user", or, when that turn also holds the model\'s own parts, move the response into a "user" turn right after it.',
    },
  ],
  [
    'assistant',
    {
      target: 'anthropic',
      unit: 'message',
      fix: 'Move it into a "user" message right after the assistant message with its tool_use, at the start of that message.',
    },
  ],
]);

/** Whether only tool results follow `m`: the turn holding it is the request's last. */
function endsRequest(messages: readonly Message[], m: Message): boolean {
  for (let i = m.index + 1; i < messages.length; i++) if (messages[i]?.role !== 'tool') return false;
  return true;
}

function rejection({ messages, links, kind }: CheckContext, m: Message, target: ProviderTarget): Rejection {
  const path = m.location.path;
  if (target === 'gemini') return geminiResponseInModelTurn(path, kind !== 'response' && endsRequest(messages, m));
  const link = m.toolCallId === undefined ? undefined : links.get(m.toolCallId);
  const call = link?.calls[0];
  const turn = call === undefined ? -1 : (anthropicLayout(messages).turnOf[call.messageIndex] ?? -1);
  // Sent as written, the tool_use has no tool_result in the user message after it.
  return link && turn >= 0 ? anthropicMissingResult(turn, idInError(link.id, madeUpAt(messages, link))) : anthropicResultInAssistant(path);
}

/**
 * A tool result inside the model's own turn: a Gemini functionResponse in a "model" turn, an
 * Anthropic tool_result in an assistant message. The readers still link it to its call, so this is
 * the one finding, not an unanswered call and a stray result.
 */
export const toolResultWrongRole: MessageRule<'tool-result-wrong-role'> = messageRule({
  id: 'tool-result-wrong-role',
  severity: 'error',
  scope: ['gemini', 'anthropic'],
  perMessage: (ctx, findings: Finding[]) => (m) => {
    if (m.role !== 'tool') return;
    const wire = WIRE.get(m.sourceType);
    if (wire === undefined) return;
    // Anthropic's block keeps its type in raw; a Gemini part is named by its first block.
    const block = isRecord(m.raw) && typeof m.raw.type === 'string' ? m.raw.type : (m.content[0]?.type ?? 'tool result');
    const article = /^[aeiou]/.test(m.sourceType) ? 'an' : 'a';
    const call = m.toolCallId === undefined ? undefined : ctx.links.get(m.toolCallId)?.calls[0];
    findings.push(
      report(
        toolResultWrongRole,
        ctx.messages,
        {
          messageIndex: m.index,
          ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }),
          related: call === undefined ? [] : [call.messageIndex],
          text: `Tool result ${at(m.index)}, the ${block} at ${m.location.path}, is in ${article} "${m.sourceType}" ${wire.unit}; tool results go in a "user" ${wire.unit}.`,
          why: `${TARGET_LABELS[wire.target]} takes a tool result only from the user's side: in the model's own ${wire.unit} it answers nothing.`,
          fix: wire.fix,
        },
        { rejectedBy: [rejection(ctx, m, wire.target)] },
      ),
    );
  },
});
