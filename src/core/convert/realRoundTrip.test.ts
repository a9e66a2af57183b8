// Every real file of fixtures/real (SOURCES.md, expected.json) written as an OpenAI Responses request, a Gemini request
// and AI SDK ModelMessages, then read back as that format: the same messages, calls, results and links, the same
// findings, the ids the input gave, and a healthy history still accepted by the target, as far as the format carries
// each; what it does not carry must be in `lost`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { isRecord } from '../json/value';
import type { ContentBlock, Message, ProviderTarget, Transcript } from '../model';
import { rules } from '../testing/importing';
import { convertTranscript, type HistoryTarget } from '.';

const DIR = join(import.meta.dirname, '../../../fixtures/real');

interface Expected {
  file: string;
  healthy: boolean;
  pendingCalls: number;
}

// Archives (.eval) are opened by the CLI and the worker, not by importText; they have text-file twins here.
const FILES = (JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Expected[]).filter((e) => !e.file.endsWith('.eval'));

const TARGETS = ['openai-responses', 'gemini', 'vercel-ai'] as const;
type Target = (typeof TARGETS)[number] & HistoryTarget;
/** Whose verdict a healthy history keeps: the provider's own; the AI SDK sends it to any of them. */
const JUDGED_BY: Record<Target, readonly ProviderTarget[] | 'all'> = { 'openai-responses': ['openai-responses'], gemini: ['gemini'], 'vercel-ai': 'all' };

/** Ids renamed by first appearance, so links compare by what they join, not by how a made-up id is spelled. */
function canonical(messages: readonly Message[]): (id: string | undefined) => string | undefined {
  const names = new Map<string, string>();
  for (const m of messages) {
    for (const c of [...m.toolCalls, ...m.invalidToolCalls]) if (c.id !== undefined && !names.has(c.id)) names.set(c.id, `#${names.size}`);
    if (m.toolCallId !== undefined && !names.has(m.toolCallId)) names.set(m.toolCallId, `#${names.size}`);
  }
  return (id) => (id === undefined ? undefined : names.get(id));
}

/** What a round trip must keep: roles, texts, calls (name, arguments as the target carries them) and links. */
function kept(messages: readonly Message[], target: Target) {
  const id = canonical(messages);
  return messages.map((m) => ({
    role: m.role,
    text: m.text,
    calls: [...m.toolCalls, ...m.invalidToolCalls].map((c) => {
      const args = isRecord(c.args) ? c.args : target === 'gemini' ? {} : (c.argsText ?? c.args);
      return [id(c.id), c.name, args];
    }),
    result: id(m.toolCallId),
  }));
}

/** The source as the target can hold it: unreadable messages left out; for Gemini, its system messages one systemInstruction. */
function carried(t: Transcript, target: Target): Message[] {
  const messages = t.messages.filter((m) => m.role !== 'other');
  if (target !== 'gemini') return messages;
  const systems = messages.filter((m) => m.role === 'system');
  const rest = messages.filter((m) => m.role !== 'system');
  const [first] = systems;
  return first === undefined ? rest : [{ ...first, text: systems.map((m) => m.text).join('\n') }, ...rest];
}

/** The ids the input gave (not made up), in order: a target writes each as it was. */
const givenIds = (messages: readonly Message[]): string[] =>
  messages.flatMap((m) => [
    ...[...m.toolCalls, ...m.invalidToolCalls].flatMap((c) => (c.id !== undefined && c.idMadeUp === undefined ? [c.id] : [])),
    ...(m.toolCallId !== undefined && m.toolCallIdMadeUp !== true ? [m.toolCallId] : []),
  ]);

/** Reasoning the target takes back: its own provider's (Responses reasoning items, Gemini thought parts); the AI SDK holds any. */
const CARRIES_REASONING: Record<Target, (block: ContentBlock) => boolean> = {
  'openai-responses': ({ raw }) =>
    isRecord(raw) && raw.type === 'reasoning' && Array.isArray(raw.summary) && (typeof raw.id === 'string' || typeof raw.encrypted_content === 'string'),
  gemini: ({ raw }) => isRecord(raw) && raw.thought === true,
  'vercel-ai': () => true,
};
const reasoning = (messages: readonly Message[]): ContentBlock[] => messages.flatMap((m) => m.content.filter((b) => b.kind === 'reasoning'));

/** Findings keep their messages' positions only when no message was left out or merged away. */
function samePositions(t: Transcript, target: Target): boolean {
  if (t.messages.some((m) => m.role === 'other')) return false;
  return target !== 'gemini' || t.messages.filter((m) => m.role === 'system').length <= 1;
}

