// Unknown text in, a Transcript or a diagnostic out: parse, pick a format, read, locate, analyze.
import { buildTranscript } from './analyze';
import { quoteBudget } from './repeats';
import { ARCHIVE_DATA, archiveInput, type ArchiveFile } from './json/archive';
import { depthNote, nestedDepthNote, takeNestedCuts } from './json/depth';
import { locatePaths } from './json/locate';
import { parseInput, stripBom } from './json/parseInput';
import { isRecord } from './json/value';
import { HTML_PAGE_MESSAGE, isHtmlPage, notHistoryMessage } from './notHistory';
import { detectFormat, detectTextFormat, getAdapter, isTextAdapter, listFormats } from './formats/registry';
import type { AdapterOutput, ConversationRange, FormatAdapter, ParsedInput, TextFormatAdapter } from './formats/types';
import type { ImportError, ImportResult, Message } from './model';

export interface ImportOptions {
  /** Adapter name; skips detection (e.g. the CLI's --format). */
  format?: string;
  /** `text` as parseInput reads it, when the caller has it already (the worker parses a download while it arrives). */
  parsed?: ParsedInput;
}

/**
 * `source`: the text, or a function that gives it, for a caller that holds it in pieces and passes `parsed`:
 * then the text is only needed, and joined, to quote the lines of elements that could not be read.
 */
export function importText(source: string | (() => string), options: ImportOptions = {}): ImportResult {
  const text = typeof source === 'string' ? () => source : once(source);
  const chosen = options.format === undefined ? undefined : getAdapter(options.format);
  if (options.format !== undefined && !chosen) return { ok: false, error: unknownFormat(options.format) };
  if (chosen && isTextAdapter(chosen)) return finish(chosen, readTextNoting(chosen, stripBom(text())), text);

  const parsed = options.parsed ? { ok: true as const, input: options.parsed } : parseInput(text());
  if (!parsed.ok) {
    const textAdapter = chosen ? undefined : detectTextFormat(stripBom(text()));
    if (textAdapter) return finish(textAdapter, readTextNoting(textAdapter, stripBom(text())), text);
    // A web page is no syntax error to point at: say what it is.
    return !chosen && isHtmlPage(text()) ? { ok: false, error: { message: HTML_PAGE_MESSAGE, notHistory: true } } : parsed;
  }
  const { input } = parsed;
  const adapter = chosen ?? detectFormat(input);
  if (adapter && !isTextAdapter(adapter)) return finish(adapter, readNoting(adapter, input), text);
  return (chosen ? undefined : singleMessage(input, text)) ?? { ok: false, error: noFormatMatched(input) };
}

/**
 * One message on its own (`{"role": "user", "content": "hi"}`, a LangChain `{"type": "human", ...}`), which no
 * format claims since each reads a list: read as a history of one, as the list `[message]` written as one JSON
 * Lines line, so that it is located where it starts. Only when the reading has every message it makes readable:
 * an object of some other shape stays "not a history" rather than become an unreadable message.
 */
function singleMessage(input: ParsedInput, text: () => string): ImportResult | undefined {
  if (input.jsonLines || input.archive || !isRecord(input.value)) return undefined;
  const wrapped: ParsedInput = { value: [input.value], jsonLines: true, lineOf: [firstLine(text())], ...(input.deep && { deep: input.deep }) };
  const adapter = detectFormat(wrapped);
  if (!adapter) return undefined;
  const output = readNoting(adapter, wrapped);
  if (output.messages.length === 0 || output.messages.some((draft) => draft.problem !== undefined)) return undefined;
  return finish(adapter, { ...output, notes: ['The input is one message: read as a history of one.', ...(output.notes ?? [])] }, text);
}

/** The 1-based line of the first character that is not blank (a BOM counts as blank). */
function firstLine(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) line++;
    else if (code !== 0x20 && code !== 0x09 && code !== 0x0d && code !== 0xfeff) break;
  }
  return line;
}

/**
 * The adapter's reading, with notes of what nested deeper than MAX_DEPTH and was kept as text (json/depth): where
 * the input was parsed (`input.deep`), and inside strings the reader parsed (counted while it read).
 */
