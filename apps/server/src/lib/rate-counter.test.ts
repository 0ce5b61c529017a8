import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createRateCounter } from './rate-counter';

const redisUrl = process.env.REDIS_URL;

describe('rate counter', () => {
  it('counts per key inside the window in memory', async () => {
    const rates = createRateCounter();
    expect(await rates.hit('a', 60_000)).toBe(1);
    expect(await rates.hit('a', 60_000)).toBe(2);
    expect(await rates.peek('b')).toBe(0);
    await rates.reset('a');
    expect(await rates.peek('a')).toBe(0);
  });

  describe.skipIf(!redisUrl)('on Redis', () => {
    const first = createRateCounter(redisUrl, `ns-${randomUUID()}`);
    const second = createRateCounter(redisUrl, `ns-${randomUUID()}`);
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('keeps two database schemas apart: the same user id counts separately', async () => {
      const key = 'code-send:new-email:user:1';
      expect(await first.hit(key, 60_000)).toBe(1);
      expect(await first.hit(key, 60_000)).toBe(2);
      expect(await second.hit(key, 60_000)).toBe(1);
      await first.reset(key);
      expect(await first.peek(key)).toBe(0);
      expect(await second.peek(key)).toBe(1);
    });
  });
});
