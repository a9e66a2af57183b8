// Numbers for string ids, for the passes that look up every id of a large history (tool call links,
// duplicate message ids). A Map<string, ...> of a million ids costs about a microsecond an operation
// (chained entries spread over the heap, an allocation each); this keeps the hash table in typed
// arrays and compares strings only when their hashes match.

/** Characters hashed from each end of a long id: ids differ at their ends (counters, random suffixes). */
const HASHED_END = 32;

function hashOf(id: string): number {
  // FNV-1a over UTF-16 code units.
  let hash = 0x811c9dc5 ^ id.length;
  const n = id.length;
  if (n <= 2 * HASHED_END) {
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  } else {
    for (let i = 0; i < HASHED_END; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    for (let i = n - HASHED_END; i < n; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  }
  return hash;
}

/** Each distinct id gets the next number, 0, 1, 2...: the caller keeps per-id data in arrays indexed by it. */
export class IdIndex {
  /** The ids by number. */
  readonly ids: string[] = [];
  private hashes: Int32Array;
  /** Open addressing: number + 1 of the id in each slot, 0 for an empty slot. */
  private slots: Int32Array;

  /** `expected`: about how many ids will be added, so the table is rarely rebuilt. */
  constructor(expected = 16) {
    const capacity = tableSize(expected);
    this.slots = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity >> 1);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The number of `id`; a new id gets the next one (so `add(id) === size` before the call says it was new). */
  add(id: string): number {
    const hash = hashOf(id);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0;
      if (entry === 0) return this.insert(id, hash, slot);
      if (this.hashes[entry - 1] === hash && this.ids[entry - 1] === id) return entry - 1;
    }
  }

  /** The number of `id`, or -1 when it was never added. */
  get(id: string): number {
    const hash = hashOf(id);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0;
      if (entry === 0) return -1;
      if (this.hashes[entry - 1] === hash && this.ids[entry - 1] === id) return entry - 1;
    }
  }

  private insert(id: string, hash: number, slot: number): number {
    const number = this.ids.length;
    this.ids.push(id);
    if (number === this.hashes.length) {
      // At most half the slots are used, so probes stay short.
      this.grow();
      return this.place(number, hash);
    }
    this.hashes[number] = hash;
    this.slots[slot] = number + 1;
    return number;
  }

  private place(number: number, hash: number): number {
    this.hashes[number] = hash;
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = number + 1;
    return number;
  }

  private grow(): void {
    const hashes = this.hashes;
    this.slots = new Int32Array(this.slots.length * 2);
    this.hashes = new Int32Array(hashes.length * 2);
    for (let number = 0; number < hashes.length; number++) this.place(number, hashes[number] ?? 0);
  }
}

/** A power of two with room for `expected` ids at half load. */
function tableSize(expected: number): number {
  let size = 16;
  while (size < expected * 2) size *= 2;
  return size;
}
