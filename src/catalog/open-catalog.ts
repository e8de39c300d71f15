// Chooses the catalog adapter once, from the configuration.
import type { CatalogSettings } from '../config.ts';
import type { CatalogProvider } from './catalog.ts';
import { ImdbApiCatalog } from './imdbapi-catalog.ts';
import { OfflineCatalog } from './offline-catalog.ts';
import { CircuitBreaker } from './resilient-fetch.ts';

export async function openCatalog(settings: CatalogSettings): Promise<CatalogProvider> {
  if (settings.provider === 'offline') return OfflineCatalog.load(settings.snapshotFile);
  return new ImdbApiCatalog(
    settings.baseUrl,
    { timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, backoffMs: settings.backoffMs },
    new CircuitBreaker(settings.breakerThreshold, settings.breakerCooldownSeconds * 1000),
  );
}
