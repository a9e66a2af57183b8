// The secrets each message holds, for possible-secret and `msgscope redact`: found in one walk of its raw
// input, and placed (content, a call's arguments, a raw field) as they are found.
import { isRecord } from '../json/value';
import type { Message, ToolCall } from '../model';
import { findSecrets, type SecretKind } from '../secrets';
import { clip } from './rule';

/** Where in a message a secret was found. */
export type SecretPlace =
  | { in: 'content' }
  | { in: 'tool output' }
  | { in: 'arguments'; call: ToolCall }
  /**
   * A field of the message's raw input that no reading shows: `path` from the raw value, e.g. `additional_kwargs.api_key`.
   * `sharedBy`: how many messages share this raw value (more than one), when it is reported once for all of them.
   */
  | { in: 'raw'; path: string; sharedBy?: number };

export interface MessageSecret {
  kind: SecretKind;
  masked: string;
  /** The secret itself: for redaction and counting, never for a report. */
  value: string;
  place: SecretPlace;
}

/** The shortest secret any pattern finds (`xoxb-` and ten characters): shorter strings are not scanned. */
const SHORTEST = 15;

/**
 * Where a secret was met while scanning: CONTENT, a call's index in the message's calls, or RAW. A lower number
 * is the better place to name, in the order a reader looks: the text, then the calls in order, then the rest.
 */
type At = number;
const CONTENT: At = -1;
const RAW: At = Number.MAX_SAFE_INTEGER;

interface Found {
  kind: SecretKind;
  masked: string;
  value: string;
  at: At;
}

const NO_CALLS: readonly ToolCall[] = [];

/** Past this many calls a message's calls are looked up in a Map; below, a loop over them costs less. */
const LOOP_CALLS = 8;

/**
 * A message's scan: a walk over every string of its raw value (not object keys; values are at most MAX_DEPTH
 * deep, json/depth) that scans each, placed by where it is: the message's text, a call's arguments (as text,
 * or inside the parsed object), or else a raw field. It notes which of those it met, so that they are not
 * scanned again apart, and keeps each distinct secret once, with the best place it was met in.
 */
class MessageScan {
  /** Allocated at the first secret: most messages hold none. */
  private found: Map<string, Found> | undefined;
  /** Whether the walk met the message's text. */
  private text = false;
  /** Values walked plus characters scanned: a raw value that cost little is cheaper to walk again than to remember (HistorySecrets). */
  work = 0;
  private at: At = RAW;
  private readonly calls: readonly ToolCall[];
  /** What the walk meets of each call (by index): its arguments text, or else its parsed arguments. */
  private readonly keys: readonly unknown[] = NO_CALLS;
  /**
   * The first call of each key, past LOOP_CALLS calls: comparing each string and object with every call made a
   * message of n calls n² (20,000 calls: 3.0 s). Calls with equal arguments share the first one's entry.
   */
  private readonly keyAt: Map<unknown, number> | undefined;
  /** The calls (by the index callAt gives) the walk met. */
  private met: Set<number> | undefined;

  private readonly messageText: string;

  constructor(private readonly m: Message) {
    this.messageText = m.text;
    // Most messages make no calls: nothing to look up for them.
    this.calls = m.toolCalls.length + m.invalidToolCalls.length === 0 ? NO_CALLS : [...m.toolCalls, ...m.invalidToolCalls];
    if (this.calls.length === 0) return;
    this.keys = this.calls.map((call) => call.argsText ?? (typeof call.args === 'object' && call.args !== null ? call.args : undefined));
    if (this.calls.length <= LOOP_CALLS) return;
    this.keyAt = new Map();
    this.keys.forEach((key, i) => {
      if (key !== undefined && !this.keyAt!.has(key)) this.keyAt!.set(key, i);
    });
  }

  /** Scans the message: its raw value unless `walkRaw` is false, then what that did not meet. */
  run(walkRaw: boolean): this {
    if (walkRaw) this.strings(this.m.raw);
    if (!this.text) this.add(this.m.text, CONTENT);
    this.calls.forEach((call, i) => {
      if (this.metCall(i)) return;
      this.at = i;
      if (call.argsText !== undefined) this.add(call.argsText, i);
      else this.strings(call.args);
    });
    return this;
  }

