// Spans as OpenTelemetry exports write them, for the span-based formats (otel-genai, openinference).
// OTLP/JSON (opentelemetry-proto `opentelemetry/proto/trace/v1/trace.proto` and
// `common/v1/common.proto`, JSON mapping in `docs/specification.md`): `{resourceSpans: [{scopeSpans:
// [{spans: [{name, startTimeUnixNano, attributes: [{key, value: AnyValue}], events}]}]}]}`, int64 as
// strings. Also read: a bare span list or one span, one export per line (the collector's file
// exporter), and the Python SDK's `span.to_json()` (attributes as a plain object, ISO `start_time`).
import { formatPath, linePath, type PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
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
  /** Start time in nanoseconds since the epoch, when the span gives one. */
  start?: bigint;
  /** Position in the input, to keep the file order among spans that started together. */
  order: number;
}

interface Found {
  raw: Record<string, unknown>;
  /** Path segments inside the line (JSON Lines) or the document. */
  segments: PathSegment[];
  line?: number;
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
  // resourceSpans -> scopeSpans (instrumentationLibrarySpans before OTLP 0.15) -> spans.
  for (const key of ['resourceSpans', 'scopeSpans', 'instrumentationLibrarySpans', 'spans']) {
    if (Array.isArray(value[key])) yield* spansIn(value[key], [...at, key], budget);
  }
}

function isSpan(value: Record<string, unknown>): boolean {
  if (!Array.isArray(value.attributes) && !isRecord(value.attributes)) return false;
  return typeof value.name === 'string' || 'startTimeUnixNano' in value || 'spanId' in value || 'start_time' in value;
}

/** The spans of the input with their attributes read, ordered by start time (file order when any lacks one). */
export function readSpans(input: ParsedInput): Span[] {
  const spans: Span[] = [];
  let order = 0;
  for (const found of spansOf(input)) {
    const pathOf = (sub: PathSegment[]): string => (found.line === undefined ? formatPath([...found.segments, ...sub]) : linePath(found.line));
    const attributes = readAttributes(found.raw.attributes, pathOf);
    const start = startOf(found.raw);
    spans.push({
      raw: found.raw,
      path: pathOf([]),
      ...(typeof found.raw.name === 'string' && { name: found.raw.name }),
      attributes,
      ...(start !== undefined && { start }),
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
    const attributes = found.raw.attributes;
    if (Array.isArray(attributes)) {
      for (const entry of attributes) if (isRecord(entry) && typeof entry.key === 'string') keys.add(entry.key);
    } else if (isRecord(attributes)) {
      for (const key of Object.keys(attributes)) keys.add(key);
    }
    if (++seen >= limit) break;
  }
  return keys;
}

function readAttributes(value: unknown, pathOf: (sub: PathSegment[]) => string): Map<string, Attribute> {
  const attributes = new Map<string, Attribute>();
  if (Array.isArray(value)) {
    value.forEach((entry, k) => {
      if (!isRecord(entry) || typeof entry.key !== 'string') return;
      const attribute: Attribute = { value: fromAnyValue(entry.value), path: pathOf(['attributes', k]) };
      if (isRecord(entry.value) && isRecord(entry.value.arrayValue)) {
        attribute.arrayPath = pathOf(['attributes', k, 'value', 'arrayValue', 'values']);
      }
      attributes.set(entry.key, attribute);
    });
  } else if (isRecord(value)) {
    // Dotted keys cannot be spelled in a location path: point at the attribute map.
    const path = pathOf(['attributes']);
    for (const [key, entry] of Object.entries(value)) attributes.set(key, { value: entry, path });
  }
  return attributes;
}

/** OTLP AnyValue to plain JSON; a value that is not an AnyValue passes through. */
export function fromAnyValue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return numberFrom(value.intValue) ?? value.intValue;
  if ('doubleValue' in value) return numberFrom(value.doubleValue) ?? value.doubleValue;
  if ('bytesValue' in value) return value.bytesValue;
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) && Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map(fromAnyValue);
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value.kvlistValue) && Array.isArray(value.kvlistValue.values) ? value.kvlistValue.values : [];
    const out: Record<string, unknown> = {};
    for (const entry of values) if (isRecord(entry) && typeof entry.key === 'string') out[entry.key] = fromAnyValue(entry.value);
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

function startOf(span: Record<string, unknown>): bigint | undefined {
  const nanos = span.startTimeUnixNano;
  if (typeof nanos === 'string' && /^\d+$/.test(nanos)) return BigInt(nanos);
  if (typeof nanos === 'number' && Number.isSafeInteger(nanos)) return BigInt(nanos);
  // Floats above 2^53 lose the last digits; still good enough to order spans.
  if (typeof nanos === 'number' && Number.isFinite(nanos) && nanos >= 0) return BigInt(Math.round(nanos));
  if (typeof span.start_time === 'string') {
    const ms = Date.parse(span.start_time);
    if (Number.isFinite(ms)) return BigInt(ms) * 1_000_000n;
  }
  return undefined;
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
