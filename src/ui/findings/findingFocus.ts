import { useSyncExternalStore } from 'react';
import type { Finding } from '../../core/model';
import { standalonePayload } from '../load/standaloneFile';

// A card's finding marker links to its finding: the findings list shows it (past its "Show more" steps), scrolls
// it into view and marks it. Only the list reads this; a finding is the view's own object, so a finding of a
// history no longer on screen matches nothing.

export interface FocusedFinding {
  finding: Finding;
  /** Counts the asks, so that asking for the same finding again scrolls to it again. */
  ask: number;
}

let focused: FocusedFinding | null = null;
const listeners = new Set<() => void>();

export function focusFinding(finding: Finding): void {
  focused = { finding, ask: (focused?.ask ?? 0) + 1 };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFocusedFinding = (): FocusedFinding | null => useSyncExternalStore(subscribe, () => focused);

/**
 * The rules page the build writes beside the app (scripts/rulesPage.ts): docs/RULES.md with an anchor per rule id.
 * The single HTML file has no page beside it, so its rule ids link nowhere.
 */
export const RULES_PAGE = 'rules.html';

let rulesPage: boolean | undefined;

export function ruleHref(rule: string): string | undefined {
  rulesPage ??= standalonePayload() === undefined;
  return rulesPage ? `${RULES_PAGE}#${rule}` : undefined;
}
