import type { MobileTasks } from '@keystead/contract/api/mobile';

/**
 * The last task list read from the server, kept on the phone so it can be shown (as such, with
 * its time) when the phone is offline or the server cannot be reached.
 */
const PREFIX = 'ks.mobile-tasks.';
const key = (email: string, address: string) => `${PREFIX}${email.toLowerCase()}.${address.toLowerCase()}`;

export function readKeptTasks(email: string, address: string): MobileTasks | null {
  try {
    const raw = localStorage.getItem(key(email, address));
    const value = raw ? (JSON.parse(raw) as MobileTasks) : null;
    return value && Array.isArray(value.list) && typeof value.read_at === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function keepTasks(email: string, tasks: MobileTasks): void {
  try {
    localStorage.setItem(key(email, tasks.address), JSON.stringify(tasks));
  } catch {
    // storage full or refused: the list is simply not kept
  }
}

export function forgetTasks(email: string, address: string): void {
  try {
    localStorage.removeItem(key(email, address));
  } catch {
    // nothing kept
  }
}
