// Unknown text in, a Transcript or a diagnostic out: parse, pick a format, read, locate, analyze.
import { buildTranscript } from './analyze';
import { locatePaths } from './json/locate';
import { parseInput, stripBom } from './json/parseInput';
import { describeShape } from './json/value';
import { detectFormat, getAdapter, listFormats } from './formats/registry';
import type { ImportError, ImportResult, Message } from './model';

export interface ImportOptions {
  /** Adapter name; skips detection (e.g. the CLI's --format). */
  format?: string;
}

export function importText(text: string, options: ImportOptions = {}): ImportResult {
  const parsed = parseInput(text);
  if (!parsed.ok) return parsed;
  const { input } = parsed;
  const adapter = options.format === undefined ? detectFormat(input) : getAdapter(options.format);
  if (!adapter) return { ok: false, error: options.format === undefined ? noFormatMatched(input.value) : unknownFormat(options.format) };
  const drafts = adapter.read(input).messages;
  const positions = locatePaths(stripBom(text), drafts.map((draft) => draft.location.path));
  // The drafts are ours to finish in place; copying 100k of them would double the garbage.
  const messages = drafts.map((draft, index): Message => {
    const position = positions[index];
    return Object.assign(draft, { index, location: position ? { ...draft.location, ...position } : draft.location });
  });
  return { ok: true, transcript: buildTranscript({ name: adapter.name, label: adapter.label }, messages) };
}

function unknownFormat(name: string): ImportError {
  const names = listFormats().map((format) => format.name);
  return { message: `Unknown format "${name}". Valid formats: ${names.join(', ')}.` };
}

function noFormatMatched(value: unknown): ImportError {
  const tried = listFormats();
  const expected = tried.map((format) => `${format.label} (expects ${format.expects})`).join('; ');
  return {
    message: `No known message-history format matched. Tried: ${expected}. Found ${describeShape(value)}.`,
    tried: tried.map((format) => format.name),
  };
}
