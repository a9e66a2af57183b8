// Placeholder until the part lands in this change set.
export function ContextComposition() {
  return null;
}
