// What a secret looks like, kind by kind. The shapes follow gitleaks' default rules (config/gitleaks.toml,
// https://github.com/gitleaks/gitleaks at b58d3f1, MIT licence: rules openai-api-key, anthropic-api-key,
// anthropic-admin-api-key, gcp-api-key, aws-access-token, github-pat, github-oauth, github-app-token,
// github-refresh-token, github-fine-grained-pat, slack-*-token, slack-webhook-url, huggingface-access-token,
// jwt, private-key), rewritten for JavaScript and for text that is JSON: docs/RULES.md, "possible-secret".
//
// Every pattern is linear in the text it scans, whatever that text is (the tests run each on long
// adversarial strings):
// - a key starts only where no character of its own alphabet stands before it (or right after a JSON or
//   Python escape such as `\n`, which is a line break in the parsed string), so a run of key characters
//   is tried from its first character, not from each one. Nor after `+` or `/` (but a JWT, which has dots
//   that base64 never has): nothing is found inside base64 data (images, audio, thinking signatures), where
//   every position stands after a base64 character;
// - a key's body is a greedy run of one class with nothing after it that could make it give characters
//   back, or has a fixed length, or ends at a character outside its class;
// - the private key body cannot contain `-----`, so it ends where its END line starts.

export type SecretKind =
  | 'openai-api-key'
  | 'anthropic-api-key'
  | 'anthropic-admin-key'
  | 'anthropic-oauth-token'
  | 'openrouter-api-key'
  | 'api-key'
  | 'google-api-key'
  | 'aws-access-key-id'
  | 'github-token'
  | 'github-fine-grained-pat'
  | 'slack-token'
  | 'slack-webhook-url'
  | 'huggingface-token'
  | 'jwt'
  | 'bearer-token'
  | 'private-key';

/** How a finding names each kind: "what looks like <label>". */
export const SECRET_LABELS: Readonly<Record<SecretKind, string>> = {
  'openai-api-key': 'an OpenAI API key',
  'anthropic-api-key': 'an Anthropic API key',
  'anthropic-admin-key': 'an Anthropic Admin API key',
  'anthropic-oauth-token': 'an Anthropic OAuth token',
  'openrouter-api-key': 'an OpenRouter API key',
  'api-key': 'an API key of an OpenAI-compatible provider',
  'google-api-key': 'a Google API key',
  'aws-access-key-id': 'an AWS access key id',
  'github-token': 'a GitHub token',
  'github-fine-grained-pat': 'a GitHub fine-grained personal access token',
  'slack-token': 'a Slack token',
  'slack-webhook-url': 'a Slack webhook URL',
  'huggingface-token': 'a Hugging Face token',
  jwt: 'a JSON Web Token',
  'bearer-token': 'a bearer token',
  'private-key': 'a private key',
};

/** A pattern, and what a match must also satisfy to count (an entropy floor, a header that decodes). */
export interface SecretPattern {
  kind: SecretKind;
  re: RegExp;
  /** The characters a match can start with (where TRIGGER finds it). */
  lead: string;
  accept?: (match: string) => boolean;
}

/** Shannon entropy in bits per character: random keys have 4 or more, placeholders (`xxxx`, `your-key-here`) far less. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Random enough to be a key: letters and digits both, and at least `bits` of entropy a character. */
const randomLooking =
  (bits: number, skip = 0) =>
  (match: string): boolean => {
    const body = match.slice(skip);
    return /\d/.test(body) && /[A-Z]/i.test(body) && entropy(body) >= bits;
  };

const highEntropy =
  (bits: number, skip = 0) =>
  (match: string): boolean =>
    entropy(match.slice(skip)) >= bits;

/** A base64url segment's bytes as a string of char codes (the JWT header is ASCII JSON). */
function base64urlAscii(segment: string): string | undefined {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const c of segment) {
    const digit = alphabet.indexOf(c);
    if (digit === -1) return undefined;
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}

/** A JWT's header decodes to a JSON object that names its algorithm (RFC 7515 §4.1.1: `alg` is required). */
function jwtHeader(match: string): boolean {
  const header = match.slice(0, match.indexOf('.'));
  if (header.length > 2000) return false;
  const json = base64urlAscii(header);
  if (json === undefined) return false;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && 'alg' in value && typeof value.alg === 'string';
  } catch {
    return false;
  }
}

/** AWS's own documentation key ids end in EXAMPLE (gitleaks allows them too). */
const notAwsExample = (match: string): boolean => !match.endsWith('EXAMPLE') && entropy(match) >= 3;

/** A PEM block with its END line, or at least a base64 line's worth of key after its BEGIN line (a key cut off). */
const pemBody = (match: string): boolean => /-----END[ A-Z0-9]{0,40}PRIVATE KEY/.test(match) || /[A-Z0-9+/]{40}/i.test(match);

