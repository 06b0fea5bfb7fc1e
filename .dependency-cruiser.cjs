/**
 * Every package's layers and circles in one dependency-cruiser pass (`npm run lint:layers`): the
 * web's (`packages/web/.dependency-cruiser.cjs`), the server's (`packages/server/.dependency-cruiser.cjs`)
 * and the contracts' (`packages/contracts/.dependency-cruiser.cjs`). Each package's file holds its
 * own rules, each rule scoped to its package's paths. A rule's name must be unique across the three
 * files: `extends` merges rules by name, so a second rule of the same name silently replaces the first.
 */
module.exports = {
  extends: [
    './packages/web/.dependency-cruiser.cjs',
    './packages/server/.dependency-cruiser.cjs',
    './packages/contracts/.dependency-cruiser.cjs',
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '^packages/server/src/test/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
