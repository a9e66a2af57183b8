// What a repair will do to one conversation, decided from its findings before any text is written: which
// messages go, which move next to their call, which calls get an answer, which ids change. Each repair
// (one file each beside this one) adds its part and says, for every finding it leaves, why.
import type { Finding, Message, ProviderTarget, RuleId, ToolCall, Transcript } from '../model';
import type { WritableFormat } from './writable';

/** One change to the history, as the CLI and the app list it before anything is written. */
export interface RepairEdit {
  /** The conversation, for a file of several (its label). */
  conversation?: string;
  /** The message the edit is about, by its index in the input (`#N`, as the app and `msgscope check` name it). */
  message: number;
  action: 'added' | 'dropped' | 'moved' | 'renamed';
  /** What changed, in words that name messages and ids. */
  text: string;
  /** The rule whose finding it repairs. */
  rule: RuleId;
  /** That finding's text: why the edit is made. */
  why: string;
}

/** A finding left as it is, and why no mechanical edit repairs it. */
export interface Unrepaired {
  conversation?: string;
  rule: RuleId;
  /** Its message (the input's index; -1 for the whole history). */
  message: number;
  text: string;
  reason: string;
}

/** A call renamed in the message that issues it and in the results that answer it. */
export interface Rename {
  message: number;
  /** Only inside this call (when its message issues the id more than once); else the whole message. */
  call?: ToolCall;
  from: string;
  to: string;
  /** `id`: the message's own id (only values under an `id` key change); `call`: a tool call id (every value equal to it). */
  kind: 'id' | 'call';
}

export interface Plan {
  /** Messages left out: stray results, second answers. */
  drops: Map<number, RepairEdit>;
  /** Results moved right after the AI message that issued their call. */
  moves: Map<number, { after: number; edit: RepairEdit }>;
  /** Calls answered by an added result, by the AI message that issued them. */
  answers: Map<number, { call: ToolCall; edit: RepairEdit }[]>;
  renames: { rename: Rename; edit: RepairEdit }[];
  /** System messages moved to the start. */
  toStart: Map<number, RepairEdit>;
  skipped: Unrepaired[];
}

export interface RepairContext {
  transcript: Transcript;
  messages: readonly Message[];
  /** The findings this repair is asked to act on (for the target, or every target), by rule. */
  findings: (rule: RuleId) => Finding[];
  target: ProviderTarget | undefined;
  format: WritableFormat;
  plan: Plan;
  /** The conversation's label in a file of several. */
  conversation: string | undefined;
  /** The id a call has after the renames planned so far. */
  currentId(message: number, call: ToolCall): string | undefined;
  /** An id no message of the history uses yet, made from `base`. */
  freshId(base: string): string;
}

export function emptyPlan(): Plan {
  return { drops: new Map(), moves: new Map(), answers: new Map(), renames: [], toStart: new Map(), skipped: [] };
}

/** An edit of `finding`'s rule about `message`. */
export function editFor(context: RepairContext, finding: Finding, message: number, action: RepairEdit['action'], text: string): RepairEdit {
  return { ...(context.conversation !== undefined && { conversation: context.conversation }), message, action, text, rule: finding.rule, why: finding.text };
}

export function skip(context: RepairContext, finding: Finding, reason: string): void {
  context.plan.skipped.push({
    ...(context.conversation !== undefined && { conversation: context.conversation }),
    rule: finding.rule,
    message: finding.messageIndex,
    text: finding.text,
    reason,
  });
}

/** Whether `message` is already leaving its place (dropped or moved): a second repair of it would contradict the first. */
export function leaving(plan: Plan, message: number): boolean {
  return plan.drops.has(message) || plan.moves.has(message) || plan.toStart.has(message);
}

/** `#N`, and in words what a call is: `get_weather (call_1)`, or only the name when its id was made up. */
export const at = (index: number): string => `#${index}`;
export const callName = (call: ToolCall, id = call.id): string => (id === undefined || call.idMadeUp ? call.name : `${call.name} (${id})`);
