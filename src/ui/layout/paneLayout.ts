// The side panes' sizes and whether they show, on a wide window: the user's choice, kept in this browser
// (localStorage) for every history, and for the page alone when storage is off. Read as `unknown`: another version
// or a hand edit may have written anything under the key. Pure but for the storage, for its test.
import { isRecord, ownField, parseJson } from '../../core/json/value';

export const PANES = ['findings', 'detail'] as const;
export type Pane = (typeof PANES)[number];

export interface PaneState {
  /** Its width in CSS pixels once dragged; until then the stylesheet's (a share of the window). */
  width?: number;
  collapsed: boolean;
}

export type PaneLayout = Record<Pane, PaneState>;

export const PANE_LAYOUT_KEY = 'msgscope.panes';

/** The narrowest each pane is dragged to, and what the centre column keeps between them. */
export const MIN_WIDTH: Record<Pane, number> = { findings: 180, detail: 240 };
export const MAX_WIDTH = 900;
export const CENTRE_MIN_WIDTH = 320;

export const DEFAULT_LAYOUT: PaneLayout = { findings: { collapsed: false }, detail: { collapsed: false } };

/** What `stored` (the key's text, or null) says; what it says nothing valid about keeps its default. */
export function parsePaneLayout(stored: string | null): PaneLayout {
  const value = stored === null ? undefined : parseJson(stored)?.value;
  const layout: PaneLayout = { findings: { ...DEFAULT_LAYOUT.findings }, detail: { ...DEFAULT_LAYOUT.detail } };
  if (!isRecord(value)) return layout;
  for (const pane of PANES) {
    const entry = ownField(value, pane);
    if (!isRecord(entry)) continue;
    const width = ownField(entry, 'width');
    const collapsed = ownField(entry, 'collapsed');
    if (typeof width === 'number' && Number.isFinite(width)) layout[pane].width = clampWidth(pane, width, Infinity);
    if (typeof collapsed === 'boolean') layout[pane].collapsed = collapsed;
  }
  return layout;
}

/** `width` kept between the pane's least width and what leaves the centre column its own in `room` pixels. */
export function clampWidth(pane: Pane, width: number, room: number): number {
  const most = Math.min(MAX_WIDTH, room);
  return Math.round(Math.max(MIN_WIDTH[pane], Math.min(most, width)));
}

let current: PaneLayout | undefined;
const listeners = new Set<() => void>();

export function paneLayout(): PaneLayout {
  if (current) return current;
  try {
    current = parsePaneLayout(localStorage.getItem(PANE_LAYOUT_KEY));
  } catch {
    current = parsePaneLayout(null);
  }
  return current;
}

export function setPane(pane: Pane, change: Partial<PaneState>, { keep = true } = {}): void {
  const layout = paneLayout();
  current = { ...layout, [pane]: { ...layout[pane], ...change } };
  for (const listener of listeners) listener();
  if (!keep) return;
  try {
    localStorage.setItem(PANE_LAYOUT_KEY, JSON.stringify(current));
  } catch {
    // Kept for this page only.
  }
}

export function subscribePaneLayout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
