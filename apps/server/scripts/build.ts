// `npm run build:server`: compiles the server with esbuild into apps/server/dist, which `npm start`
// runs with plain node (no TypeScript runner at run time):
//   dist/main.js              the server (src/main.ts)
//   dist/evm-devnet-node.js   the local EVM devnet's child process (packages/devnet), forked by it
// Our workspace packages (@keystead/*) ship TypeScript sources, so they are bundled, and so are the
// few packages of BUNDLED. Every other package stays in node_modules and is imported from there at
// run time: native addons, WASM and data files, optional and lazy requires keep working as they do
// from the sources. The SQL migrations and the built web app are read where they are
// (src/lib/server-dir.ts). `npm run bench -- startup` compares this with the sources under tsx.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
// `--outdir=dist/x` (the compiled-server test builds its own copy): a folder inside apps/server, from
// which node finds the same node_modules and the bundle finds its package folder.
const outdirArg = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
const outdir = path.resolve(serverDir, outdirArg ?? 'dist');
if (path.relative(serverDir, outdir).startsWith('..'))
  throw new Error(`--outdir must be inside ${serverDir}`);

/**
 * Plain ES modules that read no files at run time and that only our code imports (no package left
 * in node_modules shares their objects): bundling them spares node resolving and reading about
 * 1,500 module files at every start (viem alone opens ~1,200), about 0.5 s of a 2-core start.
 */
const BUNDLED = /^(viem|ox|abitype|kysely)(\/|$)/;

/** Packages bundled because the bundle's folder would find another copy (or none) of them. */
const bundledPackages = new Set<string>();

/**
 * Leaves a package import to node at run time when node finds, from dist/, the same file as from
 * the importing source file. A workspace package's dependency may be installed in its own
 * node_modules (e.g. packages/chains wants @scure/base 1.x where apps/server has 2.x): such an
 * import is bundled, from the copy its importer gets, so the bundle runs the versions the sources do.
 */
const packagesFromNodeModules: esbuild.Plugin = {
  name: 'packages-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'inner') return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (args.path.startsWith('@keystead/') || BUNDLED.test(args.path)) return undefined;
      const resolve = (resolveDir: string) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: 'inner' });
      const [fromImporter, fromDist] = await Promise.all([resolve(args.resolveDir), resolve(outdir)]);
      // Not installed (an optional dependency): node reports it at run time, as from the sources.
      if (fromImporter.errors.length > 0) return { path: args.path, external: true };
      if (fromDist.errors.length === 0 && fromDist.path === fromImporter.path) {
        return { path: args.path, external: true };
      }
      bundledPackages.add(args.path);
      return { path: fromImporter.path, sideEffects: fromImporter.sideEffects };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
// It must exist before the build: imports are resolved from it.
fs.mkdirSync(outdir, { recursive: true });
const started = performance.now();
const result = await esbuild.build({
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'evm-devnet-node': path.join(serverDir, '../../packages/devnet/src/evm/node-process.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  // Bundled CommonJS code may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [packagesFromNodeModules],
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
for (const [file, output] of outputs) {
  console.log(`${path.relative(serverDir, file)}  ${(output.bytes / 1024 / 1024).toFixed(1)} MB`);
}
if (bundledPackages.size > 0) {
  console.log(`bundled from their importer's node_modules: ${[...bundledPackages].sort().join(', ')}`);
}
console.log(`server built in ${Math.round(performance.now() - started)} ms`);
