/** Dependency direction: web -> contract <- server -> engine; web -> engine for previews; engine imports nothing of ours. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      comment: 'The engine imports no other package of ours and no Node I/O module.',
      severity: 'error',
      from: { path: '^packages/engine/src' },
      to: { path: ['^packages/(contract|server|web)/', '^(fs|path|http|https|net|child_process|node:)'] },
    },
    {
      name: 'contract-imports-only-zod',
      severity: 'error',
      from: { path: '^packages/contract/src' },
      to: { path: '^packages/(engine|server|web)/' },
    },
    {
      name: 'nothing-imports-web',
      severity: 'error',
      from: { pathNot: '^packages/web/' },
      to: { path: '^packages/web/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|data)' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
