// Groups of interchangeable English words for a film's story (verbs-adjectives), for ../synonyms.ts: one group a line.
// Irregular verbs come first with their past forms: people retell a film in the past tense, a
// plot summary tells it in the present ("took" must meet "takes").
export default `
tie tied tying
take took taken
run ran
become became
send sent
give gave given
break broke broken
hold held
keep kept
stand stood
wear wore worn
speak spoke spoken
rise risen
tell told
feel felt
bring brought
hang hung
blow blew blown
draw drew drawn
hear heard
sit sat
spin spun
strike struck
slide slid
bend bent
kill slay slain slew murder homicide
assassinate assassination
massacre slaughter bloodbath carnage
strangle throttle strangulation garrote garrotte
suffocate smother asphyxiate asphyxiation
shoot shot
poison poisonous toxic venomous noxious toxin venom
behead decapitate decapitation beheading
execute execution
murderous homicidal bloodthirsty
die perish dead deceased death demise lifeless died dying dies
suicide suicidal
kidnap abduct abduction snatch
torture torment
attack assault
ambush waylay
beat beaten thrash pummel clobber batter wallop
fight fought brawl scuffle fistfight tussle
battle combat
war warfare
gunfight shootout firefight
flee fled escape abscond getaway
breakout jailbreak
chase pursue pursuit
hide hid hidden conceal concealment
steal stole stolen theft pilfer filch purloin
rob robbery heist holdup stickup
burgle burglarize burglarise burglary housebreaking
smuggle bootleg contraband
swindle scam fraud defraud bilk fleece
trick deceive dupe hoax bamboozle hoodwink fool
mislead misled
deceit deception trickery subterfuge ruse
fib untruth falsehood lie lied lying lies
dishonest untruthful deceitful duplicitous mendacious
betray betrayal backstab doublecross treachery
treacherous perfidious disloyal
rescue save
liberate liberation emancipate emancipation release
marry wed wedding marriage nuptials matrimony wedlock
betrothed affianced engagement betrothal engaged
woo courtship
love adore
romance romantic
infatuated smitten besotted lovestruck lovesick infatuation enamored enamoured
kiss smooch
seduce seduction
investigate investigation probe inquiry enquiry
spy espionage
snoop pry
possess possession
exorcise exorcize exorcism
transform transformation metamorphosis metamorphose morph
shapeshift shapeshifting shapechanging
shrink shrank shrunk shrunken miniaturize miniaturise
grow grew grown
enlarge enlargement
journey voyage odyssey trek travel travelled travelling
swap switch exchange interchange
blackmail extort extortion
threaten menace intimidate intimidation
bully harass harassment
afraid scared frightened fearful
fear fright dread terror
angry furious irate livid enraged incensed
anger rage fury wrath ire
lonely lonesome loneliness friendless forlorn
insane crazy mad deranged demented unhinged psychotic
insanity madness lunacy derangement
psychopathic sociopathic
obsessed obsess obsession fixated fixation
jealous envious jealousy envy
sad unhappy sorrowful miserable downcast dejected
depressed depression despondent melancholy melancholic
grief grieve mourn mourning bereavement bereaved
happy glad cheerful joyful joyous elated delighted
happiness joy bliss
brave courageous fearless valiant gallant daring plucky gutsy
bravery courage valor valour heroism gallantry heroic
cowardly craven spineless gutless cowardice
shy timid bashful diffident
nervous anxious jittery jumpy uneasy anxiety
embarrass embarrassment humiliate humiliation mortify
ashamed shame shameful
remorse remorseful contrite contrition repentant penitent
confuse bewilder puzzle baffle perplex befuddle confusion
surprised astonished amazed astounded stunned flabbergasted
bored boredom tedium ennui
boring dull tedious monotonous
curious inquisitive nosy nosey curiosity
greedy avaricious greed avarice covetous grasping
selfish egotistical egocentric selfcentered selfabsorbed
arrogant haughty conceited cocky arrogance hubris
vain vanity narcissistic narcissism
proud pride
kindhearted compassionate benevolent caring warmhearted
generous charitable magnanimous
cruel cruelty heartless merciless ruthless pitiless coldhearted
brutal vicious savage ferocious brutality
violent violence
evil wicked villainous malevolent nefarious
diabolical fiendish devilish demonic satanic
virtuous righteous virtue righteousness
innocent blameless guiltless innocence
naive gullible credulous naivety naivete
honest truthful sincere honesty
loyal faithful devoted loyalty fidelity
clumsy bumbling klutzy ungainly gawky oafish clumsiness awkward
incompetent inept bungling incompetence ineptitude
blind sightless blindness
deaf deafness
mute voiceless
paralyzed paralysed paralysis paralyze paralyse
disabled handicapped crippled disability handicap
sick ill unwell ailing
illness sickness disease ailment malady
injured hurt wounded injury wound
pregnant pregnancy
old elderly aged aging ageing geriatric
ancient archaic primeval primordial
young youthful
huge enormous gigantic massive colossal immense humongous gargantuan
big large sizable sizeable
tiny minuscule miniature teeny diminutive microscopic lilliputian
small little smallish
lanky gangly gangling
fat obese overweight chubby plump portly stout corpulent
thin skinny slim slender scrawny lean
gaunt emaciated cadaverous
hungry famished ravenous
starve starvation
strong powerful mighty potent
muscular brawny burly beefy
weak feeble frail puny weakness frailty
rich wealthy affluent prosperous moneyed wealth riches
poor impoverished destitute penniless needy poverty indigent
famous renowned celebrated fame renown famed illustrious
infamous notorious notoriety infamy
strange weird odd bizarre peculiar outlandish freaky
eccentric quirky oddball kooky offbeat idiosyncratic
wacky zany madcap goofy silly screwball
mysterious enigmatic mystery enigma inexplicable unexplained
secret covert clandestine surreptitious furtive secretive
disguise incognito undercover
beautiful pretty gorgeous attractive lovely beauty
sexy seductive alluring sultry
ugly hideous unsightly grotesque repulsive
deformed disfigured misshapen malformed deformity disfigurement
disgusting revolting repugnant vile nauseating sickening loathsome
smart intelligent clever brainy brilliant intelligence cleverness
stupid dumb idiotic foolish dimwitted moronic brainless stupidity
gifted talented prodigious talent
lazy slothful indolent idle laziness
rude impolite discourteous insolent rudeness
polite courteous politeness courtesy
friendly amiable genial affable cordial
hostile unfriendly antagonistic hostility enmity animosity
dangerous perilous hazardous risky unsafe danger peril
peaceful tranquil serene placid peace tranquility tranquillity serenity
silent silence noiseless soundless
quiet hushed
loud noisy deafening thunderous raucous
darkness gloom blackness
dirty filthy grimy grubby unclean soiled filth grime
spotless immaculate pristine
deserted desolate uninhabited unpopulated
abandon forsake forsaken abandonment
stranded marooned
vanish disappear disappearance
missing unaccounted
find found discover discovery uncover unearth
telekinesis telekinetic psychokinesis psychokinetic
telepathy telepathic mindreading
clairvoyance clairvoyant psychic
precognition precognitive prescient prescience foresee foresaw foreseen
premonition presentiment foreboding
omen portent augury
extrasensory esp
pyrokinesis pyrokinetic
supernatural paranormal preternatural otherworldly
occult arcane esoteric
magic magical sorcery wizardry witchcraft spellcraft
enchant bewitch spellbound ensorcel
curse hex jinx malediction
invisible invisibility unseen
immortal immortality undying deathless
invincible invulnerable indestructible impervious
teleport teleportation
levitate levitation
fly flew flown
superhuman superpowered
mutate mutation
resurrect resurrection reanimate reanimation revive
reincarnate reincarnation reborn rebirth
afterlife hereafter
hypnotize hypnotise hypnosis hypnotic mesmerize mesmerise mesmerism
brainwash indoctrinate indoctrination
heal cure
prophecy prophesy prophetic foretell predict prediction
summon conjure invoke
ghostly spectral wraithlike
eerie creepy spooky uncanny unsettling unearthly
incorporeal intangible disembodied
regenerate regeneration
voodoo vodou vodun
mythical mythological legendary fabled
miracle miraculous
holy sacred hallowed consecrated
sinful immoral ungodly
angelic cherubic seraphic
funny humorous comedic hilarious amusing comedy
humor humour
scary frightening terrifying horrifying horrific chilling bloodcurdling horror
suspense suspenseful thrilling thriller gripping nailbiting
tragic tragedy
heartbreaking heartrending poignant tearjerking tearjerker
heartbroken brokenhearted heartbreak heartache
melodrama melodramatic
adventure adventurous
drama dramatic
fantasy fantastical
whodunit whodunnit
animated animation cartoon
satire satirical parody spoof lampoon
biography biopic biographical
heartwarming feelgood uplifting touching
inspiring inspirational
gory gruesome grisly gore bloody
bleak grim dismal dreary cheerless
whimsical fanciful
absurd ridiculous ludicrous preposterous absurdity
surreal dreamlike surrealist
childish immature infantile puerile juvenile
raunchy bawdy ribald risque
lewd obscene indecent smutty
lust lustful lecherous lascivious horny
erotic sensual steamy erotica
cheesy corny hokey
kitsch kitschy campy
sentimental mawkish schmaltzy saccharine sappy
witty droll wry
farce farcical
fictional fictitious imaginary
psychedelic trippy
lighthearted breezy
dystopia dystopian
utopia utopian
apocalypse apocalyptic armageddon doomsday
disaster catastrophe calamity cataclysm catastrophic disastrous calamitous
arrest apprehend detain nab
capture catch caught
imprison incarcerate incarceration imprisonment confine confinement
accuse accusation allegation allege
sue lawsuit litigation litigate
testify testimony
avenge revenge vengeance retribution retaliate retaliation vengeful
seek sought search
explore exploration
decipher decode decrypt
scheme conspire conspiracy collude collusion
unfaithful adultery infidelity adulterous
meet met encounter
help aid assist assistance
protect protection safeguard shield defend defense defence
build built construct
destroy destruction annihilate obliterate annihilation
demolish raze bulldoze
vandalize vandalise vandalism deface
burn burnt incinerate
explode explosion blast detonate detonation
crash collide collision
sink sank sunk sunken
sneak snuck slink skulk creep crept tiptoe
wander roam rove meander
climb ascend clamber
fall fell fallen tumble plummet plunge
jump leap leapt
swim swam swum
drive drove driven
ride rode ridden
sing sang sung
write wrote written
eat ate eaten devour
drink drank imbibe drunk
drunk intoxicated inebriated drunken tipsy sloshed
sleep slept slumber asleep
wake woke woken awaken awoke awake
dream dreamt
forget forgot forgotten
amnesia amnesiac
remember recall recollect
teach taught instruct educate
learn learnt
buy bought purchase
sell sold
win won victory triumph
defeat vanquish overpower subdue
conquer conquest subjugate subjugation
invade invasion incursion
lose lost
freeze froze frozen
vow pledge oath swear swore sworn promise
bury entomb inter burial interment
dig dug excavate excavation
bleed bled hemorrhage haemorrhage
forgive forgave forgiven pardon absolve forgiveness
overthrow overthrew overthrown topple depose oust coup
rebel revolt rebellion uprising insurrection insurgency
mutiny mutinous
reign govern
inherit inheritance
adopt adoption adoptive
gamble gambling bet wager
compete competition contest
hijack skyjack commandeer carjack
bribe bribery payoff kickback
corrupt corruption crooked venal
addicted addiction hooked
hallucinate hallucination hallucinatory
delusional deluded delusion
paranoid paranoia
schizophrenia schizophrenic
coma comatose
faint swoon
despair hopelessness hopeless desperation desperate
worry fret
tired weary exhausted fatigued exhaustion fatigue weariness
freezing frigid icy chilly
scream shriek screech
yell shout holler bellow
cry weep wept sob tearful
giggle titter snicker snigger
smile grin
whisper murmur
argue quarrel bicker squabble argument quarrelled quarreled
feud vendetta
hate loathe detest despise abhor hatred loathing
yearn crave hanker longing craving
suspicious distrustful mistrustful suspicion distrust mistrust
banish exile banishment
expel expulsion
deport deportation
immigrate immigration emigrate emigration migrate migration
relocate relocation resettle
sabotage undermine subvert
infiltrate infiltration
interrogate interrogation
confess confession
reveal disclose divulge revelation
expose unmask exposure
pretend feign pretense pretence
fake counterfeit bogus phony phoney sham forged
impersonate impersonation masquerade
prank jape
joke jest quip wisecrack
mock ridicule deride taunt jeer mockery derision
insult affront
trap ensnare entrap snare
shackle fetter manacle
slap smack
push shove
throw threw thrown hurl fling flung toss
grab seize grasp clutch
smash shatter
fix repair mend
lend lent loan
debt indebted owe
pay paid
spend spent
warn warning forewarn
persuade convince coax cajole wheedle
coerce compel coercion
manipulate manipulative manipulation
obey comply
disobey defy flout
riot unrest turmoil
acquit acquittal exonerate exoneration vindicate vindication
excited thrilled excitement
eager keen enthusiastic avid
disgust revulsion repulsion
contempt scorn disdain contemptuous scornful disdainful
pity sympathy compassion
empathy empathic empathetic
grateful thankful gratitude appreciative
nostalgic nostalgia
confident selfassured selfconfident
insecure insecurity
panic frantic frenzied frenzy
traumatize traumatise trauma traumatic
troubled disturbed
vulnerable defenseless defenceless helpless
annoyed irritated irked vexed peeved
upset distressed distraught
appalled aghast horrified dismayed
humble modest
stubborn obstinate headstrong pigheaded mulish
ambitious ambition
determined resolute steadfast determination
reckless impulsive impetuous heedless recklessness
careful cautious wary prudent caution
cunning sly crafty wily devious sneaky underhanded
gentle tender
affectionate loving doting fond
strict stern severe
authoritarian dictatorial tyrannical despotic autocratic totalitarian
tyranny despotism dictatorship autocracy
oppress oppression repress repression
persecute persecution victimize victimise
rebellious defiant insubordinate disobedient defiance disobedience
obedient compliant docile submissive
naughty mischievous impish puckish roguish mischief
spoiled spoilt pampered bratty coddled
nerdy geeky dorky
cute adorable lovable loveable endearing
vulgar crude coarse uncouth
deadly lethal fatal
harmless innocuous benign
bankrupt insolvent bankruptcy
homeless unhoused
unemployed jobless unemployment
unmarried unwed
gay homosexual
transgender transsexual trans
autism autistic
bald hairless balding
blonde blond
naked nude unclothed nudity nakedness
modern contemporary
fast quick rapid swift speedy
slow sluggish
arduous grueling gruelling strenuous
royal regal kingly
aristocratic highborn patrician noble
ordinary normal mundane everyday commonplace humdrum
unusual uncommon atypical
real genuine authentic
perfect flawless impeccable
dilapidated ramshackle rundown decrepit derelict crumbling
luxurious lavish opulent sumptuous luxury extravagant
expensive costly pricey
rural rustic bucolic
indigenous native aboriginal
untamed feral wild
tame domesticated domesticate
anonymous nameless unnamed unidentified
sarcastic sardonic sarcasm snarky
cynical jaded disillusioned cynicism
optimistic hopeful optimism
pessimistic pessimism defeatist
grumpy grouchy cranky irritable crabby cantankerous curmudgeonly
bitter resentful embittered resentment bitterness
suddenly abruptly sudden abrupt
accidentally inadvertently unintentionally mistakenly
accidental inadvertent unintentional unintended
deliberately intentionally purposely
deliberate intentional
secretly covertly clandestinely surreptitiously furtively
quickly rapidly swiftly speedily
immediately instantly
eventually ultimately
forever eternally
alone solo unaccompanied
freedom liberty
redeem redemption atone atonement
destiny fate
lucky fortunate luck
unlucky unfortunate hapless luckless
chaos mayhem havoc pandemonium bedlam
evidence proof
crime offense offence wrongdoing misdeed
illegal unlawful illicit
legal lawful legitimate legit
enslave enslavement slavery servitude bondage
evade elude dodge evasion
outwit outsmart outfox outmaneuver outmanoeuvre
maim mutilate
cremate cremation
besiege siege
surrender capitulate capitulation
retreat withdraw withdrew
bombard bombardment shelling barrage
trespass intrude intrusion
embezzle embezzlement misappropriate
abuse mistreat maltreat mistreatment maltreatment abusive
neglect neglectful negligent
terrorize terrorise
apologize apologise apology
criticize criticise criticism
colonize colonise colonization colonisation colonial
idolize idolise
fantasize fantasise daydream
dramatize dramatise dramatization dramatisation
endanger imperil jeopardize jeopardise
realize realise
recognize recognise
sympathize sympathise
rumor rumour gossip hearsay
stench stink reek stank stunk smelly stinky
smell odor odour scent
gray grey
colorful colourful
skeptical sceptical skepticism scepticism
somber sombre
glamorous glamour glamor glitzy
labor labour toil drudgery
judgment judgement
kneel knelt
afflict afflicted stricken
forbid forbade forbidden prohibit
mistake mistook mistaken error blunder
overcome overcame surmount
shake shook shaken
tremble shiver quiver shudder
choose chose chosen select
begin began begun commence
attempt endeavor endeavour
hurry rush hasten
understand understood comprehend
ponder contemplate mull
praise laud extol commend acclaim
complain grumble gripe whine
beg plead implore beseech entreat
disown renounce repudiate
evict eviction
hire employ
quit resign resignation
fail flunk
invent invention
infect infection infectious contagious contagion
contaminate contamination pollute pollution
radioactive irradiated radiation
survive survival
elope elopement
reunite reunion
estranged estrangement
flirt flirtatious flirty coquettish
hug embrace cuddle
observe surveil surveillance
overhear overheard eavesdrop
materialize materialise
flood inundate deluge inundation
wise sagacious wisdom
guilty culpable
unfair unjust injustice
outgoing extroverted sociable gregarious
reclusive withdrawn introverted
complex complicated convoluted intricate
calm composed unflappable unruffled
skilled skillful skilful adept proficient deft
inexperienced untrained unskilled
experienced seasoned
agile nimble spry lithe
sleepy drowsy
pale pallid ashen wan
scruffy unkempt disheveled dishevelled bedraggled
elegant stylish chic classy
trendy fashionable voguish
outdated obsolete antiquated outmoded oldfashioned
fragile delicate brittle
sturdy robust
delicious tasty yummy scrumptious
eternal everlasting perpetual endless
infinite boundless limitless
remote secluded isolated outlying
vacant unoccupied empty
valuable precious priceless invaluable
worthless valueless
virtual simulated simulation
artificial synthetic manmade
underwater undersea submerged
underground subterranean
nuclear atomic
exterminate extermination eradicate eradication
relieved relief
regret rue regretful
spiteful vindictive malicious malice spite
callous unfeeling insensitive
aloof standoffish detached
passionate fervent ardent
moody temperamental
irascible hotheaded
gloomy morose sullen glum sulky
ecstatic euphoric overjoyed jubilant
intuition hunch
spell incantation
unholy blasphemous sacrilegious blasphemy sacrilege
ritual rite
allegory allegorical parable
myth lore folklore
epic saga
story tale narrative storyline
ending finale conclusion denouement
realistic lifelike
nightmarish hellish harrowing
educational instructive informative
vast expansive sprawling
golden gilded gilt
crimson scarlet vermilion
colorless colourless
transparent seethrough
shiny glossy gleaming
murky shadowy dim
foggy misty hazy
stormy tempestuous
scorching sweltering blistering
soaked drenched sodden
dry arid parched
barren infertile sterile
lush verdant
rotten putrid decay decompose decomposition
moldy mouldy
cozy cosy snug
spacious roomy
crowded packed thronged
furry shaggy hairy
eloquent articulate
talkative chatty garrulous loquacious
taciturn reticent uncommunicative
stoic impassive
cheeky impudent sassy brash
flamboyant ostentatious showy flashy
pompous pretentious
snobbish snobby snooty
feminine womanly ladylike
masculine manly
celibate chaste
religious pious devout
insomnia insomniac sleeplessness sleepless
handsome dashing
unconscious senseless
dizzy lightheaded woozy
nauseous queasy
recover recuperate convalesce recovery
rehab rehabilitation
bite bitten
whip flog
punish punishment penalize penalise
spurn rebuff snub jilt reject rejection
comfort console soothe
assemble convene gather
reconcile reconciliation
ignite kindle
extinguish douse
announce proclaim declare
inform notify
bargain haggle
scold reprimand rebuke berate chide
brag boast
slander defame libel defamation
honor honour
disgrace dishonor dishonour ignominy
tempt entice lure temptation
hysteria hysterical
sorrow woe anguish
conflict strife discord
truce ceasefire armistice
pact treaty
alliance coalition
mysteriously inexplicably
reluctantly unwillingly grudgingly
reluctant unwilling hesitant
willingly voluntarily
nomadic itinerant
shady dodgy sketchy
cliche cliched formulaic predictable hackneyed
twisted warped perverse perverted depraved deviant
worship revere venerate
confiscate impound
rent lease
wrestle grapple
enroll enrol
awestruck awed overawed
speechless dumbfounded dumbstruck
terrified petrified
sentient selfaware
bionic cybernetic
slapstick knockabout
fulfil fulfill
cancel cancelled canceled
marvelous marvellous wonderful splendid
wilful willful
behavior behaviour conduct
favorite favourite
color colour hue
outrun outpace outdistance
overbearing domineering bossy
aspiring wannabe budding
meek mousy
feisty spirited spunky
hardworking diligent industrious
miserly stingy tightfisted parsimonious
thrifty frugal
sane lucid
rational logical
irrational illogical
`;
