/**
 * The server's layers and knots, checked by dependency-cruiser from `npm run lint` (`lint:layers`,
 * so CI's lint stage fails on a break). Tests are left out: they may set up data anywhere.
 *
 *   app       src/*.ts but module.ts (app.ts, areas.ts,  the process: imports every area
 *             main.ts, schema.ts, data-steps.ts), scripts/
 *   modules   src/modules/<area>/                       one folder per area (`area.ts` declares it)
 *   platform  src/platform/, src/module.ts              what every area stands on
 *
 * - no import circles (type imports count: a circle of types is a knot too);
 * - the platform imports no module, a module never the app (`app.ts` imports every module);
 * - an area imports another area only if its `area.ts` names that area in its `needs` (read from
 *   the `defineArea({ name, needs })` declarations below), and never that area's `tables.ts`
 *   (another area's data is read through its functions). A folder under `modules/` without an
 *   `area.ts` (`system/`: queries of platform tables) is below the areas and imports none.
 */
const fs = require('node:fs');
const path = require('node:path');

const src = '^packages/server/src/';
const modulesDir = path.join(__dirname, 'src/modules');
/** The app: the top files but module.ts (app.ts, areas.ts, main.ts, schema.ts, data-steps.ts) and scripts/. */
const app = `${src}(scripts/|(?!module\\.ts$)[^/]+\\.ts$)`;

/** Each area folder's declared `needs`, from its `area.ts`. */
function areaNeeds() {
  const out = new Map();
  for (const folder of fs.readdirSync(modulesDir)) {
    const file = path.join(modulesDir, folder, 'area.ts');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const at = text.search(/defineArea\(\{\s*name:/);
    const name = at >= 0 && /^defineArea\(\{\s*name:\s*'([^']+)'/.exec(text.slice(at))?.[1];
    if (name !== folder) throw new Error(`${file}: expected defineArea({ name: '${folder}', … }) (the folder's name)`);
    const needs = /needs:\s*\[([^\]]*)\]/.exec(text.slice(at))?.[1] ?? '';
    out.set(
      folder,
      [...needs.matchAll(/'([^']+)'/g)].map((m) => m[1]),
    );
  }
  return out;
}

const needs = areaNeeds();
const areas = [...needs.keys()];
const others = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !needs.has(e.name))
  .map((e) => e.name);
const folders = (names) => `${src}modules/(${names.join('|')})/`;

const undeclared = areas.flatMap((area) => {
  const barred = areas.filter((a) => a !== area && !needs.get(area).includes(a));
  return barred.length === 0
    ? []
    : [
        {
          name: `${area}-imports-undeclared-area`,
          comment: `${area} imports only the areas its area.ts names in needs (${needs.get(area).join(', ') || 'none'}): add the area to its needs, or move what both use to platform/`,
          severity: 'error',
          from: { path: `${src}modules/${area}/` },
          to: { path: folders(barred) },
        },
      ];
});

module.exports = {
  forbidden: [
    {
      name: 'server-no-circular',
      comment: 'An import circle: break it by moving what both sides need below them.',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'platform-imports-module',
      comment: 'The platform is below the modules: move what it needs from the module down to platform/.',
      severity: 'error',
      from: { path: `${src}(platform/|module\\.ts$)` },
      to: { path: [`${src}modules/`, app] },
    },
    {
      name: 'module-imports-app',
      comment: 'A module never imports the app (app.ts and areas.ts import every module): take it from ModuleDeps.',
      severity: 'error',
      from: { path: `${src}modules/` },
      to: { path: app },
    },
    {
      name: 'area-imports-area-tables',
      comment: "An area reads another area's data through its functions, never its tables.ts.",
      severity: 'error',
      from: { path: `${src}modules/([^/]+)/` },
      to: { path: `${src}modules/[^/]+/tables\\.ts$`, pathNot: `${src}modules/$1/` },
    },
    ...undeclared,
    ...(others.length === 0
      ? []
      : [
          {
            name: 'shared-module-imports-area',
            comment: `${others.join(', ')} (no area.ts) is below the areas: it imports none of them.`,
            severity: 'error',
            from: { path: folders(others) },
            to: { path: folders(areas) },
          },
        ]),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '^packages/server/src/test/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
