"""Named events and missions with the opening of their encyclopedia articles.

A mission is asked about with a trailing common noun ("the Voyager 2 probe") that is not part of the article's
title ("Voyager 2"): the lookup takes the name alone. Battles, treaties and the like carry their kind in the name
("Battle of Trafalgar"), so the name is the whole phrase after "the".
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """An event or mission: its article title, the common nouns a goal may add after it, and its article."""

    name: str
    nouns: tuple[str, ...]
    description: str
    text: str


def _e(name: str, nouns: str, description: str, text: str) -> Event:
    return Event(name=name, nouns=tuple(nouns.split()), description=description, text=text)


_CRAFT = "mission probe spacecraft"
MISSIONS: tuple[Event, ...] = (
    _e(
        "Apollo 8",
        "mission flight",
        "1968 crewed flight around the Moon",
        "Apollo 8 was the first crewed spacecraft to leave Earth orbit and circle the Moon. It launched in December "
        "1968 with Frank Borman, Jim Lovell and William Anders. Its crew took the Earthrise photograph.",
    ),
    _e(
        "Apollo 13",
        "mission flight",
        "1970 aborted Moon landing",
        "Apollo 13 was the seventh crewed mission of the Apollo program. An oxygen tank failed two days after the "
        "launch in April 1970. The crew looped around the Moon and returned safely to Earth.",
    ),
    _e(
        "Voyager 1",
        _CRAFT,
        "NASA space probe launched in 1977",
        "Voyager 1 is a space probe launched by NASA in 1977. It studied Jupiter and Saturn. It is the most distant "
        "human-made object from Earth.",
    ),
    _e(
        "Voyager 2",
        _CRAFT,
        "NASA space probe launched in 1977",
        "Voyager 2 is a space probe launched by NASA in August 1977. It is the only spacecraft to have visited "
        "Uranus and Neptune. It entered interstellar space in 2018.",
    ),
    _e(
        "Sputnik 1",
        "satellite launch mission",
        "first artificial Earth satellite (1957)",
        "Sputnik 1 was the first artificial satellite to orbit Earth. The Soviet Union launched it on 4 October "
        "1957. Its radio beeps could be picked up around the world.",
    ),
    _e(
        "Vostok 1",
        "mission flight",
        "first crewed spaceflight (1961)",
        "Vostok 1 was the first spaceflight to carry a human into orbit. Yuri Gagarin flew it on 12 April 1961. "
        "The flight lasted 108 minutes.",
    ),
    _e(
        "New Horizons",
        _CRAFT,
        "NASA probe to Pluto and the Kuiper belt",
        "New Horizons is an interplanetary space probe launched by NASA in 2006. It made the first flyby of Pluto "
        "in July 2015. It later passed the Kuiper belt object Arrokoth.",
    ),
    _e(
        "Luna 9",
        "mission lander spacecraft",
        "Soviet lunar lander (1966)",
        "Luna 9 was an uncrewed Soviet mission to the Moon. In February 1966 it made the first soft landing on "
        "another world. It sent back the first photographs from the lunar surface.",
    ),
    _e(
        "Mariner 4",
        "mission probe flyby",
        "NASA probe to Mars (1964)",
        "Mariner 4 was a NASA space probe launched in November 1964. It made the first successful flyby of Mars in "
        "July 1965. It returned the first close-up pictures of another planet.",
    ),
    _e(
        "Chandrayaan-3",
        "mission lander",
        "Indian lunar landing mission (2023)",
        "Chandrayaan-3 is a lunar exploration mission of the Indian Space Research Organisation. Its lander "
        "touched down near the Moon's south pole in August 2023. India became the fourth country to land softly on "
        "the Moon.",
    ),
    _e(
        "Hayabusa2",
        _CRAFT,
        "Japanese asteroid sample-return mission",
        "Hayabusa2 is an asteroid sample-return mission of the Japanese space agency JAXA. It studied the asteroid "
        "Ryugu from 2018 to 2019. It brought samples back to Earth in December 2020.",
    ),
    _e(
        "Rosetta",
        _CRAFT,
        "European space probe to a comet",
        "Rosetta was a space probe of the European Space Agency launched in 2004. It studied the comet 67P in "
        "detail. Its lander Philae touched down in 2014.",
    ),
    _e(
        "Pioneer 10",
        _CRAFT,
        "NASA probe to Jupiter (1972)",
        "Pioneer 10 was a NASA space probe launched in March 1972. It was the first spacecraft to cross the "
        "asteroid belt and fly past Jupiter. Contact with it was lost in 2003.",
    ),
    _e(
        "Tianwen-1",
        "mission probe",
        "Chinese mission to Mars (2020)",
        "Tianwen-1 is a Mars mission of the China National Space Administration launched in July 2020. It put an "
        "orbiter around Mars and landed the Zhurong rover. The rover drove on the surface for about a year.",
    ),
)
EVENTS: tuple[Event, ...] = (
    _e(
        "Battle of Trafalgar",
        "",
        "1805 naval battle",
        "The Battle of Trafalgar was a naval battle fought on 21 October 1805. The British fleet under Admiral "
        "Nelson defeated a combined French and Spanish fleet. Nelson was killed during the battle.",
    ),
    _e(
        "Battle of Adwa",
        "",
        "1896 battle in Ethiopia",
        "The Battle of Adwa was fought on 1 March 1896 near the town of Adwa. Ethiopian forces under Emperor "
        "Menelik II defeated an invading Italian army. The victory secured Ethiopia's independence.",
    ),
    _e(
        "Battle of Marathon",
        "",
        "490 BC battle in Greece",
        "The Battle of Marathon took place in 490 BC during the first Persian invasion of Greece. The Athenians and "
        "Plataeans defeated a larger Persian force. A legend says a runner carried the news to Athens.",
    ),
    _e(
        "Battle of Lepanto",
        "",
        "1571 naval battle",
        "The Battle of Lepanto was a naval battle fought on 7 October 1571 in the Gulf of Patras. A fleet of the "
        "Holy League defeated the Ottoman navy. It was one of the largest battles of galleys ever fought.",
    ),
    _e(
        "Treaty of Versailles",
        "",
        "1919 peace treaty",
        "The Treaty of Versailles was the peace treaty that ended the First World War with Germany. It was signed "
        "on 28 June 1919 in the Hall of Mirrors. It required Germany to pay large reparations.",
    ),
    _e(
        "Treaty of Tordesillas",
        "",
        "1494 treaty between Spain and Portugal",
        "The Treaty of Tordesillas was signed in 1494 by Spain and Portugal. It divided newly found lands outside "
        "Europe between the two crowns. The dividing line ran from pole to pole west of the Cape Verde islands.",
    ),
    _e(
        "Treaty of Waitangi",
        "",
        "1840 treaty in New Zealand",
        "The Treaty of Waitangi was signed in 1840 by representatives of the British Crown and Māori chiefs. It "
        "is regarded as the founding document of New Zealand. Its English and Māori texts differ in meaning.",
    ),
    _e(
        "Congress of Vienna",
        "",
        "1814–1815 conference of European states",
        "The Congress of Vienna was a meeting of European ambassadors held in 1814 and 1815. It redrew the map of "
        "Europe after the defeat of Napoleon. It was chaired by the Austrian statesman Metternich.",
    ),
    _e(
        "Edict of Nantes",
        "",
        "1598 decree of Henry IV of France",
        "The Edict of Nantes was signed by King Henry IV of France in April 1598. It granted Protestants "
        "substantial rights in a Catholic nation. It was revoked by Louis XIV in 1685.",
    ),
    _e(
        "Storming of the Bastille",
        "",
        "1789 event of the French Revolution",
        "The Storming of the Bastille took place in Paris on 14 July 1789. Revolutionaries seized the fortress "
        "and prison that stood for royal authority. The day is now the national holiday of France.",
    ),
    _e(
        "Boston Tea Party",
        "",
        "1773 political protest",
        "The Boston Tea Party was a protest that took place in Boston on 16 December 1773. Colonists threw chests "
        "of tea into the harbour. It became a key event leading to the American Revolution.",
    ),
    _e(
        "Fall of Constantinople",
        "",
        "1453 capture of the Byzantine capital",
        "The Fall of Constantinople was the capture of the Byzantine capital by the Ottoman Empire in May 1453. "
        "The city had been besieged for 53 days. It marked the end of the Byzantine Empire.",
    ),
    _e(
        "Council of Trent",
        "",
        "1545–1563 council of the Catholic Church",
        "The Council of Trent was a council of the Catholic Church held between 1545 and 1563. It answered the "
        "Protestant Reformation. It met in the city of Trento in northern Italy.",
    ),
    _e(
        "Siege of Orléans",
        "",
        "1428–1429 siege of the Hundred Years' War",
        "The Siege of Orléans lasted from October 1428 to May 1429. French forces joined by Joan of Arc lifted the "
        "English siege of the city. It was a turning point of the Hundred Years' War.",
    ),
)
