import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Two nodes appending to one journal would corrupt the chain, so a data dir is used by one
 * process at a time. A lock left by a dead process (kill -9) is taken over.
 */
export function acquireDataDirLock(path: string): () => void {
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(`${path} is held by running process ${holder}: another devnet uses this data dir`);
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
