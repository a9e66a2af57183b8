// LangSmith run exports and chat dataset examples (langchain-ai/langsmith-sdk @bc8dd67
// `python/langsmith/schemas.py` Run / Example, `python/langsmith/wrappers/_openai.py`; chat-model run
// payloads from langchain-core `tracers/langchain.py` / `tracers/core.py`). A chat-model run (`run_type:
// "llm"`) has `inputs.messages` as a list of lists of `dumpd` messages and `outputs.generations[][]
// .message`; `wrap_openai` runs carry the raw OpenAI request and completion. A trace is ordered by
// `dotted_order`; child runs may be nested in `child_runs` or name theirs in `parent_run_id`. LLM runs
// that do not continue each other's history (another agent, a sub-agent inside a tool run) are
// conversations of their own, a sub-agent's under the call its tool run answered. Dataset examples:
// `{inputs: {input: [{type, data}]}, outputs: {output: {type, data}}}` (`client.create_chat_example`).
import { MAX_DEPTH } from '../../json/depth';
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf } from '../../json/value';
import type { Usage } from '../../model';
import { problemDraft } from '../common/drafts';
import { guarded } from '../common/guard';
import { readUsage } from '../common/usage';
import { langchainDict } from './langchainDict';
import { langchainSerialized } from './langchainSerialized';
import { langchainStored } from './langchainStored';
import { mergeTurns, timelineNotes, type CallTurn } from '../common/spanTimeline';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'LangSmith runs ({"id", "run_type", "inputs", "outputs", "dotted_order", "child_runs"?}, one or a list) or chat dataset examples ({"inputs": {"input": [...]}, "outputs": {"output": {...}}})';

/** The LangChain message forms LangSmith stores, most specific first. */
const MESSAGE_READERS = [langchainSerialized, langchainStored, langchainDict];

/** A run or example and the path of anything inside it. */
export interface Located {
  value: Record<string, unknown>;
  pathOf: (sub: readonly PathSegment[]) => string;
}

export function isRun(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.run_type === 'string' && ('inputs' in value || 'outputs' in value);
}

function isExample(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || 'run_type' in value || !isRecord(value.inputs) || !('outputs' in value)) return false;
  return Array.isArray(value.inputs.input) || Array.isArray(value.inputs.messages) || 'dataset_id' in value;
}

/**
 * The top-level elements: one object, a list, `{runs | examples: [...]}` or one per line; the first
 * `limit` of them (detection looks at a few, not at every element of a large list).
 */
function topLevel(input: ParsedInput, limit = Infinity): Located[] {
  const { value } = input;
  const listAt = (list: unknown[], pathOf: (i: number, sub: readonly PathSegment[]) => string): Located[] => {
    const items: Located[] = [];
    for (let i = 0; i < list.length && items.length < limit; i++) {
      const item = list[i];
      if (isRecord(item) && !input.lineErrors?.has(i)) items.push({ value: item, pathOf: (sub) => pathOf(i, sub) });
    }
    return items;
  };
  if (input.jsonLines && Array.isArray(value)) return listAt(value, (i) => linePath(input.lineOf[i] ?? i + 1));
  if (Array.isArray(value)) return listAt(value, (i, sub) => formatPath([i, ...sub]));
  if (!isRecord(value)) return [];
  for (const key of ['runs', 'examples']) {
    const list = value[key];
    if (Array.isArray(list)) return listAt(list, (i, sub) => formatPath([key, i, ...sub]));
  }
  return [{ value, pathOf: (sub) => formatPath(sub) }];
}

function detect(input: ParsedInput): number {
  const first = topLevel(input, 5);
  if (first.length === 0) return 0;
  if (first.every((item) => isRun(item.value))) return 100;
  return first.every((item) => isExample(item.value)) ? 90 : 0;
}

