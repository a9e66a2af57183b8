import type { Finding } from '../model';
import { endsHistory, lastResultAfter, missingResult } from './missingResult';
import { answerFor, idInError, madeUpCallAt, theCall } from './callNames';
import { at, callAt, linkRule, report, type LinkRule } from './rule';

/**
 * A call with no result at the end of a history: a tool-calling response, or a run stopped while its
 * tools work. Nothing is wrong; the next request must carry the result, and each target says so if not.
 */
export const pendingToolCall: LinkRule<'pending-tool-call'> = linkRule({
  id: 'pending-tool-call',
  severity: 'info',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { unanswered }) => {
      const id = link.id;
      for (const ref of unanswered) {
        if (ref.invalid || !endsHistory(messages, ref.messageIndex)) continue;
        const c = callAt(messages, ref);
        // Answered inside a server tool's run (Anthropic programmatic tool calling): nothing waits.
        if (c?.answeredInside !== undefined) continue;
        const madeUp = madeUpCallAt(messages, ref);
        const name = c?.name ?? 'unknown';
        findings.push(
          report(
            pendingToolCall,
            messages,
            {
              messageIndex: ref.messageIndex,
              toolCallId: id,
              text: `${theCall(name, id, madeUp, ref.messageIndex)} is waiting for its result: the history ends here.`,
              why: 'A response that calls a tool ends this way; the next request must carry what the tool returned.',
              fix: `Run the tool and add ${answerFor(id, madeUp, name)} after ${at(lastResultAfter(messages, ref.messageIndex))} before sending the history again.`,
            },
            { neededBy: missingResult(messages, ref.messageIndex, idInError(id, madeUp), c) },
          ),
        );
      }
    },
});
