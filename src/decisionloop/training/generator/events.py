"""Named events and missions with the opening of their encyclopedia articles.

A mission is asked about with a trailing common noun ("the Voyager 2 probe") that is not part of the article's
title ("Voyager 2"): the lookup takes the name alone. Battles, treaties and the like carry their kind in the name
("Battle of Trafalgar"), so the name is the whole phrase after "the".
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.tables import rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """An event or mission: its article title, the common nouns a goal may add after it, and its article."""

    name: str
    nouns: tuple[str, ...]
    description: str
    text: str


MISSIONS: tuple[Event, ...] = rows("missions", Event)
EVENTS: tuple[Event, ...] = rows("events", Event)
