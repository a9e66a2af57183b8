// Conversations from many model calls. A traced agent makes one LLM call (span, LangSmith run) per
// step, and each call's input repeats the whole history so far: call 2 sends [system, user, ai (tool
// call), tool result], call 3 sends all that plus its own answer and the next result, and so on.
// Concatenating the calls would show every message many times, so a call that continues a
// conversation adds only what its input holds beyond that conversation, then its output. A call whose
// input does not continue any conversation (another agent, a sub-agent, a history the agent trimmed)
// starts one of its own. Traces also record one call more than once: two instrumentations (LangChain's
// LLM span and the OpenAI client's span under it), or an SDK's operation span beside its provider-call
// span; such a call is kept once. A hand-off (the OpenAI Agents SDK's `transfer_to_<agent>`) moves a
// conversation to another agent: its calls send the whole history behind the new agent's own
// instructions, so the conversation goes on, the new instructions where it took over, and when a
// conversation has more than one agent each answer is named with the agent that gave it.
import { MAX_DEPTH } from '../../json/depth';
import type { ToolCall } from '../../model';
import type { ConversationRange, MessageDraft } from '../types';
import { pushAll } from '../../json/pushAll';

/** One model call: the messages it was sent and the messages it returned, both as drafts. */
export interface CallTurn {
  input: MessageDraft[];
  output: MessageDraft[];
  /**
   * Tool results recorded beside the call (tool spans) rather than in a later call's input. They end
   * the conversation when no later call of it re-sends them.
   */
  results?: MessageDraft[];
  /** The trace the call belongs to, when known: a sub-agent is looked for in its own trace. */
  trace?: string;
  /** What the conversation this call starts is called (an agent's name, a function id). */
  label?: string;
  /**
   * The agent that made the call, when the trace says. A call of another agent may continue a conversation
   * behind instructions of its own (a hand-off); the answers of a conversation with several agents are named.
   */
  agent?: string;
  /**
   * The tool call whose run made this call (a sub-agent run inside a tool run), when the trace records it: by
   * id, or by the tool's name when the run lacks the id. Its conversation is that call's child, never its owner's.
   */
  startedBy?: { toolCallId?: string; toolName?: string };
}

export interface MergedTimeline {
  /** The conversations' messages, one conversation after another. */
  messages: MessageDraft[];
  /** One range per conversation, in the order each started. */
  conversations: ConversationRange[];
  /** Input messages left out as repeats of the conversation so far. */
  repeated: number;
  /** Calls left out because an earlier call recorded the same input and output. */
  duplicates: number;
  /** Input messages left out as the framework's own rewriting of the answer they follow. */
  resent: number;
  /** Whether calls of different conversations interleave in time (each is shown whole). */
  interleaved: boolean;
  /** Calls of another agent that went on with a conversation behind instructions of their own. */
  handOffs: number;
}

interface Conversation {
  index: number;
  label: string;
  trace?: string;
  messages: MessageDraft[];
  /** The conversation as the next call would send it: keys of its messages, answers as re-sent. */
  keys: number[];
  /** Where the last call's output starts in `keys`, and that output. */
  lastOutputAt: number;
  lastOutput: MessageDraft[];
  /** Results recorded beside the last call, shown if no later call sends them. */
  results: MessageDraft[];
  lastTurn: number;
  parent?: { conversation: Conversation; toolCallId?: string; since: number; known: boolean };
  /** How many leading system messages `keys` starts with: the instructions of the agent that sent the last call. */
  instructions: number;
  /** The agent of the last call, and every message each agent added that its name would go on. */
  agent?: string;
  spoken: { draft: MessageDraft; agent: string }[];
}

/** The messages an agent's call adds that say who it is: its instructions and its answers. */
function speaking(conversation: Conversation, agent: string | undefined, drafts: readonly MessageDraft[]): void {
  if (agent === undefined) return;
  for (const draft of drafts) if (draft.role === 'ai' || draft.role === 'system') conversation.spoken.push({ draft, agent });
}

const leadingSystem = (drafts: readonly MessageDraft[]): number => {
  let n = 0;
  while (drafts[n]?.role === 'system') n++;
  return n;
};

