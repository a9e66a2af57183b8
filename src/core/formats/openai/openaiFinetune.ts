// OpenAI fine-tuning and eval datasets (platform.openai.com/docs/guides/supervised-fine-tuning, "Preparing your
// dataset"; openai/openai-cookbook examples/data/*.jsonl; see docs/FORMATS.md, "Fine-tuning and eval datasets"): one row
// `{"messages": [chat messages], "tools"?, "parallel_tool_calls"?}` a line of JSON Lines, or a JSON array of such
// rows. Each row is a conversation of its own; its messages are Chat Completions messages. Some dataset tools
// store `messages` as a JSON string (a parquet column, TRL's text field): it is decoded once.
import { isRecord, parseJson } from '../../json/value';
import { problemDraft } from '../common/drafts';
import { readDatasetRows, sampleRows, type DatasetRow } from '../common/datasetRows';
import { guarded } from '../common/guard';
import { linkByName } from './openaiLink';
import { readChatMessage } from './openaiMessage';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';

const EXPECTS =
  'OpenAI fine-tuning or eval rows {"messages": [{"role", "content", "tool_calls"?}], "tools"?, "parallel_tool_calls"?} in JSON Lines or a JSON array';

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/** `messages` as a list, or decoded from the JSON string some tools store instead. */
function messagesOf(row: Record<string, unknown>): { list: unknown[]; encoded: boolean } | undefined {
  if (Array.isArray(row.messages)) return { list: row.messages, encoded: false };
  if (typeof row.messages !== 'string' || !row.messages.trimStart().startsWith('[')) return undefined;
  const decoded = parseJson(row.messages);
  return decoded && Array.isArray(decoded.value) ? { list: decoded.value, encoded: true } : undefined;
}

const isChatMessage = (message: unknown): boolean => isRecord(message) && typeof message.role === 'string' && ROLES.has(message.role);

/**
 * Several rows, each `{messages}` whose messages carry chat roles: 90. A lone row is a chat request without
 * a model, which openai-chat reads alike. Rows of other containers (Inspect samples with `epoch`, messages
 * keyed `type`) are theirs.
 */
function detect(input: ParsedInput): number {
  if (!Array.isArray(input.value)) return 0;
  const rows = sampleRows(input);
  if (rows.length === 0) return 0;
  let messages = false;
  for (const row of rows) {
    if (!isRecord(row) || 'role' in row || 'epoch' in row) return 0;
    const found = messagesOf(row);
    if (!found) return 0;
    const [first] = found.list;
    if (first === undefined) continue;
    if (!isChatMessage(first) || (isRecord(first) && ('type' in first || 'from' in first))) return 0;
    messages = true;
  }
  return messages ? 90 : 0;
}

function read(input: ParsedInput): AdapterOutput {
  let encoded = 0;
  const out = readDatasetRows(input, 'a row with `messages`', (row) => {
    const drafts = readRow(row);
    if (typeof row.value.messages === 'string') encoded++;
    return drafts;
  });
  if (encoded > 0) {
    const rows = encoded === 1 ? 'row holds' : 'rows hold';
    (out.notes ??= []).push(`${encoded} ${rows} \`messages\` as a JSON string, decoded once to read it; its messages point at that string.`);
  }
  return out;
}

function readRow(row: DatasetRow): MessageDraft[] {
  const found = messagesOf(row.value);
  const at = row.where.inner('.messages');
  if (!found) return [problemDraft(row.value, row.where.path, `expected ${EXPECTS}`)];
  // Messages decoded from a string have no place of their own in the text: they point at the string.
  const pathOf = (i: number): string => (found.encoded ? at : row.where.inner(`.messages[${i}]`));
  const drafts = found.list.map((element, i): MessageDraft => {
    const path = pathOf(i);
    const draft = readChatMessage(element, path);
    return 'unreadable' in draft ? problemDraft(element, path, draft.unreadable) : draft;
  });
  // Legacy `function_call` rows pair results by name; their ids are positions within the row.
  linkByName(drafts);
  return drafts;
}

export const openaiFinetune: FormatAdapter = guarded({
  name: 'openai-finetune',
  label: 'OpenAI fine-tuning dataset',
  expects: EXPECTS,
  detect,
  read,
});
