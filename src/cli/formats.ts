import { getAdapter, listFormats } from '../core/formats/registry';

/** `name  label` rows with the names padded to one column, two spaces of indent when `indent`. */
export function table(rows: readonly { name: string; label: string }[], indent = ''): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows.map((row) => `${indent}${row.name.padEnd(width)}  ${row.label}\n`).join('');
}

/** `msgscope formats`: every format the importer reads, in detection order. */
export function formatsList(): string {
  return table(listFormats());
}

/** Undefined for a format the importer knows; otherwise the error to print, listing the valid names. */
export function unknownFormat(name: string): string | undefined {
  if (getAdapter(name)) return undefined;
  return `msgscope: unknown format "${name}". Valid formats:\n${table(listFormats(), '  ')}`;
}
