// The Tools table of a conversation, built on first ask and kept: the page asks again when it opens the
// conversation anew (a conversation switched away from and back), and 50,000 rows take ~0.1 s to build.
import { toolCallTable, type ToolCallTable } from '../core/analytics/toolCalls';
import type { Transcript } from '../core/model';

const tables = new WeakMap<Transcript, ToolCallTable>();

export function toolCallsOf(transcript: Transcript): ToolCallTable {
  let table = tables.get(transcript);
  if (!table) tables.set(transcript, (table = toolCallTable(transcript)));
  return table;
}
