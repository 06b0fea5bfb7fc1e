import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompressDir } from '../../precompress';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes a .br and a .gz that decode to each text file, only where smaller, leaving images and the manifest', async () => {
  const write = (rel: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  };
  const js = Array.from({ length: 300 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  write('assets/app-1a2b.js', js);
  write('assets/app-1a2b.css', `.a{color:red}\n`.repeat(100));
  write('index.html', `<!doctype html>${'<p>Rookery</p>'.repeat(50)}`);
  write('assets/one.js', 'x'); // a copy would be larger than the file
  write('assets/logo.png', zlib.gzipSync(js)); // an image: already compressed
  write('.vite/manifest.json', JSON.stringify({ big: 'y'.repeat(5000) }));

  expect(await precompressDir(dir)).toBe(3);
  for (const rel of ['assets/app-1a2b.js', 'assets/app-1a2b.css', 'index.html']) {
    const original = fs.readFileSync(path.join(dir, rel));
    const br = fs.readFileSync(path.join(dir, `${rel}.br`));
    const gz = fs.readFileSync(path.join(dir, `${rel}.gz`));
    expect(br.length).toBeLessThan(original.length / 3);
    expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
  }
  for (const rel of ['assets/one.js.br', 'assets/one.js.gz', 'assets/logo.png.br', '.vite/manifest.json.br'])
    expect(fs.existsSync(path.join(dir, rel)), rel).toBe(false);
});
