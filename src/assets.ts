// Files the service reads at run time (the model, the index, the corpus, the catalog snapshot,
// migrations, Swagger UI, PGlite's runtime). From source they are read where they lie in the
// repository; the compiled binary carries them inside and extracts them once into a cache
// directory, because native code (USearch, onnxruntime, PGlite) needs real files.
import { accessSync, constants, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPOSITORY = join(import.meta.dir, '..');

export interface EmbeddedAssets {
  /** Repository-relative path -> path inside the binary. */
  files: Record<string, string>;
  root: string;
}

let embedded: EmbeddedAssets | null = null;

/** Called by the binary's entry point before anything reads an asset. */
export async function registerEmbeddedAssets(files: Record<string, string>, buildId: string): Promise<void> {
  const cache = process.env.MOVIE_DISCOVERY_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'movie-discovery');
  embedded = { files, root: join(writableOr(cache), buildId) };
  await extractAll(embedded);
}

export const isCompiledBinary = () => embedded !== null;

/** The binary's assets as registered, for a worker thread to use (null from source). */
export const embeddedAssets = (): EmbeddedAssets | null => embedded;

/** A worker thread's module state is its own: it takes the assets the main thread extracted. */
export function useEmbeddedAssets(assets: EmbeddedAssets): void {
  embedded = assets;
}

/**
 * What `new Worker` takes for a repository-relative module: its file from source; in the
 * binary, the path the build compiled it in at as an entry point (relative to the repository,
 * the entry points' common folder).
 */
export function workerScript(relative: string): string {
  return embedded ? `./${relative}` : join(REPOSITORY, relative);
}

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

const PGLITE_DIST = 'node_modules/@electric-sql/pglite/dist';

/**
 * Compiles one of PGlite's WebAssembly modules from its real path (from source or from the
 * binary's cache). PGlite is handed the module rather than left to find it: it cannot find its
 * files inside the binary, and the caller decides when the compile starts. Most of a compile
 * runs off the main thread, so starting it first lets it overlap loading the model.
 */
export function compilePgliteModule(name: 'pglite.wasm' | 'initdb.wasm'): Promise<WebAssembly.Module> {
  // Mapped, not read into memory: the bytes are needed only while compiling.
  return WebAssembly.compile(Bun.mmap(assetPath(`${PGLITE_DIST}/${name}`), { shared: false }));
}

/** PGlite's file-system bundle, read by PGlite once. */
export const pgliteFsBundle = () => Bun.file(assetPath(`${PGLITE_DIST}/pglite.data`));

function writableOr(preferred: string): string {
  try {
    mkdirSync(preferred, { recursive: true });
    accessSync(preferred, constants.W_OK);
    return preferred;
  } catch {
    return join(tmpdir(), 'movie-discovery-cache');
  }
}

/**
 * Copies every embedded file out once per build; a marker says the copy is complete. Bun.write
 * copies from the binary to the file: reading each into memory first (readFileSync) left
 * copies of all of them (130 MB) for the garbage collector on a first start.
 */
async function extractAll({ files, root }: EmbeddedAssets): Promise<void> {
  const marker = join(root, '.complete');
  if (existsSync(marker)) return;
  await Promise.all(
    Object.entries(files).map(async ([relative, inside]) => {
      const target = join(root, relative);
      mkdirSync(dirname(target), { recursive: true });
      // Write beside, then rename: a second process starting at the same time never reads half a file.
      const partial = `${target}.${process.pid}.partial`;
      await Bun.write(partial, Bun.file(inside));
      renameSync(partial, target);
    }),
  );
  writeFileSync(marker, new Date().toISOString());
}
