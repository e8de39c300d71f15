// One rule for "the film credits the person named", in search and in the chat.
import { describe, expect, test } from 'bun:test';
import { creditsName, peopleNamedIn } from '../../src/search/credits.ts';

describe('creditsName', () => {
  test('one person bears every word of the name', () => {
    expect(creditsName(['Will Smith', 'Martin Lawrence'], 'Will Smith')).toBe(true);
    expect(creditsName(['Robert De Niro'], 'de niro')).toBe(true);
    expect(creditsName(['Penélope Cruz'], 'penelope cruz')).toBe(true);
    // A run of names said one after another: every word someone's.
    expect(creditsName(['Samuel L. Jackson', 'John Travolta', 'Uma Thurman'], 'Jackson John Travolta Uma Thurman')).toBe(true);
    expect(creditsName(['Tom Hanks', 'Matt Damon'], 'Tom Hanks Meg Ryan')).toBe(false);
  });

  test('words borne by two people, or a name with no words of substance, are no credit', () => {
    expect(creditsName(['Jaden Smith', 'Will Ferrell'], 'Will Smith')).toBe(false);
    expect(creditsName(['Tom Hanks', 'Penélope Cruz'], 'Tom Cruise')).toBe(false);
    expect(creditsName(['The Rock'], 'the')).toBe(false);
    expect(creditsName([], 'Tom Hanks')).toBe(false);
  });

  test('the people whose whole names a text says', () => {
    expect(peopleNamedIn('none of those, it had marilyn monroe', ['Marilyn Monroe', 'Tony Curtis'])).toEqual(['Marilyn Monroe']);
    expect(peopleNamedIn('it had monroe in it', ['Marilyn Monroe'])).toEqual([]);
  });
});
