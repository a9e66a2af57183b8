import type { Finding, Message, Rejection } from '../model';
import { ANTHROPIC_EMPTY_TEXT_BLOCK, anthropicEmptyContent } from '../providers/anthropic/errors';
import { anthropicLayout } from '../providers/anthropic/requestLayout';
import { geminiEmptyParts } from '../providers/gemini';
import { geminiContents } from '../providers/geminiLayout';
import { at, atStart, messageRule, report, type MessageRule } from './rule';

/** No calls, and no content but empty text. */
function isEmpty(m: Message): boolean {
  if (m.role !== 'ai' || m.toolCalls.length > 0 || m.invalidToolCalls.length > 0) return false;
  for (const block of m.content) if (block.kind !== 'text' || (block.text ?? '') !== '') return false;
  return true;
}

/** A message's position in a Gemini request's `contents`, as the Gemini export writes it (providers/geminiLayout). */
const contentsIndex = (messages: readonly Message[], index: number): number => geminiContents(messages)[index] ?? index;

/**
 * An AI message with nothing in it (no text, no calls) that the history goes on past. A lone response
 * and the request's last message are left alone: Anthropic takes an empty final assistant message
 * (it is prefilled), and a response's emptiness is the model's answer, not a request's fault.
 */
export const emptyAiMessage: MessageRule<'empty-ai-message'> = messageRule({
  id: 'empty-ai-message',
  severity: 'error',
  scope: ['anthropic', 'gemini'],
  perMessage:
    ({ messages, kind }, findings: Finding[]) =>
    (m) => {
      if (kind === 'response' || m.index === messages.length - 1 || !isEmpty(m)) return;
      const turn = anthropicLayout(messages).turnOf[m.index] ?? -1;
      // No content at all is what Anthropic's "non-empty content" and Gemini's empty parts are about;
      // empty text blocks are refused as such.
      const blank = m.content.length === 0;
      const rejectedBy: Rejection[] = blank
        ? [...(turn >= 0 ? [anthropicEmptyContent(turn)] : []), geminiEmptyParts(contentsIndex(messages, m.index))]
        : [ANTHROPIC_EMPTY_TEXT_BLOCK];
      findings.push(
        report(
          emptyAiMessage,
          messages,
          {
            messageIndex: m.index,
            text: `${atStart(m.index)} is an AI message with no content and no tool calls, and the history goes on after it.`,
            why: 'An empty model turn carries nothing; only the last assistant message of a request may be empty.',
            fix: `Remove ${at(m.index)}, or give it the text the model wrote.`,
          },
          { rejectedBy },
        ),
      );
    },
});
