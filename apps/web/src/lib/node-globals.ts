import { Buffer } from 'buffer';
import process from 'process';

// The UR libraries (bc-ur, Keystone's registry, the hashing streams under them) and Ledger's
// device libraries are written for Node: they use a global Buffer and read `process` while
// loading; the browser has neither. Each lazily loaded device module imports this first, so only
// its chunk sets them.
const scope = globalThis as { Buffer?: unknown; process?: unknown };
scope.Buffer ??= Buffer;
scope.process ??= process;
