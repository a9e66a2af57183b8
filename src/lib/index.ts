// msgscope as a library (`import { readHistory, checkHistory } from 'msgscope'`): the report `msgscope check
// --json` prints, as an object, for scripts and test suites. What this file exports, and the report's keys, are a
// contract (README, "Library"): only ever add to them. It reads and checks with the CLI's own code, so the two
// cannot drift apart; the package.json `exports` entry points at its build (vite.lib.config.ts).
import { fileURLToPath } from 'node:url';
import { describeImportError, importInput, reportOf, type CliInput } from '../cli/check';
import { unknownFormat } from '../cli/formats';
import { loadPrices, wantsPrices } from '../cli/prices';
import { inputOfBytes, readInputFile } from '../cli/readInput';
import { cannotJudge, hasErrors, type CheckReport } from '../cli/report';
import type { ImportResult } from '../core/model';

export type { CheckReport, ConversationReport, ReportCost, ReportFinding } from '../cli/report';
export type { FileKind, HistoryKind, Severity, UsagePass, Verdict, VerdictProblem } from '../core/model';

export interface ReadOptions {
  /** Read the input as this format (a name `msgscope formats` lists) instead of detecting it. */
  format?: string;
}

export interface ParseOptions extends ReadOptions {
  /** How error messages name the input (default `input`). */
  source?: string;
}

export interface CheckHistoryOptions {
  /** Of a file of several conversations, check only this one: its position from 1, or its label. */
  conversation?: number | string;
}

/** A history read by readHistory or parseHistory, ready for checkHistory. */
export interface History {
  /** The path read, or parseHistory's `source`. */
  readonly source: string;
  /** The format it was read as (`openai-chat`, `langchain`…) and its label. */
  readonly format: string;
  readonly formatLabel: string;
}

/** The input could not be read, or has no such conversation; the message is what `msgscope check` prints (exit 2). */
export class HistoryError extends Error {
  override name = 'HistoryError';
}

type Read = Extract<ImportResult, { ok: true }>;

// What the CLI read stays out of the public type: the model behind it is no contract.
const readings = new WeakMap<History, Read>();

/** The CLI's error text (`msgscope: …`, ending in a newline) as an exception's message. */
const historyError = (text: string): HistoryError => new HistoryError(text.replace(/^msgscope: /, '').trimEnd());

function formatOption(options: ReadOptions | undefined): { format?: string } {
  const format = options?.format;
  if (format === undefined) return {};
  const bad = unknownFormat(format);
  if (bad !== undefined) throw historyError(bad);
  return { format };
}

function historyOf(input: CliInput | Error, source: string, format: { format?: string }): History {
  if (input instanceof Error) throw historyError(input.message);
  const result = importInput(input, format.format);
  if (!result.ok) throw historyError(describeImportError(source, result.error));
  const history: History = Object.freeze({ source, format: result.transcript.format, formatLabel: result.transcript.formatLabel });
  readings.set(history, result);
  return history;
}

/** Reads a history file as `msgscope check FILE` does (JSON, JSON Lines, zip and gzip); throws a HistoryError when it cannot. */
export async function readHistory(path: string | URL, options?: ReadOptions): Promise<History> {
  const format = formatOption(options);
  const file = typeof path === 'string' ? path : fileURLToPath(path);
  return historyOf(await readInputFile(file), file, format);
}

/** Reads a history from its text or bytes (an archive too), as `msgscope check -` reads stdin. */
export function parseHistory(content: string | Uint8Array, options?: ParseOptions): History {
  const format = formatOption(options);
  const source = options?.source ?? 'input';
  return historyOf(inputOfBytes(content, source), source, format);
}

/** The report `msgscope check --json` prints for the same file, as an object. */
export async function checkHistory(history: History, options?: CheckHistoryOptions): Promise<CheckReport> {
  const result = readings.get(history);
  if (result === undefined) throw new TypeError('checkHistory takes a history that readHistory or parseHistory returned');
  const prices = wantsPrices(result) ? { prices: await loadPrices() } : {};
  const conversation = options?.conversation;
  const report = reportOf(result, { source: history.source, ...(conversation !== undefined && { conversation: String(conversation) }), ...prices });
  if (typeof report === 'string') throw historyError(report);
  return report;
}

/** Whether `msgscope check` exits 1 for this report: it has error findings, or most messages could not be read as the format. */
export function checkFails(report: CheckReport): boolean {
  return hasErrors(report) || cannotJudge(report);
}
