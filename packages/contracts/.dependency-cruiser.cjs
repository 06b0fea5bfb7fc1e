/**
 * The contracts' circles, checked by dependency-cruiser from `npm run lint` (`lint:layers`). No
 * circle of values: a file's code never waits on a file that imports it back.
 *
 * Circles of types are allowed here, and only here: the contracts are one list of areas folded into
 * the permission catalogue and the message keys, so the `Permission` and `MessageKey` types are read
 * from `areas.ts`, and the area declarations are typed with them (`access.ts` → `permissions.ts`
 * → `areas.ts` → an area → `endpoint.ts` → `access.ts`). Erased at build, they order nothing at
 * run time. See docs/decisions/2026-11-28-server-contracts-dependency-rules.md.
 */
const src = '^packages/contracts/src/';

module.exports = {
  forbidden: [
    {
      name: 'contracts-no-value-circular',
      comment: 'An import circle of values: break it by moving what both sides need below them.',
      severity: 'error',
      from: { path: src },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
