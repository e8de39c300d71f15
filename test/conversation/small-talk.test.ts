// What counts as describing a film, against the team's evaluation descriptions and chat openers.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { asksForRecommendation, describesAFilm } from '../../src/conversation/small-talk.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';
import { readJsonLines } from '../../src/search/corpus.ts';

describe('describesAFilm', () => {
  test('greetings, thanks and requests for help describe no film', () => {
    for (const message of ['hello', 'Hi there!', 'thanks!', 'ok', 'good morning', 'what can you do?', 'a movie', 'help',
      'hi, can you help me find a movie?', "I can't remember the name of a film", 'hello, i need help finding a film i saw years ago']) {
      expect(describesAFilm(message)).toBe(false);
    }
  });

  test('a word of the story, a name or a hint is enough', () => {
    for (const message of ['a shark', 'hello, the one with the shark', 'a film with Tom Hanks', 'a movie from the 80s',
      'a horror film', 'a french film', 'the one where they say hello a lot on a beach']) {
      expect(describesAFilm(message)).toBe(true);
    }
  });

  test('asking to be recommended films is no description; a film recommended once, or a question about one remembered, is', () => {
    for (const message of ['recommend me a good horror movie', "what's the best movie of 2019?", 'can you suggest something funny', 'what should i watch tonight', 'any good sci fi recommendations?']) {
      expect(asksForRecommendation(message)).toBe(true);
    }
    for (const message of ['a film my friend recommended, about a shark', 'what was the great movie with the shark', 'which movie has a shark that eats swimmers']) {
      expect(asksForRecommendation(message)).toBe(false);
    }
  });

  test('every evaluation description, in any language, read as the chat reads it, describes a film (and asks for no recommendation)', async () => {
    const reader = new OfflineLanguageModel(null);
    const dir = join(import.meta.dir, '..', '..', 'data', 'eval', 'retrieval');
    const queries = (await Promise.all(['vague', 'descriptive', 'absent', 'short', 'short-absent'].map((set) => readJsonLines<{ query: string }>(join(dir, `${set}.jsonl`))))).flat();
    expect(queries.length).toBeGreaterThan(400);
    const notDescribing: string[] = [];
    for (const { query } of queries) {
      const understood = await reader.understandDescription(query);
      if (understood.kind === 'description' && (!describesAFilm(understood.text) || asksForRecommendation(understood.text))) notDescribing.push(query);
    }
    expect(notDescribing).toEqual([]);
  });
});
