"""Where places lie: the continent of each region and some neighbours of the curated countries, so that a first
hop's article can name several places (the city, its region, the continent, a bordering country) around the one
country a second hop needs."""

from __future__ import annotations

from decisionloop.training.generator.entities import Country

CONTINENTS: dict[str, str] = {
    "Southern Europe": "Europe",
    "Northern Europe": "Europe",
    "Central Europe": "Europe",
    "Western Europe": "Europe",
    "Northwestern Europe": "Europe",
    "Southeast Europe": "Europe",
    "North Atlantic": "Europe",
    "South America": "South America",
    "North America": "North America",
    "West Africa": "Africa",
    "North Africa": "Africa",
    "East Africa": "Africa",
    "Southern Africa": "Africa",
    "Southeast Asia": "Asia",
    "East Asia": "Asia",
    "South Asia": "Asia",
    "Western Asia": "Asia",
    "Oceania": "Oceania",
}

_BORDERS = """
Portugal: Spain
Norway: Sweden, Finland, Russia
Chile: Argentina, Peru, Bolivia
Ghana: Togo, Burkina Faso
Vietnam: Cambodia, Laos, China
Canada: United States
Egypt: Libya, Sudan
Poland: Germany, Czechia, Lithuania
Argentina: Chile, Uruguay, Brazil, Bolivia
Finland: Sweden, Norway, Russia
Morocco: Algeria
Thailand: Cambodia, Laos, Malaysia
Ireland: United Kingdom
Mexico: United States, Guatemala
Kenya: Tanzania, Uganda, Ethiopia
Greece: Albania, Bulgaria, Turkey
Peru: Chile, Ecuador, Bolivia
Austria: Germany, Czechia, Italy, Hungary
Indonesia: Malaysia
Sweden: Norway, Finland
Colombia: Venezuela, Ecuador, Peru
Hungary: Austria, Slovakia, Romania
Nigeria: Benin, Niger, Cameroon
Croatia: Slovenia, Hungary
Cambodia: Thailand, Vietnam, Laos
Jordan: Syria, Saudi Arabia, Iraq
Uruguay: Argentina, Brazil
Tanzania: Kenya, Uganda, Mozambique
Denmark: Germany
Nepal: India, China
Brazil: Argentina, Paraguay, Uruguay, Bolivia
Italy: France, Austria, Slovenia
India: Nepal, Bangladesh, Pakistan
Turkey: Greece, Bulgaria, Georgia
Estonia: Latvia, Russia
Senegal: Mauritania, Mali, Gambia
Mongolia: China, Russia
Spain: Portugal, France
Germany: France, Poland, Austria, Denmark
France: Spain, Belgium, Germany, Italy
United Kingdom: Ireland
The Netherlands: Germany, Belgium
Belgium: France, The Netherlands, Germany
Czechia: Germany, Poland, Austria
Malaysia: Thailand, Indonesia
Ethiopia: Kenya, Sudan, Somalia
South Africa: Namibia, Botswana, Mozambique
China: Mongolia, Vietnam, Laos
Uganda: Kenya, Tanzania, Rwanda
Laos: Thailand, Vietnam, Cambodia
Bolivia: Peru, Chile, Brazil, Argentina
"""
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    name.strip(): tuple(n.strip() for n in rest.split(","))
    for name, _, rest in (line.partition(":") for line in _BORDERS.strip().splitlines())
}


def continent(c: Country | None) -> str:
    """The continent a curated country lies in; "" for gazetteer countries, which have no region."""
    return CONTINENTS.get(c.region, "") if c is not None else ""


def around(c: Country | None) -> str:
    """How an article places a country in the world: its region (East Africa), or else its continent."""
    return (c.region if c.region in CONTINENTS else "") if c is not None else ""
