// Lossless or loud: every string of message content in a fixture (a `text` or `content` string) is shown in
// its reading (a message's text, a block, a call, a name), or a note or a problem says what was not read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTextAdapter, listFormats } from './formats/registry';
import { importText } from './import';
import { parseInput } from './json/parseInput';
import { isRecord } from './json/value';
import type { ImportResult, Message } from './model';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(?:json|jsonl|txt|sse|traj)$/.test(name) && !name.endsWith('expected.json') ? [path] : [];
  });
}

/** Keys whose string values are message content in every format msgscope reads. */
const CONTENT_KEYS = new Set(['text', 'content']);
/** Values that render another part of the message (Inspect's `view` of a call's arguments), not content of their own. */
const RENDERINGS = new Set(['view']);

function contentStrings(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) contentStrings(v, into);
  else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && CONTENT_KEYS.has(key)) into.add(v.trim());
      else if (!RENDERINGS.has(key)) contentStrings(v, into);
    }
  }
  return into;
}

function parsedValues(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return text.split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line.replace(/^data: ?/, '')) as unknown];
      } catch {
        return [];
      }
    });
  }
}

function shown(messages: readonly Message[]): string {
  const parts: string[] = [];
  for (const m of messages) {
    parts.push(m.text, m.name ?? '', m.problem ?? '');
    for (const block of m.content) parts.push(block.text ?? '');
    for (const call of [...m.toolCalls, ...m.invalidToolCalls]) parts.push(call.name, call.argsText ?? '', String(JSON.stringify(call.args)));
  }
  return parts.join('\u0000');
}

function readingOf(result: Extract<ImportResult, { ok: true }>): { text: string; notes: string[] } {
  const transcripts = result.conversations?.map((c) => c.transcript) ?? [result.transcript];
  return { text: transcripts.map((t) => shown(t.messages)).join('\u0000'), notes: transcripts.flatMap((t) => t.notes ?? []) };
}

const files = filesUnder(FIXTURES).filter((path) => !path.includes('invalid'));

/** The content strings of `text` that a reading (detected, or in `format`) does not show, and its notes. */
function unshown(text: string, format?: string): { missing: string[]; notes: string[] } | undefined {
  const result = importText(text, format === undefined ? {} : { format });
  if (!result.ok) return undefined;
  const { text: reading, notes } = readingOf(result);
  const strings = [...contentStrings(parsedValues(text), new Set())].filter((s) => s.length > 2 && !s.startsWith('attachment://'));
  // A string inside a call's arguments is shown in their JSON, escaped.
  return { missing: strings.filter((s) => !reading.includes(s) && !reading.includes(JSON.stringify(s).slice(1, -1))), notes };
}

describe('lossless or loud', () => {
  it.each(files.map((path) => [relative(FIXTURES, path), path]))('%s', (_name, path) => {
    const reading = unshown(readFileSync(path, 'utf8'));
    if (!reading || reading.missing.length === 0) return;
    const sample = reading.missing
      .slice(0, 3)
      .map((s) => JSON.stringify(s.slice(0, 60)))
      .join(', ');
    expect(reading.notes, `not shown: ${sample}`).not.toEqual([]);
  });
});

describe('detection picks no reader that shows less than another that claims the input', () => {
  it.each(files.map((path) => [relative(FIXTURES, path), path]))('%s', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const parsed = parseInput(text);
    const detected = unshown(text);
    if (!parsed.ok || !detected) return;
    for (const adapter of listFormats()) {
      if (isTextAdapter(adapter) || adapter.detect(parsed.input) === 0) continue;
      const other = unshown(text, adapter.name);
      if (other) expect(detected.missing.length, `${adapter.name} shows more`).toBeLessThanOrEqual(other.missing.length);
    }
  });
});
