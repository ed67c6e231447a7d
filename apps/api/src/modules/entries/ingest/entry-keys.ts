/**
 * The 53-bit hash of an entry's duplicate key (cyrb53): what data_entries.dup_hash holds and what the duplicate
 * checks compare. 53 bits stay exact as a JavaScript number and as a PostgreSQL bigint; two different keys share
 * a hash with a probability of about n² / 2^54 (one in 18,000 for a million keys), which at worst adds a warning.
 */
export const hashDuplicateKey = (key: string): number => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};
