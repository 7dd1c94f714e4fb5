import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Import boundaries of ARCHITECTURE.md section 1, as one local rule:
 * - src/contract imports only zod (and itself);
 * - src/web never imports src/server, and src/server never imports src/web;
 * - a feature (src/{server,web}/features/<f>) never imports another feature.
 */
const root = path.resolve(import.meta.dirname, 'src');
const areaOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return { side: rel[0], feature: rel[1] === 'features' ? rel[2] : null };
};
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
  create(context) {
    const from = areaOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const report = (why) => context.report({ node, messageId: 'bad', data: { why } });
      if (!spec.startsWith('.')) {
        if (from.side === 'contract' && spec !== 'zod') report('src/contract may import only zod.');
        return;
      }
      const to = areaOf(path.resolve(path.dirname(context.filename), spec));
      if (!to) return;
      if (from.side === 'contract' && to.side !== 'contract') report('src/contract may import only zod.');
      if (from.side === 'web' && to.side === 'server') report('src/web must not import src/server.');
      if (from.side === 'server' && to.side === 'web') report('src/server must not import src/web.');
      if (from.feature && to.feature && from.side === to.side && from.feature !== to.feature)
        report(`feature "${from.feature}" must not import feature "${to.feature}": move shared code to lib/ or components/.`);
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/web/routeTree.gen.ts', 'dev-dist', 'test-results', 'playwright-report', 'data', '.test-data', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { escale: { rules: { boundaries } } },
    rules: {
      'escale/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
