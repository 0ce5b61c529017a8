import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`): the nearest folder above this file that holds a
 * package.json. It is the same from the sources (`src/lib/`) and from the compiled bundle
 * (`dist/main.js`), so the files read at run time (SQL migrations, the built web app) are found
 * from either.
 */
export const SERVER_DIR = packageDirAbove(path.dirname(fileURLToPath(import.meta.url)));

function packageDirAbove(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
