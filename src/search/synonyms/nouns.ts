// Groups of interchangeable English words for a film's story (nouns), for ../synonyms.ts: one group a line.
export default `
mother mom mum mommy mama momma
father dad daddy papa pappy
grandmother grandma granny gran nan nana grandmom
grandfather grandpa granddad grandad gramps grandpop
brother bro brethren
sister sis
sibling sib
grandchild grandchildren grandkid
child children kid kiddo youngster
baby infant newborn neonate
toddler tot
teenager teen adolescent teenage
preteen tween
youth juvenile
boy lad laddie
girl lass lassie gal
man men
woman women
guy bloke chap fellow fella dude
gentleman gentlemen
person people individual human folk
mankind humankind humanity
adult grownup
pensioner retiree
codger geezer oldster
crone hag beldam
husband hubby
wife wives missus missis
fiance fiancee betrothed
bride bridal
groom bridegroom
aunt auntie aunty
stepmother stepmom stepmum
stepfather stepdad
stepchild stepchildren
orphan orphaned
widow widowed widowhood
ancestor forefather forebear progenitor
descendant offspring progeny scion
relative kin kinsman kinswoman kinfolk kinsfolk
lineage bloodline ancestry pedigree parentage
boyfriend beau
lover paramour
sweetheart beloved
suitor admirer wooer
crush infatuation
housewife homemaker housewives
nanny nursemaid
babysitter sitter childminder
governess tutor
damsel maiden
cop policeman policewoman policemen officer constable patrolman
police constabulary
detective sleuth investigator gumshoe
sheriff marshal lawman
spy espionage operative
doctor physician doc medic
psychiatrist shrink psychologist therapist psychotherapist psychoanalyst
pediatrician paediatrician
anesthetist anaesthetist anesthesiologist
paramedic emt
lawyer attorney solicitor barrister counsel advocate
counselor counsellor
judge magistrate
jury juror
teacher schoolteacher educator instructor schoolmaster schoolmistress
professor prof lecturer academic
headmaster headmistress headteacher principal
student pupil
schoolboy schoolgirl schoolkid schoolchild schoolchildren
undergraduate undergrad
freshman fresher
graduate grad alumnus alumni alumna
classmate schoolmate
scientist researcher boffin
archaeologist archeologist
paleontologist palaeontologist
programmer coder
writer author novelist wordsmith
screenwriter scriptwriter scenarist
filmmaker moviemaker
journalist reporter correspondent newsman newspaperman newswoman
photographer paparazzo paparazzi
actor actress thespian
singer vocalist crooner songstress
comedian comedienne
poet bard
prostitute hooker whore harlot streetwalker courtesan
pimp procurer
celebrity celeb
rancher cattleman
cowboy cowhand cowpoke cowpuncher buckaroo vaquero
shepherd shepherdess herdsman herder
lumberjack logger woodcutter woodsman
peasant serf
slave bondsman thrall
butler valet manservant
maid maidservant housemaid chambermaid
chef cook
waiter waitress
bartender barman barmaid barkeep barkeeper
innkeeper publican
janitor custodian
carer caregiver
gardener groundskeeper
hairdresser hairstylist coiffeur
seamstress dressmaker
steward stewardess
undertaker mortician
gravedigger sexton
executioner hangman headsman
chauffeur driver
cabbie cabdriver cabman
pilot aviator airman
astronaut cosmonaut spaceman spacewoman taikonaut
sailor seaman mariner seafarer
captain skipper
pirate buccaneer corsair freebooter privateer piracy
fisherman fishermen angler
hunter huntsman huntress
fireman firemen firefighter
mailman postman postie mailmen postmen
accountant bookkeeper
salesman salesperson saleswoman salesmen
shopkeeper storekeeper
merchant trader
peddler pedlar hawker vendor
businessman businesswoman businessmen
executive exec
tycoon magnate mogul industrialist
millionaire multimillionaire
owner proprietor
employee staffer
worker workman laborer labourer
colleague coworker workmate
roommate flatmate housemate
tenant lodger boarder renter
customer client patron
neighbor neighbour
guest visitor
apprentice trainee
novice beginner newbie rookie greenhorn tenderfoot
mentor guru
prodigy wunderkind
nerd geek dork dweeb
hermit recluse loner
tramp hobo vagrant bum drifter vagabond
beggar panhandler mendicant
outcast pariah
immigrant migrant emigrant
tourist sightseer
traveler traveller wayfarer
explorer adventurer
athlete sportsman sportswoman
boxer pugilist prizefighter
wrestler grappler
coach trainer
referee umpire ref
gambler bettor punter
activist campaigner
diplomat envoy ambassador emissary
messenger courier
politician statesman
dictator tyrant despot autocrat
chairman chairperson chairwoman
leader chieftain headman
boss chief honcho
soldier trooper troop serviceman servicemen infantryman rifleman
army military
navy naval
sergeant sarge
mercenary merc hireling
sniper sharpshooter marksman
recruit conscript draftee
guerrilla guerilla partisan
knight paladin chevalier
archer bowman
swordsman swordsmen swordswoman
horseman horsemen equestrian
cavalry cavalryman dragoon
ninja shinobi
viking norseman norsemen
monarch sovereign
king kingly kingship
queen queenly
prince princely
tsar czar tzar
tsarina czarina tsaritsa
maharaja maharajah
raja rajah
rani ranee
sheikh sheik shaikh
caliph calif khalif
aristocrat nobleman noblewoman patrician
aristocracy nobility gentry
royalty royal royals
kingdom realm
heir successor
coronation crowning enthronement
clown jester buffoon harlequin
priest clergyman cleric clergy churchman padre
vicar parson rector curate
pastor preacher reverend evangelist
monk friar monastic
pope pontiff papal papacy
imam mullah
prophet prophetess seer soothsayer oracle
psychic clairvoyant fortuneteller
shaman witchdoctor
disciple follower apostle acolyte devotee
savior saviour messiah redeemer
atheist unbeliever nonbeliever
pagan heathen
god deity divinity godhead
angel seraph seraphim cherub cherubim archangel
devil satan lucifer beelzebub mephistopheles
demon demonic fiend daemon
hell hades underworld netherworld
heaven paradise
afterlife hereafter
ghost ghostly spectre specter phantom apparition spook wraith
vampire vampyre bloodsucker nosferatu vampiric
werewolf lycanthrope lycan wolfman lycanthropy
zombie zombi undead revenant
witch sorceress enchantress
wizard sorcerer warlock mage magus
magician conjurer conjuror illusionist
magic magical sorcery witchcraft wizardry
spell incantation enchantment
curse hex jinx malediction
fairy faerie fae pixie sprite
elf elves elven
dwarf dwarves dwarfs
goblin hobgoblin
giant giantess
dragon wyrm wyvern
mermaid merman mermen merfolk
monster creature beast
genie djinn jinn jinni genii
yeti bigfoot sasquatch
kraken leviathan
shapeshifter changeling skinwalker metamorph
griffin gryphon griffon
satyr faun
wendigo windigo
bogeyman boogeyman bogyman bugaboo
hero heroine protagonist
villain baddie baddy antagonist villainess
enemy foe adversary nemesis archenemy opponent
friend pal buddy chum bestie amigo
henchman henchmen minion lackey flunky stooge underling
thug goon bruiser roughneck
hooligan yob lout hoodlum ruffian
gangster mobster mafioso wiseguy racketeer
mafia mob syndicate
mobster mafia mob
gang posse
kingpin druglord crimelord
pusher dealer
smuggler trafficker contrabandist
criminal crook felon lawbreaker offender miscreant malefactor wrongdoer
outlaw bandit brigand highwayman desperado
thief thieves robber burglar housebreaker
pickpocket cutpurse
murderer killer slayer murderess
assassin hitman hitmen hitwoman
psychopath psycho sociopath
madman madwoman lunatic maniac nutcase nutter loony
idiot fool moron imbecile dimwit nitwit dunce halfwit
gunman gunmen gunslinger gunfighter shooter
arsonist firebug pyromaniac
pedophile paedophile
hijacker skyjacker
hijacking skyjacking
blackmailer extortionist
blackmail extortion
counterfeiter forger
forgery counterfeit
swindler conman fraudster grifter hustler charlatan
scam fraud swindle grift
liar fibber
traitor turncoat betrayer renegade
informant informer snitch stoolie fink
kidnapper abductor captor
hostage captive
prisoner inmate convict detainee jailbird
drunk drunkard alcoholic wino sot
addict junkie druggie
moneylender usurer
bodyguard protector minder
guard sentry sentinel watchman
warden jailer gaoler jailor turnkey
witness eyewitness
bystander onlooker spectator
cannibal maneater
cult sect
brotherhood fraternity
sisterhood sorority
team squad
crowd throng multitude
prison jail gaol penitentiary slammer clink lockup jailhouse
asylum madhouse bedlam sanitarium sanatorium
hospital infirmary sickbay
morgue mortuary
school schoolhouse academy
college university uni varsity
kindergarten preschool
classroom schoolroom
dormitory dorm
laboratory lab
church chapel
cathedral minster
mosque masjid
synagogue shul
monastery abbey priory friary
convent nunnery
graveyard cemetery churchyard necropolis boneyard
tomb crypt mausoleum sepulchre sepulcher
grave gravesite
tombstone gravestone headstone
coffin casket sarcophagus
corpse cadaver carcass
gallows scaffold gibbet
house home dwelling residence abode domicile
mansion manor villa chateau
castle fortress citadel stronghold fort fortification
cottage cabin chalet
hut shack shanty hovel
apartment flat condo condominium
skyscraper highrise
building edifice
hotel inn lodge hostel motel guesthouse
room chamber
bedroom bedchamber boudoir
bathroom restroom washroom toilet loo lavatory latrine
parlor parlour lounge
attic loft garret
basement cellar
hallway corridor passageway
stairs staircase stairway stairwell
elevator lift
pantry larder
porch veranda verandah
fireplace hearth
roof rooftop
tower turret
dungeon oubliette
garden yard backyard
greenhouse hothouse glasshouse
farm ranch homestead farmstead
barracks garrison
headquarters hq
camp encampment bivouac campsite
hideout hideaway lair den
refuge sanctuary haven shelter
colony settlement outpost
warehouse storehouse depot
shop store boutique emporium
supermarket hypermarket
market marketplace bazaar souk
pharmacy drugstore apothecary
bookshop bookstore
restaurant eatery bistro brasserie trattoria
cafe coffeehouse coffeeshop
cafeteria canteen lunchroom
bar pub tavern saloon alehouse taproom barroom boozer
nightclub disco discotheque nightspot
brothel bordello whorehouse cathouse
theater theatre playhouse
stadium arena
gym gymnasium
zoo menagerie
funfair carnival
court courtroom tribunal
company corporation
factory manufactory
quad quadrangle
plaza piazza
city metropolis
town township
village hamlet
neighborhood neighbourhood district
suburb suburbia
slum slums ghetto shantytown favela barrio
highway freeway motorway interstate expressway
street avenue boulevard
alley alleyway backstreet
crossroads intersection junction crossing
sidewalk pavement footpath
backwoods boondocks hinterland
nation country
homeland motherland fatherland
border boundary
forest woods woodland
jungle rainforest
clearing glade
wilderness wilds
wasteland badlands
mountain peak summit
hillock knoll mound hummock
valley vale dale glen
canyon gorge ravine gully
abyss chasm
cave cavern grotto
cliff precipice
stream creek brook rivulet
waterfall cascade
lake loch lough
sea ocean
beach seashore seaside shore
coast coastline
island isle islet atoll
swamp marsh bog fen mire morass bayou quagmire
meadow pasture paddock
prairie plains grassland steppe savanna savannah
harbor harbour port seaport
dock pier wharf jetty quay
airport airfield aerodrome airstrip
landscape scenery
sky firmament
storm tempest gale squall
hurricane typhoon
tornado twister cyclone
snowstorm blizzard whiteout
downpour rainstorm cloudburst
fog mist
earthquake quake tremor
flood deluge inundation
fire blaze inferno conflagration
disaster catastrophe calamity cataclysm
apocalypse armageddon doomsday
famine starvation
rubble debris wreckage
car automobile auto motorcar
truck lorry
limousine limo
convertible cabriolet
camper motorhome caravan rv
taxi cab taxicab
bus omnibus
motorcycle motorbike
bicycle bike
moped scooter
tram streetcar trolley
subway metro
railway railroad
cart wagon
sled sledge sleigh toboggan
helicopter chopper copter heli
airplane aeroplane plane aircraft airliner jetliner
blimp airship zeppelin dirigible
parachute chute
ship boat vessel
liner steamship steamer
yacht sailboat
rowboat dinghy skiff
ferry ferryboat
warship battleship
submarine uboat
fleet armada flotilla
convoy motorcade
spaceship spacecraft starship rocketship
capsule pod
alien extraterrestrial
mars martian
earthling terran
robot robotic droid automaton bot robotics
android replicant humanoid
cyborg bionic
mecha mech
computer pc
drone uav
hologram holograph holographic
cryosleep hypersleep
hyperspace hyperdrive lightspeed warp
wormhole portal stargate
teleportation teleporter
raygun blaster phaser
nanotechnology nanotech
biotechnology biotech
asteroid meteor meteorite meteoroid
moon lunar
sun solar
galaxy galactic
universe cosmos cosmic
planet planetary
clone duplicate replica
doppelganger doppleganger lookalike
mutant mutation
radiation radioactivity radioactive
telepathy telepathic telepath mindreader
telekinesis telekinetic psychokinesis
invisibility invisible
immortality immortal
dystopia dystopian
utopia utopian
brainwashing indoctrination
hypnosis hypnotism mesmerism
hypnotist mesmerist
weapon weaponry armament
arsenal armory armoury
gun firearm
pistol handgun revolver sidearm sixgun sixshooter
rifle carbine
shotgun scattergun
silencer suppressor
bullet ammo ammunition cartridge
cannon artillery
missile projectile
bomb explosive
dynamite tnt gelignite
nuke nuclear atomic
sword sabre saber rapier cutlass scimitar broadsword longsword
knife knives dagger blade dirk switchblade shiv
axe ax hatchet tomahawk
spear lance javelin
cudgel bludgeon
truncheon baton nightstick
shield buckler
armor armour
catapult slingshot
whip scourge
nunchucks nunchaku nunchuks
handcuffs cuffs manacles shackles fetters
dog hound canine pooch mutt doggy doggie
puppy pup whelp
cat feline pussycat moggy
kitten kitty
horse steed equine racehorse
donkey burro
ox oxen
pig hog swine piggy porker
chicken hen
rooster cockerel
goose geese
bird avian
gull seagull
vulture buzzard
budgie budgerigar parakeet
snake serpent
crocodile alligator croc gator
turtle tortoise terrapin
spider arachnid
insect bug
cockroach roach
mosquito mozzie skeeter
mouse mice
louse lice
rabbit bunny
wolf wolves
moose elk
reindeer caribou
bison buffalo
cougar puma panther catamount
chimpanzee chimp
kangaroo roo
hippopotamus hippo
rhinoceros rhino
camel dromedary
mammoth mastodon
dinosaur dino
tyrannosaurus trex
octopus octopi
animal critter fauna
vermin pest
skull cranium
face visage countenance
eye eyeball
forehead brow
tooth teeth
foot feet
mustache moustache
wig toupee hairpiece
throat gullet
belly stomach tummy abdomen gut
intestine bowel entrails innards viscera
navel bellybutton
spine backbone
buttocks butt backside arse derriere rump
breast bosom boob
groin crotch
genitals genitalia
limb appendage
claw talon
wound injury
bruise contusion
prosthesis prosthetic
money cash dough moolah dosh lucre funds
dollar greenback
wealth riches fortune
poverty penury destitution
treasure hoard trove
loot booty plunder swag spoils
jewel gem gemstone
jewelry jewellery bling
bracelet bangle
crown diadem coronet
salary wages paycheck
bribe bribery kickback payoff
reward bounty
inheritance legacy bequest
prize award
vault strongroom
lottery lotto sweepstakes
food grub chow nourishment victuals
beverage drink
alcohol liquor booze hooch
beer ale lager brew brewski
whisky whiskey
champagne bubbly
candy sweets confectionery
cookie biscuit
dessert pudding afters
hamburger burger
frankfurter wiener hotdog
sandwich sarnie
soup broth
vegetable veggie veg
potato spud tater
corn maize
eggplant aubergine
zucchini courgette
cilantro coriander
shrimp prawn
porridge oatmeal
barbecue bbq barbeque cookout
takeaway takeout
feast banquet
dinner supper
lunch luncheon
breakfast brekkie brekky
meal repast
drug narcotic
cocaine coke
marijuana cannabis weed ganja reefer
poison toxin venom
potion elixir philter philtre
medicine medication meds
antidote cure remedy
pill tablet
virus pathogen germ
epidemic pandemic plague pestilence outbreak contagion
disease illness sickness ailment malady affliction
tumor tumour
overdose od
phone telephone cellphone smartphone handset
tv television telly
video videotape footage
film movie flick
photo photograph picture snapshot pic
painting artwork canvas
statue sculpture effigy
letter missive epistle
diary journal
book tome
newspaper gazette tabloid broadsheet
internet cyberspace online
website webpage homepage
disc disk
headphones earphones headset earbuds
microphone mic
refrigerator fridge icebox
stove cooker
vacuum hoover
flashlight torch
satnav gps
engine motor
machine machinery
device gadget contraption gizmo apparatus contrivance
clock timepiece
toy plaything
puppet marionette
couch sofa settee divan
closet wardrobe cupboard
trash garbage rubbish
dustbin trashcan
bag sack
suitcase luggage baggage valise
box crate carton
clothes clothing garments attire apparel garb
dress gown frock
coat overcoat greatcoat
trousers pants slacks
underwear undies underpants knickers lingerie
glasses spectacles specs eyeglasses
umbrella brolly
purse handbag
wallet billfold
cigarette cig ciggy
amulet talisman
artifact artefact relic
chalice goblet
cipher cypher
password passcode passphrase
invitation invite
bible scripture
koran quran
sermon homily
baptism christening
sin transgression
ritual rite ceremony
omen portent harbinger
fate destiny kismet
reincarnation rebirth transmigration
legend myth lore folklore
story tale narrative yarn
rumor rumour gossip hearsay
news tidings
mystery enigma riddle puzzle conundrum
evidence proof
autopsy postmortem necropsy
investigation inquiry enquiry probe
crime offence offense felony
murder homicide slaying manslaughter
massacre slaughter carnage bloodbath butchery
kidnapping abduction
heist robbery holdup stickup caper theft burglary larceny
conspiracy scheme intrigue
revenge vengeance retribution payback
betrayal treachery perfidy
lawsuit litigation
verdict judgement judgment
breakout jailbreak
manhunt dragnet
chase pursuit
wedding nuptials marriage matrimony wedlock
engagement betrothal
funeral burial interment entombment obsequies
death demise
birth childbirth
party bash shindig soiree gathering celebration festivity
festival fiesta fete fest
parade procession
christmas xmas yuletide yule
holiday vacation
graduation commencement
audition tryout
concert gig recital
competition contest tournament
wager bet gamble
journey voyage trip trek odyssey
adventure escapade
mission assignment
affair liaison fling dalliance
job employment profession vocation
war warfare wartime
battle combat clash skirmish fray
battlefield battleground warzone
shootout gunfight firefight gunplay
brawl scuffle melee fistfight fisticuffs
duel showdown
attack assault onslaught
raid foray sortie
invasion incursion
rebellion uprising revolt insurrection insurgency revolution
rebel insurgent insurrectionist revolutionary
mutiny mutineer
coup putsch
truce armistice ceasefire
treaty pact accord
alliance coalition
explosion blast detonation
crash collision wreck smashup pileup
accident mishap
protest demonstration rally
greed avarice cupidity
fear dread fright terror
anger rage fury wrath ire
grief sorrow mourning bereavement
madness insanity lunacy derangement
despair despondency hopelessness
memory recollection reminiscence
falsehood untruth fib
honor honour
courage bravery valor valour heroism gallantry
coward poltroon
loyalty allegiance fidelity
freedom liberty
fame renown stardom
addiction dependency
obsession fixation
shame disgrace dishonor dishonour humiliation
remorse regret contrition repentance
forgiveness absolution
redemption salvation
danger peril jeopardy hazard
threat menace
trap snare
mistake error blunder
1920s 20s twenties
1930s 30s thirties
1940s 40s forties
1950s 50s fifties
1960s 60s sixties
1970s 70s seventies
1980s 80s eighties
1990s 90s nineties
two 2
three 3
four 4
five 5
six 6
seven 7
eight 8
nine 9
ten 10
eleven 11
twelve 12
thirteen 13
`;
