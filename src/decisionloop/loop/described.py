"""Arguments a goal names by description: "the country where Kyoto is", "the city whose river is the Seine".

Such a goal needs a lookup first, and then the thing it describes, not the thing it mentions: after
``wiki_lookup(Kyoto)`` the population wanted is Japan's, not Kyoto City's. When the goal describes a country or a
city, a later call's value for a place-like slot must be a country (or a city) the gazetteer knows; any other
value is held for System 2, whatever System 1's confidence (a second hop reusing the first hop's entity, a
landmark offered as the city, are confident errors the model makes on goals it has not seen).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal

from decisionloop.core.records import Hold
from decisionloop.core.tool import Tool
from decisionloop.extract import is_city, is_country

Described = Literal["country", "city"]
_DESCRIBED = re.compile(
    r"\bthe (country|nation|city|town)\b(?=\s+(?:where|that|which|whose|in which|of which|with)\b)", re.IGNORECASE
)
_IS: Mapping[Described, Callable[[str], bool]] = {"country": is_country, "city": is_city}
_PLACE_LIKE = frozenset({"place", "proper", "topic", "org"})


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
