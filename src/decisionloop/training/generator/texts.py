"""Texts for synthetic episodes: encyclopedia topics with their opening lines, notes with the words that find them,
and messages to send."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Topic:
    """An encyclopedia article: its title, the short description shown in brackets, and its first sentences."""

    title: str
    description: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteText:
    """A saved note and the phrases a person would search it by (best first)."""

    text: str
    keys: tuple[str, ...]


def _t(title: str, description: str, text: str) -> Topic:
    return Topic(title=title, description=description, text=text)


TOPICS: tuple[Topic, ...] = (
    _t(
        "Photosynthesis",
        "Biological process",
        "Photosynthesis is the process by which plants, algae and some "
        "bacteria turn light into chemical energy. It releases oxygen as a by-product. Most life on Earth depends "
        "on it.",
    ),
    _t(
        "Treaty of Westphalia",
        "1648 peace treaties",
        "The Peace of Westphalia is the collective name for two "
        "peace treaties signed in 1648. They ended the Thirty Years' War. Historians often date the modern state "
        "system from them.",
    ),
    _t(
        "Aurora",
        "Natural light display",
        "An aurora is a natural light display in the sky, seen mostly in high "
        "latitude regions. It is caused by charged particles from the Sun hitting the upper atmosphere. Auroras "
        "appear as curtains of green, red or violet light.",
    ),
    _t(
        "Silk Road",
        "Ancient network of trade routes",
        "The Silk Road was a network of trade routes linking China "
        "with the Mediterranean. It was in use from the 2nd century BC until the 15th century. Goods, religions and "
        "ideas travelled along it.",
    ),
    _t(
        "Black hole",
        "Region of spacetime",
        "A black hole is a region of spacetime where gravity is so strong that "
        "nothing can escape it. Black holes form when very massive stars collapse. Their boundary is called the "
        "event horizon.",
    ),
    _t(
        "Sourdough",
        "Bread made by fermentation",
        "Sourdough is bread made by the fermentation of dough using wild "
        "yeast and lactic acid bacteria. The bacteria give it a slightly sour taste. It is one of the oldest forms "
        "of leavened bread.",
    ),
    _t(
        "Fibonacci sequence",
        "Sequence of numbers",
        "The Fibonacci sequence is a sequence in which each number is "
        "the sum of the two before it. It usually starts with 0 and 1. The ratio of consecutive terms approaches "
        "the golden ratio.",
    ),
    _t(
        "Hanseatic League",
        "Medieval commercial confederation",
        "The Hanseatic League was a medieval association "
        "of merchant guilds and market towns in Northern Europe. It dominated Baltic trade for three centuries. "
        "Lübeck was its leading city.",
    ),
    _t(
        "Plate tectonics",
        "Scientific theory",
        "Plate tectonics is the theory that Earth's outer shell is divided "
        "into large plates that move slowly. Their movement causes earthquakes and builds mountains. The theory was "
        "accepted in the 1960s.",
    ),
    _t(
        "Bauhaus",
        "German art school (1919–1933)",
        "The Bauhaus was a German art school that combined crafts and "
        "the fine arts. It was founded by Walter Gropius in Weimar in 1919. Its style shaped modern architecture "
        "and design.",
    ),
    _t(
        "Mariana Trench",
        "Deepest oceanic trench",
        "The Mariana Trench is an oceanic trench in the western Pacific "
        "Ocean. It is the deepest known place on Earth. Its deepest point is called the Challenger Deep.",
    ),
    _t(
        "Haiku",
        "Japanese poetic form",
        "Haiku is a short form of Japanese poetry. A traditional haiku has three "
        "phrases of five, seven and five sounds. It often refers to a season.",
    ),
    _t(
        "Higgs boson",
        "Elementary particle",
        "The Higgs boson is an elementary particle in the Standard Model of "
        "physics. Its existence was confirmed at CERN in 2012. It is linked to the field that gives particles "
        "mass.",
    ),
    _t(
        "Great Fire of London",
        "1666 fire in London",
        "The Great Fire of London swept through the central parts "
        "of London in September 1666. It destroyed over 13,000 houses. It began in a bakery on Pudding Lane.",
    ),
    _t(
        "Origami",
        "Japanese art of paper folding",
        "Origami is the art of folding paper into shapes. A single "
        "square sheet is folded without cuts or glue. The crane is its best-known model.",
    ),
    _t(
        "Tardigrade",
        "Phylum of micro-animals",
        "Tardigrades are tiny eight-legged animals, also called water "
        "bears. They can survive extreme cold, heat and radiation. They live almost everywhere on Earth.",
    ),
    _t(
        "Inca Empire",
        "Pre-Columbian empire in South America",
        "The Inca Empire was the largest empire in "
        "pre-Columbian America. Its capital was Cusco. It fell to the Spanish in the 16th century.",
    ),
    _t(
        "Terracotta Army",
        "Sculptures buried with China's first emperor",
        "The Terracotta Army is a collection of "
        "clay sculptures of soldiers. They were buried with Qin Shi Huang around 210 BC. Farmers found them in "
        "1974.",
    ),
    _t(
        "Bossa nova",
        "Style of Brazilian music",
        "Bossa nova is a style of Brazilian music that grew out of samba "
        "in the late 1950s. It is known for soft vocals and gentle guitar. Its best-known song is The Girl from "
        "Ipanema.",
    ),
    _t(
        "Magna Carta",
        "Royal charter of rights (1215)",
        "Magna Carta is a royal charter of rights agreed by King "
        "John of England in 1215. It limited the power of the king. Four copies of the original survive.",
    ),
    _t(
        "Kintsugi",
        "Japanese art of repairing pottery",
        "Kintsugi is the Japanese art of repairing broken pottery "
        "with lacquer mixed with gold. It treats the repair as part of the object's history. The practice dates "
        "back to the 15th century.",
    ),
    _t(
        "Coral bleaching",
        "Loss of colour in corals",
        "Coral bleaching happens when corals expel the algae living "
        "in their tissues. It is mostly caused by warm water. Bleached corals can recover, but many die.",
    ),
    _t(
        "Renaissance",
        "European cultural period",
        "The Renaissance was a period of European history marking the "
        "move from the Middle Ages to modernity. It began in Italy in the 14th century. Art, science and learning "
        "flourished.",
    ),
    _t(
        "Blockchain",
        "Distributed ledger",
        "A blockchain is a shared ledger made of blocks linked by "
        "cryptographic hashes. Changing one block would change all that follow. It is the basis of most "
        "cryptocurrencies.",
    ),
    _t(
        "Fjord",
        "Long narrow inlet with steep sides",
        "A fjord is a long, narrow inlet of the sea with steep sides, "
        "carved by a glacier. Fjords are common in Norway, Chile and New Zealand. Some are over a kilometre "
        "deep.",
    ),
    _t(
        "Monsoon",
        "Seasonal change in wind and rain",
        "A monsoon is a seasonal change in the direction of the "
        "prevailing wind, bringing heavy rain. The South Asian monsoon is the best known. Farming in the region "
        "depends on it.",
    ),
    _t(
        "Battle of Hastings",
        "1066 battle in England",
        "The Battle of Hastings was fought on 14 October 1066. "
        "William, Duke of Normandy, defeated King Harold II. It began the Norman conquest of England.",
    ),
    _t(
        "Penicillin",
        "Group of antibiotics",
        "Penicillin is a group of antibiotics first found in a mould. It was "
        "discovered by accident in 1928. It was the first widely used antibiotic.",
    ),
    _t(
        "Zeppelin",
        "Rigid airship",
        "A Zeppelin is a type of rigid airship named after Ferdinand von Zeppelin. "
        "Zeppelins carried passengers across the Atlantic in the 1930s. The Hindenburg disaster ended that era.",
    ),
    _t(
        "Saffron",
        "Spice from the crocus flower",
        "Saffron is a spice made from the dried threads of the saffron "
        "crocus. It is one of the most expensive spices by weight. Iran grows most of the world's saffron.",
    ),
    _t(
        "Lake Baikal",
        "Rift lake in Siberia",
        "Lake Baikal is a rift lake in southern Siberia. It is the deepest "
        "and oldest lake in the world. It holds about a fifth of the world's unfrozen fresh water.",
    ),
    _t(
        "Glasswing butterfly",
        "Butterfly with transparent wings",
        "The glasswing butterfly has wings that are "
        "mostly transparent. It lives in Central and South America. Its clear wings help it hide from birds.",
    ),
)

NOTES: tuple[NoteText, ...] = (
    NoteText(text="The spare bike key is in the blue drawer", keys=("spare bike key", "bike key")),
    NoteText(text="Passport renewal is due in March", keys=("passport renewal", "passport")),
    NoteText(text="Grandma's birthday is on May 9", keys=("grandma's birthday", "birthday")),
    NoteText(
        text="The router admin password is on the back of the box",
        keys=("router admin password", "router password", "router"),
    ),
    NoteText(text="Yoga class moved to Wednesdays at 6pm", keys=("yoga class", "yoga")),
    NoteText(text="The boiler was serviced on April 2", keys=("boiler",)),
    NoteText(text="Library books are due back on the 15th", keys=("library books", "library")),
    NoteText(text="Storage unit number is 312", keys=("storage unit",)),
    NoteText(text="Vet appointment for Biscuit on Friday at 10am", keys=("vet appointment", "vet")),
    NoteText(text="The landlord's phone number is 555-0142", keys=("landlord's phone number", "landlord")),
    NoteText(text="Train pass expires at the end of November", keys=("train pass",)),
    NoteText(text="The office door code is 2580", keys=("office door code", "door code")),
    NoteText(text="Tomato seeds go in the ground after mid-May", keys=("tomato seeds", "tomato")),
    NoteText(text="Book club is reading The Remains of the Day", keys=("book club",)),
    NoteText(text="Car insurance renews on July 1", keys=("car insurance", "insurance")),
    NoteText(text="The good plumber is called Tomasz", keys=("plumber",)),
    NoteText(
        text="Wifi password for the studio is kettle-moon-44", keys=("studio wifi password", "wifi password", "wifi")
    ),
    NoteText(text="Recycling is collected every other Tuesday", keys=("recycling",)),
    NoteText(text="My shoe size for hiking boots is 43", keys=("hiking boots", "shoe size")),
    NoteText(text="The dentist wants a check-up in six months", keys=("dentist check-up", "dentist")),
    NoteText(text="Paint colour for the hallway is Harbour Grey", keys=("paint colour", "hallway paint")),
    NoteText(text="Locker combination at the pool is 19-4-27", keys=("locker combination", "pool locker")),
    NoteText(text="Parents arrive on the 3pm train on Saturday", keys=("parents",)),
    NoteText(text="The sourdough starter needs feeding every two days", keys=("sourdough starter", "starter")),
    NoteText(text="Tax return deadline is January 31", keys=("tax return", "tax deadline")),
    NoteText(text="The allotment key hangs behind the shed door", keys=("allotment key", "allotment")),
    NoteText(text="Movie night is at Nadia's place this month", keys=("movie night",)),
    NoteText(text="Blood donation slot on the 21st at 4pm", keys=("blood donation",)),
    NoteText(text="The printer ink model is XL-305", keys=("printer ink", "ink")),
    NoteText(text="Mortgage advisor meeting on Thursday at noon", keys=("mortgage advisor", "mortgage")),
    NoteText(text="The kids' swimming lessons start on September 8", keys=("swimming lessons", "swimming")),
    NoteText(text="Lent the ladder to the neighbour at number 12", keys=("ladder",)),
    NoteText(text="Favourite table at Café Lumen is by the window", keys=("favourite table", "cafe")),
    NoteText(text="Gate code for the allotments is 7731", keys=("gate code",)),
    NoteText(text="Oil change due at 60,000 kilometres", keys=("oil change",)),
    NoteText(
        text="The conference hotel booking reference is QX7HD",
        keys=("hotel booking reference", "hotel booking", "booking reference"),
    ),
    NoteText(text="Piano tuner comes every spring", keys=("piano tuner", "piano")),
    NoteText(text="Spare house keys are with the neighbours", keys=("spare house keys", "house keys")),
    NoteText(text="Gym membership number is 88213", keys=("gym membership", "membership number")),
    NoteText(text="The plant food goes in once a month", keys=("plant food",)),
)

SAVE_CLAUSES: tuple[str, ...] = (
    "the spare tyre is in the garage loft",
    "my locker at the pool is number 58",
    "the electrician comes on Monday at 8",
    "Ines likes oat milk in her coffee",
    "the garden hose is behind the shed",
    "my bike frame number is WTU 48812",
    "the raffle tickets are in the kitchen drawer",
    "the kids' school closes early on Friday",
    "our wedding anniversary dinner is booked for the 14th",
    "the parking permit expires in June",
    "the hotel in Porto has free breakfast",
    "the new fridge has a five year warranty",
    "the recycling bags are under the sink",
    "my bank card PIN reminder is in the safe",
    "the gutter cleaner charges 60 per visit",
    "the bakery on the corner closes at 2pm on Sundays",
    "the camping gear is in the attic",
    "Tariq is allergic to peanuts",
    "the laptop charger is in the grey backpack",
    "the jam jars need new lids",
    "the water meter reading was 4312 in May",
    "our train to Leeds leaves at 9:40",
    "the extra chairs are at my brother's flat",
    "the spare lightbulbs are above the fridge",
    "the piano lesson fee is due on the first of the month",
    "I parked on level 3 near the lifts",
    "the cat's flea treatment is due next week",
    "the window cleaner comes every third Thursday",
    "the drill bits are in the red toolbox",
    "Hana's flight lands at 7:15",
)
REMEMBER_TO: tuple[str, ...] = (
    "water the tomatoes",
    "buy stamps",
    "call the insurance company",
    "renew the library books",
    "pick up the dry cleaning",
    "book the car service",
    "return the rented skis",
    "pay the window cleaner",
    "order more printer paper",
    "send the rent reminder",
)
MESSAGES: tuple[str, ...] = (
    "the train is running twenty minutes late",
    "dinner is at eight",
    "I found your keys in my bag",
    "the meeting moved to Thursday",
    "I'm outside the station",
    "the parcel came this morning",
    "we're out of milk",
    "I'll bring the cake",
    "the match starts at six",
    "I can't make it tonight",
    "the tickets are booked",
    "the heating is fixed",
    "I'm running late again",
    "the report is in your inbox",
    "your bike is ready for pickup",
    "we need two more chairs",
    "the car is parked on level two",
    "the film starts at half past seven",
    "happy birthday from all of us",
    "the printer is working again",
    "I left the spare key under the mat",
    "the kids are at practice until five",
    "the table is booked for four people",
    "I'm bringing a friend along",
    "the flight landed safely",
    "the shop closes early today",
    "the invoice has been paid",
    "I saved you a seat",
    "the concert was moved to Saturday",
    "the dog has been fed",
)
CHAT: tuple[tuple[str, str], ...] = (
    ("Thanks, that's all I needed", "You're welcome!"),
    ("hi there", "Hello! What can I do for you?"),
    ("Never mind, forget it", "Okay, no problem."),
    ("ok cool", "Great."),
    ("Good morning!", "Good morning! How can I help?"),
    ("That was helpful, cheers", "Glad it helped."),
    ("nothing else for now", "Alright, I'm here if you need anything."),
    ("Just saying hello", "Hello!"),
    ("Perfect, thank you so much", "You're welcome."),
    ("no, that's fine", "Okay."),
)
