// Inspect AI eval logs (UKGovernmentBEIS/inspect_ai @499e615: src/inspect_ai/log/_log.py EvalLog /
// EvalSample, model/_chat_message.py, tool/_tool_call.py, _util/content.py, model/_model_output.py):
// a JSON log `{version, eval, plan, results, stats, samples: [{id, epoch, input, target, messages,
// output, scores, model_usage, attachments}]}`, one sample, or a sample's message list. Messages are
// `{role, id?, content: str | [Content], source?, metadata?}`; assistant `tool_calls: [{id, function,
// arguments: object, parse_error?}]` and `model`; tool `tool_call_id, function, error?: {type, message}`.
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord, kindOf, printed } from '../../json/value';
import type { ContentBlock, ContentKind, Role, ToolCall, Usage } from '../../model';
import { guarded } from '../common/guard';
import { joinText, problemDraft } from '../common/drafts';
import { numberOf } from '../common/fields';
import { addUsage, usageFrom } from '../common/usage';
import { readToolCall } from '../common/toolCall';
import type { AdapterOutput, ConversationRange, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'an Inspect AI JSON eval log ({"version", "eval", "samples": [{"id", "epoch", "messages": [...]}]}), one sample, or its messages ({"role", "content", "tool_calls": [{"function": ...}]})';

const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['user', 'human'],
  ['assistant', 'ai'],
  ['tool', 'tool'],
]);

interface Sample {
  value: Record<string, unknown>;
  at: PathSegment[];
}

function isSample(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Array.isArray(value.messages) && ('epoch' in value || ('input' in value && 'target' in value));
}

function isLog(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.eval) && ('samples' in value || 'version' in value || 'results' in value);
}

/** Marks only Inspect writes: a call's `function` is its name (a string), `source: "generate"`, ContentReasoning. */
function inspectMarks(message: unknown): boolean {
  if (!isRecord(message) || typeof message.role !== 'string') return false;
  if (message.source === 'generate' || message.source === 'input') return true;
  if (message.role === 'tool' && typeof message.function === 'string') return true;
  if (Array.isArray(message.tool_calls) && message.tool_calls.some((call) => isRecord(call) && typeof call.function === 'string')) return true;
  return (
    Array.isArray(message.content) && message.content.some((block) => isRecord(block) && block.type === 'reasoning' && typeof block.reasoning === 'string')
  );
}

/** A bare message list, or `{messages}`, as Inspect writes it. */
function messageList(value: unknown): { list: unknown[]; at: PathSegment[] } | undefined {
  if (Array.isArray(value)) return { list: value, at: [] };
  return isRecord(value) && Array.isArray(value.messages) ? { list: value.messages, at: ['messages'] } : undefined;
}

/**
 * An .eval log is a zip: `header.json` (the log without samples; `_journal/start.json` until the run ends), `samples/<id>_epoch_<n>.json` one sample each,
 * `summaries.json` and `_journal/`; in the order `summaries.json` lists them, else by name.
 */
function archiveSamples(files: Record<string, unknown>): Sample[] | undefined {
  // A log still being written has no header yet, only the journal's start.
  const header = files['header.json'] ?? files['_journal/start.json'];
  if (!isRecord(header) || !isRecord(header.eval)) return undefined;
  const names = Object.keys(files).filter((name) => name.startsWith('samples/') && isSample(files[name]));
  const summaries = Array.isArray(files['summaries.json']) ? files['summaries.json'] : [];
  const rank = (name: string): number => {
    const sample = files[name] as Record<string, unknown>;
    const at = summaries.findIndex((s) => isRecord(s) && s.id === sample.id && (s.epoch ?? 1) === (sample.epoch ?? 1));
    return at === -1 ? summaries.length : at;
  };
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
  return names.flatMap((name) => {
    const value = files[name];
    return isRecord(value) ? [{ value, at: [name] }] : [];
  });
}

function samplesOf(value: unknown, archive = false): Sample[] | undefined {
  if (archive) return isRecord(value) ? archiveSamples(value) : undefined;
  if (isLog(value)) return (Array.isArray(value.samples) ? value.samples : []).flatMap((s, i) => (isRecord(s) ? [{ value: s, at: ['samples', i] }] : []));
  if (isSample(value)) return [{ value, at: [] }];
  if (Array.isArray(value) && value.length > 0 && value.every(isSample)) return value.map((s: Record<string, unknown>, i) => ({ value: s, at: [i] }));
  return undefined;
}

