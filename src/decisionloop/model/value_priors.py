"""What the heads do not read, weighed in after them: which of a slot's values is a place, which the goal gives
right after the slot's own name, which the slot's description gives as an example, which number the goal
follows with the slot's unit, which joins other values into a list, which has the written form the slot's name
asks for, which is a date a slot named for one takes (and no other slot), which only names a slot, and which
another slot names.

A head reads an option's words beside the slot's question, not whether a word names a place, and it reads the
words around a value but can still prefer NONE to "0.05" in "at a significance level of 0.05". On catalogues
nobody wrote for the generator it fills ``location`` with "woodland" beside "Washington", ``city`` with "Louvre
Museum" beside "Paris", ``a`` with 2 in "a=1, b=-3, c=2", ``unit`` with NONE beside "miles" when the
description says "Options: 'miles', 'kilometers'". Likelihood ratios counted on the train parts of BFCL simple
and multiple and Seal-Tools (``scripts/value_priors.py``) weigh the heads' probabilities:

- **places** (``PLACE_ODDS``): 106 of the 130 values that fill a slot named for a place (location, city,
  country, …) are capitalised known places ("Denver, Colorado" too), while 167 of the 973 values offered to
  such slots are: a known place is (106 / 167) / (24 / 806) ≈ 21 times as likely to be the value as another.
  The places' probabilities are multiplied by that among the slot's values and NONE keeps the share the heads
  gave it: this weighs which value, never whether there is one. A slot whose values are all places, or none, is
  left be.
- **places elsewhere** (``ELSEWHERE_ODDS``): where the call has a slot named for a place, another slot's value is
  a place 2 times of its 168 right values and 146 times of its 1,588 others: a place there is multiplied by
  (2 / 168) / (146 / 1,588) ≈ 0.13 against every option ("rock concerts in New York" fills ``location``, not
  ``genre``). Without a place slot, places are likelier elsewhere (2.5), but weighing that moved no decision of
  the validation parts, so it is left out.
- **dates elsewhere** (``DATED_ELSEWHERE_ODDS``): where the call has a slot named for a date, another slot's value
  is a date the goal writes (not a stretch of time such as "3 days ago") none of 63 times among its right values
  and 72 times among its 592 others: such a date is multiplied by (1 / 64) / (72 / 592) ≈ 0.13, the ratio with
  one more right value, against every option ("March 1, 2016" fills ``start_date``, not ``campaign_id``).

The others are multiplied against every other option, NONE too (the goal or the schema gives the value), each
by its likelihood ratio over the 1,064 right values and the 7,642 other values offered:

- **named values** (``NAMED_ODDS``, 158 right values vs 38 others: 30): right after the slot's name and "=",
  ":", "is", "of", "as", "equals" ("significance level of 0.05", "a=1") or "with ID" ("the style guide with ID
  29DXtd3K": 162 vs 26 on 2026-12-06, 158 vs 26 without it), quoted right after it ('exercise ID
  "GCqYtt9vi"') or quoted right before it ('"GWvmNJmUobdo" waste type');
- **described values** (``DESCRIBED_ODDS``, 202 vs 80: 18): quoted in the slot's description or given there as
  an example ("Options: 'miles', 'kilometers'", "e.g., Texas");
- **numbers in the slot's unit** (``UNIT_ODDS``, 116 vs 37: 22): followed in the goal by a word of the slot's
  name or description ("in 3 years" for ``time_years``), or by "-year-old" for a slot named for an age;
- **enumerations** (``LIST_ODDS``, 24 vs 31: 5.6): two other options or more joined by commas and "and"/"or"
  ("tomatoes and lettuce" beside "tomatoes" and "lettuce"), the value a list slot takes whole; a place with its
  region ("Louisiana, United States") is none;
- **values in the slot's form** (``FORM_ODDS``, 117 vs 36: 23): a slot named for an e-mail address, a URL, an
  IP address, a time, a year, a month, a weekday, a colour, a language or an id or code, and a value written so
  ("contact_email" and "ana@example.com", "color" and "green");
- **dates** (``DATED_ODDS``, 10): a slot named for a date (``date``, ``start_date``) and a value the goal writes
  that the dates module reads as a day or a stretch of days ("December 31", "Valentine's Day", "2022-05-12"), 33
  of 1,106 right values and 23 of 7,803 others (counted 2026-12-06, a date the goal writes in words right for
  the ISO day of the gold call); date_math's "today", which the goal does not write, is none;
- **labels** (``LABEL_ODDS``, 1 vs 1,528: 0.0047, weighed at 0.01, the ratio with one more right value): a value
  made only of words of the call's slot names names a slot, it does not fill one ("using kilometers as the
  unit" offers "unit", "in the year 1995" offers "year" to ``case_category``); a question whose every value is a
  label is left be;
- **claimed values** (``CLAIMED_ODDS``, 2 vs 680: 0.021): a value another slot of the call names or describes, as
  above, and the slot's own name and description do not ('exercise ID "GCqYtt9vi" for the patient with ID
  "CEyWZrPWtF"' keeps the exercise's id out of ``patient_id``).

A value made only of words of its own slot's name, when that name has two words or more ("ID" or "the player
ID" for ``player_id``, "index" for ``index_name``), names the slot whatever else is offered: its probability goes
to NONE (the value is not in the text, and the loop asks for it). No accepted value of BFCL's or Seal-Tools'
train, validation and test parts (2,957 strings) is one; "units" for ``unit`` is, so a name of one word is left
out.

Only a slot's question (``arg:<slot>``) is weighed; every other question is answered as the heads answer it.

Last, the slots of one request together (``in_goal_order``): numbered slots of one stem (``team1``, ``team2``,
``color1``, ``color2``) take different values in the order the goal writes them — 15 such stems in the train
parts, none out of order. Where the heads give two of them one value ("between Chicago Bulls and Los Angeles
Lakers", both surest of the Lakers) or give them out of order, the ordered values with the highest joint
probability replace theirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from functools import lru_cache
from itertools import combinations
from math import prod

import numpy as np
import numpy.typing as npt

from decisionloop.core.tool import NONE
from decisionloop.values.dates import read_date, read_duration, read_range
from decisionloop.values.places import is_located_place

PLACE_ODDS = 21.0
NAMED_ODDS = 30.0
DESCRIBED_ODDS = 18.0
UNIT_ODDS = 22.0
LIST_ODDS = 5.6
FORM_ODDS = 23.0
DATED_ODDS = 10.0
DATED_ELSEWHERE_ODDS = 0.13
ELSEWHERE_ODDS = 0.13
LABEL_ODDS = 0.01
CLAIMED_ODDS = 0.02
# Words of a slot's name that make it a place's (split at "_" and case changes: cityName, departure_city).
PLACE_WORDS = frozenset(
    {"location", "city", "country", "state", "region", "place", "destination", "origin", "town", "address"}
    | {"jurisdiction", "area", "locale", "venue", "where"}
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_ARTICLE = re.compile(r"^(?:the|a|an|my|your|this|that)\s+")  # lower case: "A record" is a name
# What joins a name to its value: "=" or ":" (the only joins for a name of one or two letters: "a=1"), or words
# ("is", "of", "as", …, "with ID": "the style guide with ID 29DXtd3K")
_JOIN = r"(?:\s*[=:]\s*|\s+(?:is|of|as|equal to|equals|was|with (?:the )?(?:id|code|number|name)(?: of)?)\s+)"
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


@lru_cache(maxsize=8192)
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
    quoted = rf"(?<![A-Za-z0-9]){name}s?\s+[\"'“]{re.escape(value)}[\"'”]"  # 'exercise ID "GCqYtt9vi"'
    patterns = (after,) if len(slot) <= _SHORT else (after, before, quoted)
    return any(re.search(p, goal, re.IGNORECASE) for p in patterns)


_QUOTED = re.compile(r"(?<!\w)['\"`‘“]([^'\"`’”]{1,60})['\"`’”]")
# What a description writes before its examples, and the examples up to the end of the clause
_EXAMPLES = re.compile(
    r"(?:\be\.?g\b\.?|\bi\.e\.|\b(?:such as|for example|for instance|example|like)\b)[,:]?\s*([^.;)]{1,80})",
    re.IGNORECASE,
)
# Joins of an enumeration's items: ", ", ", and ", " and ", " or "
_ENUMERATED = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,\s*|\s+and\s+|\s+or\s+)\s*")
# A number as a goal writes it ("5", "$100", "1,000", "4.5%")
_NUMBER = re.compile(r"^[$€£]?-?\d[\d,]*(?:\.\d+)?%?$")
# The names a slot named for a month, a colour or a language takes
MONTHS: tuple[str, ...] = ("january", "february", "march", "april", "may", "june", "july", "august", "september")
MONTHS += ("october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct")
MONTHS += ("nov", "dec")
COLOURS = ("red", "green", "blue", "yellow", "black", "white", "orange", "purple", "pink", "brown", "gr[ae]y", "violet")
LANGUAGES: tuple[str, ...] = ("english", "french", "spanish", "german", "italian", "chinese", "mandarin", "japanese")
LANGUAGES += ("korean", "russian", "portuguese", "arabic", "hindi", "dutch", "swedish", "greek", "turkish", "polish")
# Words of a slot's name that ask for a value of one written form, and the form (split as PLACE_WORDS are)
FORMS: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = (
    (frozenset({"email", "mail"}), re.compile(r"[^@\s]+@[^@\s]+\.\w+")),
    (
        frozenset({"url", "uri", "link", "website", "webpage", "site", "endpoint"}),
        re.compile(r"(?:https?://|www\.)\S+"),
    ),
    (frozenset({"ip"}), re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")),
    (frozenset({"time", "timestamp"}), re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")),
    (frozenset({"year"}), re.compile(r"(?:1[5-9]|20)\d\d")),
    (frozenset({"month"}), re.compile(rf"(?i:{'|'.join(MONTHS)})\.?")),
    (frozenset({"day", "weekday"}), re.compile(r"(?i:mon|tues|wednes|thurs|fri|satur|sun)day")),
    (frozenset({"color", "colour"}), re.compile(rf"(?i:{'|'.join(COLOURS)})")),
    (frozenset({"language", "lang"}), re.compile(rf"(?i:{'|'.join(LANGUAGES)})")),
    # an id or a code: a run of four letters or digits or more with a digit, or of six or more in mixed case
    (
        frozenset({"id", "identifier", "code"}),
        re.compile(r"(?=.*\d)[A-Za-z0-9_-]{4,}|(?=.*[A-Z].*[a-z]|.*[a-z].*[A-Z])[A-Za-z0-9]{6,}"),
    ),
)
# The day a date is read from when the prior asks only whether a value names one (a leap year: "February 29")
_ANY_DAY = date(2024, 1, 1)
# What follows an age: "49-year-old", "49 years old"
_AGED = re.compile(r"[\s-]+years?[\s-]+old\b", re.IGNORECASE)
# Words of a description that name no unit
_STOP = frozenset(
    {"the", "a", "an", "of", "in", "on", "for", "to", "and", "or", "is", "be", "by", "with", "as", "at", "from"}
    | {"this", "that", "which", "it", "its", "default", "optional", "required", "value", "number", "given"}
)


@lru_cache(maxsize=8192)
def described_value(slot: str, value: str, goal: str, instruction: str) -> bool:
    """Whether the goal writes ``value`` and the slot's own description quotes it or gives it as an example:
    "Options: 'miles', 'kilometers'", "e.g., Texas" (the slot's name, quoted by a description that has no words,
    does not count; nor does a fixed option the goal does not say)."""
    said = value.strip().casefold()
    word = rf"(?<!\w){re.escape(said)}(?!\w)"
    if not said or said == slot.casefold() or not re.search(word, goal.casefold()):
        return False
    quoted, examples = _described(instruction)
    return said in quoted or any(re.search(word, e) for e in examples)


@lru_cache(maxsize=1024)
def _described(instruction: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """What a description quotes and the examples it gives, casefolded (read once per slot, not per option)."""
    quoted = frozenset(q.strip().casefold() for q in _QUOTED.findall(instruction))
    return quoted, tuple(m.casefold() for m in _EXAMPLES.findall(instruction))


def unit_named(slot: str, value: str, goal: str, instruction: str) -> bool:
    """Whether ``value`` is a number the goal follows with a word of the slot's name or description: "in 3 years"
    for ``time_years``, "for 76 minutes" for a duration "in minutes", "a 49-year-old" for ``age``."""
    if not _NUMBER.match(value.strip()):
        return False
    words = _unit_words(slot, instruction)
    aged = "age" in {w.casefold() for w in _WORD.findall(slot)}
    for m in re.finditer(rf"(?<![\w.]){re.escape(value)}(?![\w.])", goal):
        after = re.match(r"[\s-]*([A-Za-z]+)", goal[m.end() :])
        if after and _singular(after.group(1)) in words:
            return True
        if aged and _AGED.match(goal[m.end() :]):
            return True
    return False


def label(value: str, slots: Sequence[str]) -> bool:
    """Whether ``value`` is made only of words of the request's slot names, and of no digit: the goal names a
    slot there ("using kilometers as the unit", "in the year 1995", "processor utilization of 40.2"), it does not
    give its value."""
    words = {_singular(w) for w in _WORD.findall(value)}
    if not words or any(c.isdigit() for c in value):
        return False
    return words <= _slot_words(tuple(slots))


@lru_cache(maxsize=256)
def _slot_words(slots: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_singular(w) for s in slots for w in _WORD.findall(s))


def claimed(slot: str, value: str, goal: str, slots: Mapping[str, str]) -> bool:
    """Whether another of the call's ``slots`` (name: description) names ``value`` or describes it and ``slot``
    does not: 'exercise ID "GCqYtt9vi"' is no patient's id, a "low" that ``impact``'s description offers is no
    project."""

    def says(name: str) -> bool:
        return named_value(name, value, goal) or described_value(name, value, goal, slots.get(name, ""))

    return not says(slot) and any(says(other) for other in slots if other != slot)


def enumerated(value: str, names: Sequence[str]) -> bool:
    """Whether ``value`` joins two options or more of the same question by commas and "and"/"or" ("tomatoes and
    lettuce" beside "tomatoes" and "lettuce"): the items are there one by one, and together. A place with its
    region ("Louisiana, United States") is one place, not two."""
    if is_located_place(value):
        return False
    items = [i.strip(" []'\"") for i in _ENUMERATED.split(value.strip("[] "))]
    others = {n.casefold() for n in names if n != value}
    return len(items) >= 2 and all(i and i.casefold() in others for i in items)


def in_form(slot: str, value: str) -> bool:
    """Whether the slot's name asks for a written form and ``value`` has it: an address for ``contact_email``,
    a URL for ``website``, "12:30" for ``start_time``, "CEyWZrPWtF" for ``patient_id``."""
    words = {w.casefold() for w in _WORD.findall(slot)}
    return any(words & named and form.fullmatch(value.strip()) for named, form in FORMS)


@lru_cache(maxsize=1024)
def date_slot(slot: str) -> bool:
    """Whether a slot is named for a date (``date``, ``start_date``, ``checkInDate``)."""
    return "date" in {w.casefold() for w in _WORD.findall(slot)}


@lru_cache(maxsize=4096)
def names_a_date(value: str, goal: str) -> bool:
    """Whether ``value`` is one the goal writes that names a day or a range of days as the dates module reads them:
    "December 31", "2022-05-12", "Valentine's Day", "next Friday", "June 1 and August 15" (not a year alone, a
    month alone or a duration; not a literal a slot offers that the goal does not write, such as date_math's
    "today")."""
    if first_written(value, goal) is None:
        return False
    return read_date(value, _ANY_DAY) is not None or read_range(value, _ANY_DAY) is not None


def dated(slot: str, value: str, goal: str) -> bool:
    """Whether the slot's name asks for a date and ``value`` is a date the goal writes (``names_a_date``)."""
    return date_slot(slot) and names_a_date(value, goal)


def dated_elsewhere(slot: str, value: str, goal: str, slots: Iterable[str]) -> bool:
    """Whether ``value`` is a date the goal writes, and not a stretch of time ("3 days ago" is both), for a slot not
    named for a date in a call with one that is: "March 1, 2016" belongs in ``start_date``, not ``campaign_id``."""
    if date_slot(slot) or not any(date_slot(s) for s in slots):
        return False
    return names_a_date(value, goal) and read_duration(value) is None


@lru_cache(maxsize=1024)
def _unit_words(slot: str, instruction: str) -> frozenset[str]:
    """The words of a slot's name and description that may name its unit, singular."""
    return frozenset(_singular(w) for w in _WORD.findall(slot) + _WORD.findall(instruction)) - _STOP


def _singular(word: str) -> str:
    w = word.casefold()
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def reweigh(
    qid: str,
    names: Sequence[str],
    p: npt.NDArray[np.floating],
    goal: str,
    instruction: str = "",
    slots: Mapping[str, str] | None = None,
) -> npt.NDArray[np.float64]:
    """``p`` over ``names`` weighed by the priors when ``qid`` fills a slot; else ``p`` as it is. ``slots`` are
    the slots the same request fills, each with its description (a place belongs in the one named for it, a value
    another slot names in that one)."""
    slots = slots or {}
    out = np.asarray(p, dtype=np.float64)
    slot = slot_of(qid)
    if slot is None:
        return out
    values = [i for i, n in enumerate(names) if n != NONE]
    places = [i for i in values if is_place_value(names[i])]
    odds = np.ones(len(names))
    if place_slot(slot):
        out = _places(out, values, places)
    elif any(place_slot(s) for s in slots):
        odds[places] *= ELSEWHERE_ODDS
    slot_names = tuple(slots)
    labels = [i for i in values if label(names[i], slot_names)]
    if len(labels) < len(values):  # a question whose every option is a label is left be
        odds[labels] *= LABEL_ODDS
    for i in values:
        if named_value(slot, names[i], goal):
            odds[i] *= NAMED_ODDS
        if described_value(slot, names[i], goal, instruction):
            odds[i] *= DESCRIBED_ODDS
        if unit_named(slot, names[i], goal, instruction):
            odds[i] *= UNIT_ODDS
        if enumerated(names[i], names):
            odds[i] *= LIST_ODDS
        if in_form(slot, names[i]):
            odds[i] *= FORM_ODDS
        if claimed(slot, names[i], goal, slots):
            odds[i] *= CLAIMED_ODDS
        if dated(slot, names[i], goal):
            odds[i] *= DATED_ODDS
        if dated_elsewhere(slot, names[i], goal, slots):
            odds[i] *= DATED_ELSEWHERE_ODDS
    if (odds != 1).any():
        out = out * odds
        out /= out.sum()
    own = [i for i in values if names_own_slot(slot, names[i])]
    if own and NONE in names:
        out[names.index(NONE)] += out[own].sum()
        out[own] = 0.0
    return np.minimum(out, 1.0)  # float32 sums may round past 1


def names_own_slot(slot: str, value: str) -> bool:
    """Whether ``value`` is only words of ``slot``'s name (after a lower-case article), a name of two words or
    more: it names the slot."""
    return len(_slot_words((slot,))) >= 2 and label(_ARTICLE.sub("", value), (slot,))


_NUMBERED = re.compile(r"(.+?)_?(\d+)")
_SIBLINGS = 2
_PAIRED = 0.01


def in_goal_order(
    weighed: Mapping[str, tuple[Sequence[str], npt.NDArray[np.float64]]], goal: str
) -> dict[str, npt.NDArray[np.float64]]:
    """Numbered slots of one stem (``team1``, ``team2``) take different values, in the order the goal writes them.
    Where their most probable values share one the goal writes once, or come out of that order, and no slot's is
    NONE, the slots take the ordered values of the goal with the highest joint probability instead: each slot's
    probabilities of its old and new value are exchanged ("between Chicago Bulls and Los Angeles Lakers", both
    slots surest of the Lakers: ``team1`` Chicago Bulls). ``weighed`` maps a question to its option names and
    probabilities; the questions it changes are returned."""
    question = {slot: qid for qid in weighed if (slot := slot_of(qid)) is not None}
    changed: dict[str, npt.NDArray[np.float64]] = {}
    for siblings in numbered_siblings(question):
        changed.update(_ordered([question[slot] for slot in siblings], weighed, goal))
    return changed


def numbered_siblings(slots: Iterable[str]) -> list[list[str]]:
    """The slots numbered on one stem, two or more, in their numbers' order (``team1``, ``team2``); a stem numbered
    once is a name of its own (``side3``)."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for slot in slots:
        if m := _NUMBERED.fullmatch(slot):
            groups.setdefault(m.group(1).casefold(), []).append((int(m.group(2)), slot))
    return [[slot for _, slot in sorted(members)] for members in groups.values() if len(members) >= _SIBLINGS]


def _ordered(
    qids: Sequence[str], weighed: Mapping[str, tuple[Sequence[str], npt.NDArray[np.float64]]], goal: str
) -> dict[str, npt.NDArray[np.float64]]:
    probs = [dict(zip(weighed[q][0], weighed[q][1].tolist(), strict=True)) for q in qids]
    picks = [max(p, key=p.__getitem__) for p in probs]
    at = {v: first_written(v, goal) for v in set().union(*probs) if v != NONE}
    # the values every slot is offered, that the goal writes and one slot gives .01 or more (a short list to pair)
    written = sorted(
        (a, v)
        for v, a in at.items()
        if a is not None and all(v in p for p in probs) and max(p[v] for p in probs) >= _PAIRED
    )
    values = [v for _, v in written]
    if NONE in picks or any(at.get(v) is None for v in picks) or _in_order(picks, values, goal):
        return {}

    def joint(chosen: Sequence[str]) -> float:
        # two values that begin at one place ("New York" in "New York City") are one value, not a pair
        if len({at[v] for v in chosen}) < len(chosen):
            return 0.0
        return float(prod(p[v] for p, v in zip(probs, chosen, strict=True)))

    best = max(combinations(values, len(qids)), key=joint, default=None)
    if best is None or not joint(best):
        return {}
    changed: dict[str, npt.NDArray[np.float64]] = {}
    for qid, old, new in zip(qids, picks, best, strict=True):
        names, p = weighed[qid]
        if old != new:
            out = p.copy()
            i, j = list(names).index(old), list(names).index(new)
            out[i], out[j] = p[j], p[i]
            changed[qid] = out
    return changed


def _in_order(picks: Sequence[str], values: Sequence[str], goal: str) -> bool:
    """Whether the picks are different values in the goal's order, or one value the goal writes more than once."""
    if len(set(picks)) == 1:
        return len(_as_written(picks[0]).findall(goal)) > 1
    index = [values.index(v) if v in values else -1 for v in picks]
    return len(set(picks)) == len(picks) and index == sorted(index) and -1 not in index


def first_written(value: str, goal: str) -> int | None:
    """Where the goal first writes ``value`` as a word of its own (any case), None where it does not."""
    m = _as_written(value).search(goal)
    return m.start() if m else None


def _as_written(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(value)}(?![\w])", re.IGNORECASE)


def _places(p: npt.NDArray[np.float64], values: list[int], places: list[int]) -> npt.NDArray[np.float64]:
    if not places or len(places) == len(values):
        return p
    weighed = p.copy()
    weighed[places] *= PLACE_ODDS
    share, new = p[values].sum(), weighed[values].sum()
    if new > 0:
        weighed[values] *= share / new
    return weighed
