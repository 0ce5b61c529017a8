import { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window. Redis when REDIS_URL is set (shared by every
 * server process), process memory otherwise (DESIGN.md: one process on the embedded default).
 */
export interface RateCounter {
  /** Adds one and returns the count inside the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `namespace` (the database schema) keeps deployments that share one Redis apart: keys name user
 * and account ids, which are unique only within one database schema.
 */
export function createRateCounter(redisUrl?: string, namespace = ''): RateCounter {
  return redisUrl ? new RedisRateCounter(redisUrl, namespace) : new MemoryRateCounter();
}

class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  }
  async peek(key: string): Promise<number> {
    const current = this.windows.get(key);
    return current && current.resetAt > Date.now() ? current.count : 0;
  }
  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
  async close(): Promise<void> {
    this.windows.clear();
  }
  private sweep(now: number): void {
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
  }
}

class RedisRateCounter implements RateCounter {
  private readonly redis: Redis;
  private readonly prefix: string;
  constructor(url: string, namespace: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.prefix = namespace ? `ks:${namespace}:rate:` : 'ks:rate:';
  }
  async hit(key: string, windowMs: number): Promise<number> {
    const name = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [
      [Error | null, number],
    ];
    return count;
  }
  async peek(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}
