// The search (docs/page-hooks.md, "Search"): which messages hold the search box's words or pattern, among the roles
// shown and the facets chosen. It runs here, beside the Transcript, in slices (SearchRun), so that typing never waits
// on it and a newer search can take over from an older one between slices.
import { isErrorResult } from '../core/checks/toolError';
import { stringifyJson } from '../core/json/value';
import type { Message, Role, Severity, ToolCall, Transcript } from '../core/model';
import { matches, parseSearchQuery } from '../core/search/query';
import { SEARCH_BUDGET_MS, hasFacets, type FacetCounts, type SearchAnswer, type SearchFacets, type SearchParams } from '../protocol/search';

/** How many messages pass between two looks at the clock. */
const CLOCK_EVERY = 64;
/** A search looks at messages this long, then lets the worker answer what else has come (cards, a newer search). */
export const SEARCH_SLICE_MS = 20;

/** Arguments given as an object, as the JSON their chip shows: made the first time a search reads them, then kept. */
const argsJson = new WeakMap<ToolCall, string>();

/** A call's arguments as text: as written when the input gave a string, else their compact JSON. */
function argsTextOf(call: ToolCall): string | undefined {
  if (call.argsText !== undefined) return call.argsText;
  if (call.args === undefined) return undefined;
  let text = argsJson.get(call);
  if (text === undefined) {
    try {
      text = stringifyJson(call.args) ?? '';
    } catch {
      // What JSON cannot write is not searched; the rest of the call still is.
      text = '';
    }
    argsJson.set(call, text);
  }
  return text;
}

/** Whether the message's text, names, ids, source type, model or tool calls (names, ids, arguments) match. */
function messageMatches(message: Message, pattern: RegExp): boolean {
  const test = (field: string | undefined): boolean => field !== undefined && field !== '' && matches(pattern, field);
  if (test(message.text) || test(message.name) || test(message.id) || test(message.sourceType) || test(message.toolCallId) || test(message.model)) {
    return true;
  }
  for (const call of message.toolCalls) if (test(call.name) || test(call.id) || test(argsTextOf(call))) return true;
  for (const call of message.invalidToolCalls) if (test(call.name) || test(call.id) || test(argsTextOf(call))) return true;
  return false;
}

/** The tools a message is about: those it calls, and for a result the call it answers (and the name it gives itself). */
function toolNamesOf(transcript: Transcript, message: Message): string[] {
  const names: string[] = [];
  for (const call of message.toolCalls) if (call.name) names.push(call.name);
  for (const call of message.invalidToolCalls) if (call.name) names.push(call.name);
  if (message.toolCallId !== undefined) {
    const call = transcript.links.get(message.toolCallId)?.calls[0];
    const issuer = call && transcript.messages[call.messageIndex];
    const name = issuer && (call.invalid ? issuer.invalidToolCalls : issuer.toolCalls)[call.callIndex]?.name;
    if (name) names.push(name);
  }
  if (message.role === 'tool' && message.name) names.push(message.name);
  return names.length > 1 ? [...new Set(names)] : names;
}

/** By message index, 1 for a tool error (SearchFacets.toolErrors): a result reporting one, its calls, an invalid call. */
function toolErrorMask(transcript: Transcript): Uint8Array {
  const { messages, links } = transcript;
  const mask = new Uint8Array(messages.length);
  for (const message of messages) {
    if (message.invalidToolCalls.length > 0 || message.toolCalls.some((call) => call.error !== undefined)) mask[message.index] = 1;
    if (message.role !== 'tool' || !isErrorResult(message)) continue;
    mask[message.index] = 1;
    const link = message.toolCallId === undefined ? undefined : links.get(message.toolCallId);
    for (const call of link?.calls ?? []) if (call.messageIndex < mask.length) mask[call.messageIndex] = 1;
  }
  return mask;
}

/** By message index, the severities of its findings as bits (error 1, warning 2, info 4). */
const SEVERITY_BIT: Record<Severity, number> = { error: 1, warning: 2, info: 4 };
function severityBits(transcript: Transcript): Uint8Array {
  const bits = new Uint8Array(transcript.messages.length);
  for (const finding of transcript.findings) {
    if (finding.messageIndex >= 0 && finding.messageIndex < bits.length) bits[finding.messageIndex]! |= SEVERITY_BIT[finding.severity];
  }
  return bits;
}

/** Built once per conversation: a Transcript does not change once read. */
const toolErrorsCache = new WeakMap<Transcript, Uint8Array>();
const severityCache = new WeakMap<Transcript, Uint8Array>();
const cached = <T>(cache: WeakMap<Transcript, T>, transcript: Transcript, build: (t: Transcript) => T): T => {
  let value = cache.get(transcript);
  if (value === undefined) {
    value = build(transcript);
    cache.set(transcript, value);
  }
  return value;
};

