import { useEffect } from 'react';
import type { Finding } from '../../core/model';
import { useStore } from '../../store/store';
import { MAIN_VIEWS } from '../../store/viewSlice';
import { focusFinding } from '../findings/findingFocus';
import { inListOrder, steppedFinding } from './findingOrder';
import { arrowsBelongTo, isTyping, onlySheetOpen, overlayOpen } from './keyTarget';
import { messageOrder, steppedTo } from './messageOrder';

/** The search box of the view on screen: the timeline's, or the table's filter (the same search). */
const SEARCH_FIELDS = '[data-testid=search], [data-testid=table-filter]';

/** Keys that step through the messages, and which way. */
const STEPS: Record<string, 1 | -1> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 };

/**
 * What still works while a side pane is open as a sheet (a narrow window): the letters that select a message, so that
 * j and k read on message after message in the detail's sheet. The arrows and Page keys scroll the sheet, the view's
 * and the search's keys wait until it closes: the page behind it is out of reach.
 */
const SHEET_KEYS = new Set(['j', 'k', 'g', 'G', 'n', 'N']);

/** The finding the keys stepped to last: where the next `n` or `N` goes on from. */
let lastFinding: Finding | null = null;

/** Focuses the view's search box; the Tools and Tokens views have none, so the timeline comes back first. */
function focusSearch(): void {
  const field = document.querySelector<HTMLInputElement>(SEARCH_FIELDS);
  if (field) {
    field.focus();
    field.select();
    return;
  }
  useStore.getState().setMainView('timeline');
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(SEARCH_FIELDS)?.focus());
}

function stepMessage(step: 1 | -1): void {
  const state = useStore.getState();
  const next = steppedTo(messageOrder(state), state.selection?.index, step);
  if (next !== undefined) state.jumpTo({ index: next }, 'auto');
}

function toEnd(last: boolean): void {
  const state = useStore.getState();
  const rows = messageOrder(state);
  const index = rows[last ? rows.length - 1 : 0];
  if (index !== undefined) state.jumpTo({ index }, last ? 'end' : 'start');
}

function stepFinding(direction: 1 | -1): void {
  const state = useStore.getState();
  const findings = state.view?.findings;
  if (!findings) return;
  const finding = steppedFinding(inListOrder(findings), lastFinding, state.selection?.index, direction);
  if (!finding) return;
  lastFinding = finding;
  state.setSideTab('findings');
  // The list shows it (past its steps), scrolls to it and marks it, as a card's marker for it does.
  focusFinding(finding);
  if (finding.messageIndex >= 0) {
    state.jumpTo({
      index: finding.messageIndex,
      related: [finding.messageIndex, ...finding.related],
      ...(finding.toolCallId !== undefined ? { toolCallId: finding.toolCallId } : {}),
    });
  }
}

/** Escape: what is open closes itself; else the search is cleared; else the selection. In a field it leaves the field. */
function escape(event: KeyboardEvent): void {
  if (overlayOpen()) return;
  const state = useStore.getState();
  const target = event.target;
  if (isTyping(target)) {
    if (target instanceof HTMLInputElement && target.matches(SEARCH_FIELDS) && state.search !== '') state.setSearch('');
    else if (target instanceof HTMLElement) target.blur();
    event.preventDefault();
    return;
  }
  if (state.search !== '') state.setSearch('');
  else if (state.selection) state.select(null);
  else return;
  event.preventDefault();
}

/** What `event` asks of the page, done; false when it is not a shortcut (the browser then does what it does). */
function handle(event: KeyboardEvent, openHelp: () => void): boolean {
  const { key } = event;
  const state = useStore.getState();
  if (key === '?') openHelp();
  else if (!state.view) return false;
  else if (key === '/') focusSearch();
  else if (STEPS[key] !== undefined) {
    if (key.startsWith('Arrow') && arrowsBelongTo(event.target)) return false;
    stepMessage(STEPS[key]);
  } else if (key === 'g' || key === 'G') toEnd(key === 'G');
  else if (key === 'n' || key === 'N') stepFinding(key === 'n' ? 1 : -1);
  else if (key >= '1' && key <= '4' && key.length === 1) state.setMainView(MAIN_VIEWS[Number(key) - 1]!);
  else return false;
  return true;
}

/**
 * The page's keyboard shortcuts (shortcuts.ts lists them), answered on the document: they work with nothing clicked
 * first. Keys typed in a field, pressed with Ctrl, Alt or Meta, or already handled (a focused table's Home, the
 * chart's arrows) are not shortcuts, and an open dialog or menu keeps every key (a side pane's sheet all but
 * SHEET_KEYS); Escape alone also works in a field.
 */
export function useShortcuts(openHelp: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        escape(event);
        return;
      }
      if (isTyping(event.target)) return;
      if (overlayOpen() && !(SHEET_KEYS.has(event.key) && onlySheetOpen())) return;
      if (handle(event, openHelp)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openHelp]);
}