function detect(input: ParsedInput): number {
  if (input.jsonLines) return 0;
  if (input.archive) return samplesOf(input.value, true) ? 100 : 0;
  if (samplesOf(input.value)) return 100;
  const found = messageList(input.value);
  // Above the generic role/content dicts (50) and OpenAI Chat lists (at most 90): these marks are Inspect's alone.
  return found && found.list.slice(0, 50).some(inspectMarks) ? 95 : 0;
}

function read(input: ParsedInput): AdapterOutput {
  const samples = samplesOf(input.value, input.archive);
  if (!samples) {
    const found = messageList(input.value);
    if (!found) return { messages: [problemDraft(input.value, '', `expected ${EXPECTS}`)] };
    return { messages: readMessages(found.list, found.at, {}) };
  }
  if (samples.length === 0) {
    return { messages: [problemDraft(input.value, '', 'this eval log has no samples (was it written with --no-log-samples, or is it still running?)')] };
  }
  const single = samples.length === 1;
  const log = input.archive && isRecord(input.value) ? (input.value['header.json'] ?? input.value['_journal/start.json']) : input.value;
  const logUsage = single && isLog(log) && isRecord(log.stats) ? sumUsage(log.stats.model_usage) : undefined;
  const notes = gradingNotes(samples);
  if (single) return { messages: readSample(samples[0]!, logUsage), ...(notes.length > 0 && { notes }) };
  // Samples are separate conversations: each is linked and checked on its own.
  const messages: MessageDraft[] = [];
  const conversations: ConversationRange[] = samples.map((sample) => {
    const start = messages.length;
    for (const draft of readSample(sample, undefined)) messages.push(draft);
    return { label: sampleLabel(sample.value), start, end: messages.length };
  });
  return { messages, conversations, ...(notes.length > 0 && { notes }) };
}

/**
 * A model-graded scorer keeps the grader's own conversation in `scores.<scorer>.metadata.grading` (Inspect's
 * model_graded_fact / model_graded_qa): another model's exchange, not the sample's, named rather than shown.
 */
function gradingNotes(samples: readonly Sample[]): string[] {
  const graded = new Map<string, number>();
  for (const { value } of samples) {
    if (!isRecord(value.scores)) continue;
    for (const [scorer, score] of Object.entries(value.scores)) {
      const grading = isRecord(score) && isRecord(score.metadata) ? score.metadata.grading : undefined;
      if (Array.isArray(grading)) graded.set(scorer, (graded.get(scorer) ?? 0) + 1);
    }
  }
  return [...graded].map(
    ([scorer, count]) =>
      `The ${scorer} scorer's grading conversation (${count} sample${count === 1 ? '' : 's'}, scores.${scorer}.metadata.grading) is the grader model's exchange, not the sample's: not shown.`,
  );
}

function sampleLabel(sample: Record<string, unknown>): string {
  return `sample ${printed(sample.id ?? '?')}, epoch ${printed(sample.epoch ?? 1)}`;
}

function readSample(sample: Sample, logUsage: Usage | undefined): MessageDraft[] {
  const list = Array.isArray(sample.value.messages) ? sample.value.messages : [];
  const attachments = isRecord(sample.value.attachments) ? sample.value.attachments : {};
  const drafts = readMessages(list, [...sample.at, 'messages'], attachments);
  // Inspect keeps usage per sample, not per message: it goes on the sample's last answer.
  const output = isRecord(sample.value.output) ? sample.value.output : {};
  const usage = sumUsage(sample.value.model_usage) ?? readModelUsage(output.usage) ?? logUsage;
  const last = drafts.findLast((draft) => draft.role === 'ai');
  if (usage && last && !drafts.some((draft) => draft.usage)) last.usage = usage;
  return drafts;
}

function readMessages(list: unknown[], at: PathSegment[], attachments: Record<string, unknown>): MessageDraft[] {
  return list.map((element, i) => readMessage(element, formatPath([...at, i]), attachments));
}

function readMessage(element: unknown, path: string, attachments: Record<string, unknown>): MessageDraft {
  if (!isRecord(element)) return problemDraft(element, path, `expected a {role, content} message, got ${kindOf(element)}`);
  const roleName = element.role;
  if (typeof roleName !== 'string') return problemDraft(element, path, 'expected a string `role`');
  const resolve = (text: string): string => resolveAttachment(text, attachments);
  const content = readContent(element.content, resolve);
  // Before ContentReasoning, assistant messages had a plain `reasoning` field.
  if (typeof element.reasoning === 'string')
    content.unshift({ kind: 'reasoning', type: 'reasoning', text: resolve(element.reasoning), raw: element.reasoning });
  const calls = Array.isArray(element.tool_calls) ? element.tool_calls.map(readCall) : [];
  const draft: MessageDraft = {
    role: ROLES.get(roleName) ?? 'other',
    sourceType: roleName,
    content,
    text: joinText(content),
    toolCalls: calls,
    invalidToolCalls: [],
    raw: element,
    location: { path },
  };
  if (typeof element.id === 'string') draft.id = element.id;
  if (typeof element.model === 'string') draft.model = element.model;
  if (roleName === 'tool') readToolFields(draft, element);
  return draft;
}

