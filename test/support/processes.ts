// The service as real child processes (for tests that kill one): `bun src/main.ts serve`.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface ServiceProcess {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

let nextPort = 18600 + Math.floor(Math.random() * 300);

export async function spawnService(env: Record<string, string>): Promise<ServiceProcess> {
  const port = nextPort++;
  let output = '';
  const child = spawn(process.execPath, [join(import.meta.dir, '..', '..', 'src', 'main.ts'), 'serve'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited during start-up:\n${output}`);
    if (await fetch(`${baseUrl}/health/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 60_000) throw new Error(`service not ready within 60 s:\n${output}`);
    await Bun.sleep(50);
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
