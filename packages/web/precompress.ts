/**
 * The console's files compressed once at build: `<file>.br` and `<file>.gz` beside each text
 * file of the output, at zlib's best quality (brotli 11, gzip 9) — too slow to do per request,
 * free once per build. The server sends them by content negotiation (@fastify/static's
 * `preCompressed`); scripts/measure-login-js.mjs budgets them. A compressed copy is kept only
 * when it is smaller than the file.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: code, styles, markup, data. Images and fonts are compressed formats already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;

/** Every file under `dir` (relative paths), Vite's own `.vite` folder (the manifest) left out. */
async function filesUnder(dir: string, sub = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(dir, sub), { withFileTypes: true })) {
    const rel = path.join(sub, entry.name);
    if (!entry.isDirectory()) out.push(rel);
    else if (entry.name !== '.vite') out.push(...(await filesUnder(dir, rel)));
  }
  return out;
}

/** Writes the `.br` and `.gz` of each compressible file of `dir` at least `minBytes` long; how many got one. */
export async function precompressDir(dir: string, { minBytes = 0 } = {}): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => compressible.test(f));
  let compressed = 0;
  await Promise.all(
    files.map(async (rel) => {
      const file = path.join(dir, rel);
      const data = await fs.readFile(file);
      if (data.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
      if (br.length < data.length || gz.length < data.length) compressed += 1;
    }),
  );
  return compressed;
}

/** The Vite plugin: compresses the build's output once it is written (wherever `--outDir` puts it). */
export function precompress(options: { minBytes?: number } = {}): Plugin {
  let outDir = '';
  return {
    name: 'rookery-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const n = await precompressDir(outDir, options);
      console.log(`precompressed ${n} files (brotli 11, gzip 9) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
