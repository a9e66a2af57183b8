import { useEffect, useState } from 'react';
import { useStore } from '../../store/store';
import { pageOrigin } from '../../store/url';
import { useModalDialog } from '../components/useModalDialog';
import { formatCount } from '../text/format';
import { NOT_OURS, PING, PONG, readHandoff, type Handoff } from './handoffMessage';

type Pending = { origin: string; handoff: Handoff } | { origin: string; error: string };

/** Origins the user trusted while this page is open: what they send next opens without asking again. */
const trusted = new Set<string>();

/** How the prompt names an origin: a local file's or a sandboxed page's origin is the string "null". */
const originName = (origin: string): string => (origin === 'null' ? 'A page with no origin (a local file or a sandboxed frame)' : origin);

/**
 * Opens the history another page hands over (docs/SHARING.md, "Open from another tool"). Only the window that
 * opened this one, or the page it is framed in, is heard: to its 'PING' this page answers 'PONG' (once it can take
 * a history, as Perfetto's UI does), then its `{msgscope: …}` opens, at once from this page's own origin, after
 * the user trusts it from any other.
 */
export function HandoffPrompt() {
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      const { source, origin } = event;
      const data: unknown = event.data;
      const fromOpener = source !== null && (source === window.opener || (window.parent !== window && source === window.parent));
      if (!fromOpener) return;
      if (data === PING) {
        // The opener has no secret to lose to another page in the window: '*' also answers a page of origin "null".
        source.postMessage(PONG, { targetOrigin: origin === 'null' ? '*' : origin });
        return;
      }
      const read = readHandoff(data);
      if (read === NOT_OURS) return;
      if ('error' in read) setPending({ origin, error: read.error });
      else if (origin === pageOrigin() || trusted.has(origin)) void open(origin, read);
      // A newer handoff replaces one still waiting for an answer.
      else setPending({ origin, handoff: read });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (!pending) return null;
  return (
    <TrustDialog
      key={`${pending.origin}:${'error' in pending ? pending.error : pending.handoff.size}`}
      pending={pending}
      onTrust={() => {
        if ('handoff' in pending) {
          trusted.add(pending.origin);
          void open(pending.origin, pending.handoff);
        }
        setPending(null);
      }}
      onClose={() => setPending(null)}
    />
  );
}

/** Loads what was handed over under its title, then selects the message it names. */
async function open(origin: string, { input, title, select }: Handoff): Promise<void> {
  const store = useStore.getState();
  await store.loadInput(input, title ?? `history from ${origin}`);
  const { view, loadState, jumpTo } = useStore.getState();
  if (select !== undefined && view && loadState === 'ready' && select < view.count) jumpTo({ index: select });
}

function TrustDialog({ pending, onTrust, onClose }: { pending: Pending; onTrust: () => void; onClose: () => void }) {
  // Modal: the page behind is inert until the user answers; Escape answers no (onClose).
  const { dialog, close } = useModalDialog();
  const who = originName(pending.origin);
  return (
    <dialog
      ref={dialog}
      className="modal-dialog handoff-dialog"
      data-testid="handoff-dialog"
      data-origin={pending.origin}
      aria-labelledby="handoff-title"
      aria-describedby="handoff-body"
      onClose={onClose}
    >
      {'error' in pending ? (
        <>
          <h2 id="handoff-title">{who} sent a history msgscope cannot read</h2>
          <p id="handoff-body" data-testid="handoff-error">
            It was not opened: {pending.error}
          </p>
          <div className="modal-actions">
            <button type="button" className="button" autoFocus onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="handoff-title">
            <span className="handoff-origin">{who}</span> wants to open a history. Trust it?
          </h2>
          <div id="handoff-body">
            <p>
              It sends {pending.handoff.title !== undefined ? <strong>{pending.handoff.title}</strong> : 'a history'} ({formatCount(pending.handoff.size)}{' '}
              {pending.handoff.input instanceof Blob ? 'bytes' : 'characters'}).
            </p>
            <p>
              Opened, it replaces the history on screen and is kept in this browser like any other. Trusted, that page may open histories here until this page
              closes. msgscope sends it nothing back.
            </p>
          </div>
          <div className="modal-actions">
            {/* First, so it has the focus: Enter does not open a history by accident. */}
            <button type="button" className="button" data-testid="handoff-reject" autoFocus onClick={close}>
              Don’t open
            </button>
            <button type="button" className="button primary" data-testid="handoff-trust" onClick={onTrust}>
              Trust and open
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
