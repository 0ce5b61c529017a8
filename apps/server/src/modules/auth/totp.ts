import { authenticator } from 'otplib';

authenticator.options = { step: 30, window: 1, digits: 6 };

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(email: string, secret: string): string {
  return authenticator.keyuri(email, 'Keystead', secret);
}

/**
 * Returns the time step the code belongs to, or null when it matches none in the ±1 window.
 * Callers store the step so a code cannot be replayed within its window.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = authenticator.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / 30) + delta;
}
