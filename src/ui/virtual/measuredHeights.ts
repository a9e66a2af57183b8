/**
 * Drawn row heights by item index (the item's place in the whole collection, not in the list drawn), so
 * that they survive a filter, which builds a new list. Heights measured at another list width are void:
 * the rows have reflowed.
 */
export class MeasuredHeights {
  private readonly heights: Float32Array;
  private width = -1;

  constructor(count: number) {
    this.heights = new Float32Array(count);
  }

  get(item: number, width: number): number | undefined {
    if (width !== this.width) {
      this.heights.fill(0);
      this.width = width;
    }
    return this.heights[item] || undefined;
  }

  set(item: number, height: number): void {
    this.heights[item] = height;
  }
}
