// Message content as most formats write it: a string, or a list of strings and typed blocks
// (LangChain v0/v1, OpenAI, Anthropic block types), read into the model's content blocks.
import { isRecord } from '../../json/value';
import type { ContentBlock, ContentKind } from '../../model';
import { stringOf } from './fields';

export const isEmptyContent = (content: unknown): boolean => content === null || content === undefined || content === '';

const BLOCK_KINDS = new Map<string, ContentKind>([
  ...['text', 'input_text', 'output_text', 'refusal'].map((t) => [t, 'text'] as const),
  ...['reasoning', 'thinking', 'redacted_thinking'].map((t) => [t, 'reasoning'] as const),
  ...['image', 'image_url', 'input_image'].map((t) => [t, 'image'] as const),
  ...['audio', 'input_audio'].map((t) => [t, 'audio'] as const),
  ...['file', 'input_file', 'video', 'text-plain', 'document'].map((t) => [t, 'file'] as const),
  ...['tool_call', 'tool_call_chunk', 'invalid_tool_call', 'server_tool_call', 'server_tool_call_chunk', 'tool_use', 'server_tool_use', 'function_call'].map(
    (t) => [t, 'tool_call'] as const,
  ),
  ...['tool_result', 'server_tool_result', 'web_search_tool_result', 'function_call_output'].map((t) => [t, 'tool_result'] as const),
]);

/** Content is a string or a list of strings and typed blocks (LangChain v0/v1, OpenAI, Anthropic). */
export function readContent(content: unknown): ContentBlock[] {
  if (isEmptyContent(content)) return [];
  if (typeof content === 'string') return [{ kind: 'text', type: 'text', text: content, raw: content }];
  if (Array.isArray(content)) return content.map(readBlock);
  return [{ kind: 'other', type: '(none)', raw: content }];
}

function readBlock(block: unknown): ContentBlock {
  if (typeof block === 'string') return { kind: 'text', type: 'text', text: block, raw: block };
  if (!isRecord(block)) return { kind: 'other', type: '(none)', raw: block };
  const type = stringOf(block.type);
  const kind = (type === undefined ? undefined : BLOCK_KINDS.get(type)) ?? 'other';
  return { kind, type: type ?? '(none)', text: blockText(block, kind), raw: block };
}

// LLaMA-Factory's v1 dataset rows write `{type: "text" | "reasoning", value}` (data/v1 demos): read `value` last.
function blockText(block: Record<string, unknown>, kind: ContentKind): string | undefined {
  if (kind === 'reasoning') return stringOf(block.reasoning) ?? stringOf(block.thinking) ?? summaryText(block.summary) ?? stringOf(block.value);
  if (kind === 'tool_result') return stringOf(block.content) ?? stringOf(block.output);
  return stringOf(block.text) ?? stringOf(block.refusal) ?? (kind === 'text' ? stringOf(block.value) : undefined);
}

/** OpenAI Responses reasoning: `summary: [{type: "summary_text", text}]`. */
function summaryText(summary: unknown): string | undefined {
  if (!Array.isArray(summary)) return undefined;
  const texts = summary.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}