function readNoting(adapter: FormatAdapter, input: ParsedInput): AdapterOutput {
  takeNestedCuts();
  return withDepthNotes(adapter.read(input), input);
}

function readTextNoting(adapter: TextFormatAdapter, text: string): AdapterOutput {
  takeNestedCuts();
  return withDepthNotes(adapter.readText(text));
}

function withDepthNotes(output: AdapterOutput, input?: ParsedInput): AdapterOutput {
  const nested = takeNestedCuts();
  const notes: string[] = [];
  if (input?.deep) notes.push(depthNote(input.deep, input.jsonLines ? input.lineOf : []));
  if (nested > 0) notes.push(nestedDepthNote(nested));
  return notes.length === 0 ? output : { ...output, notes: [...(output.notes ?? []), ...notes] };
}

/**
 * A zip archive's files, opened by the caller: one data file is read as if it were the input; several (an
 * Inspect .eval log) go to the reader of their layout as one value keyed by path. Files that are not data are
 * named in a note, never silently left out.
 */
export function importArchive(files: readonly ArchiveFile[], options: Pick<ImportOptions, 'format'> = {}): ImportResult {
  const data = files.filter((file) => ARCHIVE_DATA.test(file.name));
  const others = files.filter((file) => !ARCHIVE_DATA.test(file.name)).map((file) => file.name);
  const otherNote = others.length === 0 ? [] : [`The archive also holds ${others.length} other file(s), not read: ${listed(others)}.`];
  if (data.length === 1) return withNotes(importText(data[0]!.text, options), [`Read ${data[0]!.name} from the zip archive.`, ...otherNote]);
  const chosen = options.format === undefined ? undefined : getAdapter(options.format);
  if (options.format !== undefined && !chosen) return { ok: false, error: unknownFormat(options.format) };
  const input = archiveInput(data);
  const adapter = chosen ?? detectFormat(input);
  if (!adapter || isTextAdapter(adapter)) {
    const names = files.map((file) => file.name);
    return {
      ok: false,
      error: {
        message: `A zip archive of ${plural(names.length, 'file')} (${listed(names)}), none of them a message history msgscope reads.`,
        notHistory: true,
      },
    };
  }
  // Positions inside an archive's files are not shown: a message's path names its file.
  return withNotes(
    finish(adapter, readNoting(adapter, input), () => ''),
    otherNote,
  );
}

const listed = (names: readonly string[]): string => (names.length > 8 ? `${names.slice(0, 8).join(', ')}…` : names.join(', '));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `result` with `notes` added to each of its conversations' notes. */
function withNotes(result: ImportResult, notes: readonly string[]): ImportResult {
  if (!result.ok || notes.length === 0) return result;
  const transcripts = result.conversations?.map((c) => c.transcript) ?? [result.transcript];
  for (const transcript of transcripts) transcript.notes = [...notes, ...(transcript.notes ?? [])];
  return result;
}

/**
 * The name of the adapter detection picks for this input, as importText picks one when no format is
 * forced: a JSON adapter for input that parses, else a text one. Asked when a forced format read the
 * input, so that the page can still say which format was detected.
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

function once(get: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= get());
}

/**
 * Fills in `location.line` and `location.column` of the given messages (or drafts) of the JSON input
 * `text` they were imported from, in place: one pass over the text that stops at the last of them.
 * The importer fills them only for unreadable elements; whoever shows a message's position (the
 * detail pane, the msgscope export) locates it first. Messages of text formats are located already.
 */
export function locateMessages(text: string, messages: readonly Pick<Message, 'location'>[]): void {
  const unlocated = messages.filter((message) => message.location.line === undefined);
  if (unlocated.length === 0) return;
  const positions = locatePaths(
    stripBom(text),
    unlocated.map((message) => message.location.path),
  );
  unlocated.forEach((message, i) => {
    const position = positions[i];
    if (position) Object.assign(message.location, position);
  });
}

