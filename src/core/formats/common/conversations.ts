// Files that hold several conversations (dataset rows, chat-store keys, sub-agent runs): their messages one
// conversation after another, with the range each one covers, as AdapterOutput gives them to the importer.
import type { AdapterOutput, ConversationRange, MessageDraft } from '../types';

export class ConversationList {
  readonly messages: MessageDraft[] = [];
  private readonly ranges: ConversationRange[] = [];

  /**
   * Appends one conversation; returns its position among the conversations, or undefined when it has no
   * messages (a range of none would be a conversation nobody can open).
   */
  add(label: string, drafts: readonly MessageDraft[], parent?: ConversationRange['parent']): number | undefined {
    if (drafts.length === 0) return undefined;
    const start = this.messages.length;
    // A loop, not push(...drafts): spreading a conversation of 200k messages overflows the call stack.
    for (const draft of drafts) this.messages.push(draft);
    this.ranges.push(parent === undefined ? { label, start, end: this.messages.length } : { label, start, end: this.messages.length, parent });
    return this.ranges.length - 1;
  }

  get count(): number {
    return this.ranges.length;
  }

  /** The messages, with their ranges only when there are two conversations or more. */
  output(notes: readonly string[] = []): AdapterOutput {
    const out: AdapterOutput = { messages: this.messages };
    if (this.ranges.length > 1) out.conversations = this.ranges;
    if (notes.length > 0) out.notes = [...notes];
    return out;
  }
}
