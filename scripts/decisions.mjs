// The decision records (docs/decisions/*.md) and their index (docs/decisions/README.md).
// `node scripts/decisions.mjs` writes the index from the records; `decisions.test.ts` checks that
// the index is current and that every file a record names exists.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const decisionsDir = join(repoRoot, 'docs/decisions');
const recordName = /^(\d{4}-\d{2}-\d{2})-[a-z0-9-]+\.md$/;

/** Every record, oldest first: its file name, date and title (its first heading, date left out). */
export function records() {
  return readdirSync(decisionsDir)
    .filter((file) => recordName.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(decisionsDir, file), 'utf8');
      const heading = text.match(/^# (.+)$/m)?.[1] ?? file;
      return { file, date: file.slice(0, 10), title: heading.replace(/^\d{4}-\d{2}-\d{2} — /, ''), text };
    });
}

const indexHead = `# Decisions

What we decided where the spec and the design (\`docs/design.md\`) are silent: one record per
decision, a file named \`YYYY-MM-DD-slug.md\` in this folder.

**Adding a record.** Write \`docs/decisions/YYYY-MM-DD-slug.md\` starting with
\`# YYYY-MM-DD — Title\`, then run \`node scripts/decisions.mjs\` to rewrite this index
(\`scripts/decisions.test.ts\` fails while the index is not current).

**Paths a record names.** Every backquoted file name in a record must exist
(\`scripts/decisions.test.ts\` checks it). A name with a \`/\` is read from the first of these
folders where it is found:

1. the repository root: \`packages/server/src/app.ts\`, \`docs/ux.md\`;
2. \`packages/\`: \`server/src/app.ts\` (and \`contracts/enums.ts\` is read in the package's \`src/\`);
3. a package, \`packages/<package>/\`: \`src/app.ts\`, \`drizzle/…\`;
4. a package's sources, \`packages/<package>/src/\`: \`modules/players/audience.ts\`,
   \`crud/SchemaField.tsx\`, \`areas/players/audience.ts\`;
5. the server's modules and the web's features, \`packages/server/src/modules/\` and
   \`packages/web/src/features/\`: \`players/audience.ts\`.

A bare file name (\`access.ts\`, \`0007_builtin_role_system_grants.sql\`) must be the name of some
file of the repository. In a name, \`…\`, \`*\` and \`<area>\` stand for any characters. A name
whose first part is an installed library (\`antd/dist/reset.css\`) is the library's. Only names
ending in a file extension are checked: routes (\`/api/v1/…\`), folders and identifiers are not.
A file removed or renamed since is struck through where a record tells its history
(~~\`crud/ConfirmDialog.tsx\`~~) and is not checked.

| date | decision |
| --- | --- |
`;

/** The index as it should read. */
export function indexText() {
  const rows = records().map((r) => `| ${r.date} | [${r.title.replaceAll('|', '\\|')}](${r.file}) |`);
  return `${indexHead}${rows.join('\n')}\n`;
}

const skipped = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-results']);

/** Every file of the repository, relative to its root. */
export function repositoryFiles(dir = repoRoot, out = []) {
  for (const entry of readdirSync(dir)) {
    if (skipped.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) repositoryFiles(path, out);
    else out.push(relative(repoRoot, path).split('\\').join('/'));
  }
  return out;
}

const fileLike = /^[\w.\-/<>…*@[\]]+\.(ts|tsx|mts|mjs|js|cjs|sql|md|json|ya?ml|css|html|sh|txt)$/;

/** The backquoted names of files in a markdown text (code blocks left out). */
export function namedPaths(text) {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/~~`[^`\n]+`~~/g, '');
  const names = new Set();
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    const name = span
      .trim()
      .replace(/:\d+(-\d+)?$/, '')
      .replace(/#.*$/, '');
    if (fileLike.test(name) && !name.startsWith('/')) names.add(name);
  }
  return [...names];
}

const escapeRegExp = (s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const pattern = (name) =>
  escapeRegExp(name)
    .replace(/…/g, '[^/]*')
    .replace(/\\\*|\*/g, '[^/]*')
    .replace(/<[^>]+>/g, '[^/]+');

/** Whether a named file exists, by the rule of the index. */
export function pathResolver(files) {
  return (name) => {
    // A library's file (`antd/dist/reset.css`, `ipaddr.js`) is the library's, not the repository's.
    if (existsSync(join(repoRoot, 'node_modules', name.split('/')[0]))) return true;
    if (!name.includes('/')) {
      const re = new RegExp(`(^|/)${pattern(name)}$`);
      return files.some((f) => re.test(f));
    }
    const path = pattern(name.replace(/^\.\//, ''));
    // From the root, a package (`server/…`), a package's folder (`src/…`), its source (`crud/…`),
    // the server's modules or the web's features (`players/…`); `contracts/x.ts` is the source's.
    const from = new RegExp(
      `^(packages/([^/]+/(src/((modules|features)/)?)?)?)?${path}$|^packages/${path.replace(/^([\w-]+)\//, '$1/src/')}$`,
    );
    return files.some((f) => from.test(f));
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(decisionsDir, 'README.md'), indexText());
  console.log(`docs/decisions/README.md: ${records().length} records`);
}
