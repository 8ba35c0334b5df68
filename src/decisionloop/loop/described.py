"""Arguments a goal names by description: "the country where Kyoto is", "the city whose river is the Seine", "the
scientist who discovered penicillin", "the maker of the Walkman".

Such a goal needs a lookup first, and then the thing it describes, not the thing it mentions: after
``wiki_lookup(Kyoto)`` the population wanted is Japan's, not Kyoto City's. When the goal describes a country or a
city, a later call's value for a place-like slot must be a country (or a city) the gazetteer knows; any other
value is held for System 2, whatever System 1's confidence (a second hop reusing the first hop's entity, a
landmark offered as the city, are confident errors the model makes on goals it has not seen).

When the goal describes a person or an organisation by their role, a lookup whose free value is only words of that
description is held at any step: a tool with a fixed list to choose from (a fact's property, such as the maker
or the founder) can ask for the relation itself, but a tool that only takes the value would look up what the goal
mentions (penicillin, the A380) instead of whom or what it describes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

from decisionloop.core.records import Hold
from decisionloop.core.tool import Tool
from decisionloop.extract import is_city, is_country
from decisionloop.extract.slots import words_of

Described = Literal["country", "city"]
_DESCRIBED = re.compile(
    r"\bthe (country|nation|city|town)\b(?=\s+(?:where|that|which|whose|in which|of which|with)\b)", re.IGNORECASE
)
_IS: Mapping[Described, Callable[[str], bool]] = {"country": is_country, "city": is_city}
_PLACE_LIKE = frozenset({"place", "proper", "topic", "org"})
# Nouns that name a person or an organisation by what they do or did.
_ROLES = tuple(
    """person man woman scientist inventor discoverer explorer writer author novelist poet playwright painter
artist sculptor composer musician singer band actor actress director producer founder creator maker manufacturer
designer architect engineer developer publisher company firm business brand studio monk priest king queen emperor
ruler president leader general politician philosopher physicist chemist biologist mathematician astronomer
astronaut athlete player team""".split()  # noqa: SIM905 - a word list reads better as text
)
# "the <role> who / that / which / whose …" or "the <role> of / behind …", up to the clause's end.
_BY_ROLE = re.compile(
    rf"\bthe (?:{'|'.join(_ROLES)})s?\s+(?:who|that|which|whose|of|behind)\s+([^,.;:!?]+)", re.IGNORECASE
)


def described(goal: str) -> Described | None:
    """The kind of place the goal names by description, if any ("the country where …" → country)."""
    found = _DESCRIBED.search(goal)
    if found is None:
        return None
    word = found.group(1).casefold()
    return "country" if word in ("country", "nation") else "city"


def described_holds(goal: str, step: int, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """Holds on a call after the first step whose place-like value is not the kind of place the goal describes."""
    kind = described(goal)
    if kind is None or step == 0:
        return []
    return [
        Hold(
            kind="arg_not_described", detail=f"{slot.name}: the goal asks about a {kind}; {value!r} is not a known one"
        )
        for slot in tool.slots
        if not slot.is_fixed
        and _PLACE_LIKE & set(slot.kinds)
        and (value := args.get(slot.name)) is not None
        and not _IS[kind](value)
    ]


def role_descriptions(goal: str) -> list[str]:
    """The descriptions of people or organisations by role in ``goal`` (what follows "the scientist who" …)."""
    return [m.group(1) for m in _BY_ROLE.finditer(goal)]


def role_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """Holds on a call by a lookup (a read-only tool) with no fixed list whose free value is words of a role's
    description only; a message or a note may well be about what the goal mentions ("tell the band that …")."""
    if tool.side_effect is not None or any(s.is_fixed for s in tool.slots):
        return []
    descriptions = [f" {' '.join(words_of(d))} " for d in role_descriptions(goal)]
    return [
        Hold(
            kind="arg_not_described",
            detail=f"{slot.name}: the goal asks about whom or what it describes; {value!r} is only mentioned there",
        )
        for slot in tool.slots
        if slot.type == "string"
        and (value := args.get(slot.name)) is not None
        and (said := " ".join(words_of(value)))
        and any(f" {said} " in d for d in descriptions)
    ]
