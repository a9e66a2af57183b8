import type { Finding, Message } from '../model';
import { SECRET_LABELS } from '../secrets';
import { HistorySecrets, type SecretPlace } from './messageSecrets';
import { atStart, messageRule, report, type MessageRule } from './rule';

export { HistorySecrets, secretsInMessage, type MessageSecret, type SecretPlace } from './messageSecrets';

/** How a finding says where the secret is. */
function placeText(place: SecretPlace): string {
  switch (place.in) {
    case 'content':
      return 'in its content';
    case 'tool output':
      return 'in its tool output';
    case 'arguments': {
      const { call } = place;
      const which = call.idMadeUp ? `at ${call.idMadeUp.path}` : call.id === undefined ? 'without an id' : `"${call.id}"`;
      return `in the arguments of its ${call.name} call ${which}`;
    }
    case 'raw':
      return `in its raw field ${place.path}${place.sharedBy === undefined ? '' : `, raw input that ${place.sharedBy} messages share (reported once, at the first of them)`}`;
  }
}

/** The call id a finding links to: the call whose arguments hold the secret, or the call a tool output answers. */
function linkedCallId(m: Message, place: SecretPlace): string | undefined {
  if (place.in === 'arguments') return place.call.idMadeUp ? undefined : place.call.id;
  if (m.role === 'tool' && m.toolCallIdMadeUp !== true) return m.toolCallId;
  return undefined;
}

export const possibleSecret: MessageRule<'possible-secret'> = messageRule({
  id: 'possible-secret',
  severity: 'warning',
  scope: 'neutral',
  perMessage: ({ messages }, findings: Finding[]) => {
    // Each raw value walked once, whichever messages share it (messageSecrets): a history of such messages
    // stays linear even if one raw value held them all.
    const secrets = new HistorySecrets(messages);
    return (m) => {
      for (const secret of secrets.of(m)) {
        const toolCallId = linkedCallId(m, secret.place);
        findings.push(
          report(possibleSecret, messages, {
            messageIndex: m.index,
            ...(toolCallId !== undefined && { toolCallId }),
            text: `${atStart(m.index)} holds what looks like ${SECRET_LABELS[secret.kind]} (${secret.kind}: ${secret.masked}) ${placeText(secret.place)}.`,
            why: 'Anyone who can read this history can use it: sharing, exporting or attaching the file passes it on. It was found by its shape (the prefix, length and alphabet its issuer uses), so a test key or a revoked one looks the same.',
            fix: 'If it is live, revoke it where it was issued. Before the history leaves your machine, replace it: `msgscope redact FILE -o OUT` writes the input with every secret as [REDACTED:<kind>].',
          }),
        );
      }
    };
  },
});
