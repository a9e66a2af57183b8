import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** A header menu's state: open or not, the element it lives in (a press outside closes it) and its button. */
export interface HeaderMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The behaviour the header's ▾ menus (Export, Share, Recent) share: open, a press outside the menu closes it, Escape
 * closes it and gives the focus back to its button.
 */
export function useHeaderMenu(): HeaderMenu {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent): void => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, rootRef: root, buttonRef: button };
}

interface MenuButtonProps extends Omit<HeaderMenu, 'rootRef'> {
  'data-testid': string;
  title: string;
  className?: string;
  disabled?: boolean;
  /** Called as the menu opens, before it shows. */
  onOpen?: () => void;
  children: ReactNode;
}

/** The ▾ button that opens and closes a header menu. */
export function MenuButton({ open, setOpen, buttonRef, title, className = 'button', disabled, onOpen, children, 'data-testid': testId }: MenuButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      data-testid={testId}
      aria-haspopup="menu"
      aria-expanded={open}
      disabled={disabled}
      title={title}
      onClick={() => {
        if (!open) onOpen?.();
        setOpen(!open);
      }}
    >
      {children}
      <span aria-hidden="true">▾</span>
    </button>
  );
}

type MenuItemProps = {
  label: ReactNode;
  detail: ReactNode;
  onClick: () => void;
  autoFocus?: boolean;
  /** Added to the item's `export-target`, its label's `export-target-label`. */
  className?: string;
  labelClassName?: string;
  detailClassName?: string;
} & { [data: `data-${string}`]: string | undefined };

/** One choice in a header menu: what it does, and under it a line that says more. */
export function MenuItem({ label, detail, onClick, autoFocus, className, labelClassName, detailClassName = 'export-target-detail', ...data }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      className={className === undefined ? 'export-target' : `export-target ${className}`}
      autoFocus={autoFocus}
      onClick={onClick}
      {...data}
    >
      <span className={labelClassName === undefined ? 'export-target-label' : `export-target-label ${labelClassName}`}>{label}</span>
      <span className={detailClassName}>{detail}</span>
    </button>
  );
}
