// The fuzzer's mutators: pure functions from a fixture (its bytes, its text or its parsed JSON) and a plain
// description of the change to the changed input. The descriptions are data (fast-check generates and shrinks
// them, and a saved failure lists them), so every input can be rebuilt from its recipe.
//
// Values deeper than JSON.stringify can write (or that JSON cannot express: NaN, 1e400, -0) go into the tree as
// placeholders, strings that `serialize` replaces with their raw text; our own walks are iterative, so that a
// deep input is built without the stack the product under test may lack.

export type Bytes = Uint8Array<ArrayBuffer>;
export type Key = string | number;
type Container = Record<string, unknown> | unknown[];

/** `pos` folded into [0, length]: any natural number is a position, and 0 (where fast-check shrinks to) is the start. */
export const positionIn = (pos: number, length: number): number => pos % (length + 1);

// ---------------------------------------------------------------------------------------------------------
// Bytes

/** Byte sequences worth inserting: marks of encodings and archives, broken UTF-8, a surrogate half as CESU-8. */
export const BYTE_INSERTS = {
  'utf8-bom': [0xef, 0xbb, 0xbf],
  'utf16le-bom': [0xff, 0xfe],
  'utf16be-bom': [0xfe, 0xff],
  'cesu8-lone-surrogate': [0xed, 0xa0, 0x80],
  nul: [0x00],
  crlf: [0x0d, 0x0a],
  'overlong-slash': [0xc0, 0xaf],
  'truncated-utf8': [0xe2, 0x82],
  'zip-magic': [0x50, 0x4b, 0x03, 0x04],
  'gzip-magic': [0x1f, 0x8b, 0x08],
} as const;
export type ByteInsert = keyof typeof BYTE_INSERTS;
export const BYTE_INSERT_NAMES = Object.keys(BYTE_INSERTS) as ByteInsert[];

/** Bytes a JSON or text reader branches on. */
export const INTERESTING_BYTES = [0x00, 0x22, 0x5c, 0x5b, 0x5d, 0x7b, 0x7d, 0x2c, 0x3a, 0x0a, 0x0d, 0x20, 0x27, 0x28, 0x29, 0x3d, 0xff, 0xc3, 0xed, 0x80];

export type ByteMutation =
  | { op: 'flip'; pos: number; bit: number }
  | { op: 'set'; pos: number; byte: number }
  | { op: 'truncate'; pos: number }
  | { op: 'insert'; pos: number; insert: ByteInsert }
  | { op: 'delete'; pos: number; length: number }
  | { op: 'repeat'; pos: number; length: number; times: number };

export function mutateBytes(bytes: Bytes, m: ByteMutation): Bytes {
  const at = positionIn(m.pos, bytes.length);
  switch (m.op) {
    case 'flip': {
      if (bytes.length === 0) return bytes;
      const out = bytes.slice();
      const i = Math.min(at, bytes.length - 1);
      out[i] = out[i]! ^ (1 << (m.bit & 7));
      return out;
    }
    case 'set': {
      if (bytes.length === 0) return Uint8Array.of(m.byte & 0xff);
      const out = bytes.slice();
      out[Math.min(at, bytes.length - 1)] = m.byte & 0xff;
      return out;
    }
    case 'truncate':
      return bytes.slice(0, at);
    case 'insert':
      return concat(bytes.subarray(0, at), Uint8Array.from(BYTE_INSERTS[m.insert]), bytes.subarray(at));
    case 'delete':
      return concat(bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + m.length)));
    case 'repeat': {
      const slice = bytes.subarray(at, Math.min(bytes.length, at + Math.max(1, m.length)));
      return concat(bytes.subarray(0, at), ...Array.from({ length: Math.max(1, m.times) }, () => slice), bytes.subarray(at + slice.length));
    }
  }
}

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Text

export type TextMutation =
  | { op: 'line-repeat'; line: number; times: number }
  | { op: 'line-drop'; line: number }
  | { op: 'line-insert'; line: number; text: string }
  /** `target` characters of the slice at `pos` repeated in place: nested starts, headers, long runs. */
  | { op: 'slice-repeat'; pos: number; length: number; target: number }
  /** A run of one character, `target` long: what regular expressions backtrack on. */
  | { op: 'char-run'; pos: number; char: string; target: number };

