import { Fragment } from 'react';
import { useModalDialog } from '../components/useModalDialog';
import { SHORTCUT_GROUPS } from './shortcuts';

/** The overlay `?` opens: every shortcut, in a modal dialog that Escape or *Close* closes. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { dialog, close } = useModalDialog();
  return (
    <dialog ref={dialog} className="modal-dialog shortcuts-help" data-testid="shortcuts-help" aria-labelledby="shortcuts-title" onClose={onClose}>
      <div className="shortcuts-head">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" className="button ghost small" data-testid="shortcuts-close" autoFocus onClick={close}>
          Close
        </button>
      </div>
      <p className="muted">They work without clicking first; not while typing in a field (Escape does).</p>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} className="shortcuts-group">
          <h3>{group.title}</h3>
          <dl className="shortcuts-list">
            {group.shortcuts.map((shortcut) => (
              <Fragment key={shortcut.what}>
                <dt data-testid="shortcut-keys">
                  {shortcut.keys.map((key, i) => (
                    <Fragment key={key}>
                      {i > 0 && <span className="muted"> or </span>}
                      <kbd>{key}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd>{shortcut.what}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </dialog>
  );
}
