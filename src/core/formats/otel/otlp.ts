// Spans as OpenTelemetry exports write them, for the span-based formats (otel-genai, openinference).
// OTLP/JSON (opentelemetry-proto `opentelemetry/proto/trace/v1/trace.proto` and
// `common/v1/common.proto`, JSON mapping in `docs/specification.md`): `{resourceSpans: [{scopeSpans:
// [{spans: [{name, startTimeUnixNano, attributes: [{key, value: AnyValue}], events}]}]}]}`, int64 as
// strings. Also read: a bare span list or one span, one export per line (the collector's file
// exporter), the Python SDK's `span.to_json()` (attributes as a plain object, ISO `start_time`,
// `context.span_id`, `parent_id`), the JS SDK's ReadableSpan as JSON (`spanContext`, `parentSpanId` or
// `parentSpanContext`, `startTime` as `[seconds, nanoseconds]`), and one span's attributes on their
// own (`{"gen_ai.input.messages": ..., "gen_ai.usage.input_tokens": ...}`), as tests and debuggers dump them.
import { MAX_DEPTH as MAX_VALUE_DEPTH } from '../../json/depth';
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord, setField } from '../../json/value';
import type { ParsedInput } from '../types';

export interface Attribute {
  /** The value as plain JSON (OTLP AnyValue unwrapped). */
  value: unknown;
  /** Location path of the attribute's entry, or of the attribute map when keys are dotted. */
  path: string;
  /** Location path of the value itself when it is an OTLP arrayValue (so elements can be located). */
  arrayPath?: string;
}

export interface Span {
  raw: Record<string, unknown>;
  path: string;
  name?: string;
  attributes: Map<string, Attribute>;
  /** Start and end in nanoseconds since the epoch, when the span gives them. */
  start?: bigint;
  end?: bigint;
  id?: string;
  parentId?: string;
  traceId?: string;
  /** Position in the input, to keep the file order among spans that started together. */
  order: number;
}

interface Found {
  raw: Record<string, unknown>;
  /** Path segments inside the line (JSON Lines) or the document. */
  segments: PathSegment[];
  line?: number;
  /** Set for an attribute map given on its own: `raw` is the map. */
  bare?: boolean;
}

/** How many values a walk may still visit; reading visits all, detection only the first few. */
interface Budget {
  visits: number;
}

/** Every span in the input, in file order (until the budget runs out); empty when the input holds none. */
function* spansOf(input: ParsedInput, budget: Budget = { visits: Infinity }): Generator<Found> {
  if (!input.jsonLines) {
    yield* spansIn(input.value, [], budget);
    return;
  }
  if (!Array.isArray(input.value)) return;
  for (let i = 0; i < input.value.length && budget.visits > 0; i++) {
    if (input.lineErrors?.has(i)) continue;
    for (const found of spansIn(input.value[i], [], budget)) yield { ...found, line: input.lineOf[i] ?? i + 1 };
  }
}

/** Path length of a span in a list of exports (`[0].resourceSpans[0].scopeSpans[0].spans[0]`), plus slack. */
const MAX_DEPTH = 8;

function* spansIn(value: unknown, at: PathSegment[], budget: Budget): Generator<Found> {
  if (at.length > MAX_DEPTH || --budget.visits < 0) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && budget.visits > 0; i++) yield* spansIn(value[i], [...at, i], budget);
    return;
  }
  if (!isRecord(value)) return;
  if (isSpan(value)) {
    yield { raw: value, segments: at };
    return;
  }
  // Only the document itself or an element of a top-level list: deeper, such keys are an app's own data.
  if (at.length <= 1 && isAttributeMap(value)) {
    yield { raw: value, segments: at, bare: true };
    return;
  }
  // resourceSpans -> scopeSpans (instrumentationLibrarySpans before OTLP 0.15) -> spans.
  for (const key of ['resourceSpans', 'scopeSpans', 'instrumentationLibrarySpans', 'spans']) {
    if (Array.isArray(value[key])) yield* spansIn(value[key], [...at, key], budget);
  }
}

function isSpan(value: Record<string, unknown>): boolean {
  if (!Array.isArray(value.attributes) && !isRecord(value.attributes)) return false;
  return typeof value.name === 'string' || 'startTimeUnixNano' in value || 'spanId' in value || 'start_time' in value;
}

/** Namespaces of the model-call attributes the span readers know (GenAI, OpenInference, Vercel AI SDK). */
const NAMESPACES = /^(?:gen_ai|llm|openinference|ai)\./;

