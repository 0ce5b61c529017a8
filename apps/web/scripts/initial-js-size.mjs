// Prints the gzip size of the JavaScript a first visit to a route downloads: the entry chunk,
// its static imports, and the route's page chunk with its static imports (from the Vite manifest).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const pages = process.argv.slice(2);
if (pages.length === 0) pages.push('src/features/auth/routes/login-page.tsx');

const files = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const next of entry.imports ?? []) visit(next);
};
visit('index.html');
for (const page of pages) visit(page);

let raw = 0;
let gzip = 0;
for (const file of files) {
  const content = fs.readFileSync(path.join(dist, file));
  raw += content.length;
  gzip += zlib.gzipSync(content, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
process.stdout.write(`${[...files].length} files, ${kb(raw)} KB raw, ${kb(gzip)} KB gzip\n`);
for (const file of files) process.stdout.write(`  ${file}\n`);