function finish(adapter: { name: string; label: string }, output: AdapterOutput, text: () => string): ImportResult {
  const { messages: drafts, kind } = output;
  const notes = output.notes?.map(said);
  const ranges = conversationRanges(output);
  const unreadable: Message[] = [];
  // The drafts are ours to finish in place, list included; copying a million of them, or the list, is garbage
  // every collection then moves. Set, not Object.assign'ed: the generic copy costs a third of a microsecond a message.
  // A conversation's messages are numbered from 0: each is linked, checked and shown on its own.
  for (const { start, end } of ranges) {
    for (let index = start; index < end; index++) {
      const draft = drafts[index]!;
      draft.index = index - start;
      if (draft.problem !== undefined) {
        draft.problem = said(draft.problem);
        unreadable.push(draft as Message);
      }
    }
  }
  // Every draft has its index now, which is all a Message has beyond a draft.
  const messages = drafts as Message[];
  // Findings quote the line of an element that could not be read; every other message is located
  // on demand (locateMessages): finding a million elements in the text costs more than reading them.
  if (unreadable.length > 0) locateMessages(text(), unreadable);
  const format = { name: adapter.name, label: adapter.label };
  // One budget for the file: a file of 10,000 conversations quotes each rule's texts in full as often as one does.
  const quotes = quoteBudget();
  const transcriptOf = (list: Message[]) => {
    const transcript = buildTranscript(format, list, kind, quotes);
    // The reader's notes, then the analysis's own (a rule that could not finish).
    if (notes !== undefined && notes.length > 0) transcript.notes = [...notes, ...(transcript.notes ?? [])];
    return transcript;
  };
  if (ranges.length === 1) {
    const transcript = transcriptOf(messages);
    if (output.reportedCost !== undefined) transcript.reportedCost = output.reportedCost;
    return { ok: true, transcript };
  }
  // A run's cost covers its sub-agents' conversations too: kept on none of them, so that none counts it twice.
  const conversations = ranges.map(({ label, start, end, parent }) => ({
    label,
    transcript: transcriptOf(messages.slice(start, end)),
    ...(parent && { parent }),
  }));
  return { ok: true, transcript: conversations[0]!.transcript, conversations };
}

/**
 * The adapter's conversations as ranges that cover every message once, in order: messages no range holds (an
 * adapter's mistake) become a conversation of their own rather than vanish.
 */
function conversationRanges({ messages, conversations }: AdapterOutput): ConversationRange[] {
  const whole: ConversationRange = { label: 'conversation', start: 0, end: messages.length };
  if (conversations === undefined || conversations.length < 2) return [whole];
  const ranges: ConversationRange[] = [];
  let next = 0;
  const leftover = (end: number) => {
    if (end > next) ranges.push({ label: `messages ${next}–${end - 1}`, start: next, end });
  };
  // Where each of the adapter's ranges ended up, for the parents that name them by position.
  const placed = new Map<number, number>();
  conversations.forEach((range, i) => {
    const start = Math.max(range.start, next);
    const end = Math.min(range.end, messages.length);
    if (end <= start) return;
    leftover(start);
    placed.set(i, ranges.length);
    ranges.push({ ...range, start, end });
    next = end;
  });
  leftover(messages.length);
  if (ranges.length < 2) return [whole];
  return ranges.map(({ parent, ...range }) => {
    const conversation = parent && placed.get(parent.conversation);
    return conversation === undefined ? range : { ...range, parent: { ...parent, conversation } };
  });
}

/**
 * Characters a problem or a note may have. Readers quote what they could not read (a role, a type, a key), and
 * the input may make that a megabyte: a few hundred characters say what it was.
 */
const SAID_CHARS = 400;

const said = (text: string): string => (text.length > SAID_CHARS ? `${text.slice(0, SAID_CHARS - 1)}…` : text);

function unknownFormat(name: string): ImportError {
  const names = listFormats().map((format) => format.name);
  const shown = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  return { message: `Unknown format "${shown}". Valid formats: ${names.join(', ')}.` };
}

/** What the input is, in one line (notHistory.ts); the formats msgscope reads are listed where the error is shown. */
function noFormatMatched(input: ParsedInput): ImportError {
  return { message: notHistoryMessage(input.value, input.jsonLines), notHistory: true };
}
