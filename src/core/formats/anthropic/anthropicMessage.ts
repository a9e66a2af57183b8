// One Anthropic Messages API message (a request `MessageParam` or a response `Message`) read into
// the model; shared by the `anthropic` and `claude-code` adapters. Shapes from
// anthropics/anthropic-sdk-python@009b035 src/anthropic/types/ (message_param.py, message.py,
// tool_use_block.py, tool_result_block_param.py, thinking_block.py, redacted_thinking_block.py,
// server_tool_use_block.py, web_search_tool_result_block.py, usage.py) and, for `mid_conv_system`,
// mid_conversation_system_block_param.py @458a645.
import { MAX_DEPTH } from '../../json/depth';
import { isRecord, kindOf } from '../../json/value';
import type { ContentBlock, Role, ToolCall, Usage, UsagePass } from '../../model';
import { splitTurn, wholeTurn, type Where } from '../common/draftPaths';
import { expectedObject, joinText, newDraft, problemDraft } from '../common/drafts';
import { numberOf } from '../common/fields';
import { addUsage, usageFrom } from '../common/usage';
import { readContent } from '../common/content';
import { readToolCall } from '../common/toolCall';
import type { MessageDraft } from '../types';

const ROLES = new Map<string, Role>([
  ['user', 'human'],
  ['assistant', 'ai'],
  // Only the newest API takes role "system", carrying `mid_conv_system` blocks.
  ['system', 'system'],
]);

/** `tool_use`, and the server-executed `server_tool_use` / `mcp_tool_use`. */
export const isCallType = (type: string): boolean => type === 'tool_use' || type.endsWith('_tool_use');

/** `tool_result`, and the server tools' `web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`... */
export const isResultType = (type: string): boolean => type === 'tool_result' || type.endsWith('_tool_result');

const typeOf = (block: unknown): string => (isRecord(block) && typeof block.type === 'string' ? block.type : '');

/**
 * The messages one Anthropic message becomes. A user turn is split in block order: each tool result
 * is its own tool message and the blocks between them become human messages, so links and the
 * adjacency rules see the order the API sees.
 */
export function readAnthropicMessage(element: unknown, where: Where): MessageDraft[] {
  if (!isRecord(element)) return [problemDraft(element, where.path, expectedObject('`role` and `content`', element))];
  const roleName = element.role;
  const role = typeof roleName === 'string' ? ROLES.get(roleName) : undefined;
  if (role === undefined || typeof roleName !== 'string') {
    const got = typeof roleName === 'string' ? JSON.stringify(roleName) : kindOf(roleName);
    return [problemDraft(element, where.path, `expected \`role\` "user" or "assistant", got ${got}`)];
  }
  const content = element.content;
  if (typeof content === 'string' || (Array.isArray(content) && content.length === 0)) {
    return [withMeta(newDraft(role, roleName, readContent(content), element, where.path), element)];
  }
  if (!Array.isArray(content)) {
    return [problemDraft(element, where.path, `expected \`content\` to be a string or a list of blocks, got ${kindOf(content)}`)];
  }
  return role === 'ai' ? readAssistant(element, content, where) : readTurn(role, roleName, element, content, where);
}

/**
 * Server tools (web search, code execution, MCP) run inside the API call, so their call and result
 * both sit in the assistant message. The call stays a ToolCall of the AI message and the result
 * becomes a tool message right after it: the link by id then works like a client tool's, and an
 * unanswered server call or a stray result is reported the same way. A client `tool_result` belongs
 * in a user message: one found here keeps the role `assistant` as its `sourceType`
 * (tool-result-wrong-role reports it), and an assistant message holding nothing else makes no AI
 * message of its own.
 */
