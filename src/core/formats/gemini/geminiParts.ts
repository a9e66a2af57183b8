// Gemini `Part`s and `UsageMetadata` read into the model. Source: googleapis/python-genai@6680718
// google/genai/types.py (`Part`, `FunctionCall`, `FunctionResponse`, `Blob`, `FileData`,
// `ExecutableCode`, `CodeExecutionResult`, `GenerateContentResponseUsageMetadata`). The REST API
// writes camelCase; python-genai's `model_dump()` writes snake_case and every unset field as null.
import { isRecord, stringifyJson } from '../../json/value';
import type { ContentBlock, ContentKind, ToolCall, Usage } from '../../model';
import { mediaKind, numberOf, stringOf } from '../common/fields';
import { usageFrom } from '../common/usage';
import { readToolCall } from '../common/toolCall';

/** A field under its camelCase (REST) or snake_case (python-genai) name; null counts as absent. */
export function field(record: Record<string, unknown>, camel: string, snake: string): unknown {
  const value = record[camel] ?? record[snake];
  return value === null ? undefined : value;
}

/** The data fields a Part holds one of, as [REST name, python name]. */
const DATA_FIELDS = [
  ['text', 'text'],
  ['inlineData', 'inline_data'],
  ['fileData', 'file_data'],
  ['functionCall', 'function_call'],
  ['functionResponse', 'function_response'],
  ['executableCode', 'executable_code'],
  ['codeExecutionResult', 'code_execution_result'],
] as const;

type DataField = (typeof DATA_FIELDS)[number][0];

/** Which data field a part holds, and the name it was written under. */
export function partData(part: unknown): { field: DataField; written: string; value: unknown } | undefined {
  if (!isRecord(part)) return undefined;
  for (const [camel, snake] of DATA_FIELDS) {
    const written = part[camel] !== undefined && part[camel] !== null ? camel : part[snake] !== undefined && part[snake] !== null ? snake : undefined;
    if (written !== undefined) return { field: camel, written, value: part[written] };
  }
  return undefined;
}

const blobKind = (blob: unknown): ContentKind => mediaKind(isRecord(blob) ? stringOf(field(blob, 'mimeType', 'mime_type')) : undefined);

/** One part as a content block; `raw` is the part, so `thoughtSignature` stays with it. */
export function readPart(part: unknown): ContentBlock {
  const data = partData(part);
  if (data === undefined || !isRecord(part)) return { kind: 'other', type: '(none)', raw: part };
  const { field: name, written, value } = data;
  switch (name) {
    case 'text':
      // `thought: true` marks a thought summary the model wrote before answering.
      return part.thought === true
        ? { kind: 'reasoning', type: 'thought', text: stringOf(value), raw: part }
        : { kind: 'text', type: written, text: stringOf(value) ?? '', raw: part };
    case 'inlineData':
    case 'fileData':
      // Never the base64 data as text: a screenshot would be megabytes of it.
      return { kind: blobKind(value), type: written, raw: part };
    case 'functionCall':
      return { kind: 'tool_call', type: written, raw: part };
    case 'functionResponse':
      return { kind: 'tool_result', type: written, raw: part };
    case 'executableCode':
      return { kind: 'other', type: written, text: isRecord(value) ? stringOf(value.code) : undefined, raw: part };
    case 'codeExecutionResult':
      return { kind: 'other', type: written, text: isRecord(value) ? stringOf(value.output) : undefined, raw: part };
  }
}

/** A `functionCall` part as a ToolCall with the given id (the call's own, or one made up when it has none). */
export function readFunctionCall(part: Record<string, unknown>, call: Record<string, unknown>, id: string): ToolCall {
  return { ...readToolCall({ id, name: call.name, args: call.args }, false), raw: part };
}

/** A functionResponse's text: its `output` (or `error`) when a string, otherwise the response as JSON. */
export function responseText(response: unknown): string {
  if (!isRecord(response)) return response === undefined ? '' : (stringifyJson(response) ?? '');
  const text = stringOf(response.output) ?? stringOf(response.error);
  return text ?? stringifyJson(response.output ?? response.error ?? response) ?? '';
}

/**
 * `usageMetadata`: promptTokenCount already includes cached tokens (cachedContentTokenCount);
 * candidatesTokenCount excludes thoughts. Input here is prompt + toolUsePrompt and output is
 * candidates + thoughts, the parts totalTokenCount adds up, so a reported total compares.
 */
export function readGeminiUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const count = (camel: string, snake: string): number | undefined => numberOf(field(value, camel, snake));
  const prompt = count('promptTokenCount', 'prompt_token_count');
  const candidates = count('candidatesTokenCount', 'candidates_token_count');
  if (prompt === undefined && candidates === undefined) return undefined;
  const thoughts = count('thoughtsTokenCount', 'thoughts_token_count');
  const cached = count('cachedContentTokenCount', 'cached_content_token_count');
  const input = (prompt ?? 0) + (count('toolUsePromptTokenCount', 'tool_use_prompt_token_count') ?? 0);
  const output = (candidates ?? 0) + (thoughts ?? 0);
  const reported = count('totalTokenCount', 'total_token_count');
  return usageFrom({ input, output, total: reported, cacheRead: cached, reasoning: thoughts });
}
