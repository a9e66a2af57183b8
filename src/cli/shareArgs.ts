// `msgscope share`'s options, read from what args.ts scanned.

export const SHARE_EXPIRIES = ['1d', '30d', 'never'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

/** What to do with possible secrets: refuse to share (the default), redact them first, or share them as they are. */
export type SecretsChoice = 'refuse' | 'redact' | 'keep';

export type ShareCommand =
  | { kind: 'share'; file: string; secrets: SecretsChoice; to: 'link'; base?: string }
  | { kind: 'share'; file: string; secrets: SecretsChoice; to: 'server'; server: string; expires?: ShareExpiry };

// `msgscope share`'s options that take a value.
export const SHARE_VALUED = ['--base', '--server', '--expires'];

const isExpiry = (text: string): text is ShareExpiry => (SHARE_EXPIRIES as readonly string[]).includes(text);

export function parseShare(file: string, flags: ReadonlyMap<string, string | true>): ShareCommand | { kind: 'usage-error'; message: string } {
  const usage = (message: string) => ({ kind: 'usage-error' as const, message });
  const bad = [...flags.keys()].find((flag) => ![...SHARE_VALUED, '--redact', '--keep-secrets'].includes(flag));
  if (bad) return usage(`unknown option for share: ${bad}`);
  if (flags.has('--redact') && flags.has('--keep-secrets')) return usage('share takes --redact or --keep-secrets, not both');
  const secrets: SecretsChoice = flags.has('--redact') ? 'redact' : flags.has('--keep-secrets') ? 'keep' : 'refuse';
  const base = flags.get('--base');
  const server = flags.get('--server');
  const expires = flags.get('--expires');
  if (typeof server !== 'string') {
    if (expires !== undefined) return usage('--expires is for short links: give --server URL too');
    return { kind: 'share', file, secrets, to: 'link', ...(typeof base === 'string' && { base }) };
  }
  if (base !== undefined) return usage('--base is for links that carry the history; a short link is on its --server');
  if (typeof expires === 'string' && !isExpiry(expires)) return usage(`--expires must be one of ${SHARE_EXPIRIES.join(', ')}, not ${expires}`);
  return { kind: 'share', file, secrets, to: 'server', server, ...(typeof expires === 'string' && { expires }) };
}
