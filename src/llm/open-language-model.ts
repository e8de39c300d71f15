// Chooses the language engine once: the OpenAI-compatible client (falling back to the offline
// engine whenever it fails) when LLM_BASE_URL is set, the offline engine otherwise.
import type { LlmSettings } from '../config.ts';
import type { Logger } from '../log.ts';
import type { MovieSearch } from '../search/movie-search.ts';
import { FallbackLanguageModel } from './fallback-model.ts';
import type { LanguageModel } from './language-model.ts';
import { OfflineLanguageModel } from './offline/offline-model.ts';

export async function openLanguageModel(settings: LlmSettings, search: MovieSearch, log: Logger): Promise<LanguageModel & { warmUp(): Promise<void> }> {
  const offline = new OfflineLanguageModel(search.embedder);
  if (!settings.baseUrl) return offline;
  // Loaded only when configured: the OpenAI client is a large module an offline start never needs.
  const { OpenAiLanguageModel } = await import('./openai-model.ts');
  return new FallbackLanguageModel(new OpenAiLanguageModel(settings), offline, log);
}
