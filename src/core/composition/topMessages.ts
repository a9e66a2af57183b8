// The largest messages of a growing prefix, kept as it grows: each message enters once (log k), so the biggest
// contributors of every turn cost one walk of the history, not one walk a turn.

/** The `k` messages with the most tokens seen so far; ties go to the earlier message. */
export class TopMessages {
  // A min-heap on (tokens, later index first): its root is the one to drop when a larger message comes.
  private readonly index: Int32Array;
  private readonly tokens: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.index = new Int32Array(k);
    this.tokens = new Float64Array(k);
  }

  /** Messages must come in index order: a later message with as many tokens does not displace an earlier one. */
  add(index: number, tokens: number): void {
    if (!(tokens > 0) || this.k === 0) return;
    if (this.size < this.k) {
      this.index[this.size] = index;
      this.tokens[this.size] = tokens;
      this.up(this.size++);
      return;
    }
    if (tokens <= (this.tokens[0] ?? 0)) return;
    this.index[0] = index;
    this.tokens[0] = tokens;
    this.down(0);
  }

  /** The messages kept, most tokens first (ties: earlier first), appended to `into`. */
  appendSorted(into: { index: number[]; tokens: number[] }): void {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => (this.tokens[b] ?? 0) - (this.tokens[a] ?? 0) || (this.index[a] ?? 0) - (this.index[b] ?? 0));
    for (const slot of order) {
      into.index.push(this.index[slot] ?? 0);
      into.tokens.push(this.tokens[slot] ?? 0);
    }
  }

  /** True when slot `a` should sit above slot `b` in the min-heap: fewer tokens, or as many and a later message. */
  private less(a: number, b: number): boolean {
    const ta = this.tokens[a] ?? 0;
    const tb = this.tokens[b] ?? 0;
    return ta < tb || (ta === tb && (this.index[a] ?? 0) > (this.index[b] ?? 0));
  }

  private swap(a: number, b: number): void {
    const i = this.index[a] ?? 0;
    const t = this.tokens[a] ?? 0;
    this.index[a] = this.index[b] ?? 0;
    this.tokens[a] = this.tokens[b] ?? 0;
    this.index[b] = i;
    this.tokens[b] = t;
  }

  private up(slot: number): void {
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!this.less(slot, parent)) return;
      this.swap(slot, parent);
      slot = parent;
    }
  }

  private down(slot: number): void {
    for (;;) {
      const left = 2 * slot + 1;
      const right = left + 1;
      let least = slot;
      if (left < this.size && this.less(left, least)) least = left;
      if (right < this.size && this.less(right, least)) least = right;
      if (least === slot) return;
      this.swap(slot, least);
      slot = least;
    }
  }
}
