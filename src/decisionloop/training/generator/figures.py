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
    short: str = ""

    @property
    def surname(self) -> str:
        """How an article names the person after the first mention (Curie, Leonardo, Van Gogh)."""
        return self.short or self.name.split()[-1]


@dataclass(frozen=True, slots=True, kw_only=True)
class Org:
    """An organisation with the facts a fact lookup returns about it (``ceo`` empty when it is led otherwise)."""

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


def _p(name: str, role: str, born: str, country: str, lived: str, known_for: str, short: str = "") -> Person:
    return Person(name=name, role=role, born=born, country=country, lived=lived, known_for=known_for, short=short)


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
    _p("Alexander Graham Bell", "inventor and scientist", "Edinburgh", "United Kingdom", "1847–1922", "the telephone"),
    _p("Johannes Gutenberg", "goldsmith and printer", "Mainz", "Germany", "c. 1400–1468", "printing with movable type"),
    _p("Louis Pasteur", "chemist and microbiologist", "Dole", "France", "1822–1895", "pasteurisation and vaccines"),
    _p("Gregor Mendel", "scientist and friar", "Heinzendorf", "Czechia", "1822–1884", "the laws of inheritance"),
    _p("Wilhelm Röntgen", "physicist", "Lennep", "Germany", "1845–1923", "the discovery of X-rays"),
    _p("Dmitri Mendeleev", "chemist", "Tobolsk", "Russia", "1834–1907", "the periodic table of the elements"),
    _p("Leonardo da Vinci", "painter and engineer", "Vinci", "Italy", "1452–1519", "the Mona Lisa", "Leonardo"),
    _p("Vincent van Gogh", "painter", "Zundert", "The Netherlands", "1853–1890", "The Starry Night", "Van Gogh"),
    _p("Edvard Munch", "painter", "Ådalsbruk", "Norway", "1863–1944", "the painting The Scream"),
    _p("Mary Shelley", "novelist", "London", "United Kingdom", "1797–1851", "the novel Frankenstein"),
    _p("Miguel de Cervantes", "novelist", "Alcalá de Henares", "Spain", "1547–1616", "the novel Don Quixote"),
    _p("Tim Berners-Lee", "computer scientist", "London", "United Kingdom", "born 1955", "the World Wide Web"),
    _p("Antonio Vivaldi", "composer and violinist", "Venice", "Italy", "1678–1741", "The Four Seasons"),
    _p("Galileo Galilei", "astronomer and physicist", "Pisa", "Italy", "1564–1642", "the moons of Jupiter", "Galileo"),
    _p("Jane Austen", "novelist", "Steventon", "United Kingdom", "1775–1817", "the novel Pride and Prejudice"),
    _p("Grace Hopper", "computer scientist", "New York City", "United States", "1906–1992", "the language COBOL"),
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
    *(
        _org(*row)
        for row in (
            ("Ferrari", "sports car maker", "Benedetto Vigna", "Enzo Ferrari", 1939, "Maranello", "Italy"),
            (
                "Heineken",
                "brewing company",
                "Dolf van den Brink",
                "Gerard Adriaan Heineken",
                1864,
                "Amsterdam",
                "The Netherlands",
            ),
            (
                "Rolex",
                "watchmaker",
                "Jean-Frédéric Dufour",
                "Hans Wilsdorf|Alfred Davis",
                1905,
                "Geneva",
                "Switzerland",
            ),
            ("Honda", "vehicle maker", "Toshihiro Mibe", "Soichiro Honda|Takeo Fujisawa", 1948, "Tokyo", "Japan"),
            (
                "Siemens",
                "technology company",
                "Roland Busch",
                "Werner von Siemens|Johann Georg Halske",
                1847,
                "Munich",
                "Germany",
            ),
            (
                "Michelin",
                "tyre manufacturer",
                "Florent Menegaux",
                "André Michelin|Édouard Michelin",
                1889,
                "Clermont-Ferrand",
                "France",
            ),
            ("Carlsberg", "brewing company", "Jacob Aarup-Andersen", "J. C. Jacobsen", 1847, "Copenhagen", "Denmark"),
            (
                "Infosys",
                "IT services company",
                "Salil Parekh",
                "N. R. Narayana Murthy|Nandan Nilekani",
                1981,
                "Bangalore",
                "India",
            ),
            ("Alibaba", "e-commerce company", "Eddie Wu", "Jack Ma", 1999, "Hangzhou", "China"),
            (
                "Ryanair",
                "low-cost airline",
                "Michael O'Leary",
                "Tony Ryan|Christopher Ryan|Liam Lonergan",
                1984,
                "Dublin",
                "Ireland",
            ),
            ("Hyundai", "car maker", "José Muñoz", "Chung Ju-yung", 1967, "Seoul", "South Korea"),
            ("Bosch", "engineering company", "Stefan Hartung", "Robert Bosch", 1886, "Gerlingen", "Germany"),
            ("Skype", "video calling service", "", "Niklas Zennström|Janus Friis", 2003, "Luxembourg", "Luxembourg"),
            (
                "Wikimedia Foundation",
                "non-profit foundation",
                "Maryana Iskander",
                "Jimmy Wales",
                2003,
                "San Francisco",
                "United States",
            ),
            (
                "Amnesty International",
                "human rights organisation",
                "",
                "Peter Benenson",
                1961,
                "London",
                "United Kingdom",
            ),
            (
                "Greenpeace",
                "environmental organisation",
                "",
                "Irving Stowe|Dorothy Stowe|Jim Bohlen",
                1971,
                "Amsterdam",
                "The Netherlands",
            ),
            ("FC Barcelona", "football club", "", "Joan Gamper", 1899, "Barcelona", "Spain"),
            (
                "Médecins Sans Frontières",
                "medical charity",
                "",
                "Bernard Kouchner|Raymond Borel",
                1971,
                "Geneva",
                "Switzerland",
            ),
            ("Oxfam", "charity", "", "Cecil Jackson-Cole|Theodore Milford", 1942, "Oxford", "United Kingdom"),
            ("Larkspur Foods", "frozen food maker", "Odile Marchetti", "Bruno Marchetti", 1958, "Turin", "Italy"),
            (
                "Copperline Rail",
                "rail operator",
                "Kwabena Asante",
                "Efua Asante|Daniel Boateng",
                2004,
                "Kumasi",
                "Ghana",
            ),
            ("Sablewood Guitars", "guitar maker", "Marek Zielinski", "Anton Zielinski", 1971, "Gdańsk", "Poland"),
            (
                "Fernhill Brewery",
                "craft brewery",
                "Siobhan Keane",
                "Declan Keane|Orla Keane",
                1996,
                "Galway",
                "Ireland",
            ),
            ("Gullwing Ferries", "ferry company", "Henrik Aasen", "Sigrid Aasen", 1952, "Bergen", "Norway"),
            ("Northbeam Optics", "lens maker", "Yui Matsuda", "Kenji Matsuda", 1984, "Sapporo", "Japan"),
            ("Saltmarsh Records", "record label", "", "Ivy Penhallow|Gus Trevail", 1979, "Bristol", "United Kingdom"),
            (
                "Quarry Lane Bikes",
                "bicycle maker",
                "Thandeka Mokoena",
                "Sipho Mokoena",
                2009,
                "Cape Town",
                "South Africa",
            ),
            ("Bluefen Insurance", "insurance company", "Ravi Menon", "Arvind Menon|Leela Menon", 1931, "Pune", "India"),
            (
                "Tessellate Games",
                "video game studio",
                "Aino Rautio",
                "Aino Rautio|Mikko Sarja",
                2015,
                "Tampere",
                "Finland",
            ),
            ("Harbourlight Trust", "housing charity", "", "Margaret Ellery", 1967, "Glasgow", "United Kingdom"),
            ("Kilnworth Ceramics", "tableware maker", "Beatriz Lobo", "Joaquim Lobo", 1924, "Porto", "Portugal"),
        )
    ),
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
        ("Testarossa", "sports car", "Ferrari", 1984),
        ("Civic", "compact car", "Honda", 1972),
        ("Submariner", "dive watch", "Rolex", 1954),
        ("Ioniq 5", "electric crossover", "Hyundai", 2021),
        ("Fernhill Amber", "amber ale", "Fernhill Brewery", 2001),
        ("Northbeam Halo", "camera lens", "Northbeam Optics", 1993),
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
