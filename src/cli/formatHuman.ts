import { formatUsd } from '../core/cost';
import type { FileKind, Severity } from '../core/model';
import { verdictLines } from './formatVerdicts';
import type { CheckReport, ConversationReport, ReportCost, ReportFinding } from './report';

type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';
const CODES: Record<Style, [number, number]> = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] };

export type Paint = (style: Style, text: string) => string;

/** Said after the format when the input is a provider's request or response; a history needs no word. */
const KIND_NAMES: Record<FileKind, string> = { request: ', a request', response: ', a response', history: '', collection: ', a collection' };

/** Colour only for a terminal, and never when NO_COLOR is set to anything but '' (no-color.org). */
export function wantsColor(isTTY: boolean | undefined, env: Record<string, string | undefined>): boolean {
  return Boolean(isTTY) && !env.NO_COLOR;
}

export function painter(color: boolean): Paint {
  return color ? (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : (_style, text) => text;
}

const ORDER: Severity[] = ['error', 'warning', 'info'];
const HEADING: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };
const STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A collection's finding names its conversation and the message's index in it, as the app shows them. */
function where(f: ReportFinding, report: CheckReport): string {
  const conversation = f.conversation === undefined ? undefined : report.conversations?.[f.conversation];
  const parts = conversation ? [`${conversation.label} #${f.messageIndex - conversation.firstMessage}`] : [`#${f.messageIndex}`];
  if (f.messageId !== null) parts.push(`id ${f.messageId}`);
  if (f.toolCallId !== null) parts.push(`call ${f.toolCallId}`);
  return parts.join('  ');
}

function findingLines(f: ReportFinding, report: CheckReport, paint: Paint): string[] {
  return [`  ${paint(STYLE[f.severity], f.rule)}  ${paint('bold', where(f, report))}`, `      ${f.text}`, paint('dim', `      Fix: ${f.fix}`)];
}

function tokenLine(tokens: CheckReport['tokens']): string {
  // Counts of 0 would read as a run that used no tokens: the file just does not say.
  if (!tokens.reported) return 'Tokens: not reported';
  const extra = [
    tokens.cacheRead ? `cache read ${tokens.cacheRead}` : '',
    tokens.cacheCreation ? `cache creation ${tokens.cacheCreation}` : '',
    tokens.reasoning ? `reasoning ${tokens.reasoning}` : '',
    // Counted in input and output already; named so a compaction's cost is not a surprise.
    ...(tokens.passes ?? []).map((pass) => `${pass.type} in ${pass.input} out ${pass.output}`),
  ].filter(Boolean);
  const base = `Tokens: input ${tokens.input}, output ${tokens.output}, total ${tokens.total}`;
  return extra.length ? `${base} (${extra.join(', ')})` : base;
}

/** How `usd` came about, in words: reported by the file, or estimated from which price data of when. */
function costSource(cost: ReportCost): string {
  if (cost.runReported) return 'reported for the run';
  if (!cost.estimated) return 'reported';
  const data = `estimated from ${cost.priceData ?? 'price data'}${cost.priceDate === null ? '' : ` price data of ${cost.priceDate}`}`;
  return cost.byModel.some((m) => m.reported > 0) ? `partly reported, partly ${data}` : data;
}

/**
 * `Cost: $0.0421 (estimated from genai-prices 0.1.8 price data of 2026-09-23)`, then each model's share when there
 * are several. A model without a price is named, never counted as $0.
 */
function costLines(cost: ReportCost): string[] {
  const unpriced = cost.unpriced.length > 0 ? `no price for ${cost.unpriced.join(', ')}` : '';
  if (cost.usd === null) return [unpriced === '' ? 'Cost: not reported' : `Cost: unknown (${unpriced})`];
  const left = unpriced === '' || cost.runReported ? '' : `; not counted: ${unpriced}`;
  const lines = [`Cost: ${formatUsd(cost.usd)} (${costSource(cost)}${left})`];
  if (cost.byModel.length > 1)
    for (const m of cost.byModel) {
      const how = m.usd === null ? 'no price' : m.estimated ? (m.reported > 0 ? 'partly estimated' : 'estimated') : 'reported';
      const left = m.unpriced > 0 && m.usd !== null ? `, ${plural(m.unpriced, 'message')} unpriced` : '';
      lines.push(`  ${m.model}: ${m.usd === null ? '–' : formatUsd(m.usd)} (${how}${left})`);
    }
  return lines;
}

function conversationLine(part: ConversationReport): string {
  const errors = part.findings.filter((f) => f.severity === 'error').length;
  const counts = `${plural(part.messages, 'message')}, ${plural(part.toolCalls, 'tool call')}, ${plural(part.findings.length, 'finding')}`;
  return errors > 0 ? `${counts} (${plural(errors, 'error')})` : counts;
}

/**
 * The report `msgscope check` prints without --json: errors first, positions as `#index` (0-based, as in
 * --json). Given a line at a time, each ending in a newline: a million findings would not fit in one string.
 */
export function* formatHuman(report: CheckReport, source: string, paint: Paint): Generator<string> {
  const line = (text: string): string => `${text}\n`;
  const counts = ORDER.map((s) => [s, report.findings.filter((f) => f.severity === s).length] as const);
  yield line(`${paint('bold', source)}: ${report.formatLabel} (${report.format})${KIND_NAMES[report.kind]}`);
  const conversations = report.conversations ? `${plural(report.conversations.length, 'conversation')}, ` : '';
  yield line(`${conversations}${plural(report.messages, 'message')}, ${plural(report.toolCalls, 'tool call')}, ${plural(report.findings.length, 'finding')}`);
  for (const note of report.notes) yield line(paint('dim', `Note: ${note}`));
  for (const part of report.conversations ?? []) yield line(`  ${paint('bold', part.label)}: ${conversationLine(part)}`);
  for (const [severity, count] of counts) {
    if (count === 0) continue;
    const group = report.findings.filter((f) => f.severity === severity).sort((a, b) => a.messageIndex - b.messageIndex);
    yield line('');
    yield line(paint(STYLE[severity], paint('bold', `${HEADING[severity]} (${count})`)));
    for (const f of group) for (const text of findingLines(f, report, paint)) yield line(text);
  }
  if (report.findings.length === 0) yield* [line(''), line('No findings.')];
  for (const text of verdictLines(report.verdicts, paint, report.formatLabel)) yield line(text);
  yield* [line(''), line(tokenLine(report.tokens))];
  for (const text of costLines(report.cost)) yield line(text);
}