function readAssistant(element: Record<string, unknown>, blocks: unknown[], where: Where): MessageDraft[] {
  const kept: ContentBlock[] = [];
  const calls: ToolCall[] = [];
  const results: MessageDraft[] = [];
  blocks.forEach((block, j) => {
    const type = typeOf(block);
    if (isRecord(block) && isResultType(type)) {
      const result = readResult(block, type, where.inner(`.content[${j}]`));
      if (type === 'tool_result') result.sourceType = 'assistant';
      results.push(result);
      return;
    }
    kept.push(readBlock(block));
    if (isRecord(block) && isCallType(type)) calls.push(readCall(block));
  });
  answeredInsideRuns(calls, blocks);
  if (kept.length === 0 && results.length > 0 && results.every((r) => r.sourceType === 'assistant')) {
    const [first] = results;
    if (first) withMeta(first, element);
    return results;
  }
  const ai = withMeta(newDraft('ai', 'assistant', kept, element, where.path), element);
  ai.toolCalls = calls;
  return [ai, ...results];
}

/**
 * Programmatic tool calling: a `tool_use` whose `caller` is a code execution was run from inside that
 * code, and its result went back into the run. When the run's own result is in the same message, the
 * run is over and the call was answered there; otherwise (the response paused for it) it waits for a
 * tool_result like any other call.
 */
function answeredInsideRuns(calls: ToolCall[], blocks: readonly unknown[]): void {
  let finished: Set<string> | undefined;
  for (const call of calls) {
    const caller = isRecord(call.raw) && isRecord(call.raw.caller) ? call.raw.caller : undefined;
    const run = caller && typeof caller.type === 'string' && caller.type.startsWith('code_execution') ? caller.tool_id : undefined;
    if (typeof run !== 'string') continue;
    finished ??= new Set(blocks.flatMap((b) => (isRecord(b) && isResultType(typeOf(b)) && typeof b.tool_use_id === 'string' ? [b.tool_use_id] : [])));
    if (finished.has(run)) call.answeredInside = run;
  }
}

function readTurn(role: Role, roleName: string, element: Record<string, unknown>, blocks: unknown[], where: Where): MessageDraft[] {
  const drafts = splitTurn(
    blocks,
    (block, j) => {
      const type = typeOf(block);
      return isRecord(block) && isResultType(type) ? readResult(block, type, where.inner(`.content[${j}]`)) : undefined;
    },
    (block) => (typeOf(block) === 'mid_conv_system' ? 'system' : role),
    (run, raw) => newDraft(run.role, run.role === role ? roleName : 'mid_conv_system', run.blocks.map(readBlock), raw, where.inner(`.content[${run.first}]`)),
  );
  const whole = wholeTurn(drafts, element, where.path);
  if (whole) withMeta(whole, element);
  return drafts;
}

function readBlock(block: unknown): ContentBlock {
  if (isRecord(block) && block.type === 'mid_conv_system') {
    return { kind: 'text', type: 'mid_conv_system', text: joinText(readContent(block.content)), raw: block };
  }
  // Server-side compaction: the summary that stands for the turns before it (docs/FORMATS.md, "Anthropic").
  if (isRecord(block) && block.type === 'compaction') {
    return { kind: 'other', type: 'compaction', text: typeof block.content === 'string' ? block.content : undefined, raw: block };
  }
  // Text, thinking (its signature stays in raw), redacted_thinking, image, document, tool_use...
  return readContent([block])[0] ?? { kind: 'other', type: '(none)', raw: block };
}

function readCall(block: Record<string, unknown>): ToolCall {
  const input = block.input;
  const call: ToolCall = { ...readToolCall({ id: block.id, name: block.name, args: input }, false), raw: block };
  // The API rejects a tool_use whose input is not an object; a string is read as JSON like other formats' arguments.
  if (call.error === undefined && typeof input !== 'string' && !isRecord(input)) {
    call.error = `expected \`input\` to be an object, got ${kindOf(input)}`;
  }
  return call;
}