function read(input: ParsedInput): AdapterOutput {
  const items = topLevel(input);
  if (items.length > 0 && items.every((item) => isExample(item.value))) {
    const notes = items.length > 1 ? [`${items.length} dataset examples, shown one after another.`] : [];
    return { messages: items.flatMap(readExample), notes };
  }
  return readRuns(
    items.filter((item) => isRun(item.value)),
    () => problemDraft(input.value, '', `expected ${EXPECTS}`),
  );
}

/**
 * The conversation of a trace's runs (child runs included): its chat-model runs merged into one timeline,
 * or, without any, the graph state's message list. `none` stands in when there is no run at all.
 */
export function readRuns(topRuns: readonly Located[], none: () => MessageDraft): AdapterOutput {
  const parents = new Map<Located, Located>();
  const runs = sortRuns(topRuns.flatMap((item) => [item, ...childRuns(item, parents)]));
  if (runs.length === 0) return { messages: [none()] };
  const llmRuns = runs.filter((run) => run.value.run_type === 'llm');
  if (llmRuns.length === 0) return { messages: readStateRun(runs) };
  const byId = new Map(runs.flatMap((run) => (typeof run.value.id === 'string' ? [[run.value.id, run] as const] : [])));
  const parentOf = (run: Located): Located | undefined => {
    const id = run.value.parent_run_id;
    return parents.get(run) ?? (typeof id === 'string' ? byId.get(id) : undefined);
  };
  const merged = mergeTurns(llmRuns.map((run) => readLlmRun(run, parentOf)));
  return {
    messages: merged.messages,
    notes: timelineNotes(merged, llmRuns.length, 'LLM runs'),
    ...(merged.conversations.length > 1 && { conversations: merged.conversations }),
  };
}

function childRuns(run: Located, parents: Map<Located, Located>, depth = 0): Located[] {
  const children = run.value.child_runs;
  // Runs nest two levels a run (`child_runs[i]`): input is never deeper than MAX_DEPTH (json/depth).
  if (!Array.isArray(children) || depth >= MAX_DEPTH) return [];
  return children.flatMap((child, i) => {
    if (!isRun(child)) return [];
    const located: Located = { value: child, pathOf: (sub) => run.pathOf(['child_runs', i, ...sub]) };
    parents.set(located, run);
    return [located, ...childRuns(located, parents, depth + 1)];
  });
}

/**
 * Where an LLM run sits in its trace: the tool run it is inside (a sub-agent's, or a tool that asks a model), and
 * the agent making the call, the outermost chain below that tool run (or the trace's root chain), which names its conversation.
 */
function placeRun(run: Located, parentOf: (run: Located) => Located | undefined): Pick<CallTurn, 'label' | 'trace' | 'startedBy'> {
  const place: Pick<CallTurn, 'label' | 'trace' | 'startedBy'> = {};
  let agent: Located | undefined;
  let root = run;
  const seen = new Set<Located>([run]);
  for (let up = parentOf(run); up && !seen.has(up); up = parentOf(up)) {
    seen.add(up);
    root = up;
    if (up.value.run_type === 'tool') {
      place.startedBy = toolCallOf(up);
      break;
    }
    if (up.value.run_type === 'chain') agent = up;
  }
  const label = agent?.value.name;
  if (typeof label === 'string' && label !== '') place.label = label;
  const trace = run.value.trace_id ?? (root === run ? undefined : root.value.id);
  if (typeof trace === 'string') place.trace = trace;
  return place;
}

/** The call a tool run answered: the `tool_call_id` of the ToolMessage it returned, and its name. */
function toolCallOf(tool: Located): NonNullable<CallTurn['startedBy']> {
  const outputs = isRecord(tool.value.outputs) ? tool.value.outputs : {};
  const answer = outputs.output === undefined ? undefined : readOne(outputs.output, tool.pathOf(['outputs', 'output']));
  const toolCallId = answer?.role === 'tool' ? answer.toolCallId : undefined;
  const toolName = typeof tool.value.name === 'string' ? tool.value.name : undefined;
  return { ...(toolCallId !== undefined && { toolCallId }), ...(toolName !== undefined && { toolName }) };
}

