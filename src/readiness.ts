// Whether this replica can serve: started up, database answering, KV store answering.
// Checked on every /health/ready call, so it recovers by itself when a dependency returns.
import type { Database } from './store/database.ts';
import type { KeyValueStore } from './store/kv/kv.ts';

export type ReadinessReport = { ready: true } | { ready: false; reason: string };

const PROBE_TIMEOUT_MS = 1500;

export class Readiness {
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly kv: KeyValueStore,
  ) {}

  /** Called once start-up (migrations, pipeline) has finished. */
  markStarted(): void {
    this.started = true;
  }

  async check(): Promise<ReadinessReport> {
    if (!this.started) return { ready: false, reason: 'Service is starting' };
    const [database, kv] = await Promise.all([probe(this.database.ping()), probe(this.kv.ping())]);
    if (!database) return { ready: false, reason: 'Database unavailable' };
    if (!kv) return { ready: false, reason: 'Key-value store unavailable' };
    return { ready: true };
  }
}

async function probe(check: Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  try {
    return await Promise.race([check.then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
