import type { Finding } from '../model';
import { at, messageRule, report, type MessageRule } from './rule';

/** System messages at the very start are fine, however many; one after any other message is not. */
export const systemNotFirst: MessageRule<'system-not-first'> = messageRule({
  id: 'system-not-first',
  severity: 'warning',
  scope: 'neutral',
  perMessage({ messages }, findings: Finding[]) {
    let firstOther = -1;
    return (m) => {
      if (firstOther < 0) {
        if (m.role !== 'system') firstOther = m.index;
        return;
      }
      if (m.role !== 'system') return;
      const i = m.index;
      findings.push(
        report(systemNotFirst, messages, {
          messageIndex: i,
          related: [firstOther],
          text: `System ${at(i)} comes after ${at(firstOther)}; system messages belong at the start.`,
          why: 'Anthropic Messages has no system role inside `messages`: the system prompt is the top-level `system` parameter, so a converter has to move or drop this message and its position is lost. Other providers accept it, but the model may weigh a late system message differently.',
          fix: `Move ${at(i)} to the start (or merge it into the first system message); if it is meant to arrive mid-conversation, send it as a human message.`,
        }),
      );
    };
  },
});
