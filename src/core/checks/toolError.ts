import type { Finding, Message } from '../model';
import { at, clip, messageRule, report, type MessageRule } from './rule';

/**
 * The error texts LangGraph's ToolNode and langchain-core write into a ToolMessage, for histories
 * that lost the `status` field. Both ends must match, so ordinary text that mentions an error does not.
 */
const TOOL_NODE_ERRORS: readonly [start: string, end: string][] = [
  ['Error: ', 'Please fix your mistakes.'],
  ['Error: ', 'Please fix your mistakes and try again.'],
  ["Error invoking tool '", 'Please fix the error and try again.'],
];

function looksLikeToolNodeError(text: string): boolean {
  // Every form starts with "Error": nearly every result is told apart by its first characters.
  if (!text.trimStart().startsWith('Error')) return false;
  const t = text.trim();
  if (t.startsWith('Error: ') && t.includes(' is not a valid tool, try one of [') && t.endsWith('].')) return true;
  return TOOL_NODE_ERRORS.some(([start, end]) => t.startsWith(start) && t.endsWith(end));
}

/** Also used by the token view, so its error counts agree with the findings. */
export const isErrorResult = (m: Message): boolean => m.status === 'error' || looksLikeToolNodeError(m.text);

export const toolError: MessageRule<'tool-error'> = messageRule({
  id: 'tool-error',
  severity: 'warning',
  scope: 'neutral',
  perMessage:
    ({ messages, links }, findings: Finding[]) =>
    (m) => {
      if (m.role !== 'tool' || !isErrorResult(m)) return;
      const id = m.toolCallId;
      const callMessage = id === undefined ? undefined : links.get(id)?.calls[0]?.messageIndex;
      // A made-up id names nothing in the input: the message number says which result it is.
      const what = [m.name, id !== undefined && m.toolCallIdMadeUp !== true && `"${id}"`].filter(Boolean).join(' ');
      findings.push(
        report(toolError, messages, {
          messageIndex: m.index,
          ...(id !== undefined && { toolCallId: id }),
          related: callMessage === undefined ? [] : [callMessage],
          text: `Tool result ${at(m.index)}${what ? ` (${what})` : ''} is an error: ${clip(m.text) || '(no content)'}`,
          why: 'The tool failed and the model got the error text instead of a result. Providers accept this; it matters when the agent did not recover, retried in a loop, or the error hides a bad call.',
          fix:
            callMessage === undefined
              ? `Read the error in ${at(m.index)} and fix the tool or its input.`
              : `Check the arguments of the call in ${at(callMessage)} and the tool itself; if a later call retried, confirm it succeeded.`,
        }),
      );
    },
});