  /** The secrets found, placed; a raw field's path is worked out here, for the few messages that hold one. */
  secrets(): MessageSecret[] {
    if (this.found === undefined) return [];
    const found = [...this.found.values()];
    const paths = rawPaths(this.m.raw, new Set(found.filter((secret) => secret.at === RAW).map((secret) => secret.value)));
    return found.map(({ at, ...secret }) => ({ ...secret, place: this.placeAt(at, paths.get(secret.value)) }));
  }

  private placeAt(at: At, path: string | undefined): SecretPlace {
    if (at === CONTENT) return { in: this.m.role === 'tool' ? 'tool output' : 'content' };
    const call = this.calls[at];
    if (call !== undefined) return { in: 'arguments', call };
    return { in: 'raw', path: path ?? pathText([]) };
  }

  /** Scans `text`, found at `at`. */
  private add(text: string, at: At): void {
    if (text.length < SHORTEST) return;
    for (const hit of findSecrets(text)) {
      const value = text.slice(hit.start, hit.end);
      this.found ??= new Map();
      const known = this.found.get(value);
      if (known === undefined) this.found.set(value, { kind: hit.kind, masked: hit.masked, value, at });
      else if (at < known.at) known.at = at;
    }
  }

  private strings(value: unknown): void {
    this.work++;
    if (typeof value === 'string') {
      if (value.length < SHORTEST) return;
      this.work += value.length;
      let at = this.at;
      if (value === this.messageText) {
        this.text = true;
        at = CONTENT;
      } else if (this.keys.length > 0) {
        const i = this.callAt(value);
        if (i !== undefined && i < at) at = i;
      }
      this.add(value, at);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const outer = this.at;
    if (this.keys.length > 0) {
      const i = this.callAt(value);
      if (i !== undefined && i < outer) this.at = i;
    }
    if (Array.isArray(value)) {
      for (const item of value) this.strings(item);
    } else if (isRecord(value)) {
      // Records read from input inherit nothing enumerable (json/value's setField keeps `__proto__` an own field),
      // so for-in needs no hasOwn: it cost a fifth of the walk.
      for (const key in value) this.strings(value[key]);
    }
    this.at = outer;
  }

  /** The first call whose key `value` is, noted as met. */
  private callAt(value: unknown): number | undefined {
    let i: number | undefined;
    if (this.keyAt !== undefined) i = this.keyAt.get(value);
    else for (let k = 0; k < this.keys.length && i === undefined; k++) if (this.keys[k] === value) i = k;
    if (i !== undefined) (this.met ??= new Set()).add(i);
    return i;
  }

  /** Whether the walk met call i's arguments (or those of an earlier call with the same). */
  private metCall(i: number): boolean {
    if (this.met === undefined) return false;
    const key = this.keys[i];
    if (key === undefined) return false;
    if (this.met.has(i)) return true;
    const first = this.keyAt !== undefined ? this.keyAt.get(key) : this.keys.indexOf(key);
    return first !== undefined && this.met.has(first);
  }
}

/**
 * Every distinct secret in `m`: in its text (content, or a tool result's output), in its calls' arguments,
 * and in any other string of its raw input (fields no reading shows: headers, metadata, provider extras).
 * The raw value is walked once, and holds the text and the arguments too (the readers take them from it);
 * the text and the arguments are scanned apart only when the walk did not meet them. Each secret is placed
 * as it is found. A secret found twice in one message is reported once. `walkRaw` false skips the raw value:
 * a message before had the same one, and its secrets were reported there (HistorySecrets).
 */
export function secretsInMessage(m: Message, walkRaw = true): MessageSecret[] {
  return new MessageScan(m).run(walkRaw).secrets();
}

/**
 * The path of the first string of `raw` that each of `wanted` was found in, in one walk that scans its strings
 * again (only messages with a secret in a raw field pay it): looking each secret up by a walk of its own made
 * a raw value of n secrets n².
 */
function rawPaths(raw: unknown, wanted: ReadonlySet<string>): Map<string, string> {
  const paths = new Map<string, string>();
  if (wanted.size === 0) return paths;
  const path: (string | number)[] = [];
  /** Whether every path is known: the walk stops there. */
  const visit = (value: unknown): boolean => {
    if (typeof value === 'string') {
      if (value.length < SHORTEST) return false;
      for (const hit of findSecrets(value)) {
        const secret = value.slice(hit.start, hit.end);
        if (wanted.has(secret) && !paths.has(secret)) paths.set(secret, pathText(path));
      }
      return paths.size === wanted.size;
    }
    if (typeof value !== 'object' || value === null) return false;
    const entries: Iterable<[string | number, unknown]> = Array.isArray(value) ? value.entries() : isRecord(value) ? Object.entries(value) : [];
    for (const [key, item] of entries) {
      path.push(key);
      const done = visit(item);
      path.pop();
      if (done) return true;
    }
    return false;
  };
  visit(raw);
  return paths;
}

/** `additional_kwargs.headers["x-api-key"]`, with any secret a key spells masked. */
function pathText(path: readonly (string | number)[]): string {
  const text = path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : /^[A-Z_$][\w$]*$/i.test(part) ? `${i === 0 ? '' : '.'}${part}` : `[${JSON.stringify(part)}]`))
    .join('');
  let masked = text;
  for (const hit of findSecrets(text).reverse()) masked = masked.slice(0, hit.start) + hit.masked + masked.slice(hit.end);
  return clip(masked || '(the raw value itself)', 160);
}

