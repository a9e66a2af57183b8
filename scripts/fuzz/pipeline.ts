// One input through everything the CLI and the app's worker run on it, stage by stage: open (archives),
// decode, stream-parse, import (every adapter's detection and reading, linking, every rule, the verdicts),
// the paste path, a forced format, the CLI's reports, the worker's view, cards, details, search and the
// structured clone its answers go through, and every export as the CLI writes it (in parts) and as the app
// downloads it (one text). Each stage is timed and its exceptions caught, so that one input reports every
// stage that failed and the rest still run.
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { buildReport, cannotJudge, hasErrors } from '../../src/cli/report';
import { describeImportError, importInput, type CliInput } from '../../src/cli/check';
import { formatHuman, painter } from '../../src/cli/formatHuman';
import { pickConversation } from '../../src/cli/conversation';
import { CONVERT_TARGETS, convertTranscript } from '../../src/core/convert';
import { listFormats } from '../../src/core/formats/registry';
import { detectedFormat, importText, locateMessages } from '../../src/core/import';
import { openBinary, sniffBinary } from '../../src/core/json/binary';
import { jsonParts } from '../../src/core/json/jsonParts';
import { StreamingJsonParser } from '../../src/core/json/streamingJson';
import type { Conversation, ImportResult, Transcript } from '../../src/core/model';
import { ROLE_ORDER, type Card } from '../../src/protocol/workerApi';
import { buildCards } from '../../src/worker/cards';
import { buildDetail } from '../../src/worker/detail';
import { NO_FACETS } from '../../src/protocol/search';
import { facetCounts, searchMessages } from '../../src/worker/search';
import { buildView, viewBuffers } from '../../src/worker/view';
import type { StageOptions } from './cases';
import { PROTO_MARK, PROTO_TOOL } from './mutate';

export interface StageTime {
  stage: string;
  ms: number;
}

export interface StageError {
  stage: string;
  name: string;
  message: string;
  stack: string;
}

/**
 * Something wrong that is not an exception out of a stage: an exception a guard caught (a reader's problem, a
 * rule's note, an export's loss line, a card that could not be shown), a prototype key read as data, an error
 * that quotes too much.
 */
export interface Oddity {
  stage: string;
  kind: 'caught' | 'proto-read' | 'long-error';
  detail: string;
}

