import { Redis } from 'ioredis';

/**
 * Counts hits per key in a fixed window. In memory it holds for one process; in Redis every API
 * process that shares the Redis shares the counts (the login lockout uses it; the rate limits
 * use @fastify/rate-limit's own Redis store on the same connection).
 */
export interface HitCounter {
  /** Counts one hit; returns the count in the current window and the milliseconds it has left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The count so far, without adding to it. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

/** At most this many keys are kept in memory; the oldest window goes first. */
const MEMORY_KEYS = 100_000;

export function memoryCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      let entry = current(key);
      if (!entry) {
        if (windows.size >= MEMORY_KEYS) windows.delete(windows.keys().next().value as string);
        entry = { count: 0, resetAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now() };
    },
    async peek(key) {
      const entry = current(key);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// One round trip: count, start the window on the first hit, report what is left of it.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export function redisCounter(redis: Redis, prefix: string): HitCounter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** A client that fails fast instead of queueing commands while Redis is away. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2_000, lazyConnect: false });
}
