// Whose a key press is: a field being typed in, a dialog or menu that is open, a widget or a pane that uses the
// arrow keys itself. The page's shortcuts (useShortcuts.ts) and its paste (usePasteAnywhere.ts) leave those alone.

/** Inputs that take no text: a key pressed on one of them is not typing. */
const NOT_TEXT = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether `target` takes typed text: a text field, a text area, a select, something contenteditable. */
export function isTyping(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable);
}

const OVERLAYS = 'dialog[open], [aria-haspopup][aria-expanded="true"]';

/**
 * Whether a dialog (a modal `<dialog>`: the share dialog, a sheet, the shortcuts) or a header menu is open: each
 * answers Escape itself, and the page behind it is not the user's for now.
 */
export function overlayOpen(): boolean {
  return document.querySelector(OVERLAYS) !== null;
}

/** A side pane's sheet (a narrow window), and the toggle beside the views that says it is open. */
const SHEET_PARTS = '[data-testid=sheet], [data-testid=pane-toggle]';

/**
 * Whether what is open is a side pane's sheet alone (src/ui/layout), with no dialog or menu of its own over it or in
 * it: the keys that select a message then still work, and the detail's sheet shows what they select.
 */
export function onlySheetOpen(): boolean {
  const open = [...document.querySelectorAll(OVERLAYS)];
  return open.some((element) => element.matches('dialog[open]')) && open.every((element) => element.matches(SHEET_PARTS));
}

/** Widgets whose arrow keys move inside them (WAI-ARIA's composite roles), and a range input's. */
const ARROW_ROLES = new Set([
  'slider',
  'listbox',
  'option',
  'menu',
  'menubar',
  'menuitem',
  'radiogroup',
  'radio',
  'tree',
  'treeitem',
  'spinbutton',
  'combobox',
]);

/** The elements whose arrow keys step through the messages: the timeline and the table, which scroll with them. */
const MESSAGE_LISTS = '[data-testid=timeline], [data-testid=table-scroller]';
/** The pane that is read with the arrow keys, long or not: the detail of the selected message. */
const READ_PANES = '[data-testid=detail]';

function scrolls(element: Element): boolean {
  if (element.scrollHeight <= element.clientHeight) return false;
  const { overflowY } = getComputedStyle(element);
  return overflowY === 'auto' || overflowY === 'scroll';
}

/**
 * Whether ↑ and ↓ pressed on `target` are its own: a widget that moves with them, the detail pane, or another pane
 * than the message lists that they scroll (a long findings list). With nothing focused, or in the timeline or the
 * table, they step through the messages.
 */
export function arrowsBelongTo(target: EventTarget | null): boolean {
  if (!(target instanceof Element) || target === document.body || target === document.documentElement) return false;
  if (target instanceof HTMLInputElement && target.type === 'range') return true;
  for (let element: Element | null = target; element && element !== document.body; element = element.parentElement) {
    if (element.matches(MESSAGE_LISTS)) return false;
    if (element.matches(READ_PANES)) return true;
    const role = element.getAttribute('role');
    if (role !== null && ARROW_ROLES.has(role)) return true;
    if (scrolls(element)) return true;
  }
  return false;
}
