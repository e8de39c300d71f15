// The search the chat pipeline uses, on the bundled corpus with the real model.
import { describe, expect, test } from 'bun:test';
import { sharedSearch } from '../support/harness.ts';

describe('MovieSearch on the bundled corpus', async () => {
  const search = await sharedSearch();

  test('finds the film from a plain description', async () => {
    const hits = await search.search('a great white shark terrorizes a summer beach town and a police chief hunts it', { k: 5 });
    expect(hits[0]!.movie.title).toBe('Jaws');
    expect(hits).toHaveLength(5);
  });

  test('similarities are in [0, 1] and the match is closest', async () => {
    const hits = await search.search('a weatherman wakes up reliving the same day again and again', { k: 5 });
    expect(hits[0]!.movie.title).toBe('Groundhog Day');
    for (const hit of hits) {
      expect(hit.similarity).toBeGreaterThanOrEqual(0);
      expect(hit.similarity).toBeLessThanOrEqual(1);
    }
    expect(hits[0]!.similarity).toBe(Math.max(...hits.map((h) => h.similarity)));
  });

  test('excluded films never come back', async () => {
    const first = await search.search('a boy wizard goes to a school of magic', { k: 3 });
    const excluded = new Set(first.map((h) => h.movie.id));
    const next = await search.search('a boy wizard goes to a school of magic', { k: 3, excludeIds: excluded });
    expect(next).toHaveLength(3);
    for (const hit of next) expect(excluded.has(hit.movie.id)).toBe(false);
  });
});
