/**
 * A set of 53-bit key hashes with a row number each, in two typed arrays (open addressing, linear probing): a
 * million keys take about 24 MB instead of the ~80 MB of a Map, so the duplicate checks of a large file keep the
 * validation worker's memory small.
 */
export class KeyIndex {
  private keys: Float64Array;
  private rows: Int32Array;
  private count = 0;

  constructor(capacity = 1 << 16) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.keys = new Float64Array(size);
    this.rows = new Int32Array(size);
  }

  get size(): number {
    return this.count;
  }

  /** 0 marks an empty slot, so the key 0 is stored as 1 (one more unlikely collision). */
  private static slotKey(hash: number): number {
    return hash === 0 ? 1 : hash;
  }

  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    // Mixes the low and high parts of the 53 bits into the slot.
    let slot = (Math.imul((key % 4294967296) ^ Math.floor(key / 4294967296), 0x9e3779b1) >>> 0) & mask;
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  /** The row stored with the hash, or undefined. */
  get(hash: number): number | undefined {
    const key = KeyIndex.slotKey(hash);
    const slot = this.slotOf(key);
    return this.keys[slot] === key ? this.rows[slot] : undefined;
  }

  has(hash: number): boolean {
    return this.get(hash) !== undefined;
  }

  /** Stores the hash with its row unless it is there already; answers false when it was. */
  add(hash: number, row = 0): boolean {
    const key = KeyIndex.slotKey(hash);
    let slot = this.slotOf(key);
    if (this.keys[slot] === key) return false;
    if ((this.count + 1) * 2 > this.keys.length) {
      this.grow();
      slot = this.slotOf(key);
    }
    this.keys[slot] = key;
    this.rows[slot] = row;
    this.count += 1;
    return true;
  }

  private grow() {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(rows.length * 2);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as number;
      if (key === 0) continue;
      const slot = this.slotOf(key);
      this.keys[slot] = key;
      this.rows[slot] = rows[i] as number;
    }
  }
}
