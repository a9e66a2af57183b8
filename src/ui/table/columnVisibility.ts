// Which of the messages table's columns show: the user's choice, kept in this browser (localStorage) for every
// history, and for the page alone when storage is off. Read as `unknown`: another version or a hand edit may have
// written anything under the key.
import { isRecord, parseJson } from '../../core/json/value';
import { TABLE_COLUMNS, type TableColumn } from '../../protocol/messagesTable';

export type ColumnVisibility = Record<TableColumn, boolean>;

export const COLUMN_VISIBILITY_KEY = 'msgscope.tableColumns';

/**
 * Shown until the user says otherwise: what fits the centre column of a 1280 px window (about 600 px) without
 * scrolling sideways. The name and model are most often the same on every row (the role and the run's model say
 * them), the time of day is in the detail pane, and the running total grows with the input tokens beside it.
 */
export const DEFAULT_VISIBILITY: ColumnVisibility = {
  index: true,
  role: true,
  name: false,
  preview: true,
  calls: true,
  tokensIn: true,
  tokensOut: true,
  tokensCumulative: false,
  model: false,
  time: false,
  latency: true,
  findings: true,
};

/** The column `#` names every row by: it cannot be hidden. */
export const ALWAYS_SHOWN: ReadonlySet<TableColumn> = new Set(['index']);

/** What `stored` (the key's text, or null) says; each column it says nothing valid about keeps its default. */
export function parseVisibility(stored: string | null): ColumnVisibility {
  const value = stored === null ? undefined : parseJson(stored)?.value;
  const visibility = { ...DEFAULT_VISIBILITY };
  if (!isRecord(value)) return visibility;
  for (const column of TABLE_COLUMNS) {
    const shown = Object.hasOwn(value, column) ? value[column] : undefined;
    if (typeof shown === 'boolean' && !ALWAYS_SHOWN.has(column)) visibility[column] = shown;
  }
  return visibility;
}

export function loadVisibility(): ColumnVisibility {
  try {
    return parseVisibility(localStorage.getItem(COLUMN_VISIBILITY_KEY));
  } catch {
    return { ...DEFAULT_VISIBILITY };
  }
}

export function saveVisibility(visibility: ColumnVisibility): void {
  try {
    localStorage.setItem(COLUMN_VISIBILITY_KEY, JSON.stringify(visibility));
  } catch {
    // Kept for this page only.
  }
}
