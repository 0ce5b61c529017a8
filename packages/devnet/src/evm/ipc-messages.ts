import type { DevnetContracts } from '../types';

/** Messages the EVM node child sends to its parent. */
export type ChildMessage =
  | {
      type: 'ready';
      port: number;
      contracts: DevnetContracts;
      replayed: number;
      diverged: number;
      startupMs: number;
    }
  | { type: 'error'; message: string };

/** Messages the parent sends to the child. */
export type ParentMessage = { type: 'stop' };
