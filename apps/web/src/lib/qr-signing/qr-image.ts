import jsQR from 'jsqr';

/** Pixels as a canvas gives them (RGBA, row by row). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in an image or camera frame, or null when none is readable. */
export function readQrText(pixels: Pixels): string | null {
  const code = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
  return code && code.data ? code.data : null;
}

/** Reads an uploaded picture (a photo or screenshot of the device's QR code) in the browser. */
export async function readQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    return readQrText(context.getImageData(0, 0, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}
