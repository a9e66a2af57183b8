import type { Finding } from '../model';
import { endsHistory, lastResultAfter, missingResult } from './missingResult';
import { answerFor, idInError, madeUpCallAt, theCall } from './callNames';
import { at, callAt, linkRule, report, type LinkRule } from './rule';

/** A call no result answers, in the middle of a history; one that ends it is pending (pending-tool-call). */
export const orphanToolCall: LinkRule<'orphan-tool-call'> = linkRule({
  id: 'orphan-tool-call',
  severity: 'error',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { unanswered }) => {
      const id = link.id;
      for (const ref of unanswered) {
        // LangChain's invalid_tool_calls never reach ToolNode and create_react_agent's history
        // check ignores them; invalid-tool-call reports them with their own fix.
        if (ref.invalid || endsHistory(messages, ref.messageIndex)) continue;
        const c = callAt(messages, ref);
        // Answered inside a server tool's run (Anthropic programmatic tool calling): no result is due.
        if (c?.answeredInside !== undefined) continue;
        const madeUp = madeUpCallAt(messages, ref);
        const name = c?.name ?? 'unknown';
        const insertAfter = lastResultAfter(messages, ref.messageIndex);
        const rejectedBy = missingResult(messages, ref.messageIndex, idInError(id, madeUp), c);
        findings.push(
          report(
            orphanToolCall,
            messages,
            {
              messageIndex: ref.messageIndex,
              toolCallId: id,
              text: `${theCall(name, id, madeUp, ref.messageIndex)} has no tool result after it.`,
              why: 'The next request would send a call the model never got an answer to.',
              fix: `Add ${answerFor(id, madeUp, name)} right after ${at(insertAfter)}, or remove the call from ${at(ref.messageIndex)}.`,
            },
            { rejectedBy },
          ),
        );
      }
    },
});
