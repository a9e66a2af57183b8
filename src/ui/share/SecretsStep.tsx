import type { SecretScan } from '../../protocol/workerApi';

/** The possible secrets found, masked, before anything is shared: redacting them is the default. */
export function SecretsStep({ scan, onChoose, onCancel }: { scan: SecretScan; onChoose: (redact: boolean) => void; onCancel: () => void }) {
  const { hits, total } = scan;
  const unlisted = total - hits.length;
  return (
    <>
      <p>
        {total === 1 ? 'One value looks like a secret' : `${total.toLocaleString('en-US')} values look like secrets`}: whoever gets the history can use{' '}
        {total === 1 ? 'it' : 'them'}. Only their start and last characters are shown here.
      </p>
      <ul className="share-secrets" data-testid="share-secrets" data-total={total}>
        {hits.map((hit, i) => (
          <li key={i} data-testid="secret-hit" data-kind={hit.kind}>
            <span className="mono share-secret-masked">{hit.masked}</span>
            <span className="muted">
              {hit.label}, {hit.where}
            </span>
          </li>
        ))}
      </ul>
      {unlisted > 0 && <p className="muted">…and {unlisted.toLocaleString('en-US')} more.</p>}
      <p className="muted">
        Redacting replaces each one by <span className="mono">[REDACTED:kind]</span> inside its string, in what is shared only: the history still reads the
        same, and your file and this page are unchanged.
      </p>
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button" data-testid="share-keep-secrets" onClick={() => onChoose(false)}>
          Share as is
        </button>
        <button type="button" className="button primary" data-testid="share-redact" autoFocus onClick={() => onChoose(true)}>
          Redact and share
        </button>
      </div>
    </>
  );
}
