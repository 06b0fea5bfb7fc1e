/**
 * The web console's layers, checked by dependency-cruiser from `npm run lint` (so CI's lint stage
 * fails on a break). A file imports only from its own layer or one below it; no import circles.
 *
 *   app        src/app/, App.tsx, main.tsx        the list of areas, the page map, the router
 *   area       src/features/<area>/               one folder per area; an area does not import another
 *   shared     src/features/shared/               editors and views several areas use
 *   shell      src/shell/                         the frame: layout, menu, tabs, header, session
 *   navigation src/navigation/                    the route index, menu tree, guard, breadcrumb
 *   kit        src/crud/                          lists, records, forms, resources
 *   core       src/api/, src/access/, src/i18n/   the typed client, permissions, texts
 *   ui         src/ui/                            base: texts helper, device class, spinner, error
 *                                                 page, notices, error log, charts
 *
 * `docs/architecture.md` ("The web's layers") says the same. An import that must go up is a known
 * exception below, named with its reason; keep them few (at most 5).
 */
const src = '^packages/web/src/';
const layers = [
  { name: 'ui', path: `${src}ui/` },
  { name: 'core', path: `${src}(api|access|i18n)/` },
  { name: 'kit', path: `${src}crud/` },
  { name: 'navigation', path: `${src}navigation/` },
  { name: 'shell', path: `${src}shell/` },
  { name: 'shared', path: `${src}features/shared/` },
  { name: 'area', path: `${src}features/(?!shared/)[^/]+/` },
  { name: 'app', path: `${src}(app/|App\\.tsx$|main\\.tsx$)` },
];

/** Imports allowed to go up, each with its reason. */
const knownExceptions = [
  // (none today)
];

const excepted = (from) => knownExceptions.filter((e) => from === e.from).map((e) => e.to);

const upward = layers.slice(0, -1).map((layer, i) => ({
  name: `${layer.name}-imports-up`,
  comment: `${layer.name} is below ${layers
    .slice(i + 1)
    .map((l) => l.name)
    .join(', ')}: it may not import from them (packages/web/.dependency-cruiser.cjs lists the layers)`,
  severity: 'error',
  from: { path: layer.path, pathNot: knownExceptions.map((e) => e.from) },
  to: { path: layers.slice(i + 1).map((l) => l.path) },
}));

const exceptionRules = knownExceptions.map((e) => ({
  name: 'known-exception-only',
  comment: `${e.from} may import ${e.to} only: ${e.reason}`,
  severity: 'error',
  from: { path: e.from },
  to: { path: layers.map((l) => l.path), pathNot: [e.to, ...excepted(e.from)] },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: break it by moving what both sides need below them.',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    ...upward,
    ...exceptionRules,
    {
      name: 'area-imports-area',
      comment:
        'An area does not import another area: move what both need to features/shared/ or ui/, or load it through the list of areas.',
      severity: 'error',
      from: { path: `${src}features/([^/]+)/`, pathNot: `${src}features/shared/` },
      to: { path: `${src}features/`, pathNot: [`${src}features/$1/`, `${src}features/shared/`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
