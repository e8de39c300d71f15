// Where a film comes from, in the words people use: a country's name, its adjective
// ("Korean"), its main language ("Hindi") and nicknames of its industry ("Bollywood"). The
// corpus readers use it to read "a 1994 British-American film", and query analysis to read
// "that old french movie".

export interface Origin {
  country: string;
  /** Lower-case words that name it in a description. */
  words: string[];
  /** The languages its films are mostly made in. */
  languages: string[];
}

export const ORIGINS: Origin[] = [
  { country: 'United States', words: ['american', 'usa', 'us', 'hollywood', 'america'], languages: ['English'] },
  { country: 'United Kingdom', words: ['british', 'english', 'uk', 'britain', 'england', 'scottish', 'welsh'], languages: ['English'] },
  { country: 'France', words: ['french', 'france'], languages: ['French'] },
  { country: 'Germany', words: ['german', 'germany'], languages: ['German'] },
  { country: 'West Germany', words: ['german', 'germany'], languages: ['German'] },
  { country: 'Italy', words: ['italian', 'italy'], languages: ['Italian'] },
  { country: 'Spain', words: ['spanish', 'spain'], languages: ['Spanish'] },
  { country: 'Japan', words: ['japanese', 'japan', 'anime'], languages: ['Japanese'] },
  { country: 'South Korea', words: ['korean', 'korea'], languages: ['Korean'] },
  { country: 'India', words: ['indian', 'india', 'bollywood', 'tollywood', 'kollywood', 'hindi', 'tamil', 'telugu', 'malayalam', 'kannada', 'bengali', 'marathi'], languages: ['Hindi', 'Tamil', 'Telugu', 'Malayalam', 'Kannada', 'Bengali', 'Marathi'] },
  { country: 'China', words: ['chinese', 'china', 'mandarin'], languages: ['Mandarin'] },
  { country: 'Hong Kong', words: ['hong', 'kong', 'cantonese', 'chinese'], languages: ['Cantonese'] },
  { country: 'Taiwan', words: ['taiwanese', 'taiwan', 'chinese'], languages: ['Mandarin'] },
  { country: 'Iran', words: ['iranian', 'iran', 'persian', 'farsi'], languages: ['Persian'] },
  { country: 'Turkey', words: ['turkish', 'turkey'], languages: ['Turkish'] },
  { country: 'Mexico', words: ['mexican', 'mexico'], languages: ['Spanish'] },
  { country: 'Brazil', words: ['brazilian', 'brazil', 'portuguese'], languages: ['Portuguese'] },
  { country: 'Argentina', words: ['argentine', 'argentinian', 'argentina'], languages: ['Spanish'] },
  { country: 'Canada', words: ['canadian', 'canada'], languages: ['English', 'French'] },
  { country: 'Australia', words: ['australian', 'australia', 'aussie'], languages: ['English'] },
  { country: 'New Zealand', words: ['zealand', 'kiwi'], languages: ['English'] },
  { country: 'Ireland', words: ['irish', 'ireland'], languages: ['English'] },
  { country: 'Denmark', words: ['danish', 'denmark', 'scandinavian'], languages: ['Danish'] },
  { country: 'Sweden', words: ['swedish', 'sweden', 'scandinavian'], languages: ['Swedish'] },
  { country: 'Norway', words: ['norwegian', 'norway', 'scandinavian'], languages: ['Norwegian'] },
  { country: 'Finland', words: ['finnish', 'finland'], languages: ['Finnish'] },
  { country: 'Poland', words: ['polish', 'poland'], languages: ['Polish'] },
  { country: 'Soviet Union', words: ['soviet', 'russian', 'ussr', 'russia'], languages: ['Russian'] },
  { country: 'Russia', words: ['russian', 'russia'], languages: ['Russian'] },
  { country: 'Czechoslovakia', words: ['czech', 'czechoslovak', 'slovak'], languages: ['Czech'] },
  { country: 'Czech Republic', words: ['czech'], languages: ['Czech'] },
  { country: 'Hungary', words: ['hungarian', 'hungary'], languages: ['Hungarian'] },
  { country: 'Netherlands', words: ['dutch', 'netherlands', 'holland'], languages: ['Dutch'] },
  { country: 'Belgium', words: ['belgian', 'belgium'], languages: ['French', 'Dutch'] },
  { country: 'Switzerland', words: ['swiss', 'switzerland'], languages: ['German', 'French'] },
  { country: 'Austria', words: ['austrian', 'austria'], languages: ['German'] },
  { country: 'Lebanon', words: ['lebanese', 'lebanon'], languages: ['Arabic'] },
  { country: 'Israel', words: ['israeli', 'israel', 'hebrew'], languages: ['Hebrew'] },
  { country: 'Egypt', words: ['egyptian', 'egypt'], languages: ['Arabic'] },
  { country: 'South Africa', words: ['african'], languages: ['English'] },
  { country: 'Nigeria', words: ['nigerian', 'nigeria', 'nollywood'], languages: ['English'] },
  { country: 'Chile', words: ['chilean', 'chile'], languages: ['Spanish'] },
  { country: 'Colombia', words: ['colombian', 'colombia'], languages: ['Spanish'] },
  { country: 'Thailand', words: ['thai', 'thailand'], languages: ['Thai'] },
  { country: 'Indonesia', words: ['indonesian', 'indonesia'], languages: ['Indonesian'] },
  { country: 'Philippines', words: ['filipino', 'philippine', 'philippines'], languages: ['Filipino'] },
  { country: 'Greece', words: ['greek', 'greece'], languages: ['Greek'] },
  { country: 'Portugal', words: ['portuguese', 'portugal'], languages: ['Portuguese'] },
  { country: 'Romania', words: ['romanian', 'romania'], languages: ['Romanian'] },
  { country: 'Yugoslavia', words: ['yugoslav', 'yugoslavian', 'serbian', 'bosnian', 'croatian'], languages: ['Serbo-Croatian'] },
  { country: 'Serbia', words: ['serbian', 'serbia'], languages: ['Serbian'] },
  { country: 'Bosnia and Herzegovina', words: ['bosnian', 'bosnia'], languages: ['Bosnian'] },
];

