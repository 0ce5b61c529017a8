import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
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
    ],
  },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
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