/** Two or more model-call attribute keys at the top of an object that is not a span or an export. */
function isAttributeMap(value: Record<string, unknown>): boolean {
  if ('attributes' in value || 'resourceSpans' in value || 'spans' in value) return false;
  let found = 0;
  for (const key in value) if (NAMESPACES.test(key) && ++found >= 2) return true;
  return false;
}

/** The spans of the input with their attributes read, ordered by start time (file order when any lacks one). */
export function readSpans(input: ParsedInput): Span[] {
  const spans: Span[] = [];
  let order = 0;
  for (const found of spansOf(input)) {
    const pathOf = (sub: PathSegment[]): string => (found.line === undefined ? formatPath([...found.segments, ...sub]) : linePath(found.line));
    const attributes = found.bare ? readAttributes(found.raw, pathOf, []) : readAttributes(found.raw.attributes, pathOf, ['attributes']);
    const raw = found.raw;
    const start = found.bare ? undefined : timeOf(raw.startTimeUnixNano, raw.startTime, raw.start_time);
    const end = found.bare ? undefined : timeOf(raw.endTimeUnixNano, raw.endTime, raw.end_time);
    const ids = found.bare ? {} : idsOf(raw);
    spans.push({
      raw,
      path: pathOf([]),
      ...(!found.bare && typeof raw.name === 'string' && { name: raw.name }),
      attributes,
      ...(start !== undefined && { start }),
      ...(end !== undefined && { end }),
      ...ids,
      order: order++,
    });
  }
  if (spans.every((span) => span.start !== undefined)) {
    spans.sort((a, b) => (a.start === b.start ? a.order - b.order : (a.start ?? 0n) < (b.start ?? 0n) ? -1 : 1));
  }
  return spans;
}

/**
 * Values detection visits at most: enough to reach the first spans of an export, yet a large input
 * without spans (every other format's history) is not walked to its end.
 */
const DETECTION_VISITS = 2000;

/** Attribute keys of the first few spans, for cheap detection. */
export function sampleAttributeKeys(input: ParsedInput, limit = 200): Set<string> {
  const keys = new Set<string>();
  let seen = 0;
  for (const found of spansOf(input, { visits: DETECTION_VISITS })) {
    const attributes = found.bare ? found.raw : found.raw.attributes;
    if (Array.isArray(attributes)) {
      for (const entry of attributes) if (isRecord(entry) && typeof entry.key === 'string') keys.add(entry.key);
    } else if (isRecord(attributes)) {
      for (const key of Object.keys(attributes)) keys.add(key);
    }
    if (++seen >= limit) break;
  }
  return keys;
}

function readAttributes(value: unknown, pathOf: (sub: PathSegment[]) => string, at: PathSegment[]): Map<string, Attribute> {
  const attributes = new Map<string, Attribute>();
  if (Array.isArray(value)) {
    value.forEach((entry, k) => {
      if (!isRecord(entry) || typeof entry.key !== 'string') return;
      const attribute: Attribute = { value: fromAnyValue(entry.value), path: pathOf([...at, k]) };
      if (isRecord(entry.value) && isRecord(entry.value.arrayValue)) {
        attribute.arrayPath = pathOf([...at, k, 'value', 'arrayValue', 'values']);
      }
      attributes.set(entry.key, attribute);
    });
  } else if (isRecord(value)) {
    // Dotted keys cannot be spelled in a location path: point at the attribute map.
    const path = pathOf(at);
    for (const [key, entry] of Object.entries(value)) attributes.set(key, { value: entry, path });
  }
  return attributes;
}

/** OTLP AnyValue to plain JSON; a value that is not an AnyValue passes through, as does one nested deeper than input does (json/depth). */
export function fromAnyValue(value: unknown, depth = 0): unknown {
  if (!isRecord(value) || depth >= MAX_VALUE_DEPTH) return value;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return numberFrom(value.intValue) ?? value.intValue;
  if ('doubleValue' in value) return numberFrom(value.doubleValue) ?? value.doubleValue;
  if ('bytesValue' in value) return value.bytesValue;
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) && Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map((item) => fromAnyValue(item, depth + 1));
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value.kvlistValue) && Array.isArray(value.kvlistValue.values) ? value.kvlistValue.values : [];
    const out: Record<string, unknown> = {};
    for (const entry of values) if (isRecord(entry) && typeof entry.key === 'string') setField(out, entry.key, fromAnyValue(entry.value, depth + 1));
    return out;
  }
  return Object.keys(value).length === 0 ? null : value;
}

