import { createContext, useContext } from 'react';
import type { Finding } from '../../core/model';
import type { Card, TranscriptView } from '../../protocol/workerApi';
import type { TokenEstimates } from '../tokens/useTokenEstimates';

/** What every cell of the table reads: the view's columns and what is derived from them once per history. */
export interface TableData {
  view: TranscriptView;
  /** Each message's time since the previous message with a time (protocol/messagesTable `latencies`). */
  latency: Float64Array;
  findingsByMessage: ReadonlyMap<number, Finding[]>;
  /** Estimated tokens of the messages without usage (ui/tokens/useTokenEstimates), once counted; shown marked, never as reported. */
  estimates: TokenEstimates | null;
}

/** One row's message: its index at once, its card once the worker has sent it. */
export interface RowData {
  index: number;
  card: Card | undefined;
}

export const TableDataContext = createContext<TableData | null>(null);
export const RowDataContext = createContext<RowData | null>(null);

export function useTableData(): TableData {
  const data = useContext(TableDataContext);
  if (!data) throw new Error('A table cell is drawn outside the messages table.');
  return data;
}

export function useRowData(): RowData {
  const row = useContext(RowDataContext);
  if (!row) throw new Error('A table cell is drawn outside a table row.');
  return row;
}
