import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['en-US', 'zh-CN', 'zh-HK'];

/** Keys of a bundle with i18next's plural suffixes folded (zh has no _one form). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('every text exists in en-US, zh-CN and zh-HK', () => {
  const namespaces = fs.readdirSync(path.join(here, 'en-US')).filter((name) => name.endsWith('.json'));
  it.each(namespaces)('%s has the same keys in every language', (file) => {
    const [reference, ...others] = LANGUAGES.map((language) =>
      [...new Set(keys(JSON.parse(fs.readFileSync(path.join(here, language, file), 'utf8'))))].sort(),
    );
    for (const other of others) expect(other).toEqual(reference);
  });
});
