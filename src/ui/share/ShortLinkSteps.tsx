import { Redaction } from './Redaction';
import { CopyAgainButton, DoneButton } from './StepButtons';
import { EXPIRY_LABELS } from './shareServer';
import type { ShareFlow, ShareStep } from './useShareFlow';

type StepOf<K extends ShareStep['kind']> = Extract<ShareStep, { kind: K }>;

const hostOf = (server: string): string => new URL(server).host;

/** Who can read a short link, said before every upload. */
function WhoCanRead({ server }: { server: string }) {
  return (
    <p className="muted">
      The history is compressed and encrypted in this browser; {hostOf(server)} stores only data it cannot read. The key is in the link alone, so{' '}
      <strong>anyone with the link can read it</strong> until it expires or you delete it.
    </p>
  );
}

export function ShortOptionsStep({ step, flow, close }: { step: StepOf<'short-options'>; flow: ShareFlow; close: () => void }) {
  return (
    <>
      <fieldset className="share-expiry" data-testid="share-expiry">
        <legend>The link expires after</legend>
        {step.server.expires.map((expires) => (
          <label key={expires}>
            <input
              type="radio"
              name="share-expiry"
              value={expires}
              data-testid="share-expiry-option"
              checked={step.expires === expires}
              onChange={() => flow.setExpiry(expires)}
            />
            {EXPIRY_LABELS[expires]}
          </label>
        ))}
      </fieldset>
      <WhoCanRead server={step.server.server} />
      <Redaction flow={flow} />
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button primary" data-testid="share-create" autoFocus onClick={flow.createShortLink}>
          Create short link
        </button>
      </div>
    </>
  );
}

/** Asked once in this browser, before the first upload. */
export function ShortConfirmStep({ step, flow, close }: { step: StepOf<'short-confirm'>; flow: ShareFlow; close: () => void }) {
  return (
    <>
      <p className="share-confirm" data-testid="share-confirm-text">
        <strong>Anyone with the link can read it.</strong> The link is the only key: whoever it reaches (forwarded, pasted in a public channel, kept in a chat
        log) can open this history until it expires ({EXPIRY_LABELS[step.expires].toLowerCase()}) or you delete it.
      </p>
      <p className="muted">
        It is encrypted in this browser first: {hostOf(step.server.server)} stores only data it cannot read. This is asked once in this browser.
      </p>
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button primary" data-testid="share-confirm" autoFocus onClick={flow.confirmShortLink}>
          Upload and make the link
        </button>
      </div>
    </>
  );
}

const expiry = (expiresAt: string | null): string =>
  expiresAt === null ? 'It never expires.' : `It expires on ${new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}.`;

export function ShortDoneStep({ step, flow, close }: { step: StepOf<'short-done'>; flow: ShareFlow; close: () => void }) {
  const { link, own, kept, copied, deleting, deleted, deleteError } = step;
  return (
    <>
      <textarea
        className={`share-link mono${deleted ? ' deleted' : ''}`}
        data-testid="share-link"
        readOnly
        rows={2}
        value={link}
        aria-label="Short link"
        onFocus={(event) => event.target.select()}
      />
      {deleted ? (
        <p data-testid="share-deleted" role="status">
          Deleted: {hostOf(own.server)} no longer has this history, and the link opens nothing.
        </p>
      ) : (
        <p className="share-length">
          {copied === true && (
            <span className="share-copied" data-testid="share-copied">
              Copied to the clipboard.{' '}
            </span>
          )}
          {copied === false && <span className="muted">The browser did not let the page copy it: select the link above and copy it. </span>}
          {expiry(own.expiresAt)}{' '}
          {kept ? 'This browser keeps its delete token, for the links you made.' : 'This browser could not keep its delete token: delete it now or never.'}
        </p>
      )}
      <Redaction flow={flow} />
      {deleteError !== undefined && (
        <p className="share-error" role="alert" data-testid="share-error">
          {deleteError}
        </p>
      )}
      <div className="modal-actions">
        {!deleted && (
          <button type="button" className="button danger" data-testid="share-delete" disabled={deleting} onClick={flow.deleteLink}>
            {deleting ? 'Deleting…' : 'Delete this link'}
          </button>
        )}
        {!deleted && <CopyAgainButton copied={copied} onCopy={flow.copyAgain} />}
        <DoneButton close={close} />
      </div>
    </>
  );
}
