// `msgscope redact`: the input with every secret replaced, and on stderr what was replaced and where.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { HistorySecrets } from '../core/checks/possibleSecret';
import { importText, locateMessages } from '../core/import';
import { openBinary, sniffBinary } from '../core/json/binary';
import type { Message } from '../core/model';
import { redactSecrets, type SecretHit } from '../core/secrets';

export interface RedactOutcome {
  /** The input with each secret replaced in place by `[REDACTED:<kind>]`, every other character kept. */
  text: string;
  /** One line per replacement: kind, masked value, position, message. */
  stderr: string;
}

/** A message of the input as the report names it: `#4`, or in a collection `sample 2, epoch 1 #4`. */
interface Named {
  message: Message;
  name: string;
}

/** A secret as written in JSON text, unescaped as a parsed string holds it (a PEM's `\n` is a line break there). */
function unescaped(value: string): string {
  if (!value.includes('\\')) return value;
  try {
    const parsed: unknown = JSON.parse(`"${value}"`);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

/**
 * The messages that hold each secret, by its value, when `text` reads as a history; undefined when it does
 * not (then no message can be named). Only the messages that hold one are located in the text.
 */
function holders(text: string): Map<string, Named[]> | undefined {
  const result = importText(text);
  if (!result.ok) return undefined;
  const conversations = result.conversations ?? [{ label: '', transcript: result.transcript }];
  const byValue = new Map<string, Named[]>();
  const holding: Message[] = [];
  for (const { label, transcript } of conversations) {
    // As the rule walks them: a raw value that messages share is walked once.
    const found = new HistorySecrets(transcript.messages);
    for (const message of transcript.messages) {
      const secrets = found.of(message);
      if (secrets.length === 0) continue;
      holding.push(message);
      const name = `${label === '' || conversations.length === 1 ? '' : `${label} `}#${message.index}`;
      for (const { value } of secrets) {
        const named = byValue.get(value);
        if (named === undefined) byValue.set(value, [{ message, name }]);
        else named.push({ message, name });
      }
    }
  }
  locateMessages(text, holding);
  return byValue;
}

/** Whether position a (line, column) is at or before b. */
const atOrBefore = (a: { line?: number; column?: number }, line: number, column: number): boolean =>
  a.line !== undefined && (a.line < line || (a.line === line && (a.column ?? 1) <= column));

/**
 * The message a hit at (line, column) is in: of those holding its secret, the last that starts before it. Hits
 * come in the text's order, so each secret's holders are sorted by where they start once and walked with a
 * cursor: one key in n messages costs n, not n² (a search of every holder for every hit).
 */
function messageFinder(): (candidates: readonly Named[], line: number, column: number) => Named | undefined {
  const walks = new Map<readonly Named[], { sorted: Named[]; next: number }>();
  return (candidates, line, column) => {
    let walk = walks.get(candidates);
    if (!walk) {
      const placed = candidates.filter((c) => c.message.location.line !== undefined);
      const key = (c: Named) => [c.message.location.line ?? 0, c.message.location.column ?? 1] as const;
      placed.sort((x, y) => key(x)[0] - key(y)[0] || key(x)[1] - key(y)[1]);
      walk = { sorted: placed, next: 0 };
      walks.set(candidates, walk);
    }
    while (walk.next < walk.sorted.length && atOrBefore(walk.sorted[walk.next]!.message.location, line, column)) walk.next++;
    return walk.sorted[walk.next - 1] ?? candidates[0];
  };
}

/** 1-based line and column of each hit's start, in one pass over the text up to the last one. */
function positions(text: string, hits: readonly SecretHit[]): { line: number; column: number }[] {
  let line = 1;
  let lineStart = 0;
  let at = 0;
  return hits.map((hit) => {
    for (let nl = text.indexOf('\n', at); nl !== -1 && nl < hit.start; nl = text.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    at = hit.start;
    return { line, column: hit.start - lineStart + 1 };
  });
}

/** `text` redacted, with the report of what was replaced; `source` names the input in it. */
export function redact(text: string, source: string): RedactOutcome {
  const { text: redacted, hits } = redactSecrets(text);
  if (hits.length === 0) return { text: redacted, stderr: `msgscope: no secrets found in ${source}; wrote it unchanged.\n` };
  const byValue = holders(text);
  const at = positions(text, hits);
  const messageOf = messageFinder();
  const rows = hits.map((hit, i) => {
    const { line, column } = at[i]!;
    const value = text.slice(hit.start, hit.end);
    const candidates = byValue?.get(value) ?? byValue?.get(unescaped(value)) ?? [];
    const where = byValue === undefined ? '' : (messageOf(candidates, line, column)?.name ?? 'not in a message');
    return [hit.kind, hit.masked, `line ${line}:${column}`, where];
  });
  // Not Math.max(...): a history can hold more secrets than a call takes arguments.
  const widths = [0, 1, 2].map((c) => rows.reduce((widest, row) => Math.max(widest, row[c]!.length), 0));
  const lines = rows.map((row) => `  ${row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join('  ')}`.trimEnd());
  const notRead = byValue === undefined ? ` (it does not read as a history, so no message is named)` : '';
  const head = `msgscope: replaced ${hits.length} secret${hits.length === 1 ? '' : 's'} in ${source}${notRead}:`;
  return { text: redacted, stderr: `${[head, ...lines].join('\n')}\n` };
}

export interface RedactIo {
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  readStdin(): Promise<string | Uint8Array>;
}

/** Output goes out about a megabyte at a time, each part waiting for the pipe to take the last. */
const WRITE_CHARS = 1 << 20;

/**
 * The input as text: a file or stdin read whole, as UTF-8 with a byte order mark kept (so that only the secrets
 * change); a gzip is decompressed (and written back uncompressed, said on stderr). A zip archive cannot be
 * redacted in place, nor can other binary input: the message that says so.
 */
function inputText(bytes: Uint8Array, source: string): { text: string; note: string } | { error: string } {
  const kind = sniffBinary(bytes.subarray(0, 4096));
  if (kind === undefined) return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), note: '' };
  if (kind.kind === 'zip') {
    return {
      error: `msgscope: ${source} is a zip archive, which redact cannot rewrite: unzip it and redact the history file inside (unzip -p ${source} NAME | msgscope redact -).\n`,
    };
  }
  const opened = openBinary(bytes, kind, { unzipSync, gunzipSync, strFromU8 });
  if ('error' in opened) return { error: `msgscope: ${source}: ${opened.error}\n` };
  if ('files' in opened) return { error: `msgscope: ${source} is an archive, which redact cannot rewrite.\n` };
  return { text: opened.text, note: `msgscope: ${source} is gzipped; the redacted history is written uncompressed.\n` };
}

/** `msgscope redact FILE|- [-o OUT]`: 0 when written (with or without secrets found), 2 when the input cannot be read or OUT not written. */
export async function runRedact(command: { file: string; output?: string }, io: RedactIo): Promise<number> {
  const source = command.file === '-' ? 'stdin' : command.file;
  let input: ReturnType<typeof inputText>;
  try {
    const read = command.file === '-' ? await io.readStdin() : readFileSync(command.file);
    input = typeof read === 'string' ? { text: read, note: '' } : inputText(read, source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node makes no string of more than 512 MB, the most redact reads in one piece.
    const why = /string longer|too large/i.test(message) ? `${message} (redact reads a file of at most 512 MB)` : message;
    io.stderr(`msgscope: cannot read ${source}: ${why}\n`);
    return 2;
  }
  if ('error' in input) {
    io.stderr(input.error);
    return 2;
  }
  const outcome = redact(input.text, source);
  try {
    if (command.output === undefined) {
      for (let at = 0; at < outcome.text.length; at += WRITE_CHARS) await io.stdout(outcome.text.slice(at, at + WRITE_CHARS));
    } else await writeFile(command.output, outcome.text);
  } catch (error) {
    io.stderr(`msgscope: cannot write ${command.output ?? 'stdout'}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  io.stderr(input.note + outcome.stderr);
  return 0;
}
