// Local ESLint rule: the borders between the repository's folders (ARCHITECTURE "Layout").
// Paths are taken from the repository root, found from this file, so the rule holds whatever
// folder ESLint runs from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Folders of features: one feature may import from a sibling only through the sibling's index
 * (`features/metrics`, `modules/products/index.js`), the domain pieces it offers the others; an
 * index offers its own folder's pieces only. Generic code lives outside the features.
 */
const FEATURE_ROOTS = ['apps/web/src/features', 'apps/api/src/modules'];

/**
 * Folders that may not import from other folders (nor, by name, from other packages): what
 * features build on never reaches back into a feature, and the shared package serves both apps.
 */
const BORDERS = [
  { from: 'packages/shared', to: ['apps'], packages: ['@portal/api', '@portal/web'] },
  { from: 'apps/web', to: ['apps/api'], packages: ['@portal/api'] },
  { from: 'apps/api/src/db', to: ['apps/api/src/platform', 'apps/api/src/modules'], packages: [] },
  { from: 'apps/api/src/platform', to: ['apps/api/src/modules'], packages: [] },
  { from: 'apps/web/src/lib', to: ['apps/web/src/features'], packages: [] },
  { from: 'apps/web/src/components', to: ['apps/web/src/features'], packages: [] },
];

/** The path of a file from the repository root, with forward slashes; null outside it. */
function fromRoot(file) {
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

const inside = (rel, folder) => rel === folder || rel.startsWith(folder + '/');

/**
 * The feature a path is in: the folder under a feature root. A file directly in the root (the
 * API's list of modules, modules/index.ts) is in none: it composes the features, as the app does.
 */
function featureOf(rel) {
  for (const root of FEATURE_ROOTS) {
    if (!rel.startsWith(root + '/')) continue;
    const [name, ...rest] = rel.slice(root.length + 1).split('/');
    if (rest.length === 0 && /\.(js|ts|tsx)$/.test(name)) return null;
    // The folder itself (`../metrics`) or its index file, with or without an extension.
    const index = rest.length === 0 || (rest.length === 1 && /^index(\.(js|ts|tsx))?$/.test(rest[0]));
    return { root, name, index };
  }
  return null;
}

const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

export const featureBorders = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Feature "{{from}}" must not import from feature "{{to}}"; move shared code out.',
      face: 'The index of feature "{{from}}" offers its own pieces only, not those of feature "{{to}}".',
      border: '{{from}} must not import from {{to}}.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = fromRoot(file);
    if (!own) return {};
    const feature = featureOf(own);
    const borders = BORDERS.filter((b) => inside(own, b.from));
    if (!feature && borders.length === 0) return {};

    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      if (!spec.startsWith('.')) {
        for (const border of borders) {
          if (border.packages.includes(packageOf(spec))) {
            context.report({ node, messageId: 'border', data: { from: border.from, to: packageOf(spec) } });
          }
        }
        return;
      }
      const target = fromRoot(path.resolve(path.dirname(file), spec));
      if (!target) return;
      const targetFeature = featureOf(target);
      if (
        feature &&
        targetFeature &&
        targetFeature.root === feature.root &&
        targetFeature.name !== feature.name
      ) {
        const data = { from: feature.name, to: targetFeature.name };
        if (feature.index) context.report({ node, messageId: 'face', data });
        else if (!targetFeature.index) context.report({ node, messageId: 'cross', data });
      }
      for (const border of borders) {
        const to = border.to.find((folder) => inside(target, folder));
        if (to) context.report({ node, messageId: 'border', data: { from: border.from, to } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
