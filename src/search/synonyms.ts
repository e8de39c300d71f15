// Words a description and a plot use for the same thing ("spaceship" and "spacecraft", "cop"
// and "police officer", "mum" and "mother"): a keyword match misses the film when the two
// chose different words. Groups of interchangeable words, written by the team
// (synonyms/*.ts), are read as stems; the lexical index counts a film holding any word of a
// group as holding the description's word (lexical-index.ts, SYNONYM_WEIGHT).
import nouns from './synonyms/nouns.ts';
import verbsAndAdjectives from './synonyms/verbs-adjectives.ts';
import { tokenize } from './tokens.ts';

export class Thesaurus {
  private readonly alternatives = new Map<string, readonly string[]>();

  constructor(lists: string[]) {
    for (const line of lists.join('\n').split('\n')) {
      const group = [...new Set(tokenize(line))];
      if (group.length < 2) continue;
      // A stem in two groups keeps its first: groups must not chain into loose associations.
      for (const term of group) if (!this.alternatives.has(term)) this.alternatives.set(term, group.filter((other) => other !== term));
    }
  }

  /** The index terms interchangeable with `term` (itself an index term), or none. */
  readonly alternativesOf = (term: string): readonly string[] => this.alternatives.get(term) ?? [];

  get size(): number {
    return this.alternatives.size;
  }
}

// Verbs first: where a word is in both lists ("shrink"), its story sense wins.
export const THESAURUS = new Thesaurus([verbsAndAdjectives, nouns]);
