// Emoji as the words of a story: people describe films with them in a chat ("🦈 beach 1975",
// "the one with the 🤖 and the 🌱"), and neither the index nor the embedding model reads them.
// Only things and beings a story holds are read; reactions (👍, 😂) are left to the reply reader.

/** An emoji and the word it stands for in a description, one pair a line (written by the team). */
const PAIRS = `
🦈 shark
🐋 whale
🐳 whale
🐬 dolphin
🐙 octopus
🐟 fish
🐠 fish
🐊 crocodile
🦖 dinosaur
🦕 dinosaur
🐉 dragon
🐲 dragon
🦍 gorilla
🐒 monkey
🐵 monkey
🦁 lion
🐯 tiger
🐅 tiger
🐻 bear
🐼 panda
🐺 wolf
🦊 fox
🐶 dog
🐕 dog
🐱 cat
🐈 cat
🐭 mouse
🐀 rat
🐷 pig
🐖 pig
🐴 horse
🐎 horse
🦄 unicorn
🐘 elephant
🐍 snake
🕷 spider
🦇 bat
🐦 bird
🦅 eagle
🐧 penguin
🐜 ant
🐝 bee
🧟 zombie
🧛 vampire
👻 ghost
💀 skull
👽 alien
👾 alien
🛸 ufo
🤖 robot
🧙 wizard
🧚 fairy
🧜 mermaid
🧞 genie
🤡 clown
🦸 superhero
🥷 ninja
🤠 cowboy
👮 police
🕵 detective
💂 guard
👸 princess
🤴 prince
👑 king
🏴‍☠️ pirate
☠ pirate
🚢 ship
⛵ boat
🛶 canoe
🚀 rocket
✈ plane
🚁 helicopter
🚂 train
🚗 car
🏎 race car
🏍 motorcycle
🚲 bicycle
🚌 bus
🌊 ocean
🏝 island
🏖 beach
🏜 desert
🏔 mountain
❄ snow
☃ snowman
🌋 volcano
🌪 tornado
⚡ lightning
🌕 moon
🌙 moon
🪐 planet
🌍 earth
🌎 earth
⭐ star
🌌 space
🏰 castle
🏠 house
🏚 haunted house
🏥 hospital
🏫 school
⛪ church
🗽 new york
🗼 paris
🎃 halloween
🎄 christmas
🎅 santa
💍 ring
💎 diamond
💰 money
🔫 gun
🗡 sword
⚔ swords
💣 bomb
🧨 dynamite
🔪 knife
🪓 axe
🏹 bow
⚽ football
🏀 basketball
⚾ baseball
🥊 boxing
🏈 football
🎸 guitar
🎹 piano
🎤 singer
🥁 drums
🎭 theatre
🎬 film
📺 television
📷 camera
💻 computer
🕹 video game
🎮 video game
⏰ clock
⏳ time
🧸 teddy bear
🎈 balloon
🍔 burger
🍕 pizza
🍫 chocolate
🍷 wine
☕ coffee
🌱 plant
🌹 rose
🌲 forest
🍄 mushroom
💊 pill
💉 needle
🧬 dna
🔬 microscope
🧪 experiment
💔 heartbreak
❤ love
💘 love
💋 kiss
💒 wedding
👰 bride
🤰 pregnant
👶 baby
👴 old man
👵 old woman
👧 girl
👦 boy
🚓 police car
⛓ chains
🔒 prison
🪦 grave
⚰ coffin
`;

/** Marks that only change how an emoji looks: variation selectors, skin tones, a gender joined on. */
const PRESENTATION = /[\uFE0E\uFE0F\u{1F3FB}-\u{1F3FF}]|\u200D[\u2640\u2642]\uFE0F?/gu;
const WORDS = new Map(
  PAIRS.trim()
    .split('\n')
    .map((line) => {
      const at = line.indexOf(' ');
      return [line.slice(0, at).replace(PRESENTATION, ''), line.slice(at + 1)] as const;
    }),
);
const EMOJI = /\p{Extended_Pictographic}(?:\u200D\p{Extended_Pictographic})*/gu;
const ANY_EMOJI = /\p{Extended_Pictographic}/u;

/** A text with the emoji a story holds said in words ("🦈 beach" is "shark beach"); others stay as they are. */
export function emojiSaid(text: string): string {
  if (!ANY_EMOJI.test(text)) return text;
  const plain = text.replace(PRESENTATION, '');
  return plain.replace(EMOJI, (emoji) => {
    const word = WORDS.get(emoji);
    return word === undefined ? emoji : ` ${word} `;
  }).replace(/ {2,}/g, ' ').trim();
}
