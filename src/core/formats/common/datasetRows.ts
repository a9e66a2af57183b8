// Fine-tuning and eval datasets: one conversation a row, as a JSON array of rows, JSON Lines of rows or
// one row alone. Each row is its own conversation, labelled by its `id` or its row number; a line that is
// not JSON, or a row that is not one, stays as an unreadable message of its own.
import { isRecord, kindOf, printed } from '../../json/value';
import { whereAt, whereOf, type Where } from './draftPaths';
import { problemDraft } from './drafts';
import { ConversationList } from './conversations';
import { firstElements } from './messageList';
import type { AdapterOutput, MessageDraft, ParsedInput } from '../types';

export interface DatasetRow {
  value: Record<string, unknown>;
  /** 0-based position among the rows (the index of a JSON array, the line's element for JSON Lines). */
  index: number;
  where: Where;
}

/** The rows of `input`: the elements of an array or of JSON Lines, or the input itself when it is one object. */
function rowValues(input: ParsedInput): unknown[] {
  return Array.isArray(input.value) ? input.value : [input.value];
}

/** The first few rows detection looks at (bad JSON Lines left out). */
export function sampleRows(input: ParsedInput, count = 5): unknown[] {
  return firstElements(rowValues(input), input, count);
}

/** `id` when the row has one (FastChat's `identity_0`), else its 1-based row number. */
function labelOf(row: DatasetRow): string {
  const id = row.value.id;
  return typeof id === 'string' || typeof id === 'number' ? printed(id) : `row ${row.index + 1}`;
}

/**
 * Every row read by `readRow` into a conversation of its own, in order. `expected` names a row, for the
 * problem of an element that is not one.
 */
export function readDatasetRows(input: ParsedInput, expected: string, readRow: (row: DatasetRow) => MessageDraft[], notes: string[] = []): AdapterOutput {
  const values = rowValues(input);
  const single = !Array.isArray(input.value);
  const lineOf = input.jsonLines ? input.lineOf : undefined;
  const list = new ConversationList();
  let empty = 0;
  values.forEach((value, index) => {
    const where = single ? whereAt('') : whereOf('', index, lineOf);
    const label = `row ${index + 1}`;
    const lineError = input.lineErrors?.get(index);
    if (lineError !== undefined) list.add(label, [problemDraft(value, where.path, lineError)]);
    else if (!isRecord(value)) list.add(label, [problemDraft(value, where.path, `expected ${expected}, got ${kindOf(value)}`)]);
    else {
      const row = { value, index, where };
      if (list.add(labelOf(row), readRow(row)) === undefined) empty++;
    }
  });
  const all = [...notes];
  if (empty > 0) all.push(`${empty} ${empty === 1 ? 'row has' : 'rows have'} no messages and ${empty === 1 ? 'is' : 'are'} not shown.`);
  if (list.count > 1) all.unshift(`${list.count} dataset rows, each a conversation of its own.`);
  return list.output(all);
}
