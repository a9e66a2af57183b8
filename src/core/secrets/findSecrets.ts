// Secrets in text: where they are, masked for a report, and the text with each one replaced.
import { ANCHORED_BY_LEAD, bearerToken, TRIGGER, type SecretPattern, type SecretKind } from './patterns';

export interface SecretHit {
  kind: SecretKind;
  /** The secret is `text.slice(start, end)`. */
  start: number;
  end: number;
  /** What a report may show: a recognisable prefix and the last 4 characters (`sk-proj-…abcd`), never the secret. */
  masked: string;
}

/** The fixed start of each kind, shown in the masked value: it names the kind, not the key. */
const PREFIXES: Partial<Record<SecretKind, RegExp>> = {
  'openai-api-key': /^sk-(?:proj-|svcacct-|admin-)?/,
  'anthropic-api-key': /^sk-ant-\w+-/,
  'anthropic-admin-key': /^sk-ant-\w+-/,
  'anthropic-oauth-token': /^sk-ant-\w+-/,
  'openrouter-api-key': /^sk-or-v1-/,
  'api-key': /^sk-/,
  'google-api-key': /^AIza/,
  'aws-access-key-id': /^A[KS]IA/,
  'github-token': /^gh\w_/,
  'github-fine-grained-pat': /^github_pat_/,
  'slack-token': /^xox\w-/,
  'slack-webhook-url': /^\S*?(?:services|workflows|triggers)\\?\//,
  'huggingface-token': /^hf_/,
  jwt: /^eyJ/,
};

/** Below this many characters after its prefix, not even the last 4 are shown. */
const SHOW_TAIL_FROM = 16;

/** `secret` of `kind` as a report may show it. */
export function maskSecret(kind: SecretKind, secret: string): string {
  if (kind === 'private-key') {
    const begin = /^-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----/.exec(secret)?.[0] ?? '-----BEGIN PRIVATE KEY-----';
    return `${begin}…(${secret.length} characters)`;
  }
  // A bearer hit is the token alone; its mask says what it was found after.
  const prefix = kind === 'bearer-token' ? '' : (PREFIXES[kind]?.exec(secret)?.[0] ?? '');
  const rest = secret.slice(prefix.length);
  const masked = `${prefix}…${rest.length >= SHOW_TAIL_FROM ? rest.slice(-4) : ''}`;
  return kind === 'bearer-token' ? `Bearer ${masked}` : masked;
}

/** Characters a match may not end on: half an escape (`\` of `\"`), or a sentence's full stop after a token. */
function trimmedEnd(text: string, start: number, end: number, kind: SecretKind): number {
  let e = end;
  while (e > start && (text[e - 1] === '\\' || (kind !== 'private-key' && text[e - 1] === '.'))) e--;
  return e;
}

/** The pattern that matches at `at`, and where its match ends; undefined when none does. */
function matchAt(text: string, at: number): { pattern: SecretPattern; end: number } | undefined {
  for (const { pattern, re } of ANCHORED_BY_LEAD.get(text.charAt(at)) ?? []) {
    re.lastIndex = at;
    if (re.test(text)) return { pattern, end: re.lastIndex };
  }
  return undefined;
}

/**
 * Every secret in `text`, in order, none overlapping. One pass of TRIGGER finds where a secret can start; the
 * patterns are tried there only, and the scan goes on after what they matched (linear; see patterns.ts). A
 * bearer token that is itself a key of a known kind is reported as that kind.
 */
export function findSecrets(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  // One regex for every call: making one a call costs more than scanning a short string.
  const trigger = TRIGGER;
  trigger.lastIndex = 0;
  for (let t = trigger.exec(text); t !== null; t = trigger.exec(text)) {
    const matched = matchAt(text, t.index);
    if (matched === undefined) {
      trigger.lastIndex = t.index + 1;
      continue;
    }
    trigger.lastIndex = matched.end;
    const { pattern } = matched;
    let kind = pattern.kind;
    let start = t.index;
    const end = trimmedEnd(text, start, matched.end, kind);
    const found = text.slice(start, end);
    if (pattern.accept && !pattern.accept(found)) continue;
    if (kind === 'bearer-token') {
      // The hit is the token; `Bearer ` stays in the text.
      start = end - bearerToken(found).length;
      const token = text.slice(start, end);
      const inner = matchAt(token, 0);
      if (inner && inner.end === token.length && (inner.pattern.accept?.(token) ?? true)) kind = inner.pattern.kind;
    }
    hits.push({ kind, start, end, masked: maskSecret(kind, text.slice(start, end)) });
  }
  return hits;
}

/** What replaces a secret of `kind`: no quote or backslash, so a JSON or Python string stays a valid string. */
export const redaction = (kind: SecretKind): string => `[REDACTED:${kind}]`;

/**
 * `text` with each secret replaced in place by `[REDACTED:<kind>]`, and the hits (their offsets in the
 * original text). Everything else is kept byte for byte, so a history reads as the same messages.
 */
export function redactSecrets(text: string): { text: string; hits: SecretHit[] } {
  const hits = findSecrets(text);
  if (hits.length === 0) return { text, hits };
  const parts: string[] = [];
  let at = 0;
  for (const hit of hits) {
    parts.push(text.slice(at, hit.start), redaction(hit.kind));
    at = hit.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), hits };
}
