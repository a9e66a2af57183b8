// One timeline from many model calls. A traced agent makes one LLM call (span, LangSmith run) per
// step, and each call's input repeats the whole history so far: call 2 sends [system, user, ai (tool
// call), tool result], call 3 sends all that plus its own answer and the next result, and so on.
// Concatenating the calls would show every message many times, so the timeline takes each call's
// input only beyond what an earlier call already put there, then the call's output.
import type { MessageDraft } from '../types';

/** One model call: the messages it was sent and the messages it returned, both as drafts. */
export interface CallTurn {
  input: MessageDraft[];
  output: MessageDraft[];
}

interface TrieNode {
  children: Map<string, TrieNode>;
}

export interface MergedTimeline {
  messages: MessageDraft[];
  /** How many input messages were left out as repeats of earlier calls. */
  repeated: number;
}

/**
 * Calls in the order they started. "Already there" means: a prefix of this call's input equals, message
 * by message, a prefix of some earlier call's input + output. The longest such prefix is skipped (a trie
 * of the earlier conversations finds it in one walk), so a call that continues an earlier one adds only
 * its new messages, while a sub-agent with its own history, or a history the agent trimmed, still shows
 * the messages that differ. Messages compare by role, text, tool calls and the tool call they answer, not
 * by identity: providers re-send the same turn without reasoning or metadata.
 */
export function mergeTurns(turns: readonly CallTurn[]): MergedTimeline {
  const root: TrieNode = { children: new Map() };
  const messages: MessageDraft[] = [];
  let repeated = 0;
  for (const turn of turns) {
    let node: TrieNode | undefined = root;
    let matched = 0;
    for (const draft of turn.input) {
      node = node.children.get(keyOf(draft));
      if (!node) break;
      matched++;
    }
    repeated += matched;
    for (let i = matched; i < turn.input.length; i++) {
      const draft = turn.input[i];
      if (draft) messages.push(draft);
    }
    messages.push(...turn.output);
    remember(root, [...turn.input, ...turn.output]);
  }
  return { messages, repeated };
}

function remember(root: TrieNode, conversation: readonly MessageDraft[]): void {
  let node = root;
  for (const draft of conversation) {
    const key = keyOf(draft);
    let child = node.children.get(key);
    if (!child) {
      child = { children: new Map() };
      node.children.set(key, child);
    }
    node = child;
  }
}

function keyOf(draft: MessageDraft): string {
  const media = draft.content.filter((block) => block.kind !== 'text' && block.kind !== 'reasoning').map((block) => block.type);
  const calls = draft.toolCalls.map((call) => [call.id ?? null, call.name]);
  return JSON.stringify([draft.role, draft.text, draft.toolCallId ?? null, calls, media]);
}

/** A note for the reader's output, when repeats were left out. */
export function repeatedNote(repeated: number, calls: number, what: string): string[] {
  if (repeated === 0) return [];
  return [
    `Built from ${calls} ${what}: each repeats the conversation so far, so ${repeated} repeated input message${repeated === 1 ? ' was' : 's were'} shown once, where first sent.`,
  ];
}
