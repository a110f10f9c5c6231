#!/usr/bin/env node
// Compiles the AssemblyScript reader of VDA 5050 messages (vda-reader.ts beside this file) to WebAssembly and
// writes it, as base64, into server/src/fleet/vda/vda-reader-wasm.ts with the numbers of its slots and flags
// (the source's `const N_…`, `I_…` and `F_…`, so the JavaScript side reads them from there, never a copy): the
// server, its bundle and the tests then load it like any module, and `npm start` needs no compiler. A test
// compiles it again and compares, so the committed module never drifts from its source.
//   node server/wasm/build.mjs           writes the module
//   node server/wasm/build.mjs --print   prints the module instead (the test uses compileReaderModule())
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import asc from 'assemblyscript/asc';

const here = import.meta.dirname;
const source = path.join(here, 'vda-reader.ts');
export const MODULE_PATH = path.join(here, '../src/fleet/vda/vda-reader-wasm.ts');

/** The TypeScript module holding the compiled reader. */
export async function compileReaderModule() {
  let binary = null;
  const errors = [];
  const { error } = await asc.main(
    [source, '-O3', '--noAssert', '--runtime', 'stub', '--enable', 'simd', '--outFile', 'vda-reader.wasm'],
    {
      writeFile(name, contents) {
        if (name.endsWith('.wasm')) binary = contents;
      },
      stdout: asc.createMemoryStream(),
      stderr: asc.createMemoryStream((chunk) => errors.push(String(chunk))),
    },
  );
  if (error || !binary) throw new Error(`vda-reader.ts did not compile:\n${errors.join('')}${error ?? ''}`);
  const base64 = Buffer.from(binary).toString('base64');
  const lines = base64.match(/.{1,100}/g) ?? [];
  const layout = [
    ...(await readFile(source, 'utf8')).matchAll(/^const ([NIF]_[A-Z_]+)(?:: i32)? = (\d+);$/gm),
  ];
  if (layout.length === 0) throw new Error('vda-reader.ts declares no slot or flag (const N_…, I_…, F_…)');
  return [
    '// Written by server/wasm/build.mjs from server/wasm/vda-reader.ts: do not edit, run the script.',
    '',
    '// Where the reader puts what it read: nums() slots (N_), ints() slots (I_) and flags in ints()[I_FLAGS] (F_).',
    ...layout.map(([, name, value]) => `export const ${name} = ${value};`),
    '',
    '// biome-ignore format: one string, kept in lines of 100 characters',
    'export const VDA_READER_WASM =',
    ...lines.map((l, i) => `  '${l}'${i === lines.length - 1 ? ';' : ' +'}`),
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const module = await compileReaderModule();
  if (process.argv.includes('--print')) process.stdout.write(module);
  else await writeFile(MODULE_PATH, module);
}
