import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Randomness from the system's CSPRNG drawn 4 KiB at a time, as Node's randomUUID does: one draw
 * per short token cost ~2 µs, most of what a request without cookies (which gets a CSRF token)
 * costs beyond its route. Each byte is handed out once.
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

export function randomToken(bytes = 32): string {
  if (bytes > RANDOM_POOL_BYTES) return randomBytes(bytes).toString('base64url');
  if (randomPoolOffset + bytes > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolOffset = 0;
  }
  const token = randomPool.toString('base64url', randomPoolOffset, randomPoolOffset + bytes);
  randomPoolOffset += bytes;
  return token;
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** AES-256-GCM under a key derived from APP_SECRET, for secrets the server must read back (TOTP). */
export function encryptSecret(appSecret: string, plain: string): string {
  const key = createHash('sha256').update(`keystead:secret-box:${appSecret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function decryptSecret(appSecret: string, boxed: string): string {
  const [version, iv, tag, body] = boxed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown secret box format');
  const key = createHash('sha256').update(`keystead:secret-box:${appSecret}`).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
