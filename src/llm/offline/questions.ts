// Q&A about the confirmed film without a language model: recognise what is asked, answer
// from the catalog and corpus facts through the agent's tools, and say so when the facts
// do not hold the answer.
import type { MovieFacts, MovieTools, SimilarFilm } from '../language-model.ts';
import { listNames } from '../wording.ts';
import { creditsName } from '../../search/credits.ts';
import { genreBit, genreMask, genresSaid } from '../../search/genres.ts';
import { tokenize } from '../../search/tokens.ts';
import { foldAccents } from '../../text.ts';

/** Lower case, no accents, apostrophes joined, punctuation as spaces. */
const normaliseQuestion = (question: string) =>
  foldAccents(question).toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9#]+/g, ' ').trim();

type Topic = 'director' | 'cast' | 'personIn' | 'year' | 'ageRating' | 'rating' | 'genres' | 'kind' | 'feel' | 'runtime' | 'similar' | 'series' | 'byDirector' | 'language' | 'country' | 'source' | 'plot' | 'title' | 'unheld';

/** Where or when the story is set: "what year is it set in" asks of the story, not of the release. */
const SETTING = /\b(set in|takes? place|where is it set|when is it set|setting)\b/;

/** Who made the film as a business: "is that the disney one?", "was it pixar?" (a studio, not a genre, though Pixar makes cartoons). */
const STUDIO = /\b(studios?|production (company|companies)|produced|producers?|disney|pixar|dreamworks|ghibli|marvel|dc|warner( bros)?|universal|paramount|a24)\b/;

/** "is tom hanks in it?", "does it have roy scheider", "with christian bale?": whether someone is in the film; the name is the last group. */
const THE_FILM = '(?:it|this|that|this one|that one|the one|the (?:film|movie))';
const PERSON_ASKED = [
  // The film may be left out: asked of a film shown ("is roy scheider in the first one?"), the words pointing at it are.
  new RegExp(`^(?:is|was|isnt|wasnt) ((?:[a-z]+ ){0,3}[a-z]+) (?:in|starring in|acting in)(?: ${THE_FILM})?$`),
  new RegExp(`^(?:does|did|doesnt|didnt) ${THE_FILM} (?:have|star|feature|include|got) ((?:[a-z]+ ){0,3}[a-z]+)(?: in it)?$`),
  new RegExp(`^(?:is|was) ${THE_FILM} (?:the one )?(?:with|starring|featuring) ((?:[a-z]+ ){0,3}[a-z]+)$`),
  /^(?:with|starring|featuring) ((?:[a-z]+ ){0,3}[a-z]+)$/,
];
/** The name a question asks about ("tom hanks"), as said, or null. */
const personAsked = (text: string) => PERSON_ASKED.map((pattern) => pattern.exec(text)?.[1]).find((name) => name !== undefined && readsAsName(name)) ?? null;
/** Words that can be a name: each a word of substance ("is there a dog in it" asks of no one). */
const readsAsName = (said: string) => tokenize(said).length === said.split(' ').length && !/\b(anyone|anybody|someone|somebody|him|her|them)\b/.test(said);

/** What someone in the story is called ("what's the name of the robot"): no fact but the story tells it. */
const NAMED_IN_STORY = /\b(names? of the (?!(film|movie|director|actor|actress|studio|song|book)s?\b)[a-z]+|what (is|was|s) the [a-z]+ (called|named)|characters? names?)\b/;

/** What people ask of a film that neither the catalog nor the corpus holds, as the answer names it. */
const UNHELD: Array<[RegExp, string]> = [
  [/\b(music|composer|composed|soundtrack|songs?)\b/, 'about its music'],
  [/\b(wrote|writer|writers|screenplay|script|screenwriter)\b/, 'who wrote it'],
  [/\b(budget|box office|gross(ed)?|how much (money )?(did|does) it (make|earn|cost|gross)|(did|does) it make (any |a lot of |much )?money|cost to make|(a )?(big |huge )?(hit|flop|success|bomb)|successful)\b/, 'its budget or box office'],
  [/\b(oscars?|awards?|academy awards?|nominated|nominations?)\b/, 'its awards'],
  [/\b(filmed|shot) (in|at|on location)|where was it (filmed|shot|made)|filming locations?\b/, 'where it was filmed'],
  [SETTING, 'where or when its story is set'],
  [/\b(remakes?|remade)\b/, 'about remakes'],
  [STUDIO, 'which studio made it'],
  [/\b(netflix|hulu|disney ?plus|prime video|hbo|streaming|stream(ed)? (it|this|that)|where (can|do|could|should) i (watch|see|find|rent|buy|stream)|rent (it|this|that)|buy (it|this|that)|dvd|blu ?ray)\b/, 'where you can watch it'],
];