/** Walk.work above which a raw value is remembered as walked: a few kilobytes of strings. */
const REMEMBER_FROM = 2048;

/** A raw value that messages can share and that costs to walk again: an object, or a long string (kept by value). */
const shareable = (raw: unknown): raw is object | string => (typeof raw === 'string' ? raw.length > REMEMBER_FROM : typeof raw === 'object' && raw !== null);

/**
 * The secrets of a history's messages, asked for in order: each distinct raw value is walked once, by the first
 * message that holds it. Messages read from one element share it (a turn split around its tool results, and a
 * msgscope file's `rawOf` shares it with any number of messages): walked again for each, 20,000 of them took
 * minutes. A secret in a shared raw value is reported once, at that first message, with how many share it;
 * one that a later sharing message holds in its own text or arguments is left to that message, which names
 * where.
 */
export class HistorySecrets {
  private readonly walked = new Set<unknown>();
  /** Consecutive messages sharing one raw value are the common case: seen without a lookup. */
  private lastRaw: unknown;
  /** The messages holding each raw value, in order: made the first time a shared raw value holds a secret. */
  private holders: Map<unknown, Message[]> | undefined;
  /** Secrets of later messages, found while placing an earlier one's: handed out when they are asked for. */
  private readonly early = new Map<Message, MessageSecret[]>();

  constructor(private readonly messages: readonly Message[]) {}

  of(m: Message): MessageSecret[] {
    const early = this.early.size === 0 ? undefined : this.early.get(m);
    if (early !== undefined) {
      this.early.delete(m);
      return early;
    }
    const raw = m.raw;
    if (!shareable(raw)) return secretsInMessage(m);
    const seen = raw === this.lastRaw || (this.walked.size > 0 && this.walked.has(raw));
    this.lastRaw = raw;
    if (seen) return secretsInMessage(m, false);
    const scan = new MessageScan(m).run(true);
    const secrets = scan.secrets();
    // Remembering every raw value cost a fifth of the rule on a history of short messages: one that cost
    // little to walk and holds no secret is walked again by a message that shares it (a bounded cost, and
    // the same result).
    if (scan.work > REMEMBER_FROM || secrets.length > 0) this.walked.add(raw);
    if (!secrets.some((secret) => secret.place.in === 'raw')) return secrets;
    const holders = this.holdersOf(raw);
    if (holders.length < 2) return secrets;
    // The secrets the later holders hold themselves (their readings are strings of this raw value too).
    const theirs = new Set<string>();
    for (const other of holders.slice(holders.indexOf(m) + 1)) {
      const own = secretsInMessage(other, false);
      this.early.set(other, own);
      for (const secret of own) theirs.add(secret.value);
    }
    return secrets.flatMap((secret) => {
      if (secret.place.in !== 'raw') return [secret];
      return theirs.has(secret.value) ? [] : [{ ...secret, place: { ...secret.place, sharedBy: holders.length } }];
    });
  }

  private holdersOf(raw: unknown): readonly Message[] {
    if (this.holders === undefined) {
      this.holders = new Map();
      for (const message of this.messages) {
        if (!shareable(message.raw)) continue;
        const list = this.holders.get(message.raw);
        if (list === undefined) this.holders.set(message.raw, [message]);
        else list.push(message);
      }
    }
    return this.holders.get(raw) ?? [];
  }
}
