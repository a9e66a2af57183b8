import { useState } from 'react';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';
import { Highlighted } from '../search/Highlighted';

/** Characters each "show more" adds: a 5 MB tool output never goes into the DOM in one piece. */
const STEP = 200_000;

interface Props {
  text: string;
  /** Characters shown until the user asks for more. */
  cap?: number;
  className?: string;
  testId?: string;
}

/** Preformatted text that puts at most `cap` characters in the DOM, then more on request; inside a SearchHighlight, its matches marked. */
export function CappedText({ text, cap = 20_000, className = 'pre', testId }: Props) {
  const [limit, setLimit] = useState(cap);
  const preview = previewText(text, limit);
  const next = Math.min(preview.omitted, STEP);
  return (
    <>
      <pre className={className} data-testid={testId}>
        <Highlighted text={preview.text} />
        {preview.omitted > 0 && '…'}
      </pre>
      {preview.omitted > 0 && (
        <button type="button" className="link-button" data-testid="show-more" onClick={() => setLimit(limit + STEP)}>
          {next === preview.omitted
            ? `Show all (${formatChars(preview.omitted)} more)`
            : `Show ${formatChars(next)} more (${formatChars(preview.omitted)} left)`}
        </button>
      )}
    </>
  );
}
