// OpenAI Responses API (openai-python `src/openai/types/responses/*`: `response_create_params.py`,
// `response_input_item_param.py`, `response.py`, `response_usage.py`; docs/FORMATS.md, "OpenAI, Mistral and Ollama"): a request
// `{model?, instructions?, input: string | items}`, a bare items list, or a response
// `{object: "response", output: items, usage}`. Items are read in openaiResponsesItems.ts.
import { describeShape, isRecord } from '../../json/value';
import type { Usage } from '../../model';
import { newDraft, problemDraft } from '../common/drafts';
import { numberOf, stringOf } from '../common/fields';
import { readUsage } from '../common/usage';
import { unixTime } from './openaiMessage';
import { readItems } from './openaiResponsesItems';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { firstElements } from '../common/messageList';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'an OpenAI Responses request {"instructions"?, "input": string | [items]}, a list of items ({"type": "message" | "function_call" | "function_call_output" | "reasoning" | ...}), or a {"object": "response", "output": [items]} response';

// Item types of response_input_item_param.py that do not end in `_call` / `_call_output`.
const ITEM_TYPES = new Set(['message', 'reasoning', 'item_reference', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response', 'compaction']);
const PART_TYPES = new Set(['input_text', 'output_text', 'refusal', 'input_image', 'input_file', 'input_audio']);
const EASY_ROLES = new Set(['user', 'assistant', 'system', 'developer']);
const SAMPLE_SIZE = 100;

function detect({ value, lineErrors }: ParsedInput): number {
  if (isRecord(value) && value.object === 'response' && Array.isArray(value.output)) return 100;
  if (isRecord(value) && typeof value.input === 'string') {
    // `{model, input: "..."}` is also an embeddings or moderation request; `instructions` is not.
    return typeof value.instructions === 'string' ? 90 : typeof value.model === 'string' ? 60 : 0;
  }
  if (isRecord(value) && Array.isArray(value.input)) return Math.round(95 * fit(value.input).share);
  if (!Array.isArray(value)) return 0;
  const sampled = fit(firstElements(value, { lineErrors }, SAMPLE_SIZE));
  // Bare `{role, content}` dicts fit too, but without one typed item or Responses part they are anyone's.
  return sampled.marked ? Math.round(90 * sampled.share) : 0;
}

function fit(list: readonly unknown[]): { share: number; marked: boolean } {
  const items = list.slice(0, SAMPLE_SIZE);
  let fitting = 0;
  let marked = false;
  for (const item of items) {
    if (!isRecord(item)) continue;
    const type = item.type;
    if (typeof type === 'string') {
      if (!isItemType(type) || (type === 'message' && !hasResponsesContent(item))) continue;
      marked = true;
    } else if (typeof item.role !== 'string' || !EASY_ROLES.has(item.role) || !hasResponsesContent(item)) continue;
    else if (Array.isArray(item.content) && item.content.length > 0) marked = true;
    fitting++;
  }
  return { share: items.length === 0 ? 0 : fitting / items.length, marked };
}

const isItemType = (type: string): boolean => ITEM_TYPES.has(type) || type.endsWith('_call') || type.endsWith('_call_output');

/** Message content is a string or Responses parts (not Anthropic `text` blocks, not Agent Framework `contents`). */
function hasResponsesContent(item: Record<string, unknown>): boolean {
  const { content } = item;
  if (typeof content === 'string') return true;
  return Array.isArray(content) && content.every((part) => isRecord(part) && PART_TYPES.has(String(part.type)));
}

function read(input: ParsedInput): AdapterOutput {
  const { value } = input;
  if (Array.isArray(value)) return { messages: readItems({ items: value, path: [] }, input) };
  if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}; got ${describeShape(value)}`)] };
  const messages = instructions(value.instructions);
  if (typeof value.input === 'string') messages.push(inputText(value.input));
  else if (Array.isArray(value.input)) pushAll(messages, readItems({ items: value.input, path: ['input'] }));
  if (Array.isArray(value.output)) pushAll(messages, outputDrafts(value, value.output));
  if (messages.length === 0) messages.push(problemDraft(value, '', `expected ${EXPECTS}; got ${describeShape(value)}`));
  if (value.object === 'response') return { messages, kind: 'response' };
  return value.input === undefined ? { messages } : { messages, kind: 'request' };
}

/** A top-level system prompt: a string, or (in a returned Response) a list of input items. */
function instructions(value: unknown): MessageDraft[] {
  if (Array.isArray(value)) return readItems({ items: value, path: ['instructions'] });
  if (typeof value !== 'string') return [];
  return [newDraft('system', 'instructions', [{ kind: 'text', type: 'text', text: value, raw: value }], value, 'instructions')];
}

function inputText(value: string): MessageDraft {
  return newDraft('human', 'input', [{ kind: 'text', type: 'text', text: value, raw: value }], value, 'input');
}

/**
 * The output of one response is one model call: its model and time go on every AI message, its
 * usage on the first only, so the tokens are counted once.
 */
function outputDrafts(response: Record<string, unknown>, output: unknown[]): MessageDraft[] {
  const drafts = readItems({ items: output, path: ['output'] });
  let usage = readResponsesUsage(response.usage);
  for (const draft of drafts) {
    if (draft.role !== 'ai') continue;
    draft.model ??= stringOf(response.model);
    draft.timestamp ??= unixTime(response.created_at);
    if (usage) draft.usage = usage;
    usage = undefined;
  }
  return drafts;
}

/**
 * `input_tokens` already includes `input_tokens_details.cached_tokens`, and `output_tokens` includes
 * `output_tokens_details.reasoning_tokens`; the totals compare with Anthropic's once its cache reads are added.
 */
export function readResponsesUsage(value: unknown): Usage | undefined {
  const usage = readUsage(value);
  if (!usage || !isRecord(value)) return usage;
  const cacheRead = isRecord(value.input_tokens_details) ? numberOf(value.input_tokens_details.cached_tokens) : undefined;
  const reasoning = isRecord(value.output_tokens_details) ? numberOf(value.output_tokens_details.reasoning_tokens) : undefined;
  if (cacheRead !== undefined) usage.cacheRead = cacheRead;
  if (reasoning !== undefined) usage.reasoning = reasoning;
  return usage;
}

export const openaiResponses: FormatAdapter = {
  name: 'openai-responses',
  label: 'OpenAI Responses API',
  expects: EXPECTS,
  detect,
  read,
};
