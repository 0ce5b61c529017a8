export { startSolanaDevnet, type SolanaDevnet, type SolanaDevnetOptions } from './devnet.js';
