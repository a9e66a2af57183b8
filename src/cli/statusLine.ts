// A status line on a terminal: each line overwrites the last in place. A line wider than the terminal
// would wrap, and a carriage return then erases only its last row, so lines are cut to the width.

const ERASE = '\r\u001b[K';

/** What to write to show `line` (or erase the status, for undefined) on a terminal `columns` wide. */
export function statusText(line: string | undefined, columns: number | undefined): string {
  if (line === undefined) return ERASE;
  // A terminal that does not say its width (0) is taken as the usual 80 columns.
  const width = Math.max((columns || 80) - 1, 1);
  return `${ERASE}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`;
}
