import { useState } from 'react';
import type { ToolCallStatus, ToolCallTable } from '../../core/analytics/toolCalls';
import { DEFAULT_SORT, DEFAULT_SUMMARY_SORT, type SummarySort, type ToolSort } from './toolRows';

/** What the user set in the Tools view. */
export interface ToolsViewState {
  /** Only this tool's calls (its index in the table's `tools`). */
  tool: number | null;
  status: ToolCallStatus | null;
  text: string;
  sort: ToolSort;
  summarySort: SummarySort;
}

const INITIAL: ToolsViewState = { tool: null, status: null, text: '', sort: DEFAULT_SORT, summarySort: DEFAULT_SUMMARY_SORT };

/** Kept a table, so switching to the timeline and back finds the filters and order as they were; a new history starts afresh. */
const kept = new WeakMap<ToolCallTable, ToolsViewState>();

export function useToolsViewState(table: ToolCallTable): [ToolsViewState, (change: Partial<ToolsViewState>) => void] {
  const [state, setState] = useState(() => kept.get(table) ?? INITIAL);
  const update = (change: Partial<ToolsViewState>): void => {
    setState((current) => {
      const next = { ...current, ...change };
      kept.set(table, next);
      return next;
    });
  };
  return [state, update];
}
