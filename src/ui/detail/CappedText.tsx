import { useState } from 'react';
import { formatChars } from '../text/format';
import { previewText } from '../text/preview';

interface Props {
  text: string;
  /** Characters shown until the user asks for all. */
  cap?: number;
  className?: string;
  testId?: string;
}

/** Preformatted text that puts at most `cap` characters in the DOM until "Show all". */
export function CappedText({ text, cap = 20_000, className = 'pre', testId }: Props) {
  const [all, setAll] = useState(false);
  const preview = all ? { text, omitted: 0 } : previewText(text, cap);
  return (
    <>
      <pre className={className} data-testid={testId}>
        {preview.text}
        {preview.omitted > 0 && '…'}
      </pre>
      {preview.omitted > 0 && (
        <button type="button" className="link-button" onClick={() => setAll(true)}>
          Show all ({formatChars(preview.omitted)} more)
        </button>
      )}
    </>
  );
}
