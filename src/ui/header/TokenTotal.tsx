import type { TokenTotals } from '../../core/model';
import { formatCount } from '../text/format';

export function TokenTotal({ totals }: { totals: TokenTotals }) {
  // Counts of 0 would read as a run that used no tokens, when the history just does not say.
  if (totals.messagesWithUsage === 0) {
    return (
      <span className="stat tokens" data-testid="token-total" data-reported="false" title="No message of this history reports token usage">
        <span className="tokens-total">no usage reported</span>
      </span>
    );
  }
  const extras = [
    totals.cacheRead > 0 && `cache read ${formatCount(totals.cacheRead)}`,
    totals.cacheCreation > 0 && `cache write ${formatCount(totals.cacheCreation)}`,
    totals.reasoning > 0 && `reasoning ${formatCount(totals.reasoning)}`,
  ].filter(Boolean);
  return (
    <span
      className="stat tokens"
      data-testid="token-total"
      data-reported="true"
      data-input={totals.input}
      data-output={totals.output}
      data-total={totals.total}
      data-cache-read={totals.cacheRead}
      data-cache-creation={totals.cacheCreation}
      data-reasoning={totals.reasoning}
      title={`Tokens reported by ${totals.messagesWithUsage} message(s)`}
    >
      <span className="tokens-total">{formatCount(totals.total)} tokens</span>
      <span className="muted">
        in {formatCount(totals.input)} · out {formatCount(totals.output)}
        {extras.length > 0 && ` · ${extras.join(' · ')}`}
      </span>
    </span>
  );
}