const TOPICS: Array<[Topic, RegExp]> = [
  // "is there a sequel?", "was there a movie before this one?", not "the first one" (another film wanted)
  ['series', /\b(sequels?|prequels?|franchise|series|trilogy|follow ?up|part (2|two|ii)|(next|previous) (one|film|movie|part)|(film|movie|one)s? (before|after) (it|this|that)|(was|is) there (a|another) (2|second|3|third|part))\b/],
  ['language', /\b(language|languages|in english|english|subtitles?|subtitled|dubbed|spoken)\b/],
  ['country', /\b(what|which) countr(y|ies)\b|\bcountry\b|\bwhere is (it|this|that)( (film|movie))? from\b|\bnationality\b/],
  ['source', /\b(based on|adapted from|adaptation|novel|book|true story|real story|real events|really happen(ed)?)\b/],
  // "any other films by him?", "what else did she direct?": before the director, whom it names too
  ['byDirector', /\b((other|more) (films?|movies?|ones?|work) (by|from) (him|her|them|the director|the filmmaker)|what else (did|has) (he|she|they|the director) (direct(ed)?|make|made)|(other|more) of (his|her|their) (films?|movies?|work)|(his|her|their|the director s) other (films?|movies?|work))\b/],
  // "films like it", not "would my kids like it"
  ['similar', /\b(similar|(films?|movies?|anything|something|others?|ones?|more|else)( (is|are))? like (it|this|that)|recommend|recommendation|else (to|should) watch|more (films|movies) like|other (films|movies) like)\b/],
  ['director', /\b(direct(ed|or|ors|s)?|who made|who (has )?(the (film|movie) )?filmed|filmmaker|behind the camera)\b/],
  ['cast', /\b(cast|star(s|red|ring)?|actor|actors|actress|acted|who( else)? (plays|played|is in|was in|acts|acted|voices|voiced|does the voice)|voice cast|voice actors?|(anyone|anybody) (famous |well known |i know )?in (it|this|that)|(with|has|have|got) (anyone|anybody) (famous|well known)|lead(ing)? role)\b/],
  ['runtime', /\b(how long|how (much|many) (of )?time|wie lange|runtime|run time|length|minutes|hours|duration|(is|was) (it|this|that) (too |very |really )?(long|short))\b/],
  ['rating', /\b(rating|rated|score|good|worth|imdb|reviews?|stars out of)\b/],
  // "is it ok for a 5 year old?", "is it pg?": who may watch it, which no fact holds.
  ['ageRating', /\b(((ok|okay|suitable|appropriate|safe|fine|alright|good) for (a |my |young |little |small )*(kids?|children|child|toddlers?|teens?|teenagers?|(\d+|[a-z]+) years? olds?))|age (rating|limit|restriction)|rated (g|pg|pg 13|r|nc 17)|pg( 13)?|nc 17|certificate|certification|parental guidance|mpaa|family friendly|kid friendly)\b/],
  ['year', /\b(when|what year|which year|years?(?! olds?)|release(d)?|come out|came out|how old is (it|this|that|the (film|movie)))\b/],
  ['genres', /\b(genre|genres|kind of (film|movie)|type of (film|movie)|category)\b/],
  ['title', /\b(original title|(?<!what (is|was|s) the (?!film|movie)[a-z]+ )called|name of the (film|movie)|title)\b/],
  ['plot', new RegExp(`\\b(plot|(?<!(true|real) )story|ending|summary|synopsis|premise|twist|spoilers?|how does it end)\\b|${NAMED_IN_STORY.source}`)],
  ['unheld', new RegExp(UNHELD.map(([pattern]) => pattern.source).join('|'))],
];
/** Words that ask for the plot only when nothing else is asked: "what about the director?" is not. */
const PLOT_IF_ALONE = /\b(about|happen(s|ed)?|end)\b/;

/** A question asking for a yes or no: it opens with a verb ("is it", "would kids like it") or asks "is it" inside. */
const YES_NO = /^(is|isnt|was|wasnt|are|does|doesnt|did|would|will|can|could|should|has)\b|\b(is|was) (it|this|that)\b/;

