// The buttons the share dialog's steps end with.

/** Copies the link made once more (it was copied as it was made, or the browser refused). */
export function CopyAgainButton({ copied, onCopy }: { copied: boolean | null; onCopy: () => void }) {
  return (
    <button type="button" className="button" data-testid="share-copy" onClick={onCopy}>
      {copied === true ? 'Copy again' : 'Copy link'}
    </button>
  );
}

/** Closes the dialog, which ends the share; it takes the focus, so Enter closes it. */
export function DoneButton({ close, label = 'Done', primary = true }: { close: () => void; label?: string; primary?: boolean }) {
  return (
    <button type="button" className={primary ? 'button primary' : 'button'} autoFocus onClick={close}>
      {label}
    </button>
  );
}