/** A finite number, also from the decimal strings OTLP/JSON uses for int64. */
export function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A time as OTLP (`*UnixNano`, digits), the JS SDK (`[seconds, nanoseconds]`) or the Python SDK (ISO) writes it. */
function timeOf(nanos: unknown, hrTime: unknown, iso: unknown): bigint | undefined {
  if (typeof nanos === 'string' && /^\d+$/.test(nanos)) return BigInt(nanos);
  if (typeof nanos === 'number' && Number.isSafeInteger(nanos)) return BigInt(nanos);
  // Floats above 2^53 lose the last digits; still good enough to order spans.
  if (typeof nanos === 'number' && Number.isFinite(nanos) && nanos >= 0) return BigInt(Math.round(nanos));
  if (Array.isArray(hrTime) && hrTime.length === 2) {
    const seconds: unknown = hrTime[0];
    const fraction: unknown = hrTime[1];
    if (typeof seconds === 'number' && typeof fraction === 'number' && Number.isSafeInteger(seconds) && Number.isSafeInteger(fraction)) {
      return BigInt(seconds) * 1_000_000_000n + BigInt(fraction);
    }
  }
  if (typeof iso === 'string') {
    const ms = Date.parse(iso);
    if (Number.isFinite(ms)) return BigInt(ms) * 1_000_000n;
  }
  // Some dumps of the Python SDK's spans keep the nanosecond integers.
  if (typeof iso === 'number' && Number.isFinite(iso) && iso >= 0) return BigInt(Math.round(iso));
  return undefined;
}

/** The span's own id, its parent's and its trace's, wherever the exporter put them. */
function idsOf(span: Record<string, unknown>): Pick<Span, 'id' | 'parentId' | 'traceId'> {
  const context = isRecord(span.spanContext) ? span.spanContext : isRecord(span.context) ? span.context : {};
  const parentContext = isRecord(span.parentSpanContext) ? span.parentSpanContext : isRecord(span.parent) ? span.parent : {};
  const id = idString(span.spanId) ?? idString(context.spanId) ?? idString(context.span_id);
  const parentId = idString(span.parentSpanId) ?? idString(parentContext.spanId) ?? idString(parentContext.span_id) ?? idString(span.parent_id);
  const traceId = idString(span.traceId) ?? idString(context.traceId) ?? idString(context.trace_id);
  return { ...(id !== undefined && { id }), ...(parentId !== undefined && { parentId }), ...(traceId !== undefined && { traceId }) };
}

/** Ids are hex strings, or the integers the Python SDK's context holds (which JSON may round: still good enough to link). */
function idString(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** ISO-8601 time of a span start (millisecond precision). */
export function isoTime(nanos: bigint | undefined): string | undefined {
  if (nanos === undefined) return undefined;
  const date = new Date(Number(nanos / 1_000_000n));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A span's attribute as a number (int64 strings included). */
export function numberAttribute(span: Span, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const n = numberFrom(span.attributes.get(key)?.value);
    if (n !== undefined) return n;
  }
  return undefined;
}

export function stringAttribute(span: Span, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = span.attributes.get(key)?.value;
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** The spans' parent links, to walk from a span up to its root. */
export class SpanTree {
  private readonly byId = new Map<string, Span>();
  /** Whether the export links any span to its parent; some exporters drop the links. */
  readonly linked: boolean;

  constructor(spans: readonly Span[]) {
    let linked = false;
    for (const span of spans) {
      if (span.id !== undefined) this.byId.set(span.id, span);
      if (span.parentId !== undefined) linked = true;
    }
    this.linked = linked;
  }

  /** The span's ancestors, nearest first (a cycle in broken input ends the walk). */
  *ancestors(span: Span): Generator<Span> {
    const seen = new Set<Span>([span]);
    let parent = span.parentId === undefined ? undefined : this.byId.get(span.parentId);
    while (parent && !seen.has(parent)) {
      yield parent;
      seen.add(parent);
      parent = parent.parentId === undefined ? undefined : this.byId.get(parent.parentId);
    }
  }

  /**
   * Whether `inner` ran inside `outer`: its descendant when the export has links, else within its
   * start and end (then the caller must check more: unrelated calls may run at the same time).
   */
  encloses(outer: Span, inner: Span): boolean {
    if (this.linked) {
      for (const ancestor of this.ancestors(inner)) if (ancestor === outer) return true;
      return false;
    }
    return (
      outer.start !== undefined &&
      outer.end !== undefined &&
      inner.start !== undefined &&
      inner.end !== undefined &&
      outer.start <= inner.start &&
      inner.end <= outer.end
    );
  }
}