function readToolFields(draft: MessageDraft, element: Record<string, unknown>): void {
  if (typeof element.tool_call_id === 'string') draft.toolCallId = element.tool_call_id;
  if (typeof element.function === 'string') draft.name = element.function;
  // `tool_error` (a string) is what older logs wrote before `error: {type, message}`.
  const error = isRecord(element.error) ? element.error : typeof element.tool_error === 'string' ? { type: 'unknown', message: element.tool_error } : undefined;
  if (!error) return;
  draft.status = 'error';
  if (draft.text === '') draft.text = `${printed(error.type ?? 'error')}: ${printed(error.message ?? '')}`;
}

const BLOCK_KINDS = new Map<string, ContentKind>([
  ['text', 'text'],
  ['reasoning', 'reasoning'],
  ['image', 'image'],
  ['audio', 'audio'],
  ['video', 'file'],
  ['document', 'file'],
  ['tool_use', 'tool_call'],
]);

function readContent(content: unknown, resolve: (text: string) => string): ContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ kind: 'text', type: 'text', text: resolve(content), raw: content }];
  if (!Array.isArray(content)) return content === null || content === undefined ? [] : [{ kind: 'other', type: '(none)', raw: content }];
  return content.map((block): ContentBlock => {
    if (!isRecord(block)) return { kind: 'other', type: '(none)', raw: block };
    const type = typeof block.type === 'string' ? block.type : '(none)';
    const kind = BLOCK_KINDS.get(type) ?? 'other';
    const text = blockText(block, kind);
    return { kind, type, ...(text !== undefined && { text: resolve(text) }), raw: block };
  });
}

function blockText(block: Record<string, unknown>, kind: ContentKind): string | undefined {
  if (kind === 'text') return typeof block.text === 'string' ? block.text : undefined;
  // Redacted reasoning holds the provider's encrypted text: show the summary if any.
  if (kind === 'reasoning') return block.redacted === true ? stringOr(block.summary) : (stringOr(block.reasoning) ?? stringOr(block.summary));
  if (kind === 'tool_call') return stringOr(block.name);
  return undefined;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Logs move long texts to `sample.attachments` and leave `attachment://<hash>` in their place. */
function resolveAttachment(text: string, attachments: Record<string, unknown>): string {
  if (!text.startsWith('attachment://')) return text;
  const resolved = attachments[text.slice('attachment://'.length)];
  return typeof resolved === 'string' ? resolved : text;
}

/** `arguments` is an object; when Inspect could not parse the model's JSON it says so in `parse_error`. */
function readCall(value: unknown): ToolCall {
  if (!isRecord(value)) return readToolCall(value, false);
  const call = readToolCall({ id: value.id, name: value.function, args: value.arguments }, false);
  if (typeof value.parse_error === 'string') call.error = value.parse_error;
  return { ...call, raw: value };
}

/**
 * Inspect's `input_tokens` excludes cache reads and writes for some providers (Anthropic) and includes
 * them for others (OpenAI), but its `total_tokens` always counts every input token once: so input is
 * total - output, comparable across providers.
 */
function readModelUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const output = numberOf(value.output_tokens) ?? 0;
  const total = numberOf(value.total_tokens);
  const inputTokens = numberOf(value.input_tokens);
  if (inputTokens === undefined && total === undefined) return undefined;
  return usageFrom({
    input: total !== undefined && total >= output ? total - output : (inputTokens ?? 0),
    output,
    total,
    cacheRead: numberOf(value.input_tokens_cache_read),
    cacheCreation: numberOf(value.input_tokens_cache_write),
    reasoning: numberOf(value.reasoning_tokens),
  });
}

/** `model_usage` is `{model name: ModelUsage}`; the sample's usage is their sum. */
function sumUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  return Object.values(value).reduce<Usage | undefined>((sum, entry) => addUsage(sum, readModelUsage(entry)), undefined);
}

export const inspect: FormatAdapter = guarded({
  name: 'inspect',
  label: 'Inspect AI eval log',
  expects: EXPECTS,
  detect,
  read,
});
