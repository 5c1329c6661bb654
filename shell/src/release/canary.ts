/**
 * Which visitors see a canary. Each visitor falls in one of 10,000 buckets per remote, from a hash of
 * their id; a canary at p% covers buckets below p x 100. The bucket never depends on the percentage,
 * so raising a canary from 10% to 50% keeps everyone who already had it.
 */
export const BUCKETS = 10_000;

/** FNV-1a over UTF-16 code units, then a final avalanche so similar ids spread evenly. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The remote is part of the key, so being in one remote's canary says nothing about another's. */
export function canaryBucket(visitorId: string, remote: string): number {
  return hash32(`${remote}:${visitorId}`) % BUCKETS;
}

export function inCanary(visitorId: string, remote: string, percent: number): boolean {
  return canaryBucket(visitorId, remote) < Math.round(percent * (BUCKETS / 100));
}