function readResult(block: Record<string, unknown>, type: string, path: string): MessageDraft {
  const content = block.content;
  const blocks =
    typeof content === 'string' || Array.isArray(content) ? readContent(content) : content === undefined || content === null ? [] : [readBlock(content)];
  const draft = newDraft('tool', type, blocks, block, path);
  if (typeof block.tool_use_id === 'string') draft.toolCallId = block.tool_use_id;
  const status = resultStatus(block.is_error, content);
  if (status !== undefined) draft.status = status;
  if (draft.text === '') draft.text = serverResultText(content);
  return draft;
}

/** `is_error` on client and MCP results; server tools return an `*_error` object with `error_code` instead. */
function resultStatus(isError: unknown, content: unknown): string | undefined {
  if (isError === true) return 'error';
  if (isRecord(content) && (typeof content.error_code === 'string' || typeOf(content).endsWith('_error'))) return 'error';
  return isError === false ? 'success' : undefined;
}

/**
 * Server results carry no text blocks: web search gives `[{type: "web_search_result", title, url}]`,
 * code execution `{stdout, stderr, return_code}`, a failure `{type: "*_error", error_code}`.
 */
function serverResultText(content: unknown, depth = 0): string {
  // Lists in lists are read MAX_DEPTH levels down, as deep as input nests (json/depth); deeper is not read.
  if (Array.isArray(content))
    return depth >= MAX_DEPTH
      ? ''
      : content
          .map((item) => serverResultText(item, depth + 1))
          .filter((line) => line !== '')
          .join('\n');
  if (!isRecord(content)) return '';
  const parts = [content.error_code, content.title, content.url, content.stdout, content.stderr];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n');
}

function withMeta(draft: MessageDraft, element: Record<string, unknown>): MessageDraft {
  if (typeof element.id === 'string') draft.id = element.id;
  if (typeof element.model === 'string') draft.model = element.model;
  const usage = readAnthropicUsage(element.usage);
  if (usage !== undefined) draft.usage = usage;
  return draft;
}

/**
 * Anthropic's `input_tokens` excludes cache reads and writes. Input here is input_tokens +
 * cache_read_input_tokens + cache_creation_input_tokens (as langchain-anthropic's usage_metadata
 * does), so totals compare with providers whose prompt count includes cached tokens. Anthropic
 * reports no total: it is input + output, not reported. With `iterations`, the top-level counts leave
 * the compaction passes out; the billed usage is the sum of every pass (docs/FORMATS.md, "Anthropic").
 */
export function readAnthropicUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const passes = Array.isArray(value.iterations) ? value.iterations.flatMap(readPass) : [];
  if (passes.length > 0) return passUsage(passes);
  return countsOf(value)?.usage;
}

function countsOf(value: Record<string, unknown>): { usage: Usage; input: number; output: number } | undefined {
  const input = numberOf(value.input_tokens);
  const output = numberOf(value.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const cacheRead = numberOf(value.cache_read_input_tokens);
  const cacheCreation = numberOf(value.cache_creation_input_tokens);
  const usage = usageFrom({ input: (input ?? 0) + (cacheRead ?? 0) + (cacheCreation ?? 0), output, cacheRead, cacheCreation });
  return usage && { usage, input: usage.input, output: usage.output };
}

function readPass(value: unknown): { pass: UsagePass; usage: Usage }[] {
  const counts = isRecord(value) ? countsOf(value) : undefined;
  if (!isRecord(value) || !counts) return [];
  const type = typeof value.type === 'string' ? value.type : 'message';
  return [{ pass: { type, input: counts.input, output: counts.output }, usage: counts.usage }];
}

function passUsage(passes: readonly { pass: UsagePass; usage: Usage }[]): Usage {
  let total: Usage | undefined;
  for (const { usage } of passes) total = addUsage(total, usage);
  const usage = total ?? { input: 0, output: 0, total: 0, totalReported: false };
  usage.iterations = passes.map(({ pass }) => pass);
  return usage;
}
