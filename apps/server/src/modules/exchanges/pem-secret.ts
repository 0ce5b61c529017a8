/**
 * A private-key secret (Coinbase CDP keys are an EC key in PEM) as it was pasted, made a PEM
 * again: a one-line form field drops the line breaks, and a copy out of Coinbase's JSON file
 * carries them as the two characters `\n`. Any other secret is returned unchanged.
 */
export function pemSecret(secret: string): string {
  const text = secret.replace(/\\n/g, '\n').trim();
  const match = /^-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----$/.exec(text);
  if (!match) return secret;
  const [, label, body = ''] = match;
  const base64 = body.replace(/\s+/g, '');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`, ''].join('\n');
}
