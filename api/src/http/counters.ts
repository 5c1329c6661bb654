import { Redis } from 'ioredis';

/**
 * Counts hits per key in a fixed window. In memory it holds for one process; in Redis every API
 * process that shares the Redis shares the counts (the login lockout uses it; the rate limits
 * use @fastify/rate-limit's own Redis store on the same connection).
 */
export interface HitCounter {
  /** Counts one hit; returns the count in the current window and the milliseconds it has left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back (a hit counted ahead that turned out not to count); never below zero. */
  unhit(key: string): Promise<void>;
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
    async unhit(key) {
      const entry = current(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) windows.delete(key);
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

// Takes a hit back only from a live window (a DECR on an expired key would start one without an end).
const UNHIT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

export function redisCounter(redis: Redis, prefix: string): HitCounter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, prefix + key);
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