/** What a question asks, in the order it asks it ("who directed it and when did it come out"). */
export function topicsOf(question: string): Topic[] {
  const text = normaliseQuestion(question);
  const setting = SETTING.test(text);
  const asked = TOPICS.flatMap(([topic, pattern]) => {
    const at = pattern.exec(text)?.index;
    // "what year is it set in" asks when the story is set, not when it came out.
    return at === undefined || (topic === 'year' && setting) ? [] : [{ topic, at }];
  });
  // "Is it a comedy?" asks for a yes or no; "who was the spy?" names a spy, not a kind of film.
  const kind = YES_NO.test(text) ? genresSaid(text)[0] : undefined;
  // "Is it a true story?" asks where the story comes from, not whether it is listed as a biography.
  // "Was it made by pixar?" asks who made it, not whether it is a cartoon.
  const studioNamed = kind && STUDIO.exec(text)?.index === kind.at;
  // The answer on its age rating names its genres already.
  if (kind && !studioNamed && !asked.some(({ topic }) => topic === 'genres' || topic === 'source' || topic === 'ageRating')) asked.push({ topic: 'kind', at: kind.at });
  if (asked.length === 0 && feltAs(text)) return ['feel'];
  if (asked.length === 0 && PLOT_IF_ALONE.test(text)) return ['plot'];
  if (personAsked(text)) asked.push({ topic: 'personIn', at: 0 });
  // "what else did the director make?" names the director in its answer, "does it star tom
  // hanks?" whom it stars: neither asked twice.
  const byDirector = asked.some(({ topic }) => topic === 'byDirector');
  const personIn = asked.some(({ topic }) => topic === 'personIn');
  return asked
    .filter(({ topic }) => !(byDirector && topic === 'director') && !(personIn && topic === 'cast'))
    .sort((a, b) => a.at - b.at)
    .map(({ topic }) => topic);
}

/** Whether a question names something of the story: a word of it that the plot holds too ("killer", "dies"). */
function sharesStoryWords(question: string, plot: string): boolean {
  const told = new Set(tokenize(plot));
  return tokenize(question).some((term) => term.length > 3 && told.has(term));
}

/** A thank-you or a goodbye, which asks nothing. */
const THANKS = /^(thanks?|thank (you|u)|thx|ty|cheers|great|cool|awesome|perfect|nice|brilliant|ok|okay|bye|goodbye|gracias|merci|danke|grazie|obrigad[oa])\b/;

/** "no wait, the first one", "wrong movie", "that's not it": another film than the one confirmed. */
const OTHER_FILM_WANTED = /^(no|nope|wait|oops|sorry)\b|^(number |no )?[1-9]$|\b(wrong (film|movie|one)|not (it|this one|that one|the (film|movie|one) i)|thats not it|(the )?(first|second|third|fourth|fifth|other|last) one|(another|a different|a new|other) (film|movie|search)|start (over|again)|new search)\b/;

/** A chat ends on the film confirmed: another film is a new chat. */
const thisChatIsAbout = (name: string) => `This chat is about ${name} now. To look for another film, start a new chat and describe it; I'll keep this one as it is.`;

/** A question of another film than the one confirmed: "who is in the second one", "what about the next one", not "is this the last one". */
const OF_ANOTHER_FILM = /^(?!.*\b(is|was) (it|this|that) the\b).*\b(the )?(second|third|fourth|fifth|sixth|last|other|next|previous) (one|film|movie)\b/;

/** "is it sad?", "was it really violent": what a film is like, which no fact says. */
const FEEL = /^(is|was|isnt|wasnt) (it|this|that) (?:(?:very|really|too|kind of|pretty|super|quite|so) )*(?:(a|an) )?(?:(?:very|really|too|kind of|pretty|super|quite|so) )*([a-z]+)$/;
/** What a film is asked to feel like, with its article: "sad", "a tearjerker". */
const feltAs = (text: string) => {
  const match = FEEL.exec(text);
  return match ? [match[3], match[4]].filter(Boolean).join(' ') : null;
};

/** The first thing a question asks, or null. */
export const topicOf = (question: string): Topic | null => topicsOf(question)[0] ?? null;

/** Every part of a question answered in turn; a part the facts do not hold is said plainly. */
export async function answerFromFacts(question: string, tools: MovieTools): Promise<string> {
  const topics = topicsOf(question);
  const facts = await tools.details();
  // "tell me about the second one" after its sequels were named asks of another film: its
  // facts are not this one's, and answering with this film's would mislead.
  if (OF_ANOTHER_FILM.test(normaliseQuestion(question))) return thisChatIsAbout(facts.title);
  if (topics.length === 0) return answerTopic(null, facts, tools, question);
  return (await Promise.all(topics.map((topic) => answerTopic(topic, facts, tools, question)))).join(' ');
}

