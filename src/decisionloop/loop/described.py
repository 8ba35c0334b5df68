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
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from decisionloop.core.records import Call, Hold
from decisionloop.core.tool import Slot, Tool
from decisionloop.extract import is_city, is_country, is_function
from decisionloop.extract.slots import words_of

Described = Literal["country", "city"]
_DESCRIBED = re.compile(
    r"\bthe (country|nation|city|town)\s+(?:where|that|which|whose|in which|of which|with)\b([^,.;:!?]*)", re.IGNORECASE
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
# The words a goal asks with are compared cut to four letters ("founded" meets "founder"), those of three letters
# or more ("ceo") that are not function words.
_STEM, _SHORTEST = 4, 3
# "the <role> who / that / which / whose …" or "the <role> of / behind …", up to the clause's end.
_BY_ROLE = re.compile(
    rf"\bthe ((?:{'|'.join(_ROLES)})s?)\s+(who|that|which|whose|of|behind)\s+([^,.;:!?]+)", re.IGNORECASE
)
# A description by a preposition names its relation by the role alone ("the maker of …", "the company behind …"):
# the words after it may run on into what the goal asks ("when was the company behind the Submariner founded").
_NOUN_ONLY = frozenset({"of", "behind"})
# Roles that name whoever heads a country or a body: a fact's "head of government" (or of state) is their relation.
_HEADS = frozenset({"president", "leader", "ruler", "king", "queen", "emperor"})


def described(goal: str) -> Described | None:
    """The kind of place the goal names by description, if any ("the country where …" → country)."""
    found = _DESCRIBED.search(goal)
    if found is None:
        return None
    word = found.group(1).casefold()
    return "country" if word in ("country", "nation") else "city"


def of_described_kind(goal: str, step: int, slot: Slot, values: Sequence[str]) -> list[str] | None:
    """The ``values`` offered a place-like slot after the first step that are of the kind of place the goal
    describes ("Japan" of Kyoto, Kansai, Japan, Kyoto City … for "the country where Kyoto is"); None where the goal
    describes none, before the first lookup, or where none of them is one (every other value is held, below)."""
    kind = described(goal)
    if kind is None or step == 0 or slot.is_fixed or not _PLACE_LIKE & set(slot.kinds):
        return None
    return [v for v in values if _IS[kind](v)] or None


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
    return [m.group(3) for m in _BY_ROLE.finditer(goal)]


def _descriptions(goal: str) -> list[str]:
    """Every description in ``goal``: of a place (what follows "the country where") and by role."""
    return [m.group(2) for m in _DESCRIBED.finditer(goal)] + role_descriptions(goal)


def call_holds(goal: str, step: int, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """Every hold this module puts on a call: a value not the place described, a lookup of what a role's description
    only mentions, a fact the goal asks of what it describes asked of what it only mentions."""
    return [
        *described_holds(goal, step, tool, args),
        *role_holds(goal, tool, args),
        *asked_of_mentioned_holds(goal, tool, args),
    ]


def stop_described_holds(goal: str, previous: Call | None) -> list[Hold]:
    """A hold on stopping when the last call looked up only what a description in the goal mentions (a value that is
    words of "the company that makes the PlayStation" or "the country where Kyoto is"): the thing described is
    found, what the goal asks about it is not."""
    if previous is None:
        return []
    clauses = _descriptions(goal)
    mentioned = [value for value in previous.args.values() if _only_words_of(value, clauses)]
    if not mentioned:
        return []
    return [
        Hold(
            kind="stop_described",
            detail=f"the last lookup was of {mentioned[0]!r}, which the goal mentions to describe what it asks about",
        )
    ]


def _only_words_of(value: str, clauses: Sequence[str]) -> bool:
    """Whether ``value`` is a run of words of one of ``clauses`` (case and punctuation aside)."""
    said = " ".join(words_of(value))
    return bool(said) and any(f" {said} " in f" {' '.join(words_of(c))} " for c in clauses)


def role_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """Holds on a call by a lookup (a read-only tool) with no fixed list whose free value is words of a role's
    description only, or the role itself ("author" of "the author of Frankenstein"); a message or a note may well
    be about what the goal mentions ("tell the band that …")."""
    if tool.side_effect is not None or any(s.is_fixed for s in tool.slots):
        return []
    roles = [m.group(1) for m in _BY_ROLE.finditer(goal)]
    return [
        Hold(
            kind="arg_not_described",
            detail=f"{name}: the goal asks about whom or what it describes; {value!r} is only mentioned there",
        )
        for name, value in _mentioned(tool, args, role_descriptions(goal) + roles)
    ]


def asked_of_mentioned_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a lookup with a fixed list (a fact's property) whose free value is only words of a description, by
    role or of a place, and whose choice is not the relation that finds the thing described: a word of the
    description's noun ("country" of "the country where Kyoto is") or of a clause with a verb ("discoverer" of "the
    scientist who discovered penicillin"). Anything else is asked of what the goal only mentions ("Who started the
    maker of the Walkman?" → the Walkman's founder; "the population of the country where Kyoto is" → Kyoto's)."""
    if tool.side_effect is not None or not any(s.is_fixed for s in tool.slots):
        return []
    chosen = [args[s.name] for s in tool.slots if s.is_fixed and s.name in args]
    for clause, relation in _relations(goal):
        for name, value in _mentioned(tool, args, [clause]):
            finding = relation - _stems(value)
            if chosen and not any(_stems(c) & finding for c in chosen):
                detail = (
                    f"{name}: {value!r} is only mentioned to describe what the goal asks about, and {chosen[0]!r} is "
                    "not the relation that finds it"
                )
                return [Hold(kind="arg_not_described", detail=detail)]
    return []


def _relations(goal: str) -> list[tuple[str, set[str]]]:
    """Each description's clause, with the words of the relation that finds what it describes: its noun, and the
    clause's words unless it follows a preposition."""
    found = [(m.group(2), _stems(m.group(1)) | _stems(m.group(2))) for m in _DESCRIBED.finditer(goal)]
    for m in _BY_ROLE.finditer(goal):
        clause = "" if m.group(2).casefold() in _NOUN_ONLY else m.group(3)
        role = m.group(1).casefold().removesuffix("s")
        found.append((m.group(3), _stems(role) | _stems(clause) | (_stems("head") if role in _HEADS else set())))
    return found


def _mentioned(tool: Tool, args: Mapping[str, str], clauses: Sequence[str]) -> list[tuple[str, str]]:
    """The call's free text values (slot, value) that are only words of one of ``clauses``."""
    return [
        (slot.name, value)
        for slot in tool.slots
        if not slot.is_fixed
        and slot.type == "string"
        and (value := args.get(slot.name)) is not None
        and _only_words_of(value, clauses)
    ]


def _stems(text: str) -> set[str]:
    """The words of ``text`` that say something, cut to four letters ("founded" and "founder" meet)."""
    return {w[:_STEM] for w in words_of(text) if len(w) >= _SHORTEST and not is_function(w)}
