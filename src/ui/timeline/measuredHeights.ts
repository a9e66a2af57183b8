/**
 * Drawn card heights by message index, so that they survive a filter (which builds a new list).
 * Heights measured at another timeline width are void: the cards have reflowed.
 */
export class MeasuredHeights {
  private readonly heights: Float32Array;
  private width = -1;

  constructor(count: number) {
    this.heights = new Float32Array(count);
  }

  get(message: number, width: number): number | undefined {
    if (width !== this.width) {
      this.heights.fill(0);
      this.width = width;
    }
    return this.heights[message] || undefined;
  }

  set(message: number, height: number): void {
    this.heights[message] = height;
  }
}
