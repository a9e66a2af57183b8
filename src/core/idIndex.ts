// Numbers for string ids, for the passes that look up every id of a large history (tool call links,
// duplicate message ids). A Map<string, ...> of a million ids costs about a microsecond an operation
// (chained entries spread over the heap, an allocation each); this keeps the hash table in one typed
// array and compares strings only when their hashes match.

/**
 * Chosen once a load, so that no file can be made whose ids all land in one slot: FNV-1a with a known
 * start lets a file of many ids with one hash be built in seconds, and linear probing over such ids
 * is quadratic. Only the table's layout depends on it, never an answer.
 */
const SEED = (Math.random() * 0x100000000) | 0;

/** The hash IdIndex files an id under; exported for callers that hash ids apart from looking them up (firstEqual). */
export function hashOf(id: string): number {
  // FNV-1a over every UTF-16 code unit: ids that share long ends (a prefix, a suffix, padding) must still
  // spread, or each lookup walks all of them.
  let hash = SEED ^ id.length;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  // MurmurHash3's finalizer: the table's slot is the hash's low bits, which in FNV-1a depend only on the
  // characters' low bits.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

/** Each distinct id gets the next number, 0, 1, 2...: the caller keeps per-id data in arrays indexed by it. */
export class IdIndex {
  /** The ids by number. */
  readonly ids: string[] = [];
  /**
   * Open addressing, two cells a slot: the id's hash, then its number + 1 (0 for an empty slot).
   * Side by side, so a probe reads one cache line.
   */
  private table: Int32Array;

  /** `expected`: about how many ids will be added, so the table is rarely rebuilt. */
  constructor(expected = 16) {
    let slots = 16;
    // At most half the slots are used, so probes stay short.
    while (slots < expected * 2) slots *= 2;
    this.table = new Int32Array(slots * 2);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The number of `id`; a new id gets the next one (so `add(id) === size` before the call says it was new). */
  add(id: string): number {
    const hash = hashOf(id);
    const slot = this.find(id, hash);
    const entry = this.table[slot + 1] ?? 0;
    if (entry !== 0) return entry - 1;
    const number = this.ids.length;
    this.ids.push(id);
    this.table[slot] = hash;
    this.table[slot + 1] = number + 1;
    if (2 * this.ids.length > this.table.length / 2) this.grow();
    return number;
  }

  /** The number of `id`, or -1 when it was never added. */
  get(id: string): number {
    const entry = this.table[this.find(id, hashOf(id)) + 1] ?? 0;
    return entry - 1;
  }

  /** The table offset of `id`'s slot, or of the empty slot where it would go. */
  private find(id: string, hash: number): number {
    const mask = this.table.length - 2;
    for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
      const entry = this.table[slot + 1] ?? 0;
      if (entry === 0 || (this.table[slot] === hash && this.ids[entry - 1] === id)) return slot;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    const mask = this.table.length - 2;
    for (let from = 0; from < old.length; from += 2) {
      const entry = old[from + 1] ?? 0;
      if (entry === 0) continue;
      const hash = old[from] ?? 0;
      let slot = (hash << 1) & mask;
      while (this.table[slot + 1] !== 0) slot = (slot + 2) & mask;
      this.table[slot] = hash;
      this.table[slot + 1] = entry;
    }
  }
}

/** A key found equal to an earlier one: both by position. */
export interface Repeat {
  at: number;
  first: number;
}

/**
 * Keys 0..n-1 given by their hashes (`hashes[k]`, for the keys where `present[k]` is 1): each key
 * equal to an earlier one, with the first of them, in key order. The table holds positions and is
 * filled from the hashes alone, and `same` compares keys only when hashes match, so finding no
 * repeat among a million ids touches no id again: hashing them while they are read anyway and
 * probing afterwards costs half of probing one id at a time (each probe waits on its id's string).
 */
export function firstEqual(hashes: Int32Array, present: Uint8Array, same: (a: number, b: number) => boolean): Repeat[] {
  const repeats: Repeat[] = [];
  let slots = 16;
  while (slots < hashes.length * 2) slots *= 2;
  // Two cells a slot, as in IdIndex: the hash, then the position + 1 (0 for an empty slot).
  const table = new Int32Array(slots * 2);
  const mask = table.length - 2;
  for (let k = 0; k < hashes.length; k++) {
    if (present[k] === 0) continue;
    const hash = hashes[k] ?? 0;
    for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
      const entry = table[slot + 1] ?? 0;
      if (entry === 0) {
        table[slot] = hash;
        table[slot + 1] = k + 1;
        break;
      }
      if (table[slot] === hash && same(entry - 1, k)) {
        repeats.push({ at: k, first: entry - 1 });
        break;
      }
    }
  }
  return repeats;
}
