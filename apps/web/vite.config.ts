import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The build writes over the previous one instead of emptying dist first, then removes the assets
 * the new build no longer has: a server (or browser test run) reading dist while another build
 * runs never finds it empty or half-written with the same content.
 */
function replaceInPlace(): Plugin {
  let outDir = '';
  const written = new Set<string>();
  return {
    name: 'keystead-replace-dist-in-place',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) written.add(file.split(path.sep).join('/'));
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!written.has(`assets/${name}`)) fs.rmSync(path.join(assets, name), { force: true });
      }
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), replaceInPlace()],
  resolve: {
    alias: [
      {
        find: /^@keystead\/contract$/,
        replacement: path.resolve(here, '../../packages/contract/src/index.ts'),
      },
      {
        find: /^@keystead\/contract\/(.*)$/,
        replacement: path.resolve(here, '../../packages/contract/src/$1'),
      },
      { find: /^@\//, replacement: `${path.resolve(here, 'src')}/` },
      // The UR registry's dependencies (hashing streams) need Node's stream module at load time;
      // the browser build gets the npm port instead of an empty stand-in.
      { find: /^stream$/, replacement: 'stream-browserify' },
    ],
  },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: false,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1200,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
    },
  },
});
