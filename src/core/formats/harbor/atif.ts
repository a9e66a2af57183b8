// ATIF, the Agent Trajectory Interchange Format that Harbor's agents write as `trajectory.json` (the RFC
// laude-institute/harbor docs/rfcs/0001-trajectory-format.md, v1.4; see docs/FORMATS.md, "Agent trajectories
// (ATIF)"): `{schema_version: "ATIF-v1.x", session_id, agent, steps: [{step_id, source: "system" | "user" |
// "agent", message, reasoning_content?, tool_calls?: [{tool_call_id, function_name, arguments}], observation?:
// {results: [{source_call_id?, content?, subagent_trajectory_ref?}]}, metrics?}], final_metrics?}`. An agent step
// is one model turn with its calls; its observation holds their results, which become tool messages after it.
import { MAX_DEPTH } from '../../json/depth';
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf, printed } from '../../json/value';
import type { ContentBlock, Role, ToolCall, Usage } from '../../model';
import { readContent } from '../common/content';
import { ConversationList } from '../common/conversations';
import { newDraft, problemDraft, textOf } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { guarded } from '../common/guard';
import { readToolCall } from '../common/toolCall';
import { usageFrom } from '../common/usage';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'an ATIF trajectory {"schema_version": "ATIF-v1.x", "session_id", "agent", "steps": [{"step_id", "source": "system" | "user" | "agent", "message", "tool_calls"?, "observation"?}]}';

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['agent', 'ai'],
]);

const isStep = (step: unknown): boolean => isRecord(step) && typeof step.step_id === 'number' && typeof step.source === 'string' && ROLES.has(step.source);

/** `schema_version: "ATIF-v…"` says so (100); steps numbered with an ATIF `source` under an `agent` are ATIF without it (90). */
function detect(input: ParsedInput): number {
  const { value } = input;
  if (!isRecord(value) || !Array.isArray(value.steps)) return 0;
  if (typeof value.schema_version === 'string' && /^ATIF-v\d/i.test(value.schema_version)) return 100;
  const first = value.steps.slice(0, 5);
  return isRecord(value.agent) && first.length > 0 && first.every(isStep) ? 90 : 0;
}

interface Parent {
  conversation: number;
  toolCallId?: string;
}

class Reader {
  readonly list = new ConversationList();
  readonly notes: string[] = [];
  /** Observation results that name a sub-agent's session: where its trajectory, if embedded, hangs. */
  private readonly delegated = new Map<string, Parent>();
  /** Sub-agent sessions an observation refers to, with where their trajectory is kept; and those this file embeds. */
  private readonly referred = new Map<string, string | undefined>();
  private readonly embedded = new Set<string>();
  /** The top trajectory's `final_metrics.total_cost_usd`, "total real monetary cost for the entire trajectory in USD". */
  private runCost: number | undefined;

  trajectory(value: Record<string, unknown>, at: PathSegment[], parent: Parent | undefined): void {
    const steps = Array.isArray(value.steps) ? value.steps : [];
    const agent = isRecord(value.agent) ? value.agent : {};
    const model = stringOf(agent.model_name);
    const conversation = this.list.count;
    const drafts = steps.flatMap((step, i) => this.step(step, [...at, 'steps', i], model, conversation));
    const session = stringOf(value.session_id);
    if (session !== undefined) this.embedded.add(session);
    const label = parent === undefined ? (stringOf(agent.name) ?? session ?? 'trajectory') : `sub-agent ${session ?? conversation}`;
    const range: ConversationRange['parent'] = parent && {
      conversation: parent.conversation,
      ...(parent.toolCallId !== undefined && { toolCallId: parent.toolCallId }),
    };
    if (this.list.add(label, drafts, range) === undefined) this.notes.push(`${label} has no steps.`);
    this.describe(value, parent === undefined ? 'The trajectory' : label);
    if (parent === undefined && isRecord(value.final_metrics)) this.runCost = numberOf(value.final_metrics.total_cost_usd);
    const subagents = Array.isArray(value.subagent_trajectories) ? value.subagent_trajectories : [];
    subagents.forEach((sub, i) => {
      // Each sub-agent is two levels below its parent: input nests MAX_DEPTH levels at most (json/depth).
      if (!isRecord(sub) || at.length >= MAX_DEPTH) return;
      const id = stringOf(sub.session_id);
      this.trajectory(sub, [...at, 'subagent_trajectories', i], (id !== undefined ? this.delegated.get(id) : undefined) ?? { conversation });
    });
  }

  /** Totals, notes and continuations the trajectory gives beside its steps. */
  private describe(value: Record<string, unknown>, who: string): void {
    const metrics = isRecord(value.final_metrics) ? value.final_metrics : undefined;
    if (metrics) {
      const parts = [
        numberOf(metrics.total_prompt_tokens) !== undefined && `${printed(metrics.total_prompt_tokens)} prompt tokens`,
        numberOf(metrics.total_cached_tokens) !== undefined && `${printed(metrics.total_cached_tokens)} of them cached`,
        numberOf(metrics.total_completion_tokens) !== undefined && `${printed(metrics.total_completion_tokens)} completion tokens`,
        numberOf(metrics.total_cost_usd) !== undefined && `$${printed(metrics.total_cost_usd)}`,
        numberOf(metrics.total_steps) !== undefined && `${printed(metrics.total_steps)} steps`,
      ].filter((part): part is string => typeof part === 'string');
      if (parts.length > 0) this.notes.push(`${who}'s totals (final_metrics): ${parts.join(', ')}.`);
    }
    if (typeof value.notes === 'string' && value.notes !== '') this.notes.push(`${who}'s notes: ${value.notes}`);
    if (typeof value.continued_trajectory_ref === 'string') this.notes.push(`${who} continues in ${value.continued_trajectory_ref}, not in this file.`);
  }

