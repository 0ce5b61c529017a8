export * from './independent.js';
export {
  startXrplFixtureNode,
  FIXTURE_GENESIS,
  FIXTURE_USD_ISSUER,
  FIXTURE_USD_ISSUER_SEED,
  FIXTURE_TRUST_LIMIT,
  type XrplFixtureNode,
  type XrplFixtureNodeOptions,
} from './fixture-node.js';
export {
  testKey,
  signSingle,
  signerEntry,
  multisigned,
  type TestKey,
  type SignerEntryJson,
} from './test-signer.js';
export { ENGINE_RESULTS, resultCode, type EngineResult } from './results.js';
export { SUPPORTED_TRANSACTION_TYPES } from './fixture-engine.js';
