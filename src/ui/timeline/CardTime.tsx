import { formatClock, formatGap, formatLocalTime } from '../text/time';

interface Props {
  /** The message's time, ms since the epoch; NaN: none. */
  ms: number;
  /** Since the previous message with a time; NaN: none before. */
  gapMs: number;
  long: boolean;
}

/** The card's time and the gap since the message before, on the header line (the card's height guess has no row for it). */
export function CardTime({ ms, gapMs, long }: Props) {
  if (Number.isNaN(ms)) return null;
  const hasGap = !Number.isNaN(gapMs);
  return (
    <span
      className={`card-time${long ? ' long-gap' : ''}`}
      data-testid="card-time"
      data-ms={ms}
      data-gap-ms={hasGap ? gapMs : undefined}
      data-long-gap={long || undefined}
      title={`${formatLocalTime(ms)}${hasGap ? `, ${formatGap(gapMs)} after the message before` : ''}`}
    >
      <time dateTime={new Date(ms).toISOString()}>{formatClock(ms)}</time>
      {hasGap && <span className="card-gap">{formatGap(gapMs)}</span>}
    </span>
  );
}
