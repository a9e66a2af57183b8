// Where a link of a given length breaks: the share dialog shows each limit the link passes, and the CLI
// refuses a link longer than the first browser's. The figures and their sources are in docs/SHARING.md.

export interface LinkLimit {
  id: 'chromium' | 'firefox' | 'slack' | 'discord' | 'outlook';
  /** Characters (of the whole link) past which it breaks there. */
  chars: number;
  /** "Chromium", "Slack"…: who breaks it. */
  label: string;
  /** What happens past the limit, as a sentence ending without a full stop. */
  breaks: string;
}

/** From the longest to the shortest. */
export const LINK_LIMITS: readonly LinkLimit[] = [
  { id: 'chromium', chars: 2_000_000, label: 'Chromium (Chrome, Edge) · 2 MB', breaks: 'Chromium refuses to open URLs over 2 MB' },
  { id: 'firefox', chars: 1_000_000, label: 'Firefox · 1 MB', breaks: 'Firefox refuses to open URLs over 1 MB' },
  { id: 'slack', chars: 40_000, label: 'Slack · 40,000', breaks: 'Slack cuts message text at 40,000 characters' },
  { id: 'discord', chars: 2_000, label: 'Discord · 2,000', breaks: 'Discord refuses messages over 2,000 characters' },
  { id: 'outlook', chars: 1_024, label: 'Outlook · 1,024', breaks: 'Outlook cuts links at 1,024 characters' },
];

/** The longest inline link the CLI writes: every browser msgscope supports would refuse a longer one. */
export const MAX_INLINE_LINK_CHARS = 2_000_000;

/** The limits a link of `length` characters passes, from the longest to the shortest. */
export function limitsExceeded(length: number): LinkLimit[] {
  return LINK_LIMITS.filter((limit) => length > limit.chars);
}
