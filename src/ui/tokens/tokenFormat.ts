/** A token count for an axis: `950`, `35k`, `1.2M`. */
export function compactTokens(n: number): string {
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  if (abs < 1_000_000) return `${trim(n / 1000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

/** One decimal below 10, none above: `1.5`, `35`. */
const trim = (x: number): string => (Math.abs(x) < 10 ? String(Math.round(x * 10) / 10) : String(Math.round(x)));

/** `part` as a percentage of `whole`, for a tooltip: `65%`, `<1%`, `>99%` (a part short of the whole never reads 100%). */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '';
  const p = (part / whole) * 100;
  if (p > 0 && p < 1) return '<1%';
  if (p < 100 && Math.round(p) === 100) return '>99%';
  return `${Math.round(p)}%`;
}
