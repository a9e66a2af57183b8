import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Pane } from './paneLayout';
import { ResizeHandle } from './ResizeHandle';
import { closeSheet } from './sheet';
import { useOpenSheet, usePaneLayout } from './useLayout';

export const PANE_LABELS: Record<Pane, string> = { findings: 'Findings', detail: 'Detail' };
export const paneId = (pane: Pane): string => `pane-${pane}`;

/** The element's width, following it. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** A side pane on a wide window: its width dragged at its inner edge, hidden and shown by its toggle. */
function ColumnPane({ pane, children }: { pane: Pane; children: ReactNode }) {
  const { width, collapsed } = usePaneLayout()[pane];
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const shown = useWidth(element);
  return (
    <div
      ref={setElement}
      id={paneId(pane)}
      className={`pane pane-${pane}`}
      data-testid="pane"
      data-pane={pane}
      data-collapsed={collapsed}
      // Until dragged, the stylesheet's width: a share of the window.
      style={width === undefined ? undefined : { flexBasis: width }}
    >
      {children}
      <ResizeHandle pane={pane} width={width ?? shown} />
    </div>
  );
}

/**
 * A side pane on a narrow window: a sheet over the centre column, a modal <dialog> (the page behind is inert, Escape
 * closes it, the focus comes back where it was), closed by its ✕ or a press on the page around it too. While it is
 * open, j, k, n and N still select (keyboard/useShortcuts.ts), and the detail's sheet shows the message they select.
 */
function SheetPane({ pane, children }: { pane: Pane; children: ReactNode }) {
  const open = useOpenSheet() === pane;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // A pane that is read (the detail) takes the focus rather than ✕: its arrow and Page keys scroll it, and Enter
      // pressed next does not close it. The findings keep the dialog's own choice.
      const panel = element.querySelector<HTMLElement>('.sheet-body .panel');
      if (panel && panel.tabIndex >= 0) panel.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  const label = PANE_LABELS[pane];
  return (
    <dialog
      ref={dialog}
      id={paneId(pane)}
      className={`sheet sheet-${pane}`}
      data-testid="sheet"
      data-pane={pane}
      aria-label={label}
      // Escape, or another sheet taking its place.
      onClose={() => closeSheet(pane)}
      // The dialog itself is hit only outside its content: on the dimmed page around it.
      onClick={(event) => event.target === event.currentTarget && closeSheet(pane)}
    >
      <div className="sheet-head">
        <h2 className="sheet-title">{label}</h2>
        <button
          type="button"
          className="button ghost small sheet-close"
          data-testid="sheet-close"
          aria-label={`Close ${label.toLowerCase()}`}
          onClick={() => closeSheet(pane)}
        >
          ✕
        </button>
      </div>
      <div className="sheet-body">{children}</div>
    </dialog>
  );
}

export function SidePane({ pane, stacked, children }: { pane: Pane; stacked: boolean; children: ReactNode }) {
  return stacked ? <SheetPane pane={pane}>{children}</SheetPane> : <ColumnPane pane={pane}>{children}</ColumnPane>;
}
