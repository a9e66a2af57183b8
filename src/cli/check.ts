import type { PriceSource } from '../core/cost';
import { importArchive, importText, type ImportOptions } from '../core/import';
import type { ArchiveFile } from '../core/json/archive';
import { jsonParts } from '../core/json/jsonParts';
import type { StreamedJson } from '../core/json/streamingJson';
import type { ImportError, ImportResult } from '../core/model';
import { pickConversation } from './conversation';
import { formatHuman, painter } from './formatHuman';
import { buildReport, cannotJudge, hasErrors, type CheckReport } from './report';

export interface CheckOptions {
  json: boolean;
  format?: string;
  /** Check only this conversation of a collection: its 1-based position or its label. */
  conversation?: string;
  color: boolean;
  /** How to name the input in messages: the file path or `stdin`. */
  source: string;
  /** Price data for cost estimates (src/cli/prices.ts); without it only the costs the file reports are counted. */
  prices?: PriceSource;
}

export interface CheckOutcome {
  code: 0 | 1 | 2;
  /** In parts: the report of a huge history can be longer than a string can be (see jsonParts). */
  stdout: Iterable<string>;
  stderr: string;
}

/** `source:line:column: message`, then the snippet, so editors and terminals can jump to it. */
export function describeImportError(source: string, error: ImportError): string {
  const at = error.line === undefined ? '' : `:${error.line}${error.column === undefined ? '' : `:${error.column}`}`;
  const lines = [`msgscope: ${source}${at}: ${error.message}`];
  if (error.snippet) lines.push(error.snippet.replace(/\n$/, ''));
  if (error.notHistory) lines.push('`msgscope formats` lists the formats msgscope reads; --format NAME reads the input as one of them.');
  return `${lines.join('\n')}\n`;
}

/** A file as the CLI read it: text (parsed already when it was streamed), or the files of a zip archive. */
export type CliInput = StreamedJson & { files?: ArchiveFile[] };

/** Reads `input` in the format the user chose, or the one detected. */
export function importInput(input: CliInput, format: string | undefined): ImportResult {
  const options: ImportOptions = { ...(input.parsed && { parsed: input.parsed }), ...(format !== undefined && { format }) };
  return input.files ? importArchive(input.files, options) : importText(input.text, options);
}

/** Output that ends its last line. */
export function* withNewline(parts: Iterable<string>): Generator<string> {
  yield* parts;
  yield '\n';
}

export function check(input: CliInput, options: CheckOptions): CheckOutcome {
  return checkResult(importInput(input, options.format), options);
}

/** The report `check` prints of a file read already, or the error text saying why there is none (the library's too). */
export function reportOf(result: ImportResult, options: Pick<CheckOptions, 'source' | 'conversation' | 'prices'>): CheckReport | string {
  if (!result.ok) return describeImportError(options.source, result.error);
  const picked = pickConversation(result, options.conversation, options.source);
  if (typeof picked === 'string') return picked;
  return buildReport(picked.transcript, picked.conversations, options.prices);
}

/** `check` of a file read already: the CLI reads it first to know whether the price data is needed. */
export function checkResult(result: ImportResult, options: CheckOptions): CheckOutcome {
  const report = reportOf(result, options);
  if (typeof report === 'string') return { code: 2, stdout: [], stderr: report };
  const stdout = options.json ? withNewline(jsonParts(report)) : formatHuman(report, options.source, painter(options.color));
  return { code: hasErrors(report) || cannotJudge(report) ? 1 : 0, stdout, stderr: '' };
}
