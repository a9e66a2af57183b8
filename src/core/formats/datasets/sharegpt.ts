// ShareGPT datasets, as LLaMA-Factory and FastChat train on them (hiyouga/LLaMA-Factory data/README.md
// "Sharegpt Format", src/llamafactory/data/converter.py SharegptDatasetConverter, formatter.py FunctionFormatter;
// see docs/FORMATS.md, "Fine-tuning and eval datasets"): rows `{"conversations": [{"from", "value"}], "system"?, "tools"?,
// "id"?}` in a JSON array or JSON Lines. `function_call` turns hold JSON of `{name, arguments}` (or a list of
// them, for parallel calls) and `observation` turns the tool's result. Nothing has an id: calls are named by
// their position and each observation answers the earliest call still waiting in its row.
import { isRecord, parseJson, printed } from '../../json/value';
import type { Role, ToolCall } from '../../model';
import { newDraft, problemDraft, textOf } from '../common/drafts';
import { readContent } from '../common/content';
import { readDatasetRows, sampleRows, type DatasetRow } from '../common/datasetRows';
import { guarded } from '../common/guard';
import { readToolCall } from '../common/toolCall';
import type { AdapterOutput, FormatAdapter, MessageDraft, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS =
  'ShareGPT dataset rows {"conversations": [{"from": "human" | "gpt" | "system" | "function_call" | "observation", "value"}], "system"?, "tools"?} in a JSON array or JSON Lines';

// FastChat's and the original ShareGPT dumps' speaker names beside LLaMA-Factory's defaults.
const ROLES = new Map<string, Role>([
  ['system', 'system'],
  ['human', 'human'],
  ['user', 'human'],
  ['gpt', 'ai'],
  ['assistant', 'ai'],
  ['chatgpt', 'ai'],
  ['bard', 'ai'],
  ['bing', 'ai'],
  ['function_call', 'ai'],
  ['observation', 'tool'],
  ['tool', 'tool'],
]);

const isTurn = (turn: unknown): boolean => isRecord(turn) && typeof turn.from === 'string' && 'value' in turn;

/** LLaMA-Factory's column is `conversations`; a `messages` column of `from` / `value` turns is the same shape renamed. */
function turnsOf(row: Record<string, unknown>): { turns: unknown[]; key: string } | undefined {
  if (Array.isArray(row.conversations)) return { turns: row.conversations, key: 'conversations' };
  // The first turns say it: a long chat list of another format is not walked to its end.
  if (Array.isArray(row.messages) && row.messages.slice(0, 10).some(isTurn)) return { turns: row.messages, key: 'messages' };
  return undefined;
}

/** Every sampled row holds turns and one of them a `{from, value}` turn: 100; nothing else writes `from` / `value`. */
function detect(input: ParsedInput): number {
  const rows = sampleRows(input);
  if (rows.length === 0) return 0;
  let turns = false;
  for (const row of rows) {
    const found = isRecord(row) ? turnsOf(row) : undefined;
    if (!found || (found.turns.length > 0 && !isTurn(found.turns[0]))) return 0;
    if (found.turns.length > 0) turns = true;
  }
  return turns ? 100 : 0;
}

const POSITION_IDS =
  'ShareGPT turns have no ids: each call is given one made of its position, `<tool>@<row>.<turn>.<call>` (0-based), findings name it by its turn, and each observation answers the earliest call of its row still waiting.';

function read(input: ParsedInput): AdapterOutput {
  let calls = 0;
  const out = readDatasetRows(input, 'a row with `conversations`', (row) => {
    const drafts = readRow(row);
    for (const draft of drafts) calls += draft.toolCalls.length;
    return drafts;
  });
  if (calls > 0) (out.notes ??= []).push(POSITION_IDS);
  return out;
}

function readRow(row: DatasetRow): MessageDraft[] {
  const found = turnsOf(row.value);
  if (!found) return [problemDraft(row.value, row.where.path, `expected ${EXPECTS}`)];
  const drafts: MessageDraft[] = [];
  const { system } = row.value;
  if (typeof system === 'string' && system !== '') drafts.push(newDraft('system', 'system', readContent(system), system, row.where.inner('.system')));
  const waiting: ToolCall[] = [];
  found.turns.forEach((turn, t) => {
    const path = row.where.inner(`.${found.key}[${t}]`);
    if (!isRecord(turn) || typeof turn.from !== 'string') {
      drafts.push(problemDraft(turn, path, 'expected a turn {"from", "value"}'));
      return;
    }
    const from = turn.from;
    const text = textOf(turn.value);
    if (from === 'function_call') {
      const calls = readCalls(turn.value, `${row.index}.${t}`, path);
      const draft = newDraft('ai', from, [], turn, path);
      draft.toolCalls = calls;
      pushAll(waiting, calls);
      drafts.push(draft);
      return;
    }
    const draft = newDraft(ROLES.get(from) ?? 'other', from, readContent(text), turn, path);
    if (draft.role === 'tool') {
      const call = waiting.shift();
      // A result with no call before it keeps an id of its own position, so the rules report it as a stray.
      draft.toolCallId = call?.id ?? `${from}@${row.index}.${t}`;
      draft.toolCallIdMadeUp = true;
      if (call) draft.name = call.name;
    }
    drafts.push(draft);
  });
  return drafts;
}

/**
 * `{"name", "arguments"}` or a list of them, as JSON text; arguments an object or its JSON string. The ids are
 * made up: findings name the calls by the turn's `path`.
 */
function readCalls(value: unknown, position: string, path: string): ToolCall[] {
  const parsed = typeof value === 'string' ? parseJson(value) : { value };
  const list = parsed === undefined ? undefined : Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  if (list === undefined || list.length === 0 || !list.every((call) => isRecord(call) && typeof call.name === 'string')) {
    // LLaMA-Factory refuses the row ("Invalid JSON format in function message"): the call is shown as invalid.
    const call: ToolCall = {
      id: `function_call@${position}.0`,
      name: '',
      args: value,
      error: 'expected JSON of {"name", "arguments"} or a list of them',
      idMadeUp: { path },
      raw: value,
    };
    if (typeof value === 'string') call.argsText = value;
    return [call];
  }
  return list.map((entry: unknown, j) => {
    const call = isRecord(entry) ? entry : {};
    const name = printed(call.name);
    return { ...readToolCall({ name, args: call.arguments }, false), id: `${name}@${position}.${j}`, idMadeUp: { path }, raw: entry };
  });
}

export const sharegpt: FormatAdapter = guarded({
  name: 'sharegpt',
  label: 'ShareGPT dataset',
  expects: EXPECTS,
  detect,
  read,
});
