// Whole conversations over HTTP on the real Postgres and Redis, through the real pipeline
// (bundled corpus, offline catalog and language engine unless a test says otherwise).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parseEvents, registerUser, sharedSearch, startServer, type RegisteredUser, type TestServer } from '../support/harness.ts';
import { type FakeImdbApi, startFakeImdbApi } from '../support/fake-imdbapi.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';

interface Turn {
  status: number;
  tokens: string[];
  done: Record<string, any>;
  events: Array<Record<string, any>>;
}

async function say(server: TestServer, user: RegisteredUser, sessionId: string, message: string): Promise<Turn> {
  const response = await server.request('POST', '/chat', { token: user.access, json: { session_id: sessionId, message } });
  expect(response.status).toBe(200);
  const events = parseEvents(response.text);
  expect(events.at(-1)!.type).toBe('done');
  expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  return { status: response.status, events, tokens: events.filter((e) => e.type === 'token').map((e) => e.content), done: events.at(-1)! };
}

/** The conversation checkpoint a session saved after its last turn. */
const savedState = async (server: TestServer, sessionId: string) => ((await server.services.sessions.checkpoint(sessionId)) as { state: Record<string, any> }).state;
const titles = (turn: Turn) => (turn.done.candidates ?? []).map((c: { rag_title: string }) => c.rag_title);
const DESCRIPTION = 'a great white shark terrorizes a summer beach town and the police chief hunts it with a fisherman';
const NONSENSE = 'asdf qwerty zxcv';

