// Local ESLint rule: a feature folder (apps/web/src/features/<name>, apps/api/src/modules/<name>)
// may not import from a sibling feature folder. Shared code belongs in components/, lib/ or platform/.
import path from 'node:path';

const FEATURE_ROOTS = [
  path.join('apps', 'web', 'src', 'features'),
  path.join('apps', 'api', 'src', 'modules'),
];

function featureOf(file) {
  const rel = path.relative(process.cwd(), file);
  for (const root of FEATURE_ROOTS) {
    if (rel.startsWith(root + path.sep)) {
      const name = rel.slice(root.length + 1).split(path.sep)[0];
      return { root, name };
    }
  }
  return null;
}

export const featureBorders = {
  meta: {
    type: 'problem',
    messages: { cross: 'Feature "{{from}}" must not import from feature "{{to}}"; move shared code out.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), spec));
      if (target && target.root === own.root && target.name !== own.name) {
        context.report({ node, messageId: 'cross', data: { from: own.name, to: target.name } });
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
