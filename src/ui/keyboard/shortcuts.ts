/**
 * Every keyboard shortcut, as the help overlay (`?`) lists them and the page answers them (useShortcuts.ts). They work
 * with nothing clicked first; typing in a field, or a dialog open, keeps its keys (but Escape).
 */
export interface Shortcut {
  /** The keys, as printed on the key caps; any one of them does it. */
  keys: readonly string[];
  what: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Messages',
    shortcuts: [
      { keys: ['j', '↓'], what: 'Next message (in the timeline, or the table in its order)' },
      { keys: ['k', '↑'], what: 'Previous message' },
      { keys: ['g'], what: 'First message' },
      { keys: ['G'], what: 'Last message' },
      { keys: ['j', 'k', 'n', 'N'], what: 'With the detail open as a sheet (a narrow window): the sheet shows the message they select' },
    ],
  },
  {
    title: 'Findings and search',
    shortcuts: [
      { keys: ['n'], what: 'Next finding, in the order of the findings list; selects its message' },
      { keys: ['N'], what: 'Previous finding' },
      { keys: ['/'], what: 'Search' },
      { keys: ['Enter', 'Shift+Enter'], what: 'In the search: next, previous match' },
    ],
  },
  {
    title: 'Page',
    shortcuts: [
      { keys: ['1', '2', '3', '4'], what: 'Timeline, Table, Tools, Tokens' },
      { keys: ['Esc'], what: 'Close the open dialog, menu or sheet; else clear the search; else the selection' },
      { keys: ['?'], what: 'These shortcuts' },
      { keys: ['Home', 'End'], what: 'In the focused timeline or table: its first, last message' },
    ],
  },
];
