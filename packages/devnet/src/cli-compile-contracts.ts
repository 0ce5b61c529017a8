// Build-time only: compiles the devnet's own contracts (artifacts/*.sol) with solc-js (the `solc`
// npm package Hardhat already depends on) and writes artifact JSON plus a typed ABI module for
// each. The outputs are committed, so the devnet never compiles at run time.
// `@…` imports (the Zodiac core, OpenZeppelin, Safe's Enum) come from node_modules: the
// devDependency @gnosis.pm/zodiac, needed only here. Zodiac's ModuleProxyFactory is compiled
// from that package's published source as it is.
//   npx tsx packages/devnet/src/cli-compile-contracts.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string; sourceLocation?: { file: string } }[];
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}
interface Solc {
  version(): string;
  compile(
    input: string,
    callbacks?: { import(path: string): { contents: string } | { error: string } },
  ): string;
}

const solc = createRequire(import.meta.url)('solc') as Solc;
const dir = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** `source`: an npm package's published file (node_modules path); otherwise artifacts/<file>.sol. */
const CONTRACTS: { file: string; contract: string; abiName: string; source?: string }[] = [
  { file: 'devnet-usdt', contract: 'DevnetUsdt', abiName: 'devnetUsdtAbi' },
  { file: 'devnet-multicall3', contract: 'DevnetMulticall3', abiName: 'devnetMulticall3Abi' },
  { file: 'recovery-delay', contract: 'RecoveryDelay', abiName: 'recoveryDelayAbi' },
  {
    file: 'module-proxy-factory',
    contract: 'ModuleProxyFactory',
    abiName: 'moduleProxyFactoryAbi',
    source: '@gnosis.pm/zodiac/contracts/factory/ModuleProxyFactory.sol',
  },
];
const settings = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun opcodes only: Hardhat's default hardfork is newer, and nothing here needs more.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

/** A package file as Node finds packages: node_modules/<path> here or in a parent folder. */
function nodeModulesFile(path: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', path);
    if (existsSync(candidate)) return candidate;
    if (dirname(at) === at) return null;
  }
}
function findImport(path: string): { contents: string } | { error: string } {
  const file = path.startsWith('@') ? nodeModulesFile(path) : null;
  return file ? { contents: readFileSync(file, 'utf8') } : { error: `cannot resolve import ${path}` };
}
/** The version of the npm package a source comes from (recorded in the artifact). */
function packageOf(source: string): string {
  const name = source.split('/').slice(0, 2).join('/');
  const manifest = nodeModulesFile(`${name}/package.json`);
  if (!manifest) throw new Error(`${name} is not installed (npm ci)`);
  return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
}
const sourceName = (c: (typeof CONTRACTS)[number]) => c.source ?? `${c.file}.sol`;

const sources = Object.fromEntries(
  CONTRACTS.map((c) => {
    const loaded = c.source
      ? findImport(c.source)
      : { contents: readFileSync(`${dir}${c.file}.sol`, 'utf8') };
    if ('error' in loaded) throw new Error(`${loaded.error} (npm ci)`);
    return [sourceName(c), { content: loaded.contents }];
  }),
);
const output = JSON.parse(
  solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: findImport }),
) as SolcOutput;
// Warnings about our own sources are shown (the packages' own are not ours to fix).
const ownWarnings = (output.errors ?? []).filter(
  (e) => e.severity === 'warning' && !e.sourceLocation?.file.startsWith('@'),
);
if (ownWarnings.length > 0) console.warn(ownWarnings.map((e) => e.formattedMessage).join('\n'));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}

for (const c of CONTRACTS) {
  const { file, contract, abiName } = c;
  const compiled = output.contracts[sourceName(c)]?.[contract];
  if (!compiled) throw new Error(`${contract} missing from solc output`);
  const artifact = {
    contractName: contract,
    sourceName: sourceName(c),
    ...(c.source ? { sourcePackage: packageOf(c.source) } : {}),
    compiler: {
      name: 'solc-js',
      version: solc.version(),
      settings: { optimizer: settings.optimizer, evmVersion: settings.evmVersion },
    },
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
  };
  writeFileSync(`${dir}${file}.json`, JSON.stringify(artifact, null, 2) + '\n');
  const abiModule = `${dir}${file}-abi.ts`;
  const source =
    `// Generated by cli-compile-contracts.ts from ${c.source ? packageOf(c.source) : `${file}.sol`}; do not edit by hand.\n` +
    `export const ${abiName} = ${JSON.stringify(compiled.abi)} as const;\n`;
  // Formatted like the rest of the repo, so `prettier --check` stays clean after a rebuild.
  const options = await prettier.resolveConfig(abiModule);
  writeFileSync(abiModule, await prettier.format(source, { ...options, filepath: abiModule }));
  console.log(`compiled ${contract} with solc ${solc.version()} → ${dir}${file}.json`);
}
