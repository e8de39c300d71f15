// Files the service reads at run time (the model, the index, the corpus, the catalog snapshot,
// migrations, Swagger UI, PGlite's runtime). From source they are read where they lie in the
// repository; the compiled binary carries them inside and extracts them once into a cache
// directory, because native code (USearch, onnxruntime, PGlite) needs real files.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPOSITORY = join(import.meta.dir, '..');

interface Embedded {
  /** Repository-relative path -> path inside the binary. */
  files: Record<string, string>;
  root: string;
}

let embedded: Embedded | null = null;

/** Called by the binary's entry point before anything reads an asset. */
export function registerEmbeddedAssets(files: Record<string, string>, buildId: string): void {
  const cache = process.env.MOVIE_DISCOVERY_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'movie-discovery');
  embedded = { files, root: join(writableOr(cache), buildId) };
  extractAll(embedded);
}

export const isCompiledBinary = () => embedded !== null;

/** The real path of a repository-relative file or directory. */
export function assetPath(relative: string): string {
  return join(embedded ? embedded.root : REPOSITORY, relative);
}

/**
 * Loads a native addon from its real path (the cache directory, in the binary). The binary's
 * loaders are rewritten to call this (scripts/build-binary.ts).
 */
export function loadAddon(relative: string): unknown {
  const module = { exports: {} };
  process.dlopen(module, assetPath(relative));
  return module.exports;
}

/**
 * Options that let PGlite start from its embedded runtime files (none are needed from source).
 * initdb's module only when initdb will run (a data directory not made from the template).
 */
export async function pgliteRuntimeOptions({ initdb }: { initdb: boolean }): Promise<Record<string, unknown>> {
  if (!embedded) return {};
  const dist = 'node_modules/@electric-sql/pglite/dist';
  const read = (name: string) => readFileSync(assetPath(`${dist}/${name}`));
  return {
    pgliteWasmModule: await WebAssembly.compile(read('pglite.wasm')),
    ...(initdb ? { initdbWasmModule: await WebAssembly.compile(read('initdb.wasm')) } : {}),
    fsBundle: new Blob([read('pglite.data')]),
  };
}

function writableOr(preferred: string): string {
  try {
    mkdirSync(preferred, { recursive: true });
    closeSync(openSync(join(preferred, '.write-test'), 'w'));
    return preferred;
  } catch {
    return join(tmpdir(), 'movie-discovery-cache');
  }
}

/** Copies every embedded file out once per build; a marker says the copy is complete. */
function extractAll({ files, root }: Embedded): void {
  const marker = join(root, '.complete');
  if (existsSync(marker)) return;
  for (const [relative, inside] of Object.entries(files)) {
    const target = join(root, relative);
    mkdirSync(dirname(target), { recursive: true });
    // Write beside, then rename: a second process starting at the same time never reads half a file.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, readFileSync(inside));
    renameSync(partial, target);
  }
  writeFileSync(marker, new Date().toISOString());
}
