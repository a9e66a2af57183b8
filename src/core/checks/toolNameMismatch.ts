import type { Finding, Message, ToolLink } from '../model';
import type { Pair } from './pairing';
import { madeUpAt } from './callNames';
import { at, callAt, linkRule, report, type LinkRule } from './rule';

export const toolNameMismatch: LinkRule<'tool-name-mismatch'> = linkRule({
  id: 'tool-name-mismatch',
  severity: 'warning',
  scope: 'neutral',
  perLink:
    ({ messages }, findings: Finding[]) =>
    (link, { answered, early }) => {
      for (const pair of answered) mismatch(messages, link, pair, findings);
      for (const pair of early) mismatch(messages, link, pair, findings);
    },
});

function mismatch(messages: readonly Message[], link: ToolLink, { call, result }: Pair, findings: Finding[]): void {
  const resultName = messages[result]?.name;
  const callName = callAt(messages, call)?.name;
  if (!resultName || !callName || resultName === callName) return;
  const madeUp = madeUpAt(messages, link);
  const theCall = madeUp === undefined ? `the call "${link.id}"` : `the call at ${madeUp}`;
  findings.push(
    report(toolNameMismatch, messages, {
      messageIndex: result,
      toolCallId: link.id,
      related: [call.messageIndex],
      text: `Tool result ${at(result)} is named ${resultName}, but ${theCall} it answers in ${at(call.messageIndex)} is ${callName}.`,
      why: 'The result is linked by id, yet its name says another tool produced it: the history was likely spliced, or an id was reused for a different call.',
      fix: `Check which tool really produced ${at(result)}; set its name to ${callName}, or its tool_call_id to the call it actually answers.`,
    }),
  );
}
