/**
 * US dollars as the report and the page print them: cents from a dollar up (`$1.23`), four decimals below
 * (`$0.0421`), and two significant digits below a hundredth of a cent (`$0.000010`), so that a cheap call does not
 * read as free.
 */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd >= 0.0001) return `$${usd.toFixed(4)}`;
  // Fixed, not toPrecision: that turns to exponents below a millionth.
  return `$${usd.toFixed(Math.min(20, 1 - Math.floor(Math.log10(usd))))}`;
}