/** The film's genres (the catalog's, else the corpus's), as a sentence says them ("adventure and thriller"). */
const genresListed = (facts: MovieFacts) => listNames(facts.genres.map((genre) => genre.toLowerCase()));

/** "The United States", "South Korea": the countries a sentence says with "the". */
const withArticle = (country: string) => (/^(United|Soviet|Czech Republic|Netherlands|Philippines)/.test(country) ? `the ${country}` : country);

/** The languages the film is in, "Silent" meaning a silent film. */
function languageAnswer(facts: MovieFacts): string {
  const spoken = facts.languages.filter((language) => language !== 'Silent');
  if (facts.languages[0] === 'Silent') return `${facts.title} is a silent film${spoken.length ? `, its title cards in ${listNames(spoken)}` : ''}.`;
  return spoken.length ? `${facts.title} is in ${listNames(spoken)}.` : `I don't know what language ${facts.title} is in.`;
}

/** Whether the film tells a book or real events: said only where its story says so. */
function sourceAnswer(facts: MovieFacts): string {
  const told = [facts.plot, facts.logline]
    .flatMap((text) => (text ?? '').split(/(?<=[.!?])\s+/))
    .find((sentence) => /\b(based on|adapted from|adaptation of|true story)\b/i.test(sentence));
  return told ?? `I don't know whether ${facts.title} is based on a book or on real events: what I have of it does not say.`;
}

/** "Duel (1971) and Jaws (1975)": films as a sentence names them, at most `max`. */
const filmsSaid = (films: SimilarFilm[], max = Infinity) => listNames(films.map((film) => `${film.title} (${film.year})`), max);

/** Where the film stands among the other films of its series that the collection holds. */
function seriesAnswer(facts: MovieFacts, others: SimilarFilm[]): string {
  const name = facts.year ? `${facts.title} (${facts.year})` : facts.title;
  if (others.length === 0) return `I know of no sequel or earlier film of ${facts.title}: no other film of my collection continues its story.`;
  const before = others.filter((film) => facts.year !== null && film.year < facts.year);
  const after = others.filter((film) => facts.year === null || film.year >= facts.year);
  if (before.length && after.length) return `In my collection, ${name} follows ${filmsSaid(before)} and is followed by ${filmsSaid(after)}.`;
  if (after.length) return `In my collection, ${name} is followed by ${filmsSaid(after)}.`;
  return `In my collection, ${name} follows ${filmsSaid(before)}; I know of no later film of the series.`;
}

/**
 * Whether the person asked about is in the film: yes, with their part, when its credits name
 * them in full or by surname ("is hanks in it?"); else that the credits known do not.
 */
function personInAnswer(asked: string, title: string, { directors, cast }: { directors: string[]; cast: string[] }): string {
  const terms = tokenize(asked);
  // A single word names a surname ("hanks"), not anyone whose first name it is.
  const named = (person: string) => (terms.length === 1 ? tokenize(person).at(-1) === terms[0] : creditsName([person], asked));
  const parts = [...cast.filter(named).map((person) => `${person} is in ${title}`), ...directors.filter(named).map((person) => `${person} directed ${title}`)];
  if (parts.length) return `Yes: ${listNames(parts)}.`;
  return cast.length
    ? `I don't know of ${asked} in ${title}: the people I know it credits are ${listNames([...cast.slice(0, 4), ...directors])}.`
    : `I don't have the cast of ${title}, so I can't say whether ${asked} is in it.`;
}

/** "Is it scary?", "is it a comedy?": yes or no from the film's genres, which it names. */
function answerKind(question: string, facts: MovieFacts): string {
  const name = facts.title;
  if (facts.genres.length === 0) return `I don't know the genres of ${name}, so I can't say.`;
  const listed = genresListed(facts);
  const text = normaliseQuestion(question);
  const asked = genresSaid(text).map(({ genre }) => genre);
  const held = genreMask(facts.genres);
  const missing = asked.filter((genre) => !(held & genreBit(genre.name)));
  // "is it a comedy or a drama?" asks for one; "is it scary for kids?" for both (not a yes for family alone).
  const eitherWill = /\bor\b/.test(text) && missing.length < asked.length;
  if (missing.length === 0 || eitherWill) return `Yes: ${name} is listed as ${listed}.`;
  return `${name} is listed as ${listed}, not as ${listNames(missing.map((genre) => genre.name.toLowerCase()), Infinity, 'or')}.`;
}

