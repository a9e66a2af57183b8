import type { ParsedInput } from '../core/formats/types';
import { detectFormat, detectTextFormat } from '../core/formats/registry';
import { parseInput, stripBom } from '../core/json/parseInput';

/**
 * The adapter detection picks for this input, as importText picks one when no format is forced: a JSON
 * adapter for input that parses, else a text one. Asked when a forced format read the input, so that the
 * page can still say which format was detected.
 */
export function detectedFormat(text: () => string, parsed: ParsedInput | undefined): string | null {
  const input = parsed ?? parsedOrUndefined(text());
  const adapter = input ? detectFormat(input) : detectTextFormat(stripBom(text()));
  return adapter?.name ?? null;
}

function parsedOrUndefined(text: string): ParsedInput | undefined {
  const result = parseInput(text);
  return result.ok ? result.input : undefined;
}