/**
 * Calls in the order they started. A call continues the conversation whose messages its input starts
 * with; where the framework re-sent the last answer in its own words (smolagents writes a tool call
 * as the text `Calling tools: [...]`), the answer as the model gave it is kept and the re-sending
 * dropped when it says nothing more. Messages compare by role, text, the tool call they answer and
 * the ids of the calls they make (not by identity: providers re-send a turn without reasoning or
 * metadata); an answer whose calls all have ids is the same answer whatever text comes with it.
 */
export function mergeTurns(turns: readonly CallTurn[]): MergedTimeline {
  const keys = new KeyTable();
  const conversations: Conversation[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  let duplicates = 0;
  let resent = 0;
  let interleaved = false;
  let handOffs = 0;
  let latest: Conversation | undefined;
  /** Each call id and the first conversation that holds the call: the one a sub-agent run under its tool answers. */
  const callers = new Map<string, Conversation>();
  const hold = (conversation: Conversation, drafts: readonly MessageDraft[]): void => {
    for (const draft of drafts) {
      if (draft.role !== 'ai') continue;
      for (const call of draft.toolCalls) if (call.id !== undefined && !callers.has(call.id)) callers.set(call.id, conversation);
    }
  };

  turns.forEach((turn, t) => {
    const inKeys = turn.input.map((draft) => keys.of(draft));
    const outKeys = turn.output.map((draft) => keys.of(draft));
    const signature = `${inKeys.join(',')}|${outKeys.join(',')}`;
    if (seen.has(signature) || conversations.some((c) => holds(c.keys, inKeys, outKeys))) {
      // A call without an answer (it failed) whose input is already shown adds nothing either.
      if (outKeys.length > 0) duplicates++;
      else repeated += inKeys.length;
      return;
    }
    seen.add(signature);

    // A sub-agent's call may repeat the history of the call that started it; it still is not that conversation.
    const owner = turn.startedBy ? ownerOf(conversations, callers, turn.startedBy, turn.trace) : undefined;
    let target: Conversation | undefined;
    let matched = -1;
    let rewritten = 0;
    for (const conversation of conversations) {
      if (conversation === owner?.conversation) continue;
      const m = commonPrefix(inKeys, conversation.keys);
      if (m <= matched) continue;
      if (m === conversation.keys.length) {
        target = conversation;
        matched = m;
        rewritten = 0;
      } else if (m === conversation.lastOutputAt) {
        const run = resentRun(turn.input, m);
        if (run > 0) {
          target = conversation;
          matched = m;
          rewritten = run;
        }
      }
    }

    // A call whose input was not recorded (inputs hidden) says nothing of where it belongs: after the latest call of its trace.
    if (
      !target &&
      inKeys.length === 0 &&
      latest &&
      latest !== owner?.conversation &&
      (latest.trace === undefined || turn.trace === undefined || latest.trace === turn.trace)
    ) {
      target = latest;
      matched = 0;
    }

    const instructions = leadingSystem(turn.input);
    const handedTo = target ? undefined : handOff(conversations, turn, inKeys, instructions, owner?.conversation);
    if (handedTo) {
      // Its input is the history, then what came since (the hand-off's result); the new agent's instructions stand
      // where it took over, before its answer.
      const { conversation, shared } = handedTo;
      if (latest !== conversation) interleaved = true;
      latest = conversation;
      repeated += shared;
      handOffs++;
      const added = [...turn.input.slice(instructions + shared), ...turn.input.slice(0, instructions), ...turn.output];
      pushAll(conversation.messages, added);
      hold(conversation, added);
      speaking(conversation, turn.agent, [...turn.input.slice(0, instructions), ...turn.output]);
      conversation.keys = [...inKeys, ...outKeys];
      conversation.lastOutputAt = inKeys.length;
      conversation.lastOutput = turn.output;
      conversation.results = turn.results ?? [];
      conversation.lastTurn = t;
      conversation.instructions = instructions;
      conversation.agent = turn.agent;
      return;
    }

    if (!target) {
      const conversation: Conversation = {
        index: conversations.length,
        label: turn.label ?? `conversation ${conversations.length + 1}`,
        ...(turn.trace !== undefined && { trace: turn.trace }),
        messages: [...turn.input, ...turn.output],
        keys: [...inKeys, ...outKeys],
        lastOutputAt: inKeys.length,
        lastOutput: turn.output,
        results: turn.results ?? [],
        lastTurn: t,
        instructions,
        ...(turn.agent !== undefined && { agent: turn.agent }),
        spoken: [],
      };
      speaking(conversation, turn.agent, [...turn.input.slice(0, instructions), ...turn.output]);
      hold(conversation, conversation.messages);
      const parent = owner ?? parentOf(conversations, conversation, turn);
      if (parent) conversation.parent = { ...parent, since: t, known: owner !== undefined };
      conversations.push(conversation);
      latest = conversation;
      return;
    }

    if (latest !== target) interleaved = true;
    latest = target;
    repeated += matched;
    if (rewritten > 0) {
      // The answer stays as the model gave it; what the re-sending adds (a call the framework made of
      // the model's code) stays too, after it.
      target.keys.length = matched;
      for (let i = matched; i < matched + rewritten; i++) {
        const draft = turn.input[i];
        if (!draft) continue;
        target.keys.push(inKeys[i] ?? -1);
        if (covered(draft, target.lastOutput)) {
          resent++;
          fillArguments(target.lastOutput, draft);
        } else target.messages.push(draft);
      }
    }
    for (let i = matched + rewritten; i < turn.input.length; i++) {
      const draft = turn.input[i];
      if (draft) target.messages.push(draft);
    }
    hold(target, turn.input.slice(matched));
    pushAll(target.keys, inKeys.slice(matched + rewritten));
    target.lastOutputAt = target.keys.length;
    pushAll(target.keys, outKeys);
    pushAll(target.messages, turn.output);
    hold(target, turn.output);
    target.lastOutput = turn.output;
    target.results = turn.results ?? [];
    target.lastTurn = t;
    if (turn.agent !== undefined) {
      // The instructions are new only where another agent's call starts them (a prefix match means they are the same).
      speaking(target, turn.agent, turn.output);
      target.agent = turn.agent;
    }
  });

  const messages: MessageDraft[] = [];
  const ranges: ConversationRange[] = [];
  for (const conversation of conversations) {
    const answered = new Set(conversation.messages.flatMap((draft) => (draft.toolCallId === undefined ? [] : [draft.toolCallId])));
    for (const result of conversation.results) {
      if (result.toolCallId === undefined || !answered.has(result.toolCallId)) conversation.messages.push(result);
    }
    if (new Set(conversation.spoken.map((s) => s.agent)).size > 1) for (const { draft, agent } of conversation.spoken) draft.name ??= agent;
    const start = messages.length;
    for (const draft of conversation.messages) messages.push(draft);
    const range: ConversationRange = { label: conversation.label, start, end: messages.length };
    const parent = conversation.parent;
    // A sub-agent's parent goes on after it; one that never does was not waiting for it (unless the trace says whose call started it).
    if (parent && (parent.known || parent.conversation.lastTurn > parent.since)) {
      range.parent = { conversation: parent.conversation.index, ...(parent.toolCallId !== undefined && { toolCallId: parent.toolCallId }) };
    }
    ranges.push(range);
  }
  return { messages, conversations: ranges, repeated, duplicates, resent, interleaved, handOffs };
}

/**
 * The conversation another agent's call takes over: the agents differ, its input after its own instructions
 * is that conversation's whole history after the instructions of the agent before, and there is history to share.
 */
function handOff(
  conversations: readonly Conversation[],
  turn: CallTurn,
  inKeys: readonly number[],
  instructions: number,
  owner: Conversation | undefined,
): { conversation: Conversation; shared: number } | undefined {
  if (turn.agent === undefined) return undefined;
  let best: { conversation: Conversation; shared: number } | undefined;
  for (const conversation of conversations) {
    if (conversation === owner || conversation.agent === undefined || conversation.agent === turn.agent) continue;
    if (turn.trace !== undefined && conversation.trace !== undefined && turn.trace !== conversation.trace) continue;
    const { keys } = conversation;
    const shared = keys.length - conversation.instructions;
    if (shared === 0 || shared > inKeys.length - instructions || (best && shared <= best.shared)) continue;
    let i = 0;
    while (i < shared && inKeys[instructions + i] === keys[conversation.instructions + i]) i++;
    if (i === shared) best = { conversation, shared };
  }
  return best;
}

/** The conversation that made the call a sub-agent's run answers, and that call's id. */
function ownerOf(
  conversations: readonly Conversation[],
  callers: ReadonlyMap<string, Conversation>,
  startedBy: NonNullable<CallTurn['startedBy']>,
  trace: string | undefined,
): { conversation: Conversation; toolCallId?: string } | undefined {
  const sameTrace = (c: Conversation): boolean => c.trace === undefined || trace === undefined || c.trace === trace;
  const { toolCallId, toolName } = startedBy;
  const byId = toolCallId === undefined ? undefined : callers.get(toolCallId);
  if (toolCallId !== undefined && byId && sameTrace(byId)) return { conversation: byId, toolCallId };
  if (toolName === undefined) return undefined;
  for (let i = conversations.length - 1; i >= 0; i--) {
    const candidate = conversations[i];
    if (!candidate || !sameTrace(candidate)) continue;
    const named = candidate.lastOutput.flatMap((d) => d.toolCalls).filter((call) => call.name === toolName);
    if (named.length === 0) continue;
    const only = named.length === 1 ? named[0]?.id : undefined;
    return { conversation: candidate, ...(only !== undefined && { toolCallId: only }) };
  }
  return undefined;
}

/** Whether the whole call (input, then output) is already part of the conversation. */
function holds(conversation: readonly number[], input: readonly number[], output: readonly number[]): boolean {
  if (input.length + output.length > conversation.length) return false;
  for (let i = 0; i < input.length; i++) if (conversation[i] !== input[i]) return false;
  for (let i = 0; i < output.length; i++) if (conversation[input.length + i] !== output[i]) return false;
  return true;
}

function commonPrefix<T>(a: readonly T[], b: readonly T[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** The AI messages at `from`: where the previous answer should be, the framework's record of it. */
function resentRun(input: readonly MessageDraft[], from: number): number {
  let i = from;
  while (input[i]?.role === 'ai') i++;
  return i - from;
}

/**
 * Whether a re-sent message says nothing the answer did not: the same calls, the same text, or a
 * sentence about the answer's calls that names each of them (smolagents: `Called Tool: 'x' with arguments: …`).
 */
function covered(draft: MessageDraft, answer: readonly MessageDraft[]): boolean {
  const calls = answer.flatMap((message) => message.toolCalls);
  if (draft.toolCalls.length > 0) {
    const ids = new Set(calls.map((call) => call.id));
    return draft.toolCalls.every((call) => call.id !== undefined && ids.has(call.id));
  }
  const text = draft.text.trim();
  if (text === '') return true;
  if (calls.length > 0 && calls.every((call) => call.name !== '' && text.includes(call.name))) return true;
  return answer.some((message) => {
    const said = message.text.trim();
    if (said === '') return false;
    if (said.includes(text) || text.includes(said)) return true;
    // Re-rendered in part (LlamaIndex writes a ReAct answer's JSON action input back as a Python dict).
    const longer = Math.max(said.length, text.length);
    return commonPrefix([...said], [...text]) >= Math.max(20, longer / 2);
  });
}

/** Arguments the answer's record lacks (some instrumentors drop them) taken from the same call re-sent. */
function fillArguments(answer: readonly MessageDraft[], resent: MessageDraft): void {
  for (const call of resent.toolCalls) {
    for (const message of answer) {
      const same = message.toolCalls.find((own) => own.id !== undefined && own.id === call.id);
      if (!same || same.args !== undefined || same.argsText !== undefined) continue;
      same.args = call.args;
      if (call.argsText !== undefined) same.argsText = call.argsText;
    }
  }
}

/**
 * A conversation that starts while another of the same trace waits on its last answer's calls, and
 * goes on later, was started by one of them: the call whose arguments the new conversation quotes,
 * or the only one. An agent that calls its sub-agents from code makes no call to name: then the
 * latest conversation of the same trace (when both traces are known) is the parent.
 */
function parentOf(
  conversations: readonly Conversation[],
  child: Conversation,
  turn: CallTurn,
): { conversation: Conversation; toolCallId?: string } | undefined {
  const sameTrace = (candidate: Conversation): boolean => candidate.trace === undefined || turn.trace === undefined || candidate.trace === turn.trace;
  const quoted = child.messages.filter((draft) => draft.role === 'human').map((draft) => draft.text);
  for (let i = conversations.length - 1; i >= 0; i--) {
    const candidate = conversations[i];
    if (!candidate || !sameTrace(candidate)) continue;
    const pending = candidate.lastOutput.flatMap((draft) => draft.toolCalls);
    if (pending.length === 0) continue;
    const named = pending.find((call) => quotes(call, quoted)) ?? (pending.length === 1 ? pending[0] : undefined);
    return { conversation: candidate, ...(named?.id !== undefined && { toolCallId: named.id }) };
  }
  if (turn.trace === undefined) return undefined;
  const latest = conversations.findLast((candidate) => candidate.trace === turn.trace);
  return latest ? { conversation: latest } : undefined;
}

function quotes(call: ToolCall, texts: readonly string[]): boolean {
  const strings: string[] = [];
  // As deep as input nests (json/depth), and no deeper.
  const collect = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (value.trim().length >= 8) strings.push(value.trim());
    } else if (depth < MAX_DEPTH && value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : Object.values(value)) collect(item, depth + 1);
    }
  };
  collect(call.args, 0);
  return strings.some((s) => texts.some((text) => text.includes(s)));
}