// In the order they are tried at one position: the more specific of two that can start alike first.
export const PATTERNS: readonly SecretPattern[] = [
  {
    lead: '-',
    kind: 'private-key',
    re: /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\w\s+/=\\:,.()]|-(?!----))*(?:-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----)?/,
    accept: pemBody,
  },
  { lead: 's', kind: 'anthropic-admin-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-ant-admin\d\d-[\w-]{32,}/, accept: highEntropy(3.5, 16) },
  { lead: 's', kind: 'anthropic-oauth-token', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-ant-o[ar]t\d\d-[\w-]{32,}/, accept: highEntropy(3.5, 14) },
  { lead: 's', kind: 'anthropic-api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-ant-api\d\d-[\w-]{32,}/, accept: highEntropy(3.5, 14) },
  { lead: 's', kind: 'openrouter-api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-or-v1-[a-f0-9]{64}(?![\w-])/, accept: highEntropy(3, 9) },
  { lead: 's', kind: 'openai-api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-(?:proj|svcacct|admin)-[\w-]{40,}/, accept: highEntropy(3.5, 8) },
  { lead: 's', kind: 'openai-api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}(?![\w-])/ },
  { lead: 's', kind: 'api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))sk-[A-Za-z0-9]{32,}(?![\w-])/, accept: randomLooking(3, 3) },
  { lead: 'A', kind: 'google-api-key', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))AIza[\w-]{35}(?![\w-])/, accept: highEntropy(3.5, 4) },
  { lead: 'A', kind: 'aws-access-key-id', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))(?:AKIA|ASIA)[A-Z2-7]{16}(?![\w-])/, accept: notAwsExample },
  { lead: 'g', kind: 'github-token', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))gh[oprsu]_[A-Za-z0-9]{36,}(?![\w-])/, accept: highEntropy(3, 4) },
  { lead: 'g', kind: 'github-fine-grained-pat', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))github_pat_\w{60,}(?!-)/, accept: highEntropy(3, 11) },
  { lead: 'x', kind: 'slack-token', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))xox[abeoprs]-[A-Za-z0-9-]{10,}(?!\w)/, accept: randomLooking(3, 5) },
  {
    lead: 'h',
    kind: 'slack-webhook-url',
    re: /(?:https?:\\?\/\\?\/)?hooks\.slack\.com\\?\/(?:services|workflows|triggers)\\?\/(?:[\w+/-]|\\\/){20,}/,
    accept: (match) => entropy(match.slice(match.search(/services|workflows|triggers/))) >= 3,
  },
  { lead: 'h', kind: 'huggingface-token', re: /(?:(?<![\w+/-])|(?<=\\[nrt]))hf_[A-Za-z0-9]{30,}(?![\w-])/, accept: highEntropy(3.5, 3) },
  { lead: 'e', kind: 'jwt', re: /(?:(?<![\w-])|(?<=\\[nrt]))eyJ[\w-]{10,}\.ey[\w-]{10,}\.[\w-]*/, accept: jwtHeader },
  // The token only: `Authorization: Bearer ` stays, and so does a placeholder (`Bearer $TOKEN`, `Bearer YOUR_KEY`).
  {
    lead: 'Bb',
    kind: 'bearer-token',
    re: /(?:(?<![\w-])|(?<=\\[nrt]))(?:[Bb]earer|BEARER)[ \t]{1,4}(?:[\w.~+/-]|\\\/){16,}=*/,
    accept: (match) => randomLooking(3)(bearerToken(match)),
  },
];

/** The token of a `Bearer <token>` match. */
export function bearerToken(match: string): string {
  return match.replace(/^\w+[ \t]+/, '');
}

/**
 * Where a pattern can start: one regex of the patterns' literal beginnings, which V8 scans at hundreds of
 * megabytes a second (the patterns themselves, with their lookbehinds, as one alternation ran at 4 MB/s).
 * Each pattern is tried, anchored, only where this matches.
 */
export const TRIGGER =
  /https?:\\?\/\\?\/hooks\.slack\.com|hooks\.slack\.com|sk-|AIza|A[KS]IA|gh[oprsu]_|github_pat_|xox[abeoprs]-|hf_|eyJ|[Bb]earer|BEARER|-----BEGIN/g;

/** The patterns anchored where they are tried (sticky), in PATTERNS' order, by the character they start with. */
export const ANCHORED_BY_LEAD: ReadonlyMap<string, readonly { pattern: SecretPattern; re: RegExp }[]> = (() => {
  const byLead = new Map<string, { pattern: SecretPattern; re: RegExp }[]>();
  for (const pattern of PATTERNS) {
    const anchored = { pattern, re: new RegExp(pattern.re.source, 'y') };
    for (const lead of pattern.lead) byLead.set(lead, [...(byLead.get(lead) ?? []), anchored]);
  }
  return byLead;
})();