  finish(): AdapterOutput {
    const elsewhere = [...this.referred].filter(([session]) => !this.embedded.has(session)).map(([session, where]) => where ?? session);
    if (elsewhere.length > 0)
      this.notes.push(`Sub-agent trajectories referred to but not in this file: ${elsewhere.join(', ')}; their calls' results show only what the parent saw.`);
    const output = this.list.output(this.notes);
    return this.runCost === undefined ? output : { ...output, reportedCost: this.runCost };
  }

  private step(step: unknown, at: PathSegment[], model: string | undefined, conversation: number): MessageDraft[] {
    const path = formatPath(at);
    if (!isRecord(step)) return [problemDraft(step, path, `expected a step {"step_id", "source", "message"}, got ${kindOf(step)}`)];
    const source = stringOf(step.source);
    if (source === undefined) return [problemDraft(step, path, 'expected a string `source` ("system", "user" or "agent")')];
    const content: ContentBlock[] = [];
    if (typeof step.reasoning_content === 'string' && step.reasoning_content !== '')
      content.push({ kind: 'reasoning', type: 'reasoning_content', text: step.reasoning_content, raw: step.reasoning_content });
    pushAll(content, readContent(step.message));
    const draft = newDraft(ROLES.get(source) ?? 'other', source, content, step, path);
    draft.timestamp = stringOf(step.timestamp);
    if (draft.role === 'ai') {
      draft.model = stringOf(step.model_name) ?? model;
      draft.usage = readMetrics(step.metrics);
      if (Array.isArray(step.tool_calls)) draft.toolCalls = step.tool_calls.map(readCall);
    }
    const observation = isRecord(step.observation) ? step.observation : undefined;
    const results = observation && Array.isArray(observation.results) ? observation.results : [];
    return [draft, ...results.map((result, j) => this.result(result, [...at, 'observation', 'results', j], conversation))];
  }

  /**
   * A result naming its call is that call's tool message. One without (an action outside tool calling, a
   * system operation) is shown as an observation of its own: no call waits for it.
   */
  private result(result: unknown, at: PathSegment[], conversation: number): MessageDraft {
    const path = formatPath(at);
    if (!isRecord(result)) return problemDraft(result, path, `expected an observation result {"source_call_id"?, "content"?}, got ${kindOf(result)}`);
    const callId = stringOf(result.source_call_id);
    const content =
      result.content === undefined || typeof result.content === 'string' || Array.isArray(result.content)
        ? readContent(result.content)
        : readContent(textOf(result.content));
    const refs = Array.isArray(result.subagent_trajectory_ref) ? result.subagent_trajectory_ref.filter(isRecord) : [];
    for (const ref of refs) {
      const session = stringOf(ref.session_id);
      const where = stringOf(ref.trajectory_path);
      if (session !== undefined) {
        this.delegated.set(session, callId === undefined ? { conversation } : { conversation, toolCallId: callId });
        this.referred.set(session, where);
      }
      content.push({ kind: 'other', type: 'subagent_trajectory_ref', text: `sub-agent trajectory ${session ?? '?'}${where ? ` (${where})` : ''}`, raw: ref });
    }
    const draft = newDraft(callId === undefined ? 'other' : 'tool', 'observation', content, result, path);
    if (callId !== undefined) draft.toolCallId = callId;
    return draft;
  }
}

/** `{tool_call_id, function_name, arguments: object}`. */
function readCall(call: unknown): ToolCall {
  if (!isRecord(call)) return readToolCall(call, false);
  return { ...readToolCall({ id: call.tool_call_id, name: call.function_name, args: call.arguments }, false), raw: call };
}

/**
 * `prompt_tokens` counts cached tokens too (`cached_tokens` is the part of it that hit the cache); provider extras sit
 * in `extra`; `cost_usd` is the step's API call's cost.
 */
function readMetrics(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const extra = isRecord(value.extra) ? value.extra : {};
  const usage = usageFrom({
    input: numberOf(value.prompt_tokens),
    output: numberOf(value.completion_tokens),
    cacheRead: numberOf(value.cached_tokens),
    cacheCreation: numberOf(extra.cache_creation_input_tokens),
    reasoning: numberOf(extra.reasoning_tokens),
  });
  const cost = numberOf(value.cost_usd);
  if (usage !== undefined && cost !== undefined) usage.cost = cost;
  return usage;
}

function read(input: ParsedInput): AdapterOutput {
  if (!isRecord(input.value)) return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}`)] };
  const reader = new Reader();
  reader.trajectory(input.value, [], undefined);
  return reader.finish();
}

export const atif: FormatAdapter = guarded({
  name: 'atif',
  label: 'ATIF agent trajectory',
  expects: EXPECTS,
  detect,
  read,
});
