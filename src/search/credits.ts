// Whether a film credits a person a description names, one rule for search and the chat: one
// person of its credits bears every word of the name. "Will Smith" is not credited by a film
// with Jaden Smith and Will Ferrell, nor "Tom Cruise" by one with Tom Hanks.
import { tokenize, words } from './tokens.ts';

/**
 * Whether one of `people` bears every word of `name`, the function words too ("Will" of Will
 * Smith); a name without a word of substance ("The") is borne by none.
 */
export function creditsName(people: readonly string[], name: string): boolean {
  const said = words(name);
  if (tokenize(name).length === 0) return false;
  const borne = people.map(words);
  // Four words or more are several people said one after another ("tom hanks meg ryan", as
  // search reads a run of names): each word must be someone's.
  if (said.length >= 4) return said.every((word) => borne.some((own) => own.includes(word)));
  return borne.some((own) => said.every((word) => own.includes(word)));
}

/**
 * The people of `people` whose whole names a text says ("it had marilyn monroe"), whether or
 * not the corpus holds those words mostly in credits (Léon's story names Marilyn Monroe).
 */
export function peopleNamedIn(text: string, people: readonly string[]): string[] {
  const said = ` ${tokenize(text).join(' ')} `;
  return [...new Set(people)].filter((person) => {
    const terms = tokenize(person);
    return terms.length >= 2 && said.includes(` ${terms.join(' ')} `);
  });
}
