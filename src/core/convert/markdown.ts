// A history as GitHub-flavoured Markdown, for an issue or a chat: what it is, its findings, each provider's
// verdict, then its messages (or one message on its own). A report to read, not a history: nothing reads it
// back. Every text of the input goes through markdownText, so it shows as written and cannot change the
// document around it; long tool output and long system prompts are collapsed in <details>.
import type { Finding, Message, Severity, Transcript, Verdict } from '../model';
import type { Lost } from '../providers/lost';
import { stringifyJson } from '../json/value';
import { redactSecrets } from '../secrets';
import { problemCount } from '../repeats';
import { failedWith } from './isolated';
import * as md from './markdownText';

export interface MarkdownOptions {
  /** Names the history in the title: its file name or URL. */
  name?: string;
  /**
   * Messages are added while the text is shorter than this; the rest are counted in one closing line. The
   * page's *Copy as Markdown* bounds what it puts on the clipboard so; the CLI writes every message.
   */
  maxChars?: number;
  /**
   * Every possible secret (core/secrets: API keys, tokens, private keys) in the texts written replaced by
   * `[REDACTED:<kind>]` before it is escaped, as the share paths redact a history.
   */
  redact?: boolean;
}

/** Said in `lost` by every Markdown export: what a reader of it does not get. */
export const MARKDOWN_LOST =
  "a report to read, not a history: msgscope does not read Markdown back, and each message's raw JSON and non-text content (images, audio, files) are named, not included";

/** Tool output, tool arguments and system prompts longer than this (characters or lines) are collapsed. */
export const COLLAPSE_CHARS = 1500;
export const COLLAPSE_LINES = 20;

/** Findings listed a severity; past it, how many more. A GitHub comment holds 65,536 characters. */
const FINDINGS_SHOWN = 50;
/** A verdict's problems quoted; past it, how many more. */
const PROBLEMS_SHOWN = 3;
/** A provider's error text is cut to this in a verdict (the findings above say the rest). */
const ERROR_CHARS = 240;
/** Ids and names are cut to this: the input decides how long they are. */
const NAME_CHARS = 120;
/** Parts of the text written at once (the CLI writes them one by one). */
const PART_CHARS = 16 * 1024;

const ROLE_LABELS: Record<Message['role'], string> = { system: 'System', human: 'Human', ai: 'AI', tool: 'Tool', other: 'Other' };
const SEVERITY_MARK: Record<Severity, string> = { error: '❌', warning: '⚠️', info: 'ℹ️' };
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The markdownText helpers, with what they write redacted first when asked. */
interface Writer {
  inline(text: string): string;
  block(text: string): string;
  fence(text: string, info: string): string;
  /** An id or a name: a code span, cut to NAME_CHARS. */
  name(text: string): string;
}

function writer(redact: boolean | undefined): Writer {
  const clean = redact ? (text: string) => redactSecrets(text).text : (text: string) => text;
  return {
    inline: (text) => md.inlineText(clean(text)),
    block: (text) => md.blockText(clean(text)),
    fence: (text, info) => md.codeFence(clean(text), info),
    name: (text) => md.codeSpan(cut(clean(text), NAME_CHARS)),
  };
}

/**
 * The run: title, summary, findings, verdicts, messages, in parts of about PART_CHARS (joined, the whole
 * text). A message that cannot be written is left out and said in `lost`, the others are written.
 */
export function* runMarkdown(t: Transcript, lost: Lost, options: MarkdownOptions = {}): Generator<string> {
  lost.add(undefined, MARKDOWN_LOST);
  const w = writer(options.redact);
  const marks = marksByMessage(t.findings);
  const head = [title(w, t, options.name), summary(w, t), findingsSection(w, t.findings), verdictsSection(w, t)].filter(Boolean).join('\n\n');
  let written = head.length;
  let part = `${head}\n\n### Messages\n\n`;
  const max = options.maxChars ?? Infinity;
  for (let i = 0; i < t.messages.length; i++) {
    const message = t.messages[i]!;
    let block: string;
    try {
      block = `${messageBlock(w, t, message, marks.get(message.index))}\n\n`;
    } catch (error) {
      lost.add(message.index, failedWith(error));
      continue;
    }
    if (written + block.length > max) {
      const left = t.messages.length - i;
      part += `*${plural(left, 'more message')} not shown here: \`msgscope convert FILE --to markdown\` writes every message.*\n`;
      yield part;
      return;
    }
    written += block.length;
    part += block;
    if (part.length >= PART_CHARS && i < t.messages.length - 1) {
      yield part;
      part = '';
    }
  }
  if (t.messages.length === 0) part += '*No messages.*\n';
  // Each block ends in a blank line; the text ends in one line break.
  yield part.endsWith('\n\n') ? part.slice(0, -1) : part;
}

