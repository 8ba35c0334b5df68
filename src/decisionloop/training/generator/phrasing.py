"""Goal templates per intent: questions, commands, terse and polite forms, and negations that keep a goal
read-only. Written for this generator; none copies a suite goal's wording (the templates are in data/phrasing.json)."""

from __future__ import annotations

from decisionloop.training.generator.tables import load

WHEN_PHRASES = load("phrasing", "when_phrases", dict[str, tuple[str, ...]])
WEATHER = load("phrasing", "weather", tuple[str, ...])
WEATHER_NOW = load("phrasing", "weather_now", tuple[str, ...])
WIKI = load("phrasing", "wiki", tuple[str, ...])
WIKI_PERSON = load("phrasing", "wiki_person", tuple[str, ...])
WIKI_THING = load("phrasing", "wiki_thing", tuple[str, ...])
# Named places, organisations and products: asked what they are, not one property of them.
WIKI_NAMED = load("phrasing", "wiki_named", tuple[str, ...])
# Events whose name carries its kind (the Battle of X, the Treaty of Y): {x} is the name, "the" is in the template.
EVENT = load("phrasing", "event", tuple[str, ...])
# Missions asked about with a common noun after the name ("the Voyager 2 probe"); the lookup takes {x} alone.
MISSION = load("phrasing", "mission", tuple[str, ...])
# Where a named place is: the same opening words as a question about the user's own things, but about the world.
WHERE_IS = load("phrasing", "where_is", tuple[str, ...])
WHEN_EVENT = load("phrasing", "when_event", tuple[str, ...])
# Someone asked about by a description ("the inventor of the telephone") or by name: {d} is one or the other.
ABOUT_SOMEONE = load("phrasing", "about_someone", tuple[str, ...])
ABOUT_COMPANY = load("phrasing", "about_company", tuple[str, ...])
FACT = load("phrasing", "fact", dict[str, tuple[str, ...]])
MAYOR = load("phrasing", "mayor", tuple[str, ...])
PRIME_MINISTER = load("phrasing", "prime_minister", tuple[str, ...])
PRESIDENT = load("phrasing", "president", tuple[str, ...])
BUILT = load("phrasing", "built", tuple[str, ...])
CALC = load("phrasing", "calc", tuple[str, ...])
CALC_VERBAL = load("phrasing", "calc_verbal", tuple[str, ...])
UNITS = load("phrasing", "units", tuple[str, ...])
DATE = load("phrasing", "date", tuple[str, ...])
DATE_AGO = load("phrasing", "date_ago", tuple[str, ...])
DATE_AHEAD = load("phrasing", "date_ahead", tuple[str, ...])
NEGATIONS = load("phrasing", "negations", tuple[str, ...])
CLOCK = load("phrasing", "clock", tuple[str, ...])
CLOCK_HERE = load("phrasing", "clock_here", tuple[str, ...])  # the time where the user is: no place
