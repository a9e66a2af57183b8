import { formatCount } from '../text/format';
import './estimatedTokens.css';

/**
 * A token count that no message reported: a tokenizer's estimate (useTokenEstimates), marked as such wherever it shows,
 * and never added to a reported figure.
 */
export function EstimatedTokens({ tokens, encoding, what }: { tokens: number; encoding: string; what: string }) {
  return (
    <span
      className="estimated-tokens"
      data-estimated="true"
      data-tokens={tokens}
      title={`Estimated, not reported: ${what}, counted with ${encoding}. No usage is reported for this message.`}
      aria-label={`${formatCount(tokens)} tokens, estimated`}
    >
      ≈{formatCount(tokens)}
    </span>
  );
}
