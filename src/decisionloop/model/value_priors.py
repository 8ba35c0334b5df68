"""What the heads do not read, weighed in after them: which of a slot's values is a place, and which the goal
gives right after the slot's own name.

A head reads an option's words beside the slot's question, not whether a word names a place, and it reads the
words around a value but can still prefer NONE to "0.05" in "at a significance level of 0.05". On catalogues
nobody wrote for the generator it fills ``location`` with "woodland" beside "Washington", ``city`` with "Louvre
Museum" beside "Paris", ``a`` with 2 in "a=1, b=-3, c=2". Two likelihood ratios, counted on the train parts
of BFCL simple and multiple and Seal-Tools (``scripts/value_priors.py``), weigh the heads' probabilities:

- **places** (``PLACE_ODDS``): 106 of the 130 values that fill a slot named for a place (location, city,
  country, …) are capitalised known places ("Denver, Colorado" too), while 167 of the 973 values offered to
  such slots are: a known place is (106 / 167) / (24 / 806) ≈ 21 times as likely to be the value as another. The places'
  probabilities are multiplied by that among the slot's values and NONE keeps the share the heads gave it:
  this weighs which value, never whether there is one. A slot whose values are all places, or none, is left be.
- **named values** (``NAMED_ODDS``): 102 of the 1,064 right values offered stand right after the slot's name
  and "=", ":", "is", "of", "as", "equals" ("significance level of 0.05", "a=1") or quoted right before it
  ('"GWvmNJmUobdo" waste type'), 33 of the 7,642 other values do: a named value is (102 / 1,064) / (33 / 7,642)
  ≈ 22 times as likely to be the right one. Its probability
  is multiplied by that against every other option, NONE too: the goal gives the value.

Only a slot's question (``arg:<slot>``) is weighed; every other question is answered as the heads answer it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from decisionloop.core.tool import NONE
from decisionloop.values.places import is_located_place

PLACE_ODDS = 21.0
NAMED_ODDS = 22.0
# Words of a slot's name that make it a place's (split at "_" and case changes: cityName, departure_city).
PLACE_WORDS = frozenset(
    {"location", "city", "country", "state", "region", "place", "destination", "origin", "town", "address"}
    | {"jurisdiction", "area", "locale", "venue", "where"}
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
# What joins a name to its value: "=" or ":" (the only joins for a name of one or two letters: "a=1"), or a
# word ("is", "of", "as", …)
_JOIN = r"(?:\s*[=:]\s*|\s+(?:is|of|as|equal to|equals|was)\s+)"
_SHORT = 2
_ARG = "arg:"


def slot_of(qid: str) -> str | None:
    """The slot a question fills (``arg:location`` → location), None for any other question."""
    return qid[len(_ARG) :] if qid.startswith(_ARG) else None


def place_slot(slot: str) -> bool:
    """Whether a slot is named for a place (``location``, ``departureCity``, ``home_country``)."""
    return any(w.casefold() in PLACE_WORDS for w in _WORD.findall(slot))


def is_place_value(name: str) -> bool:
    """Whether an option names a known place as written: capitalised ("Woodland", not "woodland"), with its
    region or not ("Denver, Colorado")."""
    return name[:1].isupper() and is_located_place(name)


def named_value(slot: str, value: str, goal: str) -> bool:
    """Whether ``goal`` gives ``value`` right after the slot's own name, or quoted right before it: "a=1",
    "significance level of 0.05", "the rate is 5%", 'the title: "Dune"', '"GWvmNJmUobdo" waste type'."""
    words = [re.escape(w.casefold()) for w in _WORD.findall(slot)]
    if not words or not value.strip():
        return False
    name = r"[\s_-]*".join(words)
    join = r"\s*[=:]\s*" if len(slot) <= _SHORT else rf"s?{_JOIN}(?:(?:the|a|an)\s+)?"
    after = rf"(?<![A-Za-z0-9]){name}{join}[\"'“]?{re.escape(value)}(?![\w])"
    before = rf"[\"'“]{re.escape(value)}[\"'”]\s+{name}s?(?![A-Za-z])"  # '"GWvmNJmUobdo" waste type'
    patterns = (after,) if len(slot) <= _SHORT else (after, before)
    return any(re.search(p, goal, re.IGNORECASE) for p in patterns)


def reweigh(qid: str, names: Sequence[str], p: npt.NDArray[np.floating], goal: str) -> npt.NDArray[np.float64]:
    """``p`` over ``names`` weighed by both priors when ``qid`` fills a slot; else ``p`` as it is."""
    out = np.asarray(p, dtype=np.float64)
    slot = slot_of(qid)
    if slot is None:
        return out
    values = [i for i, n in enumerate(names) if n != NONE]
    if place_slot(slot):
        out = _places(out, values, [i for i in values if is_place_value(names[i])])
    named = [i for i in values if named_value(slot, names[i], goal)]
    if named:
        out = out.copy()
        out[named] *= NAMED_ODDS
        out /= out.sum()
    return np.minimum(out, 1.0)  # float32 sums may round past 1


def _places(p: npt.NDArray[np.float64], values: list[int], places: list[int]) -> npt.NDArray[np.float64]:
    if not places or len(places) == len(values):
        return p
    weighed = p.copy()
    weighed[places] *= PLACE_ODDS
    share, new = p[values].sum(), weighed[values].sum()
    if new > 0:
        weighed[values] *= share / new
    return weighed