async function answerTopic(topic: Topic | null, facts: MovieFacts, tools: MovieTools, question: string): Promise<string> {
  const name = facts.title;
  switch (topic) {
    case 'director': {
      const { directors } = await tools.credits();
      return directors.length
        ? `${name} was directed by ${listNames(directors)}.`
        : `I don't know who directed ${name}: the catalog does not say.`;
    }
    case 'cast': {
      const { cast } = await tools.credits();
      return cast.length ? `${name} stars ${listNames(cast)}.` : `I don't have the cast of ${name}.`;
    }
    case 'ageRating': {
      const listed = facts.genres.length ? `: it is listed as ${genresListed(facts)}` : '';
      return `I don't know the age rating of ${name}, so I can't say who it suits${listed}.`;
    }
    case 'personIn':
      return personInAnswer(personAsked(normaliseQuestion(question))!, name, await tools.credits());
    case 'year':
      return facts.year ? `${name} came out in ${facts.year}.` : `I don't know when ${name} was released.`;
    case 'rating':
      return facts.rating !== null
        ? `${name} is rated ${facts.rating} out of 10 by the catalog's users.`
        : `I don't have a rating for ${name}.`;
    case 'genres':
      return facts.genres.length ? `${name} is ${genresListed(facts)}.` : `I don't know the genres of ${name}.`;
    case 'kind':
      return answerKind(question, facts);
    case 'unheld': {
      const what = UNHELD.find(([pattern]) => pattern.test(normaliseQuestion(question)))![1];
      return `I don't know ${what}: for ${name} I have its director, cast, year, rating, genres, runtime, language and story.`;
    }
    case 'feel': {
      const feel = feltAs(normaliseQuestion(question));
      const listed = facts.genres.length ? `; it is listed as ${genresListed(facts)}` : '';
      return `I can't tell from what I know whether ${name} is ${feel}${listed}.`;
    }
    case 'runtime':
      return facts.runtimeMinutes
        ? `${name} runs ${facts.runtimeMinutes} minutes (${Math.floor(facts.runtimeMinutes / 60)} h ${facts.runtimeMinutes % 60} min).`
        : `I don't know how long ${name} is.`;
    case 'title':
      return facts.originalTitle && facts.originalTitle !== facts.title
        ? `It is known in English as ${name}; its original title is ${facts.originalTitle}.`
        : `The film is called ${name}.`;
    case 'similar': {
      const films = await tools.similar(3);
      return films.length
        ? `If you liked ${name}, try ${filmsSaid(films)}: their stories are the closest in my collection.`
        : `I couldn't find films like ${name} in my collection.`;
    }
    case 'series':
      return seriesAnswer(facts, await tools.series());
    case 'byDirector': {
      if (!facts.directors.length) return `I don't know who directed ${name}.`;
      const films = await tools.byDirectors();
      const by = listNames(facts.directors);
      const named = filmsSaid(films, 8);
      if (films.length > 8) return `By ${by} my collection also holds ${films.length} other films, among them ${named}.`;
      return films.length ? `By ${by} my collection also holds ${named}.` : `My collection holds no other film by ${by}.`;
    }
    case 'language':
      return languageAnswer(facts);
    case 'country':
      return facts.countries.length ? `${name} is from ${listNames(facts.countries.map(withArticle))}.` : `I don't know which country ${name} is from.`;
    case 'source':
      return sourceAnswer(facts);
    case 'plot':
      return facts.plot ?? facts.logline ?? `I have no plot summary for ${name}.`;
    default:
      if (THANKS.test(normaliseQuestion(question))) {
        return `You're welcome! Ask me anything else about ${name}, or start a new chat to look for another film.`;
      }
      // A chat ends on the film confirmed (a new film is a new chat): say so to "no wait, the first one".
      if (OTHER_FILM_WANTED.test(normaliseQuestion(question))) return thisChatIsAbout(name);
      // "does he find the killer?", "who was the killer?": no fact says, but its story may; it is told, plainly as such.
      if (facts.plot && sharesStoryWords(question, facts.plot)) {
        const cannot = YES_NO.test(normaliseQuestion(question)) ? "I can't answer that yes or no" : "I can't answer that from the facts I hold";
        return `${cannot}, but here is what I know of its story: ${facts.plot}`;
      }
      return (
        `I'm not sure how to answer that from what I know about ${name}. ` +
        'I can tell you who directed it, who is in it, when it came out, its rating, genres, runtime, language, what it is about, its sequels, or films like it.'
      );
  }
}
