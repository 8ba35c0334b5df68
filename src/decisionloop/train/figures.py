"""People, organisations, products, nicknames and message recipients for synthetic episodes.

Values are plausible, not checked: the generator teaches decisions, not facts. Some organisations and nicknames
are invented on purpose, so that a model cannot answer from memory what the episode says came from a tool.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    """A notable person: what an encyclopedia would say in its first line."""

    name: str
    role: str
    born: str
    country: str
    lived: str
    known_for: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Org:
    """An organisation with the facts a fact lookup returns about it."""

    name: str
    kind: str
    ceo: str
    founders: tuple[str, ...]
    founded: int
    city: str
    country: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Product:
    """A product and the organisation that makes it (the first hop of "the CEO of the company behind X")."""

    name: str
    kind: str
    maker: str
    year: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Nickname:
    """A name that does not say what it means: the goal uses ``phrase``, the tool needs ``real``."""

    phrase: str
    real: str
    kind: str


def _p(name: str, role: str, born: str, country: str, lived: str, known_for: str) -> Person:
    return Person(name=name, role=role, born=born, country=country, lived=lived, known_for=known_for)


PEOPLE: tuple[Person, ...] = (
    _p("Marie Curie", "physicist and chemist", "Warsaw", "Poland", "1867–1934", "research on radioactivity"),
    _p(
        "Ada Lovelace",
        "mathematician and writer",
        "London",
        "United Kingdom",
        "1815–1852",
        "notes on the Analytical Engine",
    ),
    _p(
        "Nikola Tesla",
        "inventor and electrical engineer",
        "Smiljan",
        "Croatia",
        "1856–1943",
        "alternating current systems",
    ),
    _p("Frida Kahlo", "painter", "Coyoacán", "Mexico", "1907–1954", "self-portraits"),
    _p(
        "Gabriel García Márquez",
        "novelist and journalist",
        "Aracataca",
        "Colombia",
        "1927–2014",
        "the novel One Hundred Years of Solitude",
    ),
    _p("Wangari Maathai", "environmental activist", "Ihithe", "Kenya", "1940–2011", "the Green Belt Movement"),
    _p("Fernando Pessoa", "poet and writer", "Lisbon", "Portugal", "1888–1935", "writing under many heteronyms"),
    _p("Hokusai", "painter and printmaker", "Edo", "Japan", "1760–1849", "The Great Wave off Kanagawa"),
    _p("Jean Sibelius", "composer", "Hämeenlinna", "Finland", "1865–1957", "the tone poem Finlandia"),
    _p("Pablo Neruda", "poet and diplomat", "Parral", "Chile", "1904–1973", "love poems and political verse"),
    _p("Chinua Achebe", "novelist", "Ogidi", "Nigeria", "1930–2013", "the novel Things Fall Apart"),
    _p("Greta Garbo", "actress", "Stockholm", "Sweden", "1905–1990", "films of the silent and early sound era"),
    _p("Béla Bartók", "composer and pianist", "Nagyszentmiklós", "Hungary", "1881–1945", "folk-inspired music"),
    _p(
        "Roald Amundsen",
        "polar explorer",
        "Borge",
        "Norway",
        "1872–1928",
        "leading the first expedition to the South Pole",
    ),
    _p("Jorge Luis Borges", "writer and poet", "Buenos Aires", "Argentina", "1899–1986", "short stories and essays"),
    _p("Tove Jansson", "writer and illustrator", "Helsinki", "Finland", "1914–2001", "the Moomin books"),
    _p("Hans Christian Andersen", "author", "Odense", "Denmark", "1805–1875", "fairy tales"),
    _p("Srinivasa Ramanujan", "mathematician", "Erode", "India", "1887–1920", "work on number theory"),
    _p(
        "Maria Montessori",
        "physician and educator",
        "Chiaravalle",
        "Italy",
        "1870–1952",
        "the Montessori method of education",
    ),
    _p("Oscar Niemeyer", "architect", "Rio de Janeiro", "Brazil", "1907–2012", "the buildings of Brasília"),
    _p("Edmund Hillary", "mountaineer", "Auckland", "New Zealand", "1919–2008", "the first ascent of Mount Everest"),
    _p("Kwame Nkrumah", "politician", "Nkroful", "Ghana", "1909–1972", "leading Ghana to independence"),
    _p("Naguib Mahfouz", "novelist", "Cairo", "Egypt", "1911–2006", "the Cairo Trilogy"),
    _p("Mustafa Kemal Atatürk", "statesman", "Salonica", "Turkey", "1881–1938", "founding the Republic of Turkey"),
    _p("Astrid Lindgren", "writer", "Vimmerby", "Sweden", "1907–2002", "the Pippi Longstocking books"),
    _p(
        "Nelson Mandela",
        "anti-apartheid activist and politician",
        "Mvezo",
        "South Africa",
        "1918–2013",
        "leading South Africa after apartheid",
    ),
    _p(
        "Alexander von Humboldt",
        "naturalist and explorer",
        "Berlin",
        "Germany",
        "1769–1859",
        "his travels in Latin America",
    ),
    _p("Rosalind Franklin", "chemist", "London", "United Kingdom", "1920–1958", "X-ray images of DNA"),
    _p("Zaha Hadid", "architect", "Baghdad", "Iraq", "1950–2016", "curving futuristic buildings"),
    _p("Akira Kurosawa", "film director", "Tokyo", "Japan", "1910–1998", "the film Seven Samurai"),
    _p("Miriam Makeba", "singer and activist", "Johannesburg", "South Africa", "1932–2008", "the song Pata Pata"),
    _p("Halldór Laxness", "novelist", "Reykjavík", "Iceland", "1902–1998", "the novel Independent People"),
    _p("Wisława Szymborska", "poet", "Kórnik", "Poland", "1923–2012", "ironic, precise poems"),
    _p("Ho Xuan Huong", "poet", "Nghệ An", "Vietnam", "1772–1822", "bold poems in Nôm script"),
    _p("Florence Nightingale", "nurse and statistician", "Florence", "Italy", "1820–1910", "founding modern nursing"),
    _p(
        "Charles Babbage",
        "mathematician and engineer",
        "London",
        "United Kingdom",
        "1791–1871",
        "designing the first mechanical computers",
    ),
    _p("Isabel Allende", "novelist", "Lima", "Peru", "born 1942", "the novel The House of the Spirits"),
)


def _org(name: str, kind: str, ceo: str, founders: str, founded: int, city: str, country: str) -> Org:
    """An organisation; ``founders`` separated by "|"."""
    return Org(
        name=name, kind=kind, ceo=ceo, founders=tuple(founders.split("|")), founded=founded, city=city, country=country
    )


ORGS: tuple[Org, ...] = (
    _org("Spotify", "audio streaming company", "Daniel Ek", "Daniel Ek|Martin Lorentzon", 2006, "Stockholm", "Sweden"),
    _org("Nokia", "telecommunications company", "Justin Hotard", "Fredrik Idestam", 1865, "Espoo", "Finland"),
    _org("Toyota", "automobile manufacturer", "Koji Sato", "Kiichiro Toyoda", 1937, "Toyota City", "Japan"),
    _org("Lego", "toy company", "Niels B. Christiansen", "Ole Kirk Christiansen", 1932, "Billund", "Denmark"),
    _org("Samsung", "electronics conglomerate", "Jun Young-hyun", "Lee Byung-chul", 1938, "Suwon", "South Korea"),
    _org("Adidas", "sportswear company", "Bjørn Gulden", "Adolf Dassler", 1949, "Herzogenaurach", "Germany"),
    _org(
        "Airbus",
        "aerospace company",
        "Guillaume Faury",
        "Henri Ziegler|Roger Béteille",
        1970,
        "Leiden",
        "The Netherlands",
    ),
    _org(
        "Netflix",
        "streaming service",
        "Ted Sarandos",
        "Reed Hastings|Marc Randolph",
        1997,
        "Los Gatos",
        "United States",
    ),
    _org("Shopify", "e-commerce company", "Tobias Lütke", "Tobias Lütke|Scott Lake", 2006, "Ottawa", "Canada"),
    _org("Mercado Libre", "online marketplace", "Ariel Szarfsztejn", "Marcos Galperin", 1999, "Montevideo", "Uruguay"),
    _org("Ikea", "furniture retailer", "Jesper Brodin", "Ingvar Kamprad", 1943, "Delft", "The Netherlands"),
    _org(
        "Sony",
        "electronics and entertainment company",
        "Hiroki Totoki",
        "Masaru Ibuka|Akio Morita",
        1946,
        "Tokyo",
        "Japan",
    ),
    _org("Tata Motors", "automobile manufacturer", "Shailesh Chandra", "J. R. D. Tata", 1945, "Mumbai", "India"),
    _org(
        "Embraer",
        "aircraft manufacturer",
        "Francisco Gomes Neto",
        "Ozires Silva",
        1969,
        "São José dos Campos",
        "Brazil",
    ),
    _org(
        "Duolingo",
        "language-learning company",
        "Luis von Ahn",
        "Luis von Ahn|Severin Hacker",
        2011,
        "Pittsburgh",
        "United States",
    ),
    _org("Patagonia", "outdoor clothing company", "Ryan Gellert", "Yvon Chouinard", 1973, "Ventura", "United States"),
    _org("Rovio", "video game company", "Ben Mattes", "Niklas Hed|Jarno Väkeväinen", 2003, "Espoo", "Finland"),
    _org(
        "Volvo Cars", "car maker", "Håkan Samuelsson", "Assar Gabrielsson|Gustaf Larson", 1927, "Gothenburg", "Sweden"
    ),
    _org(
        "Canva",
        "graphic design platform",
        "Melanie Perkins",
        "Melanie Perkins|Cliff Obrecht",
        2012,
        "Sydney",
        "Australia",
    ),
    _org("Philips", "health technology company", "Roy Jakobs", "Gerard Philips", 1891, "Amsterdam", "The Netherlands"),
    _org(
        "Brightwater Analytics",
        "data consultancy",
        "Selma Okafor",
        "Selma Okafor|Tomas Rijn",
        2014,
        "Rotterdam",
        "The Netherlands",
    ),
    _org(
        "Quillfeather Press",
        "independent publisher",
        "Dara Whitcombe",
        "Imogen Hale",
        1988,
        "Bristol",
        "United Kingdom",
    ),
    _org("Norrsken Robotics", "robotics start-up", "Elin Lindqvist", "Elin Lindqvist", 2019, "Uppsala", "Sweden"),
    _org(
        "Kestrel Aerospace",
        "satellite maker",
        "Rafael Quintero",
        "Mona Haddad|Rafael Quintero",
        2011,
        "Toulouse",
        "France",
    ),
    _org("Tidewell Energy", "tidal power company", "Fiona MacLeod", "Ewan Baird", 2008, "Aberdeen", "United Kingdom"),
    _org("Monte Verde Coffee", "coffee roaster", "Lucía Arce", "Tomás Arce", 1962, "Medellín", "Colombia"),
    _org("Halcyon Health", "telemedicine provider", "Priyanka Rao", "Priyanka Rao|Jon Ebbesen", 2016, "Pune", "India"),
    _org("Orbital Oats", "breakfast cereal maker", "Hamish Drummond", "Kirsty Drummond", 1979, "Perth", "Australia"),
)

PRODUCTS: tuple[Product, ...] = tuple(
    Product(name=n, kind=k, maker=m, year=y)
    for n, k, m, y in (
        ("PlayStation", "video game console", "Sony", 1994),
        ("Walkman", "portable cassette player", "Sony", 1979),
        ("Prius", "hybrid car", "Toyota", 1997),
        ("Galaxy S", "line of smartphones", "Samsung", 2010),
        ("Nokia 3310", "mobile phone", "Nokia", 2000),
        ("Angry Birds", "mobile game", "Rovio", 2009),
        ("Poäng", "armchair", "Ikea", 1976),
        ("Superstar", "low-top sneaker", "Adidas", 1969),
        ("A380", "wide-body airliner", "Airbus", 2005),
        ("Nano", "city car", "Tata Motors", 2008),
        ("E195", "regional jet", "Embraer", 2004),
        ("XC90", "sport utility vehicle", "Volvo Cars", 2002),
        ("Lego Technic", "line of construction toys", "Lego", 1977),
        ("Hue", "line of smart light bulbs", "Philips", 2012),
        ("Better Sweater", "fleece jacket", "Patagonia", 1998),
        ("Starlark Crunch", "breakfast cereal", "Orbital Oats", 1983),
        ("Tidewell T2", "tidal turbine", "Tidewell Energy", 2017),
        ("Kestrel Sat-6", "weather satellite", "Kestrel Aerospace", 2021),
    )
)

NICKNAMES: tuple[Nickname, ...] = tuple(
    Nickname(phrase=p, real=r, kind=k)
    for p, r, k in (
        ("the Windy City", "Chicago", "city"),
        ("the Eternal City", "Rome", "city"),
        ("the Big Easy", "New Orleans", "city"),
        ("the Mile High City", "Denver", "city"),
        ("the Emerald City", "Seattle", "city"),
        ("the City of Angels", "Los Angeles", "city"),
        ("the Big Smoke", "London", "city"),
        ("the Venice of the North", "Amsterdam", "city"),
        ("the Marvelous City", "Rio de Janeiro", "city"),
        ("the Mother City", "Cape Town", "city"),
        ("the Lion City", "Singapore", "city"),
        ("the Pearl of the Adriatic", "Dubrovnik", "city"),
        ("the Athens of the North", "Edinburgh", "city"),
        ("the Red City", "Marrakesh", "city"),
        ("the Green City in the Sun", "Nairobi", "city"),
        ("the Land of the Rising Sun", "Japan", "country"),
        ("the Land of Fire and Ice", "Iceland", "country"),
        ("the Land of a Thousand Lakes", "Finland", "country"),
        ("the Emerald Isle", "Ireland", "country"),
        ("the Land of Smiles", "Thailand", "country"),
        ("the Land of the Long White Cloud", "New Zealand", "country"),
        ("the Land of the Morning Calm", "South Korea", "country"),
        ("the Iron Lady of Paris", "Eiffel Tower", "landmark"),
        ("the Queen of the Adriatic", "Venice", "city"),
        ("the Lantern Harbour", "Valparaíso", "city"),
        ("the Copper Gate", "Santiago", "city"),
        ("the City of Seven Bridges", "Porto", "city"),
        ("the Northern Kettle", "Tampere", "city"),
        ("the Salt Crown", "Gdańsk", "city"),
        ("the Orchard Coast", "Chile", "country"),
        ("the Lady with the Lamp", "Florence Nightingale", "person"),
        ("the Father of Computers", "Charles Babbage", "person"),
        ("the Moomin author", "Tove Jansson", "person"),
        ("the woman behind the Green Belt Movement", "Wangari Maathai", "person"),
        ("the first woman to win a Nobel Prize", "Marie Curie", "person"),
        ("the painter of The Great Wave", "Hokusai", "person"),
        ("the Land of the Eagles", "Albania", "country"),
        ("the Garden City of the South", "Christchurch", "city"),
        ("the Pearl of the Orient Sea", "Da Nang", "city"),
    )
)


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FIRST_NAMES: tuple[str, ...] = _words(
    """
    Maya Omar Grace Lena Tariq Ingrid Noah Amara Felix Chiara Diego Hana Kofi Elsa Rafael Yuki Priyanka Bram Zoe
    Mateo Aisha Lukas Freya Jonah Nadia Sven Leila Marco Ines Kenji Talia Ruben Sofia Emeka Astrid Pavel Carmen
    Ravi Mila Tomasz Beatriz Arjun Nora Luca Fatima Oskar Clara Idris Vera Hugo Esme Malik Alba Theo Rosa Dmitri
    Ayla Quentin Wren Bodhi Imani Caspar Juno Femi Linnea Anouk Silas Thandiwe Marisol Otto Keira Benedikt Sanna
    Ignacio Halima Emil Paloma Viggo Niamh
    """
)
SURNAMES: tuple[str, ...] = _words(
    """
    Okafor Lindqvist Moreau Tanaka Haddad Novak Silva Brennan Kowalski Mensah Ferrari Jensen Castillo Ivanova
    Whitfield Nakamura Osei Bauer Quinn Delgado Sato Achterberg Rahman Kiplagat Duarte
    """
)
