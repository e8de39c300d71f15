// Settings for native libraries loaded into the process. Bun's process.env is not the C
// environment (oven-sh/bun#42891): a library that calls getenv() sees only what the process
// was started with, so a setting made in code has to reach libc's environment itself.
import { dlopen, FFIType } from 'bun:ffi';

/** Sets `name` for JavaScript and for native code, unless the environment already sets it. */
export function defaultNativeEnv(name: string, value: string): void {
  if (process.env[name] !== undefined) return;
  process.env[name] = value;
  const libc = dlopen('libc.so.6', { setenv: { args: [FFIType.cstring, FFIType.cstring, FFIType.i32], returns: FFIType.i32 } });
  try {
    const cstring = (text: string) => Buffer.from(`${text}\0`);
    if (libc.symbols.setenv(cstring(name), cstring(value), 0) !== 0) throw new Error(`setenv(${name}) failed`);
  } finally {
    libc.close();
  }
}
