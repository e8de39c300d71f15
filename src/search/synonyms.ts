// Words a description and a plot use for the same thing ("spaceship" and "spacecraft", "cop"
// and "police officer", "mum" and "mother"): a keyword match misses the film when the two
// chose different words. Groups of interchangeable words, written by the team
// (synonyms/*.ts), are read as stems; the lexical index counts a film holding any word of a
// group as holding the description's word (lexical-index.ts, SYNONYM_WEIGHT).
import nouns from './synonyms/nouns.ts';
import verbsAndAdjectives from './synonyms/verbs-adjectives.ts';
import { termOf, words } from './tokens.ts';

/** Whether a word is its stem as written, or with the silent e the stemmer drops ("dance", "danc"). */
const isTheStem = (word: string, term: string) => word === term || word === `${term}e`;

export class Thesaurus {
  private readonly alternatives = new Map<string, readonly string[]>();

  constructor(lists: string[]) {
    // For each stem, the groups holding a word that is that stem itself, and the groups
    // holding only a longer word that shrinks to it ("lovely" to "love", "crooked" to "crook").
    const own = new Map<string, Set<string>>();
    const shrunk = new Map<string, Set<string>>();
    for (const line of lists.join('\n').split('\n')) {
      const group = words(line).flatMap((word) => {
        const term = termOf(word);
        return term === null ? [] : [{ word, term }];
      });
      const terms = [...new Set(group.map((entry) => entry.term))];
      if (terms.length < 2) continue;
      for (const term of terms) {
        const byItself = group.some(({ word }) => isTheStem(word, term));
        const into = byItself ? own : shrunk;
        const alternatives = into.get(term) ?? into.set(term, new Set()).get(term)!;
        for (const other of terms) if (other !== term) alternatives.add(other);
      }
    }
    // A word's own groups say what it means ("woman": "women", not the "womanly" group), and
    // all of them count ("drunk": "drank" and "intoxicated"). Groups do not chain: only the
    // groups holding the stem give it words.
    for (const [term, alternatives] of shrunk) if (!own.has(term)) this.alternatives.set(term, [...alternatives]);
    for (const [term, alternatives] of own) this.alternatives.set(term, [...alternatives]);
  }

  /** The index terms interchangeable with `term` (itself an index term), or none. */
  readonly alternativesOf = (term: string): readonly string[] => this.alternatives.get(term) ?? [];

  get size(): number {
    return this.alternatives.size;
  }
}

export const THESAURUS = new Thesaurus([verbsAndAdjectives, nouns]);