/** By message index, 1 for a message of one of `roles` that every facet keeps. */
export function keptMessages(transcript: Transcript, roles: readonly Role[], facets: SearchFacets): Uint8Array {
  const { messages } = transcript;
  const kept = new Uint8Array(messages.length);
  const wanted = new Set(roles);
  for (let i = 0; i < messages.length; i++) if (wanted.has(messages[i]!.role)) kept[i] = 1;
  if (!hasFacets(facets)) return kept;
  if (facets.severities.length > 0 || facets.findings) {
    const bits = cached(severityCache, transcript, severityBits);
    const mask = facets.severities.reduce((sum, severity) => sum | SEVERITY_BIT[severity], 0) || 7;
    for (let i = 0; i < kept.length; i++) if ((bits[i]! & mask) === 0) kept[i] = 0;
  }
  if (facets.toolErrors) {
    const errors = cached(toolErrorsCache, transcript, toolErrorMask);
    for (let i = 0; i < kept.length; i++) if (errors[i] === 0) kept[i] = 0;
  }
  if (facets.tools.length > 0) {
    const tools = new Set(facets.tools);
    for (let i = 0; i < kept.length; i++) if (kept[i] === 1 && !toolNamesOf(transcript, messages[i]!).some((name) => tools.has(name))) kept[i] = 0;
  }
  return kept;
}

/**
 * One search, run in steps: each `step` looks at messages until a deadline, so the caller can answer other requests
 * (and learn of a newer search) between steps. Hits come in message order.
 */
export class SearchRun {
  private readonly found: Int32Array<ArrayBuffer>;
  private count = 0;
  private next = 0;
  readonly total: number;

  constructor(
    private readonly messages: readonly Message[],
    private readonly kept: Uint8Array,
    /** Null: every kept message matches (no text, only facets). */
    private readonly pattern: RegExp | null,
  ) {
    this.total = messages.length;
    this.found = new Int32Array(messages.length);
  }

  /** Messages looked at so far. */
  get scanned(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.total;
  }

  /** Looks at messages until every one is done or `performance.now()` passes `until`; true once every one is. */
  step(until: number): boolean {
    const { messages, kept, pattern, found } = this;
    let i = this.next;
    while (i < this.total) {
      const stop = Math.min(this.total, i + CLOCK_EVERY);
      for (; i < stop; i++) if (kept[i] === 1 && (pattern === null || messageMatches(messages[i]!, pattern))) found[this.count++] = i;
      if (performance.now() >= until) break;
    }
    this.next = i;
    return this.done;
  }

  /** The hits so far, as their own buffer (to hand over). */
  hits(): Int32Array<ArrayBuffer> {
    return this.found.slice(0, this.count);
  }
}

/** A search ready to step, or why its query cannot run. */
export function startSearch(transcript: Transcript, { query, roles, facets }: SearchParams): SearchRun | { invalid: string } {
  const parsed = parseSearchQuery(query);
  if (parsed.kind === 'invalid') return { invalid: parsed.message };
  return new SearchRun(transcript.messages, keptMessages(transcript, roles, facets), parsed.kind === 'empty' ? null : parsed.pattern);
}

/** The whole search at once, within `budgetMs` (the table's rows, and tests); the worker's `search` request steps instead. */
export function searchMessages(transcript: Transcript, params: SearchParams, budgetMs = SEARCH_BUDGET_MS): SearchAnswer {
  const started = performance.now();
  const run = startSearch(transcript, params);
  if (!(run instanceof SearchRun)) return { kind: 'invalid', message: run.invalid };
  const complete = run.step(started + budgetMs);
  return { kind: 'hits', hits: run.hits(), complete, scanned: run.scanned, ms: performance.now() - started };
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The `search` request: the search in slices of SEARCH_SLICE_MS with the worker free between them, until every
 * message is looked at or SEARCH_BUDGET_MS of searching is spent (then what was found so far, `complete: false`).
 * `superseded` says, between slices, that a newer search came: this one stops there and answers so.
 */
export async function searchInSlices(
  transcript: Transcript,
  params: SearchParams,
  superseded: () => boolean,
  budgetMs = SEARCH_BUDGET_MS,
): Promise<SearchAnswer> {
  let spent = 0;
  let sliceStart = performance.now();
  const run = startSearch(transcript, params);
  if (!(run instanceof SearchRun)) return { kind: 'invalid', message: run.invalid };
  for (;;) {
    const done = run.step(sliceStart + Math.min(SEARCH_SLICE_MS, budgetMs - spent));
    spent += performance.now() - sliceStart;
    if (done || spent >= budgetMs) break;
    await nextTask();
    if (superseded()) return { kind: 'superseded' };
    sliceStart = performance.now();
  }
  return { kind: 'hits', hits: run.hits(), complete: run.done, scanned: run.scanned, ms: spent };
}

const countsCache = new WeakMap<Transcript, FacetCounts>();

/** How many messages each facet keeps alone (the chips' counts); counted once per conversation. */
export function facetCounts(transcript: Transcript): FacetCounts {
  return cached(countsCache, transcript, () => {
    const perTool = new Map<string, number>();
    for (const message of transcript.messages) for (const name of toolNamesOf(transcript, message)) perTool.set(name, (perTool.get(name) ?? 0) + 1);
    const bits = cached(severityCache, transcript, severityBits);
    const severities: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    let findings = 0;
    for (const b of bits) {
      if (b === 0) continue;
      findings++;
      for (const severity of ['error', 'warning', 'info'] as const) if (b & SEVERITY_BIT[severity]) severities[severity]++;
    }
    let toolErrors = 0;
    for (const e of cached(toolErrorsCache, transcript, toolErrorMask)) toolErrors += e;
    const tools = [...perTool]
      .map(([name, messages]) => ({ name, messages }))
      .sort((a, b) => b.messages - a.messages || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { tools, severities, findings, toolErrors };
  });
}
