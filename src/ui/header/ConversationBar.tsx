import type { ConversationSummary, TranscriptView } from '../../protocol/workerApi';
import { useStore } from '../../store/store';
import { plural } from '../text/format';

type Collection = NonNullable<TranscriptView['collection']>;

/** `3 messages · 1 error`: what a conversation holds, as the list and the sub-agent buttons name it. */
function counts(c: ConversationSummary): string {
  const findings = [c.errors > 0 && plural(c.errors, 'error'), c.warnings > 0 && plural(c.warnings, 'warning')].filter(Boolean);
  return [plural(c.count, 'message'), ...findings].join(' · ');
}

/**
 * A file of several conversations (eval samples, dataset rows, separate calls, sub-agents): which one is on
 * screen, the others to open with their counts, and the way up to the conversation that started this one and
 * down to those it started.
 */
export function ConversationBar({ collection }: { collection: Collection }) {
  const openConversation = useStore((s) => s.openConversation);
  const { conversations, open } = collection;
  const current = conversations[open];
  const parent = current?.parent;
  const children = conversations.flatMap((c, i) => (c.parent?.conversation === open ? [{ c, i }] : []));
  const go = (index: number) => void openConversation(index);
  return (
    <div className="conversation-bar" data-testid="conversations" data-open={open}>
      <button type="button" className="button ghost" aria-label="Previous conversation" disabled={open === 0} onClick={() => go(open - 1)}>
        ‹
      </button>
      <label className="conversation-picker">
        <span>
          Conversation {open + 1} of {conversations.length}
        </span>
        <select data-testid="conversation-picker" aria-label="Open conversation" value={open} onChange={(event) => go(Number(event.target.value))}>
          {conversations.map((c, i) => (
            <option key={i} value={i}>
              {i + 1}. {c.label} — {counts(c)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button ghost" aria-label="Next conversation" disabled={open === conversations.length - 1} onClick={() => go(open + 1)}>
        ›
      </button>
      {parent && conversations[parent.conversation] && (
        <button type="button" className="button ghost" data-testid="conversation-parent" onClick={() => go(parent.conversation)}>
          ↑ Started by {parent.toolCallId ? `call ${parent.toolCallId} in ` : ''}
          {conversations[parent.conversation]!.label}
        </button>
      )}
      {children.map(({ c, i }) => (
        <button key={i} type="button" className="button ghost" data-testid="conversation-child" onClick={() => go(i)}>
          ↓ {c.label}
          {c.parent?.toolCallId ? ` (call ${c.parent.toolCallId})` : ''} — {counts(c)}
        </button>
      ))}
    </div>
  );
}
