import type { ShareFlow } from './useShareFlow';

/** What became of the secrets found, under each result. */
export function Redaction({ flow }: { flow: ShareFlow }) {
  const { redacted } = flow;
  if (!redacted || redacted.total === 0) return null;
  const count = `${redacted.total.toLocaleString('en-US')} possible secret${redacted.total === 1 ? '' : 's'}`;
  return (
    <p className={`share-redaction${redacted.redact ? '' : ' kept'}`} data-testid="share-redaction" data-redacted={redacted.redact}>
      {redacted.redact ? `${count} replaced by [REDACTED:…] in what is shared.` : `${count} shared as they are: whoever opens this can use them.`}
    </p>
  );
}
