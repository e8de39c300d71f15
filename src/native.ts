// libc calls for the native libraries loaded into the process (onnxruntime, USearch), which
// allocate with glibc's malloc and read their settings with getenv().
import { dlopen, FFIType } from 'bun:ffi';

function withLibc<T>(use: (libc: ReturnType<typeof openLibc>) => T): T {
  const libc = openLibc();
  try {
    return use(libc);
  } finally {
    libc.close();
  }
}

const openLibc = () =>
  dlopen('libc.so.6', {
    setenv: { args: [FFIType.cstring, FFIType.cstring, FFIType.i32], returns: FFIType.i32 },
    malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 },
  });

/**
 * Sets `name` for JavaScript and for native code, unless the environment already sets it.
 * Bun's process.env is not the C environment (oven-sh/bun#42891): a library calling getenv()
 * sees only what the process was started with.
 */
export function defaultNativeEnv(name: string, value: string): void {
  if (process.env[name] !== undefined) return;
  process.env[name] = value;
  const cstring = (text: string) => Buffer.from(`${text}\0`);
  withLibc((libc) => {
    if (libc.symbols.setenv(cstring(name), cstring(value), 0) !== 0) throw new Error(`setenv(${name}) failed`);
  });
}

/** Returns the memory native code has freed to the system (glibc keeps it otherwise). */
export function releaseFreedNativeMemory(): void {
  withLibc((libc) => libc.symbols.malloc_trim(0));
}