describe('conversations (postgres+redis, offline engines)', () => {
  let server: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    server = await startServer();
    user = await registerUser(server);
  });
  afterAll(() => server.stop());

  test('discovery > confirmation > confirm > qa > more qa', async () => {
    const id = crypto.randomUUID();
    const discovery = await say(server, user, id, DESCRIPTION);
    expect(discovery.done.phase).toBe('confirmation');
    expect(titles(discovery)[0]).toBe('Jaws');
    expect(discovery.tokens.join('')).toBe(discovery.done.reply);
    expect(discovery.done.reply).toContain('films that fit your description');
    const confidences = discovery.done.candidates.map((c: { confidence: number }) => c.confidence);
    expect(new Set(confidences).size).toBeGreaterThan(1);
    expect(discovery.done.confirmed_movie).toBeUndefined();

    const confirm = await say(server, user, id, 'yes, the first one!');
    expect(confirm.done.phase).toBe('qa');
    expect(confirm.tokens).toEqual([]);
    expect(confirm.done.confirmed_movie).toMatchObject({ rag_title: 'Jaws', rag_year: 1975, catalog_title: 'Jaws' });
    expect(confirm.done.reply).toContain('Jaws (1975)');
    expect(confirm.done.reply).toContain('Steven Spielberg');
    expect(confirm.done.candidates).toBeUndefined();

    const question = await say(server, user, id, 'Who directed it?');
    expect(question.done.phase).toBe('qa');
    expect(question.tokens).toEqual([]);
    expect(question.done.reply).toBe('Jaws was directed by Steven Spielberg.');
    expect(question.done.confirmed_movie.rag_title).toBe('Jaws');

    const more = await say(server, user, id, 'how long is it?');
    expect(more.done.reply).toContain('124 minutes');
    const similar = await say(server, user, id, 'can you recommend similar films?');
    expect(similar.done.reply).toMatch(/try .+\(\d{4}\)/);
    const unknown = await say(server, user, id, 'what was the budget?');
    expect(unknown.done.reply).toStartWith("I don't know its budget or box office: for Jaws I have");

    const history = await server.request('GET', `/chat/${id}/history`, { token: user.access });
    expect(history.json.phase).toBe('qa');
    expect(history.json.confirmed_movie.rag_title).toBe('Jaws');
    expect(history.json.messages).toHaveLength(12);
  });

  test('confirmation picks by ordinal or by title', async () => {
    const id = crypto.randomUUID();
    const discovery = await say(server, user, id, 'a boy wizard goes to a school of magic and fights a dark lord');
    const second = titles(discovery)[1]!;
    const confirm = await say(server, user, id, 'the second one');
    expect(confirm.done.confirmed_movie.rag_title).toBe(second);

    const other = crypto.randomUUID();
    const found = await say(server, user, other, 'a comedy where a weatherman wakes up reliving the same day again and again');
    expect(titles(found)).toContain('Groundhog Day');
    const byTitle = await say(server, user, other, "oh it's groundhog day!");
    expect(byTitle.done.confirmed_movie.rag_title).toBe('Groundhog Day');
  });

  test('discovery > refine x3 > dead end, then a fresh start', async () => {
    const id = crypto.randomUUID();
    const seen = new Set<string>();
    let turn = await say(server, user, id, 'a crew of thieves plans an elaborate heist');
    expect(turn.done.phase).toBe('confirmation');
    titles(turn).forEach((t: string) => seen.add(t));
    for (const details of ['none of these, they rob a bank', 'no, one of them betrays the others', 'not those either, it ends in a shootout']) {
      turn = await say(server, user, id, details);
      expect(turn.done.phase).toBe('confirmation');
      for (const title of titles(turn)) {
        expect(seen.has(title)).toBe(false); // rejected candidates never come back
        seen.add(title);
      }
    }
    const deadEnd = await say(server, user, id, 'no, none of them');
    expect(deadEnd.done.phase).toBe('discovery');
    expect(deadEnd.done.candidates).toBeUndefined();
    expect(deadEnd.done.reply).toContain("still haven't found it");
    const checkpoint = await server.services.sessions.checkpoint(id);
    expect(checkpoint.state).toMatchObject({ phase: 'discovery', refinementCycles: 0, rejectedIds: [], query: '' });

    const fresh = await say(server, user, id, DESCRIPTION);
    expect(fresh.done.phase).toBe('confirmation');
    expect(titles(fresh)[0]).toBe('Jaws');
  });

  test('a refinement keeps what it learned, and what is said now leads', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a lonely cleaning robot');
    expect(titles(first)).toContain('WALL·E');
    const refined = await say(server, user, id, "no, not that one, it was older: a man in a spacesuit and a computer that won't open the doors");
    expect(titles(refined)[0]).toBe('2001: A Space Odyssey');
    const state = await savedState(server, id);
    expect(state.description).toBe('a lonely cleaning robot');
    expect(state.details).toHaveLength(1);
    expect(state.details[0]).toContain('spacesuit');
    expect(state.rejectedIds).toContain('wall-e-2008');
    // "older" than the film it is said of, the first shown: an era before it.
    const firstShown = first.done.candidates[0];
    expect(state.hints.era).toEqual({ from: 1880, to: (firstShown.catalog_year ?? firstShown.rag_year) - 1 });
    expect(state.refinementCycles).toBe(1);
  });

  test('"no, more recent" keeps the films shown after the first that are: Incredibles 2, shown second, comes first', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'an animated movie about a family of superheroes');
    expect(titles(first).slice(0, 2)).toEqual(['The Incredibles', 'Incredibles 2']);
    const newer = await say(server, user, id, 'no its not that, more recent');
    expect(titles(newer)[0]).toBe('Incredibles 2');
    expect(titles(newer)).not.toContain('The Incredibles');
    const state = await savedState(server, id);
    expect(state.rejectedIds).toContain('the-incredibles-2004');
    expect(state.rejectedIds).not.toContain('incredibles-2-2018');
    // Turned down in so many words, none stays.
    const other = crypto.randomUUID();
    await say(server, user, other, 'an animated movie about a family of superheroes');
    const none = await say(server, user, other, 'none of these, more recent');
    expect(titles(none)).not.toContain('Incredibles 2');
  });

  test('right director, wrong film: the director stays, the new detail leads', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a crew of professional thieves in los angeles and the obsessive detective who hunts them');
    expect(titles(first)[0]).toBe('Heat');
    const refined = await say(server, user, id, 'right director, wrong film — the one about a tobacco company whistleblower and a tv news producer');
    expect(refined.done.phase).toBe('confirmation');
    expect(titles(refined)[0]).toBe('The Insider');
    const state = await savedState(server, id);
    expect(state.hints.people).toEqual(['Michael Mann']);
  });

  test('a refinement that finds nothing new says so, keeps the candidates and spends nothing', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a crew of professional thieves in los angeles and the obsessive detective who hunts them');
    const fruitless = await say(server, user, id, 'no, there was a zorblax and a quendle in it');
    expect(fruitless.done.phase).toBe('confirmation');
    expect(fruitless.done.reply).toContain('one more specific detail? Roughly when it came out');
    expect(titles(fruitless)).toEqual(titles(first));
    const state = await savedState(server, id);
    expect(state.refinementCycles).toBe(0);
    expect(state.details).toHaveLength(1);
    expect(state.details[0]).toContain('zorblax and a quendle');
    // The candidates can still be picked.
    expect((await say(server, user, id, 'oh wait, it is the first one')).done.phase).toBe('qa');
  });

  test('a refinement that describes one of the films shown names it, and a yes takes it; the list keeps its order', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a pixar movie where toys come alive');
    expect(titles(first)).toContain('Toy Story 3');
    expect(titles(first)[0]).not.toBe('Toy Story 3');
    const pointed = await say(server, user, id, 'the one where they end up at a daycare');
    expect(pointed.done.phase).toBe('confirmation');
    expect(pointed.done.reply).toStartWith('That sounds like Toy Story 3 (2010), one of the films I showed you: is that the one?');
    expect(titles(pointed)).toEqual(titles(first));
    const state = await savedState(server, id);
    expect(state.refinementCycles).toBe(0);
    const confirmed = await say(server, user, id, 'yes');
    expect(confirmed.done.confirmed_movie.rag_title).toBe('Toy Story 3');
    // Turned down in so many words, no film shown is offered back as the one.
    const other = crypto.randomUUID();
    await say(server, user, other, 'a pixar movie where toys come alive');
    const turnedDown = await say(server, user, other, 'none of these, they end up at a daycare');
    expect(turnedDown.done.reply).not.toContain('That sounds like');
    // "older" tells nothing of the story: the detail before it must not point at a film shown.
    const third = crypto.randomUUID();
    await say(server, user, third, 'a heist movie in a casino');
    await say(server, user, third, 'none of these, it was in the 60s');
    const sinatra = await say(server, user, third, 'no, with frank sinatra');
    expect(sinatra.done.phase).toBe('confirmation');
    const older = await say(server, user, third, 'no, older');
    expect(older.done.reply).not.toContain('That sounds like');
    // A word only one film's story holds points at it, though the search for it alone offers
    // another film first (Toy Story 2 has a cowboy too, Toy Story 3 has none).
    const fourth = crypto.randomUUID();
    const toys = await say(server, user, fourth, 'toys that come alive when nobody is watching');
    expect(titles(toys)).toEqual(expect.arrayContaining(['Toy Story', 'Toy Story 3']));
    expect(titles(toys)).not.toContain('Toy Story 2');
    const cowboy = await say(server, user, fourth, 'the one with the cowboy');
    expect(cowboy.done.reply).toStartWith('That sounds like Toy Story (1995), one of the films I showed you');
    expect(titles(cowboy)).toEqual(titles(toys));
  });

  test('a question about a film shown is answered from its facts and chooses nothing; a yes then takes that film, "the first" the first', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, DESCRIPTION);
    const second = first.done.candidates[1];
    const asked = await say(server, user, id, 'who is in the second one?');
    expect(asked.done.phase).toBe('confirmation');
    expect(asked.done.confirmed_movie).toBeUndefined();
    expect(asked.done.reply).toStartWith(`${second.rag_title} stars ${second.rag_cast[0]}`);
    expect(asked.done.reply).toEndWith(`Is it ${second.catalog_title} (${second.catalog_year})? Say yes, or pick another film of the list, or tell me more about the film.`);
    expect(asked.tokens.join('')).toBe(asked.done.reply);
    expect(titles(asked)).toEqual(titles(first));
    const state = await savedState(server, id);
    expect(state.refinementCycles).toBe(0);
    expect((await say(server, user, id, 'yes')).done.confirmed_movie.rag_title).toBe(second.rag_title);
    // Asked about the second, the person picks the first of the list as shown.
    const other = crypto.randomUUID();
    await say(server, user, other, DESCRIPTION);
    await say(server, user, other, 'is the second one in color?');
    expect((await say(server, user, other, 'no, the first one')).done.confirmed_movie.rag_title).toBe(titles(first)[0]);
  });

  test('a person asked about ("with christian bale?") names the film shown that credits them and chooses nothing', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'two rival magicians in london, one does a teleporting trick');
    expect(titles(first)[0]).toBe('The Prestige');
    const asked = await say(server, user, id, 'with christian bale?');
    expect(asked.done.phase).toBe('confirmation');
    expect(asked.done.reply).toBe('The Prestige (2006), one of the films I showed you, has Christian Bale: is that the one? Say yes, or tell me more about the film.');
    expect((await savedState(server, id)).refinementCycles).toBe(0);
    expect((await say(server, user, id, 'yes')).done.confirmed_movie.rag_title).toBe('The Prestige');
  });

  test('whether someone is in a film shown is answered from its credits, and chooses nothing', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a shark terrorizes a beach town');
    expect(titles(first)[0]).toBe('Jaws');
    const asked = await say(server, user, id, 'is roy scheider in the first one?');
    expect(asked.done.phase).toBe('confirmation');
    expect(asked.done.reply).toStartWith('Yes: Roy Scheider is in Jaws.');
    const second = first.done.candidates[1];
    const notIn = await say(server, user, id, 'is roy scheider in the second one?');
    expect(notIn.done.reply).toStartWith(`I don't know of roy scheider in ${second.catalog_title ?? second.rag_title}`);
  });

  test('"and the second?" right after an answer asks the same of that film and picks nothing; a question of its own is its own', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, DESCRIPTION);
    const [one, two, three] = first.done.candidates;
    expect((await say(server, user, id, 'how long is the first one')).done.reply).toStartWith(`${one.rag_title} runs `);
    const followUp = await say(server, user, id, 'and the second?');
    expect(followUp.done.phase).toBe('confirmation');
    expect(followUp.done.reply).toStartWith(`${two.rag_title} runs `);
    const again = await say(server, user, id, 'what about the third one');
    expect(again.done.reply).toStartWith(`${three.rag_title} runs `);
    const own = await say(server, user, id, 'what about the director of the first one');
    expect(own.done.reply).toStartWith(`${one.rag_title} was directed by`);
    expect((await savedState(server, id)).refinementCycles).toBe(0);
    // With no question just answered, "and the second" is still a pick.
    const other = crypto.randomUUID();
    await say(server, user, other, DESCRIPTION);
    expect((await say(server, user, other, 'and the second')).done.confirmed_movie.rag_title).toBe(two.rag_title);
  });

  test('a refinement naming someone one film shown credits names that film, even after "none of those"', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'old movie, a man pretends to be a woman to join an all girl band');
    expect(titles(first)[0]).toBe('Some Like It Hot');
    const named = await say(server, user, id, 'none of those, it had marilyn monroe');
    expect(named.done.reply).toBe('Some Like It Hot (1959), one of the films I showed you, has Marilyn Monroe: is that the one after all? Say yes, or tell me more about the film.');
    expect(titles(named)).toEqual(titles(first));
    expect((await savedState(server, id)).refinementCycles).toBe(0);
    expect((await say(server, user, id, 'yes')).done.confirmed_movie.rag_title).toBe('Some Like It Hot');
  });

  test('a question asked with the pick is answered after the overview', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'animated movie about a rat who cooks in paris');
    expect(titles(first)[0]).toBe('Ratatouille');
    const confirmed = await say(server, user, id, 'yes that one!! who voices the rat?');
    expect(confirmed.done.phase).toBe('qa');
    expect(confirmed.done.confirmed_movie.rag_title).toBe('Ratatouille');
    const [overview, answer] = confirmed.done.reply.split('\n\n');
    expect(overview).toStartWith("Great, it's Ratatouille (2007)");
    expect(answer).toStartWith('Ratatouille stars ');
    expect(answer).toContain('Patton Oswalt');
  });

  test('a place the list does not have is said so, with nothing searched, chosen or spent', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, DESCRIPTION);
    await say(server, user, id, 'who is in the second one?');
    const beyond = await say(server, user, id, 'who is in the sixth one?');
    expect(beyond.done.phase).toBe('confirmation');
    expect(beyond.done.reply).toBe(`I showed you ${titles(first).length} films, so there is no number 6. Pick one by its number, 1 to ${titles(first).length}, or by its title, or tell me more about the film.`);
    expect(titles(beyond)).toEqual(titles(first));
    expect((await savedState(server, id)).refinementCycles).toBe(0);
    // The film asked about before stays in view.
    expect((await say(server, user, id, 'yes')).done.confirmed_movie.rag_title).toBe(titles(first)[1]);
  });

  test('"no, the sequel" looks for the film after the one shown first, in its series', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'the crew of a cargo spaceship is hunted by a creature that hatched inside one of them');
    expect(titles(first)[0]).toBe('Alien');
    const sequel = await say(server, user, id, "it's the one after that");
    expect(sequel.done.phase).toBe('confirmation');
    expect(titles(sequel)[0]).toBe('Aliens');
    expect((await savedState(server, id)).details).toEqual(['the sequel to Alien']);
    // A sequel among the films shown is named, and a yes takes it.
    const other = crypto.randomUUID();
    const toys = await say(server, user, other, 'toys come alive when their kid is not in the room, a cowboy doll is jealous of a spaceman toy');
    expect(titles(toys)[0]).toBe('Toy Story');
    expect(titles(toys)).toContain('Toy Story 2');
    const named = await say(server, user, other, 'no, the sequel');
    expect(named.done.reply).toStartWith('That sounds like Toy Story 2 (1999)');
    expect((await say(server, user, other, 'yes')).done.confirmed_movie.rag_title).toBe('Toy Story 2');
  });

  test('"no, the sequel" to a film with none in the collection says so plainly instead of offering strangers', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'a movie about a shark terrorizing a beach town');
    expect(titles(first)[0]).toBe('Jaws');
    const sequel = await say(server, user, id, 'no, the sequel');
    expect(sequel.done.reply).toStartWith("I don't have a sequel to Jaws (1975) in my collection.");
    expect(titles(sequel)).toEqual(titles(first));
    const fresh = await say(server, user, crypto.randomUUID(), 'the sequel to jaws');
    expect(fresh.done.phase).toBe('discovery');
    expect(fresh.done.reply).toStartWith("I don't have a sequel to Jaws (1975) in my collection. I'm sorry, I couldn't find that film");
  });

  test('asking for one more detail does not ask again for when it came out, once the person said so', async () => {
    const id = crypto.randomUUID();
    await say(server, user, id, 'a crew of professional thieves in los angeles and the obsessive detective who hunts them, from the 90s');
    const fruitless = await say(server, user, id, 'no, there was a zorblax and a quendle in it');
    expect(fruitless.done.reply).toContain('one more specific detail? An actor in it, where it is set, or a scene you remember.');
  });

  test('a refinement narrows the search with the new details', async () => {
    const id = crypto.randomUUID();
    await say(server, user, id, 'soldiers in a war');
    const refined = await say(server, user, id, 'none of these, it was about a british colonel building a bridge in a japanese prison camp');
    expect(titles(refined)).toContain('The Bridge on the River Kwai');
    const { state } = await server.services.sessions.checkpoint(id);
    expect((state as { query: string; refinementCycles: number }).query).toContain('british colonel building a bridge');
    expect((state as { refinementCycles: number }).refinementCycles).toBe(1);
  });

  test('offline, a Spanish description is searched in a word-by-word English gloss, and the reply says so', async () => {
    const id = crypto.randomUUID();
    const turn = await say(server, user, id, 'una película donde un tiburón blanco ataca a los bañistas de un pueblo de playa y el jefe de policía lo caza');
    expect(turn.done.phase).toBe('confirmation');
    expect(titles(turn)).toContain('Jaws');
    expect(turn.done.reply).toContain('I read Spanish word by word');
    expect(turn.done.reply).toMatch(/shark/);
  });

  test('offline, a description in a language it cannot read gets a clear reply: what the engine reads, how to enable more', async () => {
    const id = crypto.randomUUID();
    const turn = await say(server, user, id, 'een film waar een grote witte haai de zwemmers van een badplaats aanvalt en de politie het dier opjaagt');
    expect(turn.done.phase).toBe('discovery');
    expect(turn.done.candidates).toBeUndefined();
    expect(turn.done.reply).toContain('geen Nederlands');
    expect(turn.done.reply).toContain('in Dutch');
    expect(turn.done.reply).toContain('English, Spanish, German, French, Italian and Portuguese');
    expect(turn.done.reply).toContain('LLM_BASE_URL');
    const japanese = await say(server, user, id, 'サメが海水浴客を襲う映画');
    expect(japanese.done.reply).toContain('in Japanese');
    const next = await say(server, user, id, DESCRIPTION);
    expect(titles(next)[0]).toBe('Jaws');
  });

  test('discovery with no candidates > dead end, phase discovery', async () => {
    const id = crypto.randomUUID();
    const turn = await say(server, user, id, NONSENSE);
    expect(turn.done.phase).toBe('discovery');
    expect(turn.done.candidates).toBeUndefined();
    expect(turn.done.reply).toContain("couldn't find that film");
    expect(turn.done.reply).toContain('Roughly when it came out, an actor in it, or a scene you remember.');
    expect(turn.tokens.join('')).toBe(turn.done.reply);
  });

  test('a greeting or a request that describes no film is asked for a description, and searches nothing', async () => {
    const id = crypto.randomUUID();
    for (const message of ['hello', 'hi, can you help me find a movie?', 'thanks!', 'hallo, ich suche einen Film']) {
      const turn = await say(server, user, id, message);
      expect(turn.done.phase).toBe('discovery');
      expect(turn.done.candidates).toBeUndefined();
      expect(turn.done.reply).toContain("Tell me about the one you're looking for");
      expect(turn.done.reply).not.toContain("couldn't find");
    }
    const found = await say(server, user, id, DESCRIPTION);
    expect(titles(found)[0]).toBe('Jaws');
  });

  test('asking to be recommended films is told what the service does, and searches nothing', async () => {
    const id = crypto.randomUUID();
    const asked = await say(server, user, id, 'can you recommend a good horror movie?');
    expect(asked.done.phase).toBe('discovery');
    expect(asked.done.reply).toStartWith("I find a film you half-remember rather than recommend new ones. If there's one you're trying to recall, tell me what happens in it");
    expect(asked.done.candidates).toBeUndefined();
  });

  test('after "not found", a message that describes nothing keeps the description pending', async () => {
    const id = crypto.randomUUID();
    const notFound = await say(server, user, id, NONSENSE);
    expect(notFound.done.reply).toContain("couldn't find that film");
    const thanks = await say(server, user, id, 'ok thanks');
    expect(thanks.done.reply).toContain("Tell me about the one you're looking for");
    expect((await server.services.sessions.checkpoint(id)).state).toMatchObject({ phase: 'discovery', unfound: NONSENSE });
  });

  test('a dead end does not ask again for what the description already said (when it came out)', async () => {
    const turn = await say(server, user, crypto.randomUUID(), `${NONSENSE} from the 80s`);
    expect(turn.done.reply).toContain("couldn't find that film");
    expect(turn.done.reply).toContain('An actor in it, where it is set, or a scene you remember.');
    expect(turn.done.reply).not.toContain('when it came out');
  });

  test('a person named in a refinement corrects the one named before: nobody is told a film lacks the person taken back', async () => {
    const id = crypto.randomUUID();
    const first = await say(server, user, id, 'that 2000s movie with tom cruise where they arrest people before the crime');
    expect(titles(first)[0]).toBe('Minority Report');
    const corrected = await say(server, user, id, 'nah i think it was with bruce willis');
    expect(corrected.done.phase).toBe('confirmation');
    expect(corrected.done.reply).not.toContain('Tom Cruise');
    expect(corrected.done.candidates[0].rag_cast).toContain('Bruce Willis');
  });

  test('when the best match does not credit a person the description names, or holds nothing else of it, that is said first', async () => {
    // The bundled Aladdin is the 1992 cartoon.
    const described = await say(server, user, crypto.randomUUID(), 'will smith as a genie in a lamp');
    const best = described.done.candidates[0];
    expect(best.rag_cast).not.toContain('Will Smith');
    expect(described.done.reply.startsWith(`The closest match I found, ${best.catalog_title ?? best.rag_title} (${best.catalog_year ?? best.rag_year}), does not credit Will Smith as far as I know.`)).toBe(true);
    expect(described.tokens.join('')).toBe(described.done.reply);
    // Nothing is said when the best match credits everyone named and holds the story.
    const credited = await say(server, user, crypto.randomUUID(), 'tom hanks stranded on an island talking to a volleyball');
    expect(titles(credited)[0]).toBe('Cast Away');
    expect(credited.done.reply).not.toContain('The closest match I found');
    // Credited, but nothing of the story matches: said too.
    const namedOnly = await say(server, user, crypto.randomUUID(), 'keanu reeves dog revenge');
    expect(titles(namedOnly)[0]).toBe('The Matrix');
    expect(namedOnly.done.reply.startsWith('The closest match I found, The Matrix (1999), is one with Keanu Reeves, but nothing I know of its story matches the rest of your description.')).toBe(true);
    expect(namedOnly.done.reply).toContain("I'm not sure I have your film");
    // Only a name, or a name and when: films with them, and a word on what would narrow them down.
    const onlyNamed = await say(server, user, crypto.randomUUID(), 'tom hanks');
    expect(onlyNamed.done.reply.startsWith("You named Tom Hanks and nothing of the story: if the film isn't among these, tell me something that happens in it, or roughly when it came out.")).toBe(true);
    expect(onlyNamed.done.reply).not.toContain("I'm not sure I have your film");
    for (const candidate of onlyNamed.done.candidates) expect(candidate.rag_cast).toContain('Tom Hanks');
    const namedWhen = await say(server, user, crypto.randomUUID(), 'tom hanks from the 90s');
    expect(namedWhen.done.reply.startsWith("You named Tom Hanks and nothing of the story: if the film isn't among these, tell me something that happens in it.")).toBe(true);
  });

  test('a film placed in years the collection has no film from is told so plainly, first', async () => {
    const { to } = (await sharedSearch()).yearsHeld;
    const id = crypto.randomUUID();
    const described = await say(server, user, id, `a ${to + 2} thriller about a shark terrorizing a beach town`);
    expect(described.done.reply.startsWith(`None of the films I know came out in ${to + 2}: the latest I have came out in ${to}`)).toBe(true);
    expect(described.tokens.join('')).toBe(described.done.reply);
    // Said again when a refinement places the film there, and not when the years are ones it has.
    const other = crypto.randomUUID();
    const first = await say(server, user, other, 'a crew of professional thieves in los angeles and the obsessive detective who hunts them');
    expect(first.done.reply).not.toContain('None of the films I know');
    const refined = await say(server, user, other, `no, it came out in ${to + 3}`);
    expect(refined.done.reply).toContain(`None of the films I know came out in ${to + 3}`);
    // Where nothing is found at all, the dead end does not say twice that it may not be there.
    const notFound = await say(server, user, crypto.randomUUID(), `${NONSENSE} from ${to + 2}`);
    expect(notFound.done.reply).toContain("couldn't find that film");
    expect(notFound.done.reply.match(/may not be in my collection/g)).toHaveLength(1);
  });

  test('a description nothing fits closely gets the nearest films, said plainly to be uncertain', async () => {
    // No film of the bundled corpus tells this story, but several come near: the search offers
    // them, less likely than not (between the abstain threshold and LIKELY_FROM).
    const turn = await say(server, user, crypto.randomUUID(), 'a widow opens a cafe in a small town');
    expect(turn.done.phase).toBe('confirmation');
    expect(turn.done.candidates.length).toBeGreaterThan(0);
    expect(turn.done.reply).toContain("I'm not sure I have your film");
    expect(turn.done.reply).toContain('a detail would help me');
    expect(turn.done.reply).not.toContain('fit your description');
  });

  test('a restart between turns loses nothing', async () => {
    const id = crypto.randomUUID();
    const discovery = await say(server, user, id, DESCRIPTION);
    server = await server.restart();
    const confirm = await say(server, user, id, 'jaws');
    expect(confirm.done.phase).toBe('qa');
    expect(confirm.done.confirmed_movie.rag_title).toBe(titles(discovery)[0]);
  });

  test('two app instances on one database take alternate turns', async () => {
    const replica = await server.replica();
    try {
      const id = crypto.randomUUID();
      expect((await say(server, user, id, DESCRIPTION)).done.phase).toBe('confirmation');
      expect((await say(replica, user, id, 'yes')).done.phase).toBe('qa');
      expect((await say(server, user, id, 'what year did it come out?')).done.reply).toContain('1975');
      expect((await say(replica, user, id, 'who is in it?')).done.reply).toContain('Roy Scheider');
    } finally {
      await replica.stop();
    }
  });

  test('concurrent turns on one session are serialised: the second sees the first', async () => {
    const replica = await server.replica();
    try {
      const id = crypto.randomUUID();
      await say(server, user, id, DESCRIPTION);
      const [a, b] = await Promise.all([say(server, user, id, 'yes the first'), say(replica, user, id, 'who directed it?')]);
      const phases = [a.done.phase, b.done.phase];
      expect(phases).toEqual(['qa', 'qa']);
      const history = (await server.request('GET', `/chat/${id}/history`, { token: user.access })).json;
      expect(history.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
      // Whichever went second ran on the first's checkpoint: both are qa replies about Jaws.
      expect(history.confirmed_movie.rag_title).toBe('Jaws');
    } finally {
      await replica.stop();
    }
  });
});