/** Message keys as small numbers, so comparing conversations compares integers. */
class KeyTable {
  private readonly ids = new Map<string, number>();

  of(draft: MessageDraft): number {
    const key = keyOf(draft);
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
}

function keyOf(draft: MessageDraft): string {
  const calls = draft.toolCalls;
  // Call ids are unique: an answer re-sent with or without its text, in the framework's words, is still that answer.
  if (calls.length > 0 && calls.every((call) => call.id !== undefined && call.id !== '')) {
    return JSON.stringify(['calls', draft.role, calls.map((call) => call.id)]);
  }
  const media = draft.content.filter((block) => block.kind !== 'text' && block.kind !== 'reasoning' && block.kind !== 'tool_call').map((block) => block.type);
  return JSON.stringify([draft.role, draft.text.trim(), draft.toolCallId ?? null, calls.map((call) => call.name), media]);
}

/** Whether `input` starts with the messages of `prefix` (as calls compare them). */
export function startsWith(input: readonly MessageDraft[], prefix: readonly MessageDraft[]): boolean {
  if (prefix.length > input.length) return false;
  return prefix.every((draft, i) => {
    const other = input[i];
    return other !== undefined && keyOf(other) === keyOf(draft);
  });
}

/** A note for the reader's output, when repeats were left out. */
export function repeatedNote(repeated: number, calls: number, what: string): string[] {
  if (repeated === 0) return [];
  return [
    `Built from ${calls} ${what}: each repeats the conversation so far, so ${repeated} repeated input message${repeated === 1 ? ' was' : 's were'} shown once, where first sent.`,
  ];
}

/** The notes for a merged timeline: repeats, calls recorded twice, re-sent answers, several conversations. */
export function timelineNotes(merged: MergedTimeline, calls: number, what: string): string[] {
  const notes = repeatedNote(merged.repeated, calls, what);
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  if (merged.duplicates > 0) {
    notes.push(
      `${plural(merged.duplicates, 'span records', 'spans record')} a call already read (same input, same output: two instrumentations, a wrapper's span around the model call, an operation span beside it): shown once.`,
    );
  }
  if (merged.resent > 0) {
    notes.push(
      `${plural(merged.resent, 'message', 'messages')} re-sent by the framework in its own words (a tool call written as text, an answer re-sent without its calls) ${merged.resent === 1 ? 'is' : 'are'} shown once, as the model returned ${merged.resent === 1 ? 'it' : 'them'}.`,
    );
  }
  if (merged.handOffs > 0) {
    notes.push(
      `${plural(merged.handOffs, 'hand-off', 'hand-offs')}: a call of another agent went on with the conversation's history behind instructions of its own, shown as a system message where that agent took over; each answer names its agent.`,
    );
  }
  if (merged.conversations.length > 1) {
    notes.push(
      `${merged.conversations.length} conversations: a call whose input does not continue an earlier call's history starts its own${merged.interleaved ? '; their calls interleave in time, and each conversation is shown whole, one after another' : ''}.`,
    );
  }
  return notes;
}
