// Whether a message says anything about a film. People open a chat as they would with a
// person ("hello", "hi, can you help me find a movie?", "thanks!"), and every word is in some
// plot, so searching such a message offers films with confidence (WALL·E for "hello"). A
// message is a description when, once the words of greeting, courtesy and asking are set
// aside, something is left: a word of the story, a name, or what the search reads as a hint
// (an era, a genre, a country).
import { analyseQuery, hasHint } from '../search/query-analysis.ts';
import { tokenize } from '../search/tokens.ts';

/** Words that greet, thank, agree or ask for help, and words for "a film": none says which film. */
const CHAT_WORDS = [
  'hi hello hey hiya howdy yo greetings morning afternoon evening good day',
  'thanks thank thx ty cheers please pls ok okay yes yeah yep yup no nope sure cool great',
  'help helping find finding look looking search searching remember remembering recall recalling',
  'forgot forget forgotten know knew think thought wonder wondering trying try tried need want wanted like',
  'tell name named title titled called saw seen watched watch ago years year once long time while',
  'movie movies film films flick flicks picture one something thing anything someone anyone',
  'maybe perhaps guess probably really actually lol hmm um uh',
  // Greetings and thanks the glossaries leave as they are, in the languages the offline engine reads.
  'hola buenos buenas dias gracias hallo guten tag danke bonjour bonsoir salut merci ciao buongiorno buonasera grazie',
].flatMap((line) => line.split(' '));
const CHAT_TERMS = new Set(tokenize(CHAT_WORDS.join(' ')));

/** Whether `text` (in English) says anything about a film beyond asking for one. */
export function describesAFilm(text: string): boolean {
  const analysis = analyseQuery(text);
  return hasHint(analysis) || analysis.terms.some((term) => !CHAT_TERMS.has(term));
}

/**
 * Asking to be recommended films ("can you recommend a good horror movie?", "what's the best
 * movie of 2019?") rather than describing one remembered. Searched, a genre or a year alone
 * finds no film surely, and "I couldn't find that film" answers a question nobody asked. Only
 * the opening of a request counts: "a film my friend recommended, about a shark" describes one.
 */
const RECOMMENDATION_REQUEST = [
  /^(?:(?:hi|hey|hello|please|pls|so|ok|okay)\W+)*(?:can|could|would|will) you (?:please |pls )?(?:recommend|suggest)\b/,
  /^(?:(?:hi|hey|hello|so|ok|okay)\W+)*(?:please |pls )?(?:recommend|suggest)\b/,
  // "what's the best movie of 2019?", not "what was the great movie with the shark"
  /^(?:what|which) (?:is|are|s) (?:the )?(?:best|top|greatest)\b/,
  /^(?:what|which) are (?:some )?(?:good|great)\b/,
  /^(?:any|some) (?:\w+ ){0,4}(?:recommendations?|suggestions?)\b/,
  /^(?:what|which) (?:movie|film)s? (?:should|can|could|would) i (?:watch|see)\b/,
  /^what (?:should|can|could) i (?:watch|see)\b/,
  /^(?:i want|i need|i m looking for|im looking for|give me) (?:some |a few |a )?(?:good |great )?(?:\w+ )?(?:movie |film )?(?:recommendations?|suggestions?|ideas?)\b/,
];

export function asksForRecommendation(text: string): boolean {
  const said = text.toLowerCase().replace(/[’']/g, ' ').replace(/\s+/g, ' ').trim();
  return RECOMMENDATION_REQUEST.some((pattern) => pattern.test(said));
}