describe('conversation on the embedded defaults', () => {
  test('discovery > confirm > qa on PGlite and the in-process store', async () => {
    const server = await startServer({ backend: 'embedded' });
    try {
      const user = await registerUser(server);
      const id = crypto.randomUUID();
      expect((await say(server, user, id, DESCRIPTION)).done.phase).toBe('confirmation');
      expect((await say(server, user, id, 'yes')).done.confirmed_movie.rag_title).toBe('Jaws');
      expect((await say(server, user, id, 'what is it rated?')).done.reply).toContain('8 out of 10');
    } finally {
      await server.stop();
    }
  });
});

describe('conversation with the live catalog client and an OpenAI-compatible model', () => {
  let catalog: FakeImdbApi;
  let llm: FakeOpenAi;
  let server: TestServer;
  let user: RegisteredUser;
  beforeAll(async () => {
    catalog = await startFakeImdbApi();
    llm = startFakeOpenAi();
    server = await startServer({
      env: { CATALOG_PROVIDER: 'imdbapi', CATALOG_BASE_URL: catalog.baseUrl, CATALOG_RETRIES: '0', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'scripted', LLM_TIMEOUT_MS: '1000' },
    });
    user = await registerUser(server);
  });
  afterAll(async () => {
    await server.stop();
    catalog.stop();
    llm.stop();
  });

  test('the model presents, classifies and answers with tools; catalog fields come from the live client', async () => {
    llm.fallback = (request) => {
      if (request.stream) return { kind: 'text', content: 'I think it is one of these: 1. Jaws, and more. Which one?' };
      if (request.tools) {
        const answered = request.messages.some((m) => m.role === 'tool');
        return answered ? { kind: 'text', content: 'Steven Spielberg directed Jaws (from the tools).' } : { kind: 'tool_calls', calls: [{ name: 'movie_credits', arguments: '{}' }] };
      }
      return { kind: 'text', content: '{"intent": "confirm", "index": 1}' };
    };
    const id = crypto.randomUUID();
    const discovery = await say(server, user, id, DESCRIPTION);
    expect(discovery.done.reply).toBe('I think it is one of these: 1. Jaws, and more. Which one?');
    expect(discovery.done.candidates[0].catalog_id).toMatch(/^tt\d{7}$/);
    const confirm = await say(server, user, id, 'that first one');
    expect(confirm.done.confirmed_movie.catalog_id).toMatch(/^tt\d{7}$/);
    expect(confirm.done.reply).toBe('Steven Spielberg directed Jaws (from the tools).');
    const toolResults = llm.requests.flatMap((r) => r.messages.filter((m) => m.role === 'tool').map((m) => m.content));
    expect(toolResults.some((content) => content?.includes('Steven Spielberg'))).toBe(true);
  });

  test('a description in another language is rewritten in English by the model, then searched', async () => {
    llm.fallback = (request) => {
      if (request.stream) return { kind: 'text', content: 'Here they are.' };
      return { kind: 'text', content: '{"language": "de", "description": "a great white shark terrorizes a summer beach town and the police chief hunts it", "era": {"from": 1970, "to": 1979}, "genres": [], "countries": [], "people": []}' };
    };
    const id = crypto.randomUUID();
    const discovery = await say(server, user, id, 'ein weißer Hai terrorisiert im Sommer einen Badeort und der Polizeichef jagt ihn');
    expect(discovery.done.phase).toBe('confirmation');
    expect(discovery.done.candidates[0].rag_title).toBe('Jaws');
    expect(llm.requests.some((r) => r.messages.some((m) => m.content?.includes('ein weißer Hai')))).toBe(true);
    const { state } = await server.services.sessions.checkpoint(id);
    expect(state).toMatchObject({ query: 'a great white shark terrorizes a summer beach town and the police chief hunts it', hints: { era: { from: 1970, to: 1979 } } });
  });

  test('with the model failing and the catalog down, the turn still completes from the offline engine', async () => {
    llm.fallback = () => ({ kind: 'error', status: 503 });
    catalog.failNext({ kind: 'status', status: 503 }, 100);
    const id = crypto.randomUUID();
    const started = Date.now();
    // Films not looked up before (the cache would answer for those).
    const discovery = await say(server, user, id, 'a comedy where a weatherman wakes up reliving the same day again and again');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(discovery.done.phase).toBe('confirmation');
    expect(discovery.done.candidates[0]).toMatchObject({ rag_title: 'Groundhog Day', catalog_id: null, catalog_title: null, catalog_genres: [] });
    expect(discovery.done.reply).toContain('1. Groundhog Day (1993)');
    catalog.reset();
  });
});