/** Words of ORIGINS that name a place: in a description they usually say where a story is set. */
export const PLACE_WORDS = new Set(
  ('usa us america england britain uk france germany italy spain japan korea india china taiwan iran turkey mexico ' +
    'brazil argentina canada australia zealand ireland denmark sweden norway finland poland russia ussr hungary netherlands ' +
    'holland belgium switzerland austria lebanon israel egypt nigeria chile colombia thailand indonesia philippines greece ' +
    'portugal romania serbia bosnia').split(' '),
);

/** Nationality adjectives as Wikipedia leads write them ("a 1994 British-American film"). */
const ADJECTIVES = new Map<string, string>([
  ['American', 'United States'], ['British', 'United Kingdom'], ['English', 'United Kingdom'], ['Scottish', 'United Kingdom'],
  ['Welsh', 'United Kingdom'], ['French', 'France'], ['German', 'Germany'], ['West German', 'West Germany'], ['Italian', 'Italy'],
  ['Spanish', 'Spain'], ['Japanese', 'Japan'], ['South Korean', 'South Korea'], ['Korean', 'South Korea'], ['Indian', 'India'],
  ['Chinese', 'China'], ['Hong Kong', 'Hong Kong'], ['Taiwanese', 'Taiwan'], ['Iranian', 'Iran'], ['Turkish', 'Turkey'],
  ['Mexican', 'Mexico'], ['Brazilian', 'Brazil'], ['Argentine', 'Argentina'], ['Canadian', 'Canada'], ['Australian', 'Australia'],
  ['New Zealand', 'New Zealand'], ['Irish', 'Ireland'], ['Danish', 'Denmark'], ['Swedish', 'Sweden'], ['Norwegian', 'Norway'],
  ['Finnish', 'Finland'], ['Polish', 'Poland'], ['Soviet', 'Soviet Union'], ['Russian', 'Russia'], ['Czech', 'Czech Republic'],
  ['Czechoslovak', 'Czechoslovakia'], ['Hungarian', 'Hungary'], ['Dutch', 'Netherlands'], ['Belgian', 'Belgium'], ['Swiss', 'Switzerland'],
  ['Austrian', 'Austria'], ['Israeli', 'Israel'], ['Egyptian', 'Egypt'], ['South African', 'South Africa'], ['Nigerian', 'Nigeria'],
  ['Chilean', 'Chile'], ['Colombian', 'Colombia'], ['Thai', 'Thailand'], ['Indonesian', 'Indonesia'], ['Filipino', 'Philippines'],
  ['Greek', 'Greece'], ['Portuguese', 'Portugal'], ['Romanian', 'Romania'], ['Yugoslav', 'Yugoslavia'], ['Lebanese', 'Lebanon'],
]);

/**
 * The countries a Wikipedia lead names in its first clause: "X is a 1994 British-American
 * comedy film" gives United Kingdom and United States. Unknown adjectives are ignored.
 */
export function countriesFromLead(lead: string): string[] {
  const clause = /\b(?:is|was) an? (?:\d{4} )?((?:[A-Z][a-z]+(?: [A-Z][a-z]+)?[- ]?)+)/.exec(lead)?.[1] ?? '';
  const countries: string[] = [];
  for (const part of clause.split(/[-–]/)) {
    const words = part.trim().split(' ');
    // "South Korean" and "Hong Kong" are two words; try the longer reading first.
    for (let i = 0; i < words.length; i++) {
      const pair = words.slice(i, i + 2).join(' ');
      const country = ADJECTIVES.get(pair) ?? ADJECTIVES.get(words[i]!);
      if (!country) continue;
      if (!countries.includes(country)) countries.push(country);
      if (ADJECTIVES.has(pair)) i++;
    }
  }
  return countries;
}

/** The description words that name `country` (its adjective, name, nicknames), lower case. */
export function originWords(countries: string[], languages: string[]): string[] {
  const words = new Set<string>();
  for (const origin of ORIGINS) if (countries.includes(origin.country)) origin.words.forEach((w) => words.add(w));
  for (const language of languages) words.add(language.toLowerCase());
  return [...words];
}