export function mutateText(text: string, m: TextMutation): string {
  switch (m.op) {
    case 'line-repeat':
    case 'line-drop':
    case 'line-insert': {
      const lines = text.split('\n');
      const i = m.line % lines.length;
      if (m.op === 'line-drop') lines.splice(i, 1);
      else if (m.op === 'line-insert') lines.splice(i, 0, m.text);
      else lines.splice(i, 0, ...Array.from({ length: Math.max(1, m.times) }, () => lines[i]!));
      return lines.join('\n');
    }
    case 'slice-repeat': {
      const at = positionIn(m.pos, text.length);
      const slice = text.slice(at, at + Math.max(1, m.length)) || text.slice(0, Math.max(1, m.length)) || '(';
      return text.slice(0, at) + slice.repeat(Math.max(1, Math.ceil(m.target / slice.length))) + text.slice(at + slice.length);
    }
    case 'char-run': {
      const at = positionIn(m.pos, text.length);
      return text.slice(0, at) + (m.char || '=').repeat(Math.max(1, m.target)) + text.slice(at);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON values

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export type ProtoKey = (typeof PROTO_KEYS)[number];

/** Numbers JSON.parse cannot give back as written (or at all): the text is written raw. */
export const SPECIAL_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '-0',
  '1e-400',
  '123456789012345678901234567890',
  '-9007199254740993',
] as const;
export type SpecialNumber = (typeof SPECIAL_NUMBERS)[number];

export const TYPES = ['string', 'number', 'null', 'array', 'object', 'boolean'] as const;
export type JsonType = (typeof TYPES)[number];

/** Numbers that stand in for an id. */
export const ID_NUMBERS = [0, 1, -1, 42, 1.5, 1e21, 2 ** 53 + 2, -0];

export const SURROGATES = [0xd800, 0xdbff, 0xdc00, 0xdfff];

/** Marks what a `__proto__` key carries: a reader that shows it read the prototype key as data. */
export const PROTO_MARK = 'PROTO-KEY-CONTENT';
export const PROTO_TOOL = 'proto_key_tool';

/**
 * What a `__proto__` / `constructor` / `prototype` key is given: a message of its own is what a reader must not
 * show. Copies of the object it is added to, never the object itself: a cycle would have no JSON text.
 */
export function protoPayload(kind: ProtoPayload, self: unknown): unknown {
  switch (kind) {
    case 'message':
      return {
        role: 'assistant',
        type: 'ai',
        content: PROTO_MARK,
        text: PROTO_MARK,
        tool_calls: [{ id: 'call_proto', type: 'function', name: PROTO_TOOL, args: {}, function: { name: PROTO_TOOL, arguments: '{}' } }],
      };
    case 'self':
      return isObject(self) ? { ...self } : self;
    case 'string':
      return PROTO_MARK;
    case 'null':
      return null;
    case 'array':
      return [isObject(self) ? { ...self } : self];
  }
}
export const PROTO_PAYLOADS = ['message', 'self', 'string', 'null', 'array'] as const;
export type ProtoPayload = (typeof PROTO_PAYLOADS)[number];

export const DEEP_KINDS = ['array', 'object', 'mixed', 'content'] as const;
export type DeepKind = (typeof DEEP_KINDS)[number];

export const STRING_PATTERNS = ['a', 'line\n', 'unicode', 'escapes', 'equals', 'spaces', 'json', 'repr'] as const;
export type StringPattern = (typeof STRING_PATTERNS)[number];

const PATTERN_UNIT: Record<StringPattern, string> = {
  a: 'a',
  'line\n': 'line\n',
  unicode: 'é😀\u0000\u202e',
  escapes: '\\"\\\\n',
  equals: '=',
  spaces: ' ',
  json: '{"role":"user","content":[1,2]}',
  repr: "AIMessage(content='', additional_kwargs={'a': ",
};

export const ID_MODES = ['keep', 'middle', 'suffix'] as const;
export type IdMode = (typeof ID_MODES)[number];

/** Which nodes a mutation picks among (its `node` is an index into them, wrapping around). */
export type JsonMutation =
  | { op: 'swap-type'; node: number; to: JsonType }
  | { op: 'proto-key'; node: number; key: ProtoKey; payload: ProtoPayload; rename: boolean }
  | { op: 'number-id'; node: number; value: number }
  | { op: 'special-number'; node: number; token: SpecialNumber }
  | { op: 'lone-surrogate'; node: number; unit: number; pos: number; inKey: boolean }
  | { op: 'bom'; node: number }
  | { op: 'string'; node: number; value: string }
  | { op: 'nest'; node: number; depth: number; kind: 'array' | 'object' }
  | { op: 'drop'; node: number }
  | { op: 'duplicate'; node: number; times: number }
  | { op: 'replace'; node: number; value: unknown }
  // Heavy ones: sizes and depths that stress what is linear and what recurses.
  | { op: 'deep'; node: number; depth: number; kind: DeepKind; closed: boolean }
  /** `length`: bytes of its JSON text. */
  | { op: 'huge-string'; node: number; length: number; pattern: StringPattern }
  | { op: 'replicate'; node: number; largest: boolean; target: number; ids: IdMode }
  | { op: 'wide'; node: number; keys: number };

/** The longest string a wide object repeats under its keys. */
export const WIDE_VALUE_CHARS = 64;

export interface NodeRef {
  /** Undefined for the root. */
  parent: Container | undefined;
  key: Key;
  value: unknown;
}

/** JSON.stringify as it is: undefined for undefined (its declared type says string). */
export const toJson = (value: unknown, indent?: number | string): string | undefined => JSON.stringify(value, null, indent);

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Every node of `root` in pre-order, without recursion. Own keys only, `__proto__` included. */
export function nodesOf(root: unknown, wanted: (ref: NodeRef) => boolean = () => true): NodeRef[] {
  const found: NodeRef[] = [];
  const stack: NodeRef[] = [{ parent: undefined, key: '', value: root }];
  while (stack.length > 0) {
    const ref = stack.pop()!;
    if (wanted(ref)) found.push(ref);
    const { value } = ref;
    if (!isContainer(value)) continue;
    const children: NodeRef[] = Array.isArray(value)
      ? value.map((child, i) => ({ parent: value, key: i, value: child }))
      : Object.keys(value).map((key) => ({ parent: value, key, value: value[key] }));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/** Sets an own property, `__proto__` too (an assignment would set the prototype). */
export function setOwn(target: Container, key: Key, value: unknown): void {
  if (Array.isArray(target) && typeof key === 'number') target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A tree being mutated, with the raw texts its placeholders stand for. */
export class JsonDoc {
  private readonly raws: string[] = [];
  constructor(public root: unknown) {}

  /** A placeholder for `text`, written as is by `serialize`. */
  raw(text: string): string {
    this.raws.push(text);
    return `\u0000raw:${this.raws.length - 1}\u0000`;
  }

  replace(ref: NodeRef, value: unknown): void {
    if (ref.parent === undefined) this.root = value;
    else setOwn(ref.parent, ref.key, value);
  }

  /** JSON text of the tree (one line a value of `lines` for JSON Lines), the placeholders replaced by their raw text. */
  serialize(indent: number | string | undefined, lines: boolean): string {
    const text = lines && Array.isArray(this.root) ? this.root.map((line) => toJson(line) ?? 'null').join('\n') : (toJson(this.root, indent) ?? '');
    return this.expand(text);
  }

  private expand(text: string, depth = 0): string {
    if (depth > 4 || !text.includes('raw:')) return text;
    return text.replace(/"\\u0000raw:(\d+)\\u0000"/g, (_match, i: string) => this.expand(this.raws[Number(i)] ?? '', depth + 1));
  }
}

/** The node of `doc` that `node` picks among those `wanted`, or among all when none is wanted. */
function pick(doc: JsonDoc, node: number, wanted: (ref: NodeRef) => boolean): NodeRef {
  let refs = nodesOf(doc.root, wanted);
  if (refs.length === 0) refs = nodesOf(doc.root);
  return refs[node % refs.length]!;
}

const isIdKey = (ref: NodeRef): boolean => typeof ref.key === 'string' && /id$/i.test(ref.key);
const isString = (ref: NodeRef): boolean => typeof ref.value === 'string';

/** `value` as another JSON type, keeping what it can of it. */
export function swapType(value: unknown, to: JsonType): unknown {
  switch (to) {
    case 'string':
      return typeof value === 'string' ? `${value} ` : (toJson(value) ?? '');
    case 'number': {
      if (typeof value === 'number') return -value - 1;
      if (typeof value === 'string') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value.length;
      if (Array.isArray(value)) return value.length;
      return isObject(value) ? Object.keys(value).length : value === true ? 1 : 0;
    }
    case 'null':
      return null;
    case 'array':
      return Array.isArray(value) ? [] : isObject(value) ? Object.values(value) : value === null ? [] : [value];
    case 'object':
      if (Array.isArray(value)) return Object.fromEntries(value.map((item, i) => [String(i), item]));
      return isObject(value) ? {} : { value };
    case 'boolean':
      return typeof value === 'boolean' ? !value : Boolean(value);
  }
}

/** Text of `value` nested `depth` deep; `closed: false` leaves every level open. */
export function deepText(depth: number, kind: DeepKind, inner: string, closed: boolean): string {
  const [open, close] =
    kind === 'array' ? ['[', ']'] : kind === 'object' ? ['{"a":', '}'] : kind === 'mixed' ? ['[{"a":', '}]'] : ['{"role":"user","content":[', ']}'];
  return open.repeat(depth) + inner + (closed ? close.repeat(depth) : '');
}

function nested(value: unknown, depth: number, kind: 'array' | 'object'): unknown {
  let out = value;
  for (let i = 0; i < depth; i++) out = kind === 'array' ? [out] : { a: out };
  return out;
}

/** A string whose JSON text is about `bytes` long in UTF-8 (a unit of emoji and escapes counts what it writes). */
function hugeString(bytes: number, pattern: StringPattern): string {
  const unit = PATTERN_UNIT[pattern];
  const unitBytes = new TextEncoder().encode(toJson(unit) ?? '').length - 2;
  return unit.repeat(Math.max(1, Math.ceil(bytes / unitBytes)));
}

/** A copy of `value` whose id strings carry `copy`: in the middle (ids equal in their first and last 40 characters) or at the end. */
function withIds(value: unknown, copy: number, mode: IdMode): unknown {
  if (mode === 'keep') return value;
  const clone: unknown = JSON.parse(toJson(value) ?? 'null');
  const pad = 'x'.repeat(40);
  for (const ref of nodesOf(clone, (r) => isIdKey(r) && isString(r))) {
    const id = ref.value as string;
    setOwn(ref.parent!, ref.key, mode === 'middle' ? `${pad}${id}~${copy}${pad}` : `${id}~${copy}`);
  }
  return clone;
}

const sizeOf = (value: unknown): number => (toJson(value) ?? '').length + 1;

/** Applies `m` to `doc` in place. */
export function mutateJson(doc: JsonDoc, m: JsonMutation): void {
  switch (m.op) {
    case 'swap-type': {
      const ref = pick(doc, m.node, () => true);
      doc.replace(ref, swapType(ref.value, m.to));
      return;
    }
    case 'proto-key': {
      const ref = pick(doc, m.node, (r) => isObject(r.value));
      const target = isObject(ref.value) ? ref.value : undefined;
      if (!target) {
        const wrapper = {};
        setOwn(wrapper, m.key, protoPayload(m.payload, ref.value));
        doc.replace(ref, wrapper);
        return;
      }
      const first = Object.keys(target)[0];
      if (m.rename && first !== undefined) {
        const moved = target[first];
        delete target[first];
        setOwn(target, m.key, moved);
      } else setOwn(target, m.key, protoPayload(m.payload, target));
      return;
    }
    case 'number-id':
      doc.replace(
        pick(doc, m.node, (r) => isIdKey(r) && isString(r)),
        Object.is(m.value, -0) ? doc.raw('-0') : m.value,
      );
      return;
    case 'special-number':
      doc.replace(
        pick(doc, m.node, (r) => typeof r.value === 'number'),
        doc.raw(m.token),
      );
      return;
    case 'lone-surrogate': {
      const unit = String.fromCharCode(m.unit);
      if (m.inKey) {
        const ref = pick(doc, m.node, (r) => isObject(r.value) && Object.keys(r.value).length > 0);
        if (!isObject(ref.value)) return;
        const key = Object.keys(ref.value)[m.pos % Object.keys(ref.value).length]!;
        const moved = ref.value[key];
        delete ref.value[key];
        setOwn(ref.value, key + unit, moved);
        return;
      }
      const ref = pick(doc, m.node, isString);
      const text = typeof ref.value === 'string' ? ref.value : '';
      const at = positionIn(m.pos, text.length);
      doc.replace(ref, text.slice(0, at) + unit + text.slice(at));
      return;
    }
    case 'bom': {
      const ref = pick(doc, m.node, isString);
      doc.replace(ref, `\ufeff${typeof ref.value === 'string' ? ref.value : ''}`);
      return;
    }
    case 'string':
      doc.replace(pick(doc, m.node, isString), m.value);
      return;
    case 'nest': {
      const ref = pick(doc, m.node, () => true);
      doc.replace(ref, nested(ref.value, Math.min(m.depth, 256), m.kind));
      return;
    }
    case 'drop': {
      const ref = pick(doc, m.node, (r) => r.parent !== undefined);
      if (Array.isArray(ref.parent)) ref.parent.splice(Number(ref.key), 1);
      else if (ref.parent) delete ref.parent[ref.key];
      return;
    }
    case 'duplicate': {
      const ref = pick(doc, m.node, (r) => Array.isArray(r.parent));
      if (!Array.isArray(ref.parent)) return;
      ref.parent.splice(Number(ref.key), 0, ...Array.from({ length: Math.max(1, m.times) }, () => ref.value));
      return;
    }
    case 'replace':
      // A copy: the value belongs to the plan (and the vocabulary), which later mutations must not change.
      doc.replace(
        pick(doc, m.node, () => true),
        structuredClone(m.value),
      );
      return;
    case 'deep': {
      const ref = pick(doc, m.node, () => true);
      const inner = m.kind === 'content' ? '{"type":"text","text":"deep"}' : (toJson(ref.value) ?? 'null');
      doc.replace(ref, doc.raw(deepText(m.depth, m.kind, inner, m.closed)));
      return;
    }
    case 'huge-string':
      doc.replace(pick(doc, m.node, isString), hugeString(m.length, m.pattern));
      return;
    case 'replicate': {
      const arrays = nodesOf(doc.root, (r) => Array.isArray(r.value) && r.value.length > 0);
      const largest = arrays.reduce<NodeRef | undefined>(
        (best, r) => (best && (best.value as unknown[]).length >= (r.value as unknown[]).length ? best : r),
        undefined,
      );
      const ref = m.largest ? largest : arrays[m.node % Math.max(1, arrays.length)];
      const items = ref ? (ref.value as unknown[]) : [doc.root];
      // Measured with its ids rewritten, which lengthens them: the copies then add up to the target.
      const first = items.map((item) => withIds(item, 0, m.ids));
      const copies = Math.max(1, Math.ceil(m.target / Math.max(1, sizeOf(first))));
      const out: unknown[] = [...first];
      for (let copy = 1; copy < copies; copy++) for (const item of items) out.push(withIds(item, copy, m.ids));
      if (ref) doc.replace(ref, out);
      else doc.root = out;
      return;
    }
    case 'wide': {
      const ref = pick(doc, m.node, (r) => isObject(r.value));
      const target = isObject(ref.value) ? ref.value : {};
      const first = Object.keys(target)[0] ?? 'key';
      // The keys make it wide, not their values: a container under each would be the whole object again and again.
      const kept = target[first] ?? null;
      // A long string under each would make it big as well (46,094 keys of a 5 KB string: 243 MB, past --max-bytes).
      const value = isContainer(kept) ? (Array.isArray(kept) ? [] : {}) : typeof kept === 'string' ? kept.slice(0, WIDE_VALUE_CHARS) : kept;
      for (let i = 0; i < m.keys; i++) setOwn(target, `${first}_${i}`, value);
      if (target !== ref.value) doc.replace(ref, target);
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading a fixture as something to mutate

export type Shape = { kind: 'json'; value: unknown } | { kind: 'jsonl'; lines: unknown[] } | { kind: 'text' };

/**
 * How a fixture's text is mutated: as one JSON value, as JSON Lines (a line that is not JSON stays as written),
 * or as text.
 */
export function shapeOf(text: string, raw: (line: string) => string = (line) => line): Shape {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { kind: 'json', value: JSON.parse(body) as unknown };
  } catch {
    // Not one value: perhaps one a line.
  }
  const lines = body.split('\n');
  let parsed = 0;
  const values = lines.map((line) => {
    try {
      const value: unknown = JSON.parse(line);
      parsed++;
      return value;
    } catch {
      return raw(line);
    }
  });
  return parsed >= 1 && parsed * 2 >= lines.filter((line) => line.trim() !== '').length ? { kind: 'jsonl', lines: values } : { kind: 'text' };
}
