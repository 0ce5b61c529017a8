import type { QRCodeToDataURLOptions } from 'qrcode';

/**
 * How a UR part becomes a QR code. URs are written in upper case so the code uses QR's
 * alphanumeric mode (BCR-2020-005: about a third smaller than byte mode); low error correction
 * keeps animated frames small enough for a phone camera at arm's length.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'L', margin: 2, scale: 5 } satisfies QRCodeToDataURLOptions;

export function qrText(part: string): string {
  return part.toUpperCase();
}
