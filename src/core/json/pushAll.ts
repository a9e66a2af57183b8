/**
 * `target.push(...items)` for arrays as long as the input makes them: a spread passes every element as an
 * argument, and past about 120,000 of them the engine's stack overflows (a 200,000-item Responses request did).
 */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
