import { Buffer } from 'buffer';
import process from 'process';

// The UR libraries (bc-ur, Keystone's registry and the hashing streams under them) are written for
// Node: they use a global Buffer and read `process` while loading; the browser has neither. This
// module is imported first by the codec, so only its lazily loaded chunk sets them.
const scope = globalThis as { Buffer?: unknown; process?: unknown };
scope.Buffer ??= Buffer;
scope.process ??= process;