/** Findings about what the target cannot carry: Responses has no error flag on a result. */
const NOT_CARRIED: Record<Target, ReadonlySet<string>> = { 'openai-responses': new Set(['tool-error']), gemini: new Set(), 'vercel-ai': new Set() };

function readable(text: string, target: Target): boolean {
  const value: unknown = JSON.parse(text);
  if (target === 'gemini')
    return isRecord(value) && Array.isArray(value.contents) && value.contents.some((c) => isRecord(c) && Array.isArray(c.parts) && c.parts.length > 0);
  if (target === 'openai-responses') return isRecord(value) && Array.isArray(value.input) && value.input.length > 0;
  return Array.isArray(value) && value.length > 0;
}

describe.each(TARGETS)('real files exported to %s and read back', (target) => {
  it.each(FILES)('$file', ({ file, healthy, pendingCalls }) => {
    const result = importText(readFileSync(join(DIR, file), 'utf8'));
    if (!result.ok) throw new Error(result.error.message);
    const t = result.transcript;
    const { text, lost } = convertTranscript(t, target);
    expect(lost.filter((line) => line.includes('could not be converted'))).toEqual([]);
    if (!readable(text, target)) {
      // Nothing the target can hold (a blocked prompt, a turn of MCP listings for Gemini): what was left out is said.
      expect(t.messages.every((m) => lost.some((line) => line.includes(`#${m.index}`)))).toBe(true);
      return;
    }

    const detected = importText(text);
    if (!detected.ok) throw new Error(detected.error.message);
    const hasTools = t.messages.some((m) => m.role === 'tool' || m.toolCalls.length + m.invalidToolCalls.length > 0);
    // ModelMessages of text only are generic role/content dicts (docs/FORMATS.md, "Vercel AI SDK"): read as such.
    if (target !== 'vercel-ai' || hasTools) expect(detected.transcript.format).toBe(target);
    const read = importText(text, { format: target });
    if (!read.ok) throw new Error(read.error.message);
    const back = read.transcript;

    expect(kept(back.messages, target)).toEqual(kept(carried(t, target), target));
    expect(givenIds(back.messages)).toEqual(expect.arrayContaining(givenIds(t.messages)));
    const thoughts = reasoning(carried(t, target));
    expect(reasoning(back.messages).map((b) => b.text ?? '')).toEqual(thoughts.filter(CARRIES_REASONING[target]).map((b) => b.text ?? ''));
    if (!thoughts.every(CARRIES_REASONING[target]))
      expect(lost.some((line) => line.startsWith('message') && line.includes('reasoning has no place'))).toBe(true);

    // Calls a program ran inside a server tool: kept where the target knows such runs (Responses items written back), else said.
    const inside = (of: Transcript) => of.messages.flatMap((m) => m.toolCalls.filter((c) => c.answeredInside !== undefined).map((c) => c.name));
    const insideRuns = inside(back).length < inside(t).length;
    if (insideRuns) expect(lost.some((line) => line.includes('programmatic tool calling'))).toBe(true);
    const freeText = t.messages.some((m) => m.toolCalls.some((c) => !isRecord(c.args) && c.error === undefined && !c.invalid));
    if (freeText && target !== 'openai-responses') expect(lost.some((line) => /not a JSON object|free-text input/.test(line))).toBe(true);
    if (samePositions(t, target) && !insideRuns && !(freeText && target !== 'openai-responses')) {
      const ids = { before: canonical(t.messages), after: canonical(back.messages) };
      const findings = (of: Transcript, id: (x: string | undefined) => string | undefined) =>
        rules(of)
          .filter(([rule]) => !NOT_CARRIED[target].has(rule))
          .map(([rule, index, callId]) => [rule, index, id(callId)]);
      expect(findings(back, ids.after)).toEqual(findings(t, ids.before));
    }
    if (t.findings.some((f) => NOT_CARRIED[target].has(f.rule))) expect(lost.some((line) => line.includes('status "error" has no place'))).toBe(true);

    if (!healthy || pendingCalls > 0) return;
    const judged = JUDGED_BY[target];
    const accepted = (of: Transcript) => of.verdicts.filter((v) => v.accepted && (judged === 'all' || judged.includes(v.target))).map((v) => v.target);
    expect(accepted(back)).toEqual(expect.arrayContaining(accepted(t)));
  });
});