/** How the guards say they caught something (formats/common/guard, checks/index, convert/isolated, worker/cards). */
const GUARDED =
  /(could not be read(?: as [^:]+)?|could not be converted|the conversion failed|The rule \S+ failed|this card could not be shown)\b[^(:]*[(:]\s*(.*)/s;

/** What a guard's text says was caught, numbers folded: one line for the same failure anywhere. */
export function caughtIn(text: string): string | undefined {
  const match = GUARDED.exec(text);
  if (!match) return undefined;
  const [, guard = '', why = ''] = match;
  return `${guard.replace(/\d+/g, 'N')}: ${why
    .replace(/\)[^)]*$/, '')
    .replace(/\d+/g, 'N')
    .slice(0, 160)}`;
}

export interface PipelineReport {
  stages: StageTime[];
  errors: StageError[];
  oddities: Oddity[];
  format?: string;
  /** Characters of the input as read: the text, or an archive's files together (what an export is measured against). */
  inputChars: number;
  messages: number;
  conversations: number;
  /** Characters of each output by the stage that wrote it: the CLI's reports, every export (of the largest conversation). */
  outputs: Record<string, number>;
}

/** Error texts longer than this quote far more than a reader needs (the list of formats tried alone is about 10,000 characters). */
export const LONG_ERROR_CHARS = 20_000;
/** Conversations of a collection taken through the worker's stages: the first, the last and one more. */
const CONVERSATIONS = 3;
/** Details cloned as the worker posts them. */
const POSTED_DETAILS = 64;
/** At most this many pushes a text: one a character of 8 MB is the parser's cost times a million calls. */
const MAX_PIECES = 20_000;

const clipped = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

function errorOf(stage: string, error: unknown): StageError {
  if (error instanceof Error) return { stage, name: error.name, message: clipped(error.message, 500), stack: clipped(error.stack ?? '', 4000) };
  return { stage, name: typeof error, message: clipped(String(error), 500), stack: '' };
}

/** `onStage` hears each stage's name before it runs: the parent knows where a child that never answers was stuck. */
export function runPipeline(bytes: Uint8Array, options: StageOptions, onStage: (stage: string) => void = () => {}): PipelineReport {
  const report: PipelineReport = { stages: [], errors: [], oddities: [], inputChars: 0, messages: 0, conversations: 0, outputs: {} };
  /** Runs `fn` as stage `name`; undefined when it threw. */
  function stage<T>(name: string, fn: () => T): T | undefined {
    onStage(name);
    const start = performance.now();
    try {
      return fn();
    } catch (error) {
      report.errors.push(errorOf(name, error));
      return undefined;
    } finally {
      report.stages.push({ stage: name, ms: performance.now() - start });
    }
  }
  const odd = (name: string, kind: Oddity['kind'], detail: string) => report.oddities.push({ stage: name, kind, detail: clipped(detail, 300) });

  // Opening: as the CLI and the worker do, by the first bytes.
  const kind = stage('sniff', () => sniffBinary(bytes.subarray(0, 4096)));
  let input: CliInput | undefined;
  let text: string | undefined;
  if (kind) {
    const opened = stage('open-binary', () => openBinary(bytes, kind, { unzipSync, gunzipSync, strFromU8 }));
    if (!opened) return report;
    if ('error' in opened) {
      if (opened.error.length > LONG_ERROR_CHARS) odd('open-binary', 'long-error', `${opened.error.length} characters: ${opened.error}`);
      return report;
    }
    if ('files' in opened) {
      input = { text: () => '', files: opened.files };
      report.inputChars = opened.files.reduce((sum, file) => sum + file.text.length, 0);
    } else text = opened.text;
  } else text = stage('decode', () => new TextDecoder().decode(bytes));
  if (text !== undefined) {
    const whole = text;
    report.inputChars = whole.length;
    input = stage('stream-parse', () => {
      const parser = new StreamingJsonParser();
      const size = Math.max(options.pieceChars, Math.ceil(whole.length / MAX_PIECES));
      for (let at = 0; at < whole.length; at += size) parser.push(whole.slice(at, at + size));
      return parser.finish();
    });
  }
  if (!input) return report;
  const cliInput = input;

  const result = stage('import', () => importInput(cliInput, undefined));
  if (!result) return report;
  if (!result.ok) {
    const said = stage('import-error', () => describeImportError('input', result.error));
    if (said !== undefined && said.length > LONG_ERROR_CHARS) odd('import-error', 'long-error', `${said.length} characters: ${said}`);
    return report;
  }
  report.format = result.transcript.format;
  checkProtoRead(result, odd);
  const seen = new Set<string>();
  const caught = (name: string, text: string | undefined) => {
    const what = text === undefined ? undefined : caughtIn(text);
    if (what === undefined || seen.has(`${name} ${what}`)) return;
    seen.add(`${name} ${what}`);
    odd(name, 'caught', what);
  };
  for (const { transcript } of result.conversations ?? [{ transcript: result.transcript }]) {
    for (const note of transcript.notes ?? []) caught('import', note);
    for (const message of transcript.messages) caught('import', message.problem);
  }

  // The app's paste path (text with no parse of its own), a format forced on it (--format, Read as), what was detected.
  if (text !== undefined) {
    const pasted = text;
    stage('import-paste', () => importText(pasted));
    stage('detected-format', () => detectedFormat(cliInput.text, cliInput.parsed));
  }
  const formats = listFormats();
  const forced = formats[options.format % formats.length]!.name;
  stage(`import --format ${forced}`, () => {
    const read = importInput(cliInput, forced);
    if (read.ok) buildReport(read.transcript, read.conversations);
    else describeImportError('input', read.error);
  });

  // The CLI's check: the report as --json and as the human report, in parts as it writes them.
  const checked = stage('report', () => {
    const built = buildReport(result.transcript, result.conversations);
    hasErrors(built);
    cannotJudge(built);
    const count = result.conversations?.length ?? 1;
    pickConversation(result, String((options.conversation % count) + 1), 'input');
    return built;
  });
  if (checked) {
    report.outputs['report --json'] = stage('report --json', () => consume(jsonParts(checked))) ?? 0;
    report.outputs['report human'] = stage('report human', () => consume(formatHuman(checked, 'input', painter(false)))) ?? 0;
  }

  const conversations: Conversation[] = result.conversations ?? [{ label: 'conversation', transcript: result.transcript }];
  report.conversations = conversations.length;
  report.messages = conversations.reduce((sum, c) => sum + c.transcript.messages.length, 0);
  const open = [...new Set([0, conversations.length - 1, options.conversation % conversations.length])].slice(0, CONVERSATIONS);
  for (const index of open) {
    const { transcript } = conversations[index]!;
    const cards = workerStages(transcript, result.conversations && { conversations: result.conversations, open: index }, cliInput.text, options, stage);
    for (const card of cards ?? []) caught('cards', card.problem);
    for (const { target } of CONVERT_TARGETS) {
      const conversion = stage(`export ${target}`, () => {
        const converted = convertTranscript(transcript, target);
        const name = `export ${target}`;
        for (const line of converted.lost) caught(name, line);
        report.outputs[name] = Math.max(report.outputs[name] ?? 0, consume(converted.parts()));
        return converted;
      });
      if (conversion) stage(`export ${target} text`, () => conversion.text.length);
    }
  }
  return report;
}

type Stage = <T>(name: string, fn: () => T) => T | undefined;

/** What the worker answers for an opened conversation: the view, cards, details (located first), search. */
function workerStages(
  transcript: Transcript,
  collection: { conversations: Conversation[]; open: number } | undefined,
  text: () => string,
  options: StageOptions,
  stage: Stage,
): Card[] | undefined {
  const { messages } = transcript;
  const all = Array.from({ length: messages.length }, (_, i) => i);
  const view = stage('view', () => {
    const built = buildView(transcript, collection);
    viewBuffers(built);
    return built;
  });
  const cards = stage('cards', () => buildCards(transcript, all));
  // The detail of one message locates it alone; then every message is, as a long session of clicks would.
  const last = messages[messages.length - 1];
  if (last) stage('locate one', () => locateMessages(text(), [last]));
  stage('locate', () => locateMessages(text(), messages));
  // One at a time, as the page asks for them: only the first few are kept, to be cloned as they would be posted.
  const details = stage('detail', () => {
    const kept = [];
    for (const i of all) {
      const detail = buildDetail(transcript, i);
      if (kept.length < POSTED_DETAILS) kept.push(detail);
    }
    return kept;
  });
  stage('post', () => structuredClone({ view, cards, details }));
  stage('search', () => {
    const sample = messages[options.query % Math.max(1, messages.length)]?.text ?? '';
    const at = options.query % (sample.length + 1);
    const roles = [...ROLE_ORDER];
    for (const query of ['', sample.slice(at, at + 8), '(.*a+)+$[', '/(.*a+)+$/', '/\\p{L}+/iu', '\ud800', 'x'.repeat(2000)]) {
      searchMessages(transcript, { query, roles, facets: NO_FACETS });
    }
    searchMessages(transcript, { query: 'a', roles: ['ai', 'tool'], facets: { tools: ['x'], severities: ['error'], findings: true, toolErrors: true } });
    facetCounts(transcript);
  });
  return cards;
}

/** Characters of `parts`, read as a writer would read them. */
function consume(parts: Iterable<string>): number {
  let chars = 0;
  for (const part of parts) chars += part.length;
  return chars;
}

/** A message that shows what only a `__proto__` key held (see protoPayload). */
function checkProtoRead(result: Extract<ImportResult, { ok: true }>, odd: (stage: string, kind: 'proto-read', detail: string) => void): void {
  const transcripts = result.conversations?.map((c) => c.transcript) ?? [result.transcript];
  for (const transcript of transcripts) {
    for (const message of transcript.messages) {
      const call = [...message.toolCalls, ...message.invalidToolCalls].find((c) => c.name === PROTO_TOOL);
      if (message.text === PROTO_MARK || call) {
        odd(
          'import',
          'proto-read',
          `${transcript.format}: message #${message.index} (${message.location.path}) ${call ? `has the call ${PROTO_TOOL}` : 'shows the text'} held under a prototype key`,
        );
        return;
      }
    }
  }
}
