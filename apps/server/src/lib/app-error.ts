import type { ErrorCode, ErrorParams } from '@keystead/contract';

/** A failure the client should see: a catalogue code plus the values for its message template. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly params: ErrorParams = {},
    /** Extra machine-readable data for the reply (never secrets). */
    public readonly data: unknown = null,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