/** `dotted_order` ("<start>Z<id>.<start>Z<id>") sorts a trace in execution order; without it, start time, else file order. */
function sortRuns(runs: Located[]): Located[] {
  for (const key of ['dotted_order', 'start_time']) {
    if (runs.every((run) => typeof run.value[key] === 'string')) {
      return runs
        .map((run, order) => ({ run, order, by: String(run.value[key]) }))
        .sort((a, b) => (a.by === b.by ? a.order - b.order : a.by < b.by ? -1 : 1))
        .map(({ run }) => run);
    }
  }
  return runs;
}

/** One message read by whichever LangChain form it is in, located at `path`. */
export function readOne(value: unknown, path: string): MessageDraft {
  const input: ParsedInput = { value: [value], jsonLines: false, lineOf: [] };
  let best: (typeof MESSAGE_READERS)[number] | undefined;
  let bestScore = 0;
  for (const reader of MESSAGE_READERS) {
    const score = reader.detect(input);
    if (score > bestScore) [best, bestScore] = [reader, score];
  }
  const draft = best?.read(input).messages[0];
  if (!draft) return problemDraft(value, path, `expected a LangChain message (lc:1 dict, {type, data} or {role, content}), got ${describe(value)}`);
  draft.location = { path };
  return draft;
}

function describe(value: unknown): string {
  return isRecord(value) ? `an object with keys ${Object.keys(value).slice(0, 6).join(', ')}` : kindOf(value);
}

function readList(list: unknown[], pathOf: (i: number) => string): MessageDraft[] {
  return list.map((item, i) => readOne(item, pathOf(i)));
}

/** `inputs.messages`: a list of lists (one per prompt in a batch; the first is the conversation), or a flat list. */
function runInput(run: Located): MessageDraft[] {
  const inputs = isRecord(run.value.inputs) ? run.value.inputs : {};
  const messages = inputs.messages;
  if (Array.isArray(messages)) {
    const first: unknown = messages[0];
    if (Array.isArray(first)) return readList(first, (i) => run.pathOf(['inputs', 'messages', 0, i]));
    return readList(messages, (i) => run.pathOf(['inputs', 'messages', i]));
  }
  // Completion-style LLM runs: `inputs.prompts` is a list of strings.
  if (Array.isArray(inputs.prompts) && typeof inputs.prompts[0] === 'string') {
    return [readOne({ role: 'user', content: inputs.prompts[0] }, run.pathOf(['inputs', 'prompts', 0]))];
  }
  return [];
}

function runOutput(run: Located): MessageDraft[] {
  const outputs = run.value.outputs;
  if (!isRecord(outputs)) return [];
  if (Array.isArray(outputs.generations)) {
    const batch: unknown = outputs.generations[0];
    const generations = Array.isArray(batch) ? batch : outputs.generations;
    const at = Array.isArray(batch) ? ['generations', 0] : ['generations'];
    return generations.map((generation: unknown, j) => {
      if (isRecord(generation) && generation.message !== undefined) return readOne(generation.message, run.pathOf(['outputs', ...at, j, 'message']));
      // A completion generation has only text.
      const text = isRecord(generation) && typeof generation.text === 'string' ? generation.text : '';
      return { ...readOne({ role: 'assistant', content: text }, run.pathOf(['outputs', ...at, j])), raw: generation };
    });
  }
  // wrap_openai: the raw chat completion.
  if (Array.isArray(outputs.choices)) {
    return outputs.choices.flatMap((choice, j) =>
      isRecord(choice) && isRecord(choice.message) ? [readOne(choice.message, run.pathOf(['outputs', 'choices', j, 'message']))] : [],
    );
  }
  for (const key of ['output', 'message']) if (isRecord(outputs[key])) return [readOne(outputs[key], run.pathOf(['outputs', key]))];
  return 'role' in outputs ? [readOne(outputs, run.pathOf(['outputs']))] : [];
}