/** One message with what is said about it: for *Copy as Markdown* on a selected message. */
export function messageMarkdown(t: Transcript, index: number, options: Pick<MarkdownOptions, 'name' | 'redact'> = {}): string {
  const message = t.messages[index];
  if (!message) throw new Error(`This history has no message #${index}.`);
  const w = writer(options.redact);
  const from = [options.name !== undefined && options.name !== '' ? w.inline(options.name) : undefined, w.inline(t.formatLabel)].filter(Boolean).join(', ');
  const findings = t.findings.filter((f) => f.messageIndex === index);
  const parts = [messageBlock(w, t, message, marksByMessage(findings).get(index)), `*From ${from} (msgscope).*`];
  if (findings.length > 0) parts.push(`**Findings**\n\n${findings.map((f) => findingLine(w, f)).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

function title(w: Writer, t: Transcript, source: string | undefined): string {
  return `## msgscope: ${w.inline(source !== undefined && source !== '' ? source : t.formatLabel)}`;
}

function summary(w: Writer, t: Transcript): string {
  const { totals } = t.tokens;
  const facts = [
    `**${w.inline(t.formatLabel)}**${t.kind === 'history' ? '' : ` (${t.kind})`}`,
    plural(t.messages.length, 'message'),
    plural(t.links.callCount, 'tool call'),
  ];
  if (totals.messagesWithUsage > 0) facts.push(`${count(totals.total)} tokens (${count(totals.input)} in, ${count(totals.output)} out)`);
  const lines = [facts.join(' · ')];
  for (const note of t.notes ?? []) lines.push(`> ${w.inline(note)}`);
  return lines.join('\n\n');
}

function findingsSection(w: Writer, findings: readonly Finding[]): string {
  if (findings.length === 0) return '### Findings\n\nNone.';
  const counts = SEVERITIES.map((severity) => [severity, findings.filter((f) => f.severity === severity)] as const).filter(([, of]) => of.length > 0);
  const heading = `### Findings (${counts.map(([severity, of]) => plural(of.length, severity)).join(', ')})`;
  const groups = counts.map(([severity, of]) => {
    const lines = of.slice(0, FINDINGS_SHOWN).map((f) => findingLine(w, f));
    if (of.length > FINDINGS_SHOWN) lines.push(`- …and ${plural(of.length - FINDINGS_SHOWN, `more ${severity}`)}`);
    return lines.join('\n');
  });
  return [heading, ...groups].join('\n\n');
}

function findingLine(w: Writer, f: Finding): string {
  const fix = f.fix ? `\n  Fix: ${w.inline(f.fix)}` : '';
  return `- ${SEVERITY_MARK[f.severity]} **${f.severity}** ${md.codeSpan(f.rule)} at #${f.messageIndex}: ${w.inline(f.text)}${fix}`;
}

function verdictsSection(w: Writer, t: Transcript): string {
  if (t.verdicts.length === 0) return '';
  return `### Would the provider accept it as the next request?\n\n${t.verdicts.map((v) => verdictLines(w, v, t.formatLabel)).join('\n')}`;
}

function verdictLines(w: Writer, v: Verdict, formatLabel: string): string {
  const label = `**${w.inline(v.label)}**`;
  if (v.unjudged)
    return `- ❔ ${label} cannot judge: ${count(v.unjudged.unread)} of ${count(v.unjudged.total)} messages were not read as ${w.inline(formatLabel)}`;
  if (v.accepted) {
    const pending = v.pending?.length ? `, once the next request adds what it waits for (${plural(v.pending.length, 'result')})` : '';
    return `- ✅ ${label} accepts it${pending}`;
  }
  const lines = [`- ❌ ${label} rejects it:`];
  for (const problem of v.problems.slice(0, PROBLEMS_SHOWN)) {
    const at = problem.messageIndices.length > 0 ? `#${problem.messageIndices[0]}: ` : '';
    const times = (problem.count ?? 1) > 1 ? ` (${count(problem.count ?? 1)} times)` : '';
    lines.push(`  - ${at}${w.inline(cut(problem.error, ERROR_CHARS))}${times}`);
  }
  // A folded problem stands for `count` of them (core/repeats): the rest is counted, not the entries.
  const rest = problemCount(v.problems) - problemCount(v.problems.slice(0, PROBLEMS_SHOWN));
  if (rest > 0) lines.push(`  - …and ${plural(rest, 'more problem')}`);
  return lines.join('\n');
}

/** Each message's findings as its header names them (`❌ orphan-tool-result`), once a rule: one walk over the findings. */
function marksByMessage(findings: readonly Finding[]): Map<number, string[]> {
  const marks = new Map<number, string[]>();
  for (const f of findings) {
    const mark = `${SEVERITY_MARK[f.severity]} ${f.rule}`;
    const of = marks.get(f.messageIndex);
    if (!of) marks.set(f.messageIndex, [mark]);
    else if (!of.includes(mark)) of.push(mark);
  }
  return marks;
}

/** `**#3 · Tool · \`get_weather\`**` and what follows it: the text, the calls, the output. */
function messageBlock(w: Writer, t: Transcript, m: Message, marks: readonly string[] = []): string {
  const head = [`#${m.index}`, ROLE_LABELS[m.role]];
  if (m.name) head.push(w.name(m.name));
  if (m.model) head.push(w.name(m.model));
  const lines = [`**${head.join(' · ')}**${marks.length > 0 ? ` · ${marks.join(', ')}` : ''}`];
  if (m.toolCallId !== undefined) lines.push(answers(w, t, m));
  if (m.problem) lines.push(`*Not read as a message:* ${w.inline(m.problem)}`);
  const body = m.role === 'tool' ? dataBlock(w, m.text, 'Output') : m.role === 'system' ? proseBlock(w, m.text, 'System prompt') : w.block(m.text);
  if (body) lines.push(body);
  for (const call of [...m.toolCalls, ...m.invalidToolCalls]) {
    const id = call.idMadeUp || call.id === undefined ? '(no id)' : w.name(call.id);
    const error = call.error !== undefined ? ` · *invalid: ${w.inline(cut(call.error, ERROR_CHARS))}*` : '';
    lines.push(`Tool call ${w.name(call.name || '(unnamed)')} ${id}${error}`, dataBlock(w, call.argsText ?? stringifyJson(call.args) ?? '', 'Arguments'));
  }
  const other = otherContent(m);
  if (other) lines.push(`*${other}*`);
  if (!body && m.toolCalls.length === 0 && m.invalidToolCalls.length === 0 && !other && !m.problem) lines.push('*(no text)*');
  return lines.join('\n\n');
}

function answers(w: Writer, t: Transcript, m: Message): string {
  const call = t.links.get(m.toolCallId ?? '')?.calls[0];
  const status = m.status !== undefined && m.status !== 'success' ? ` · status ${w.name(m.status)}` : '';
  const id = m.toolCallIdMadeUp ? 'its call' : w.name(m.toolCallId ?? '');
  return `Answers ${id}${call ? ` of #${call.messageIndex}` : ''}${status}`;
}

/** Tool output and arguments are data: a code fence (JSON indented, as JSON), collapsed when long. */
function dataBlock(w: Writer, text: string, what: string): string {
  if (text === '') return '';
  const pretty = prettyJson(text);
  const fenced = w.fence(pretty ?? text, pretty !== undefined ? 'json' : 'text');
  return isLong(text) ? md.collapsed(`${what} (${plural(text.length, 'character')})`, fenced) : fenced;
}

/** Prose, escaped; collapsed when long (a system prompt). */
function proseBlock(w: Writer, text: string, what: string): string {
  const escaped = w.block(text);
  return escaped && isLong(text) ? md.collapsed(`${what} (${plural(text.length, 'character')})`, escaped) : escaped;
}

const isLong = (text: string): boolean => text.length > COLLAPSE_CHARS || text.split('\n', COLLAPSE_LINES + 1).length > COLLAPSE_LINES;

/**
 * JSON text indented for reading, when it is an object or array; undefined otherwise. Indenting a value
 * nested d levels writes about d² characters, so text it would more than triple stays as written (the
 * export bound of docs/SECURITY.md).
 */
function prettyJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  // Written without recursion: JSON.parse reads any depth, JSON.stringify does not.
  const pretty = stringifyJson(value, 2);
  return pretty !== undefined && pretty.length <= trimmed.length * 3 + 200 ? pretty : trimmed;
}

/** `1 image, 2 files`: the content that is not text, named. */
function otherContent(m: Message): string {
  const counts = new Map<string, number>();
  for (const block of m.content) {
    if (block.kind === 'text' || block.kind === 'tool_call' || block.kind === 'tool_result' || block.kind === 'reasoning') continue;
    const kind = block.kind === 'other' ? 'other block' : block.kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => plural(n, kind)).join(', ');
}
