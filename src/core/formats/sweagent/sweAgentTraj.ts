// SWE-agent trajectories (`<instance>.traj`): `{trajectory, history, info, replay_config, environment}`
// as `DefaultAgent.get_trajectory_data` writes it, `{history}` alone in demonstrations, or a retry
// loop's `{attempts: [...]}` of such objects. `history` holds the model's messages (OpenAI-shaped, with
// SWE-agent's `agent`, `message_type`, `thought`, `action`...); `trajectory` is the same run as steps.
// docs/FORMATS.md, "SWE-agent".
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf } from '../../json/value';
import { joinText, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { readContent } from '../common/content';
import { readChatMessage } from '../openai/openaiMessage';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'a SWE-agent trajectory {"history": [{"role", "content", "agent", "message_type", "tool_calls"?, "tool_call_ids"?}], "trajectory"?, "info"?} or a retry loop\'s {"attempts": [...]}';
const SAMPLE = 5;

const isEntry = (value: unknown): boolean => isRecord(value) && typeof value.role === 'string' && 'content' in value;
/** SWE-agent's own fields on history entries. */
const isMarked = (value: unknown): boolean => isRecord(value) && (typeof value.agent === 'string' || typeof value.message_type === 'string');

function detect({ value }: ParsedInput): number {
  if (!isRecord(value)) return 0;
  if (Array.isArray(value.attempts) && value.attempts.some((attempt) => isRecord(attempt) && Array.isArray(attempt.history))) return 100;
  const { history } = value;
  if (!Array.isArray(history) || history.length === 0) return 0;
  const sample = history.slice(0, SAMPLE);
  if (!sample.every(isEntry)) return 0;
  // A bare `{history: [{role, content}]}` could be anyone's; it is still read here if nothing else claims it.
  return Array.isArray(value.trajectory) || isRecord(value.info) || sample.some(isMarked) ? 100 : 40;
}

interface Tally {
  demos: number;
  agents: Set<string>;
  manyIds: number;
}

/** One history entry: an OpenAI-style message whose results name their call in `tool_call_ids` (one id). */
function readEntry(entry: unknown, path: string, tally: Tally): MessageDraft {
  const draft = readChatMessage(entry, path);
  if ('unreadable' in draft) return problemDraft(entry, path, draft.unreadable);
  if (!isRecord(entry)) return draft;
  if (entry.is_demo === true) tally.demos++;
  if (typeof entry.agent === 'string') tally.agents.add(entry.agent);
  const ids = entry.tool_call_ids;
  if (Array.isArray(ids) && typeof ids[0] === 'string') {
    // The model is sent the first id only (`tool_call_id: tool_call_ids[0]` in models.py).
    draft.toolCallId ??= ids[0];
    if (ids.length > 1) tally.manyIds++;
  }
  // Anthropic thinking that litellm returned beside the text, kept for the next request.
  if (Array.isArray(entry.thinking_blocks) && entry.thinking_blocks.length > 0) {
    draft.content = [...readContent(entry.thinking_blocks), ...draft.content];
    draft.text = joinText(draft.content);
  }
  return draft;
}

function readHistory(history: unknown[], prefix: PathSegment[], tally: Tally): MessageDraft[] {
  return history.map((entry, i) => readEntry(entry, formatPath([...prefix, i]), tally));
}

/** What `info` says about the run's end, in words. */
function infoNote(info: unknown, where: string): string | undefined {
  if (!isRecord(info)) return undefined;
  const parts: string[] = [];
  const exit = stringOf(info.exit_status);
  if (exit !== undefined) parts.push(`exit status ${exit}`);
  const submission = stringOf(info.submission);
  if (submission !== undefined) parts.push(`a submission of ${submission.length} characters (the diff)`);
  const stats = isRecord(info.model_stats) ? info.model_stats : undefined;
  const sent = numberOf(stats?.tokens_sent);
  const received = numberOf(stats?.tokens_received);
  const calls = numberOf(stats?.api_calls);
  if (sent !== undefined || received !== undefined)
    parts.push(
      `model_stats ${sent ?? 0} tokens sent and ${received ?? 0} received${calls === undefined ? '' : ` over ${calls} API calls`} (totals, not per message)`,
    );
  return parts.length === 0 ? undefined : `${where}info: ${parts.join(', ')}.`;
}

function trajectoryNote(trajectory: unknown, where: string): string | undefined {
  if (!Array.isArray(trajectory)) return undefined;
  const steps = trajectory.length;
  return `${where}trajectory: ${steps} ${steps === 1 ? 'step' : 'steps'} (thought, action, observation, the query sent) of the same run; not read again as messages.`;
}

function tallyNotes(tally: Tally): string[] {
  const notes: string[] = [];
  if (tally.demos > 0)
    notes.push(`${tally.demos} ${tally.demos === 1 ? 'message is a demonstration' : 'messages are demonstrations'} (is_demo) put before the task.`);
  if (tally.agents.size > 1) notes.push(`The history holds several agents' messages: ${[...tally.agents].join(', ')}.`);
  if (tally.manyIds > 0)
    notes.push(
      `${tally.manyIds} tool ${tally.manyIds === 1 ? 'message names' : 'messages name'} several tool_call_ids; linked to the first, the one SWE-agent sends.`,
    );
  return notes;
}

function readAttempts(value: Record<string, unknown>, attempts: unknown[]): AdapterOutput {
  const tally: Tally = { demos: 0, agents: new Set(), manyIds: 0 };
  const messages: MessageDraft[] = [];
  const conversations: ConversationRange[] = [];
  const notes: string[] = [];
  attempts.forEach((attempt, i) => {
    const start = messages.length;
    const where = `attempts[${i}].`;
    if (isRecord(attempt) && Array.isArray(attempt.history)) {
      pushAll(messages, readHistory(attempt.history, ['attempts', i, 'history'], tally));
      for (const note of [trajectoryNote(attempt.trajectory, where), infoNote(attempt.info, where)]) if (note !== undefined) notes.push(note);
    } else messages.push(problemDraft(attempt, formatPath(['attempts', i]), `expected an attempt with a "history" list, got ${kindOf(attempt)}`));
    conversations.push({ label: `attempt ${i + 1}`, start, end: messages.length });
  });
  if (Array.isArray(value.history)) notes.push('The top-level history repeats the chosen attempt; it is shown as that attempt.');
  const info = infoNote(value.info, '');
  if (info !== undefined) notes.push(info);
  return { messages, conversations, notes: [...tallyNotes(tally), ...notes] };
}

function read({ value }: ParsedInput): AdapterOutput {
  if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${kindOf(value)}`)] };
  if (Array.isArray(value.attempts)) return readAttempts(value, value.attempts);
  if (!Array.isArray(value.history)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; found no "history" list`)] };
  const tally: Tally = { demos: 0, agents: new Set(), manyIds: 0 };
  const messages = readHistory(value.history, ['history'], tally);
  const notes = [...tallyNotes(tally)];
  for (const note of [trajectoryNote(value.trajectory, ''), infoNote(value.info, '')]) if (note !== undefined) notes.push(note);
  const cost = instanceCost(value.info);
  return cost === undefined ? { messages, notes } : { messages, notes, reportedCost: cost };
}

/**
 * `info.model_stats.instance_cost`: the run's model calls' cost in dollars, as litellm priced each (`InstanceStats`).
 * 0 is also what a call adds when litellm cannot price its model, so 0 reports nothing.
 */
function instanceCost(info: unknown): number | undefined {
  const cost = isRecord(info) && isRecord(info.model_stats) ? numberOf(info.model_stats.instance_cost) : undefined;
  return cost !== undefined && cost > 0 ? cost : undefined;
}

export const sweAgentTraj: FormatAdapter = {
  name: 'swe-agent-traj',
  label: 'SWE-agent trajectory',
  expects: EXPECTS,
  detect,
  read,
};