function readLlmRun(run: Located, parentOf: (run: Located) => Located | undefined): CallTurn {
  const turn: CallTurn = { input: runInput(run), output: runOutput(run), ...placeRun(run, parentOf) };
  const answer = turn.output.find((draft) => draft.role === 'ai') ?? turn.output[0];
  if (answer) {
    answer.usage ??= runUsage(run.value);
    answer.model ??= runModel(run.value);
    if (typeof run.value.start_time === 'string') answer.timestamp ??= run.value.start_time;
  }
  return turn;
}

/** When the message carries no usage_metadata: the wrapper's copy, the tracer's copy, then the run's counters. */
function runUsage(run: Record<string, unknown>): Usage | undefined {
  const outputs = isRecord(run.outputs) ? run.outputs : {};
  const metadata = isRecord(run.extra) && isRecord(run.extra.metadata) ? run.extra.metadata : {};
  const usage = readUsage(outputs.usage_metadata) ?? readUsage(metadata.usage_metadata);
  if (usage) return usage;
  const input = typeof run.prompt_tokens === 'number' ? run.prompt_tokens : undefined;
  const output = typeof run.completion_tokens === 'number' ? run.completion_tokens : undefined;
  if (input === undefined && output === undefined) return undefined;
  const total = typeof run.total_tokens === 'number' ? run.total_tokens : undefined;
  return readUsage({ input_tokens: input ?? 0, output_tokens: output ?? 0, ...(total !== undefined && { total_tokens: total }) });
}

function runModel(run: Record<string, unknown>): string | undefined {
  const extra = isRecord(run.extra) ? run.extra : {};
  const metadata = isRecord(extra.metadata) ? extra.metadata : {};
  const params = isRecord(extra.invocation_params) ? extra.invocation_params : {};
  const outputs = isRecord(run.outputs) ? run.outputs : {};
  for (const value of [metadata.ls_model_name, params.model, params.model_name, outputs.model]) if (typeof value === 'string') return value;
  return undefined;
}

/** No chat-model runs (e.g. a LangGraph root run): the graph state's message list, output before input. */
function readStateRun(runs: Located[]): MessageDraft[] {
  for (const run of runs) {
    for (const side of ['outputs', 'inputs']) {
      const state = run.value[side];
      if (isRecord(state) && Array.isArray(state.messages)) return readList(state.messages, (i) => run.pathOf([side, 'messages', i]));
    }
  }
  const first = runs[0];
  return first ? [problemDraft(first.value, first.pathOf([]), 'no chat-model (run_type "llm") run and no run with a messages list')] : [];
}

function readExample(example: Located): MessageDraft[] {
  const inputs = isRecord(example.value.inputs) ? example.value.inputs : {};
  const key = Array.isArray(inputs.input) ? 'input' : 'messages';
  const list = inputs[key];
  const drafts = Array.isArray(list) ? readList(list, (i) => example.pathOf(['inputs', key, i])) : [];
  const outputs = isRecord(example.value.outputs) ? example.value.outputs : {};
  if (Array.isArray(outputs.output))
    pushAll(
      drafts,
      readList(outputs.output, (i) => example.pathOf(['outputs', 'output', i])),
    );
  else if (outputs.output !== undefined) drafts.push(readOne(outputs.output, example.pathOf(['outputs', 'output'])));
  if (drafts.length === 0) drafts.push(problemDraft(example.value, example.pathOf([]), 'expected messages in inputs.input and outputs.output'));
  return drafts;
}

export const langsmith: FormatAdapter = guarded({
  name: 'langsmith',
  label: 'LangSmith runs',
  expects: EXPECTS,
  detect,
  read,
});
