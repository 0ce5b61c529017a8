/**
 * The repository's import boundaries, as one local ESLint rule (no plugin dependency). It resolves
 * each import specifier (relative, the web's `@/` alias, or a package name) to a repository path,
 * so a boundary holds whatever the importing file's depth:
 * - a web feature imports another feature only through its index (`@/features/x`, `../x`), never
 *   its internals (`@/features/x/api/...`); a feature's own internals are fine;
 * - a server module never imports another module's `*.routes` file;
 * - a package never imports an app (by path or as `@keystead/server` / `@keystead/web`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = 'apps/web/src/';
const APP_PACKAGES = ['@keystead/server', '@keystead/web'];

const FEATURE = /^apps\/web\/src\/features\/([^/]+)(?:\/(.*))?$/;
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\/(.*)$/;
const ROUTES_FILE = /\.routes(?:\.[cm]?[jt]sx?)?$/;
const INDEX_FILE = /^index(?:\.[cm]?[jt]sx?)?$/;

/** The import's target as a repository-relative path, or null for a package import. */
function resolveTarget(fromFile, specifier) {
  let absolute = null;
  if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@/') && fromFile.startsWith(WEB_SRC)) {
    absolute = path.resolve(root, WEB_SRC, specifier.slice(2));
  }
  if (absolute === null) return null;
  return path.relative(root, absolute).split(path.sep).join('/');
}

function isAppPackage(specifier) {
  return APP_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** The message for an import that crosses a boundary, or null. */
export function boundaryViolation(fromFile, specifier) {
  const target = resolveTarget(fromFile, specifier);

  if (fromFile.startsWith('packages/')) {
    if (isAppPackage(specifier) || (target !== null && target.startsWith('apps/'))) {
      return `packages never import apps ('${specifier}')`;
    }
    return null;
  }
  if (target === null) return null;

  const fromFeature = FEATURE.exec(fromFile);
  const toFeature = FEATURE.exec(target);
  if (fromFeature && toFeature && fromFeature[1] !== toFeature[1]) {
    const inner = toFeature[2];
    if (inner !== undefined && inner !== '' && !INDEX_FILE.test(inner)) {
      return `features/${fromFeature[1]} may import features/${toFeature[1]} only through its index ('@/features/${toFeature[1]}'), not '${specifier}'`;
    }
  }

  const fromModule = MODULE.exec(fromFile);
  const toModule = MODULE.exec(target);
  if (fromModule && toModule && fromModule[1] !== toModule[1] && ROUTES_FILE.test(toModule[2])) {
    return `modules/${fromModule[1]} must not import another module's routes file ('${specifier}')`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Feature, module and package import boundaries' },
    schema: [],
    messages: { boundary: '{{message}}' },
  },
  create(context) {
    const fromFile = path.relative(root, context.filename).split(path.sep).join('/');
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = boundaryViolation(fromFile, source.value);
      if (message) context.report({ node: source, messageId: 'boundary', data: { message } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
