// Placeholder until the part lands in this change set.
export function CostSummary() {
  return null;
}
