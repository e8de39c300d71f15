// Emoji read as the words of a story, in descriptions and in replies to a list.
import { describe, expect, test } from 'bun:test';
import { emojiSaid } from '../../src/llm/offline/emoji.ts';
import { OfflineLanguageModel } from '../../src/llm/offline/offline-model.ts';

describe('emoji in a description', () => {
  test('things and beings a story holds are said in words, whatever their skin tone, gender or presentation', () => {
    expect(emojiSaid('🦈 beach 1975')).toBe('shark beach 1975');
    expect(emojiSaid('the one with the 🤖 and the 🌱')).toBe('the one with the robot and the plant');
    expect(emojiSaid('👮‍♀️ chasing a 🧛🏻')).toBe('police chasing a vampire');
    expect(emojiSaid('a 🏴‍☠️ movie')).toBe('a pirate movie');
  });

  test('reactions and text without emoji are left as they are', () => {
    expect(emojiSaid('👍')).toBe('👍');
    expect(emojiSaid('😂 so good')).toBe('😂 so good');
    expect(emojiSaid('no emoji here, © 1975')).toBe('no emoji here, © 1975');
  });

  test('the offline engine searches a description in emoji by their words', async () => {
    const understood = await new OfflineLanguageModel(null).understandDescription('🦈🦈 🏖️');
    expect(understood).toEqual({ kind: 'description', text: 'shark shark beach', hints: {} });
  });
});
