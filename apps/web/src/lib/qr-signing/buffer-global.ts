import { Buffer } from 'buffer';

// The UR libraries (bc-ur, Keystone's registry) are written for Node and use a global Buffer at
// run time; the browser has none. Imported first by the codec, so only its lazy chunk carries it.
const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
