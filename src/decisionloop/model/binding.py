"""Which option a slot's question binds to, read from the goal's words around each option.

A goal with several values of one kind says which value fills which slot by the words around them: "from
Sydney to Melbourne" (direction), "20 kg of water … 15 kg" for ``mass1`` and ``mass2`` (order among values of one
dimension), "base and height as 6cm and 10cm" (order of a pair), "3 meters apart" for a distance and "5C" for a
charge (the value's unit against what the slot measures), and "height of 5" (the slot's word stands next to the
value). Each of these is a fact per option: does it fit the slot (1), go against it (1 in the mismatch column), or
say nothing (0 in both). Four more facts (feature version 7) tell a value from the words around it: an option
that only repeats the slot's own words ("keywords" for the keywords of 'with the keywords "mystery"'), an option
that is a whole quoted text of the goal, one that is a part of a quoted text ("Tomorrow" of "Inspire Tomorrow"),
and one that is a part of another option ("mild" beside "mild detergent"). The facts read texts only, so they are
the same for training and at run time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from decisionloop.core.tool import NONE
from decisionloop.values.quantity import read_quantity, registry

Rows = npt.NDArray[np.float32]
N_BINDING_FACTS = 12
N_BINDING_FACTS_V6 = 8  # version 6 rows have the first eight

_TOKEN = re.compile(r"[A-Za-z0-9$%°]+(?:[./][A-Za-z0-9]+)*")
_IDENT = re.compile(r"[A-Za-z]+(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+[0-9]\b")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_NUMBERED = re.compile(r"\b[A-Za-z_]+[0-9]\b")
_ORDINAL_DIGIT = re.compile(r"^[a-z]+?_?([1-9])$")
_NUMBER = re.compile(r"[-+]?[\d,]*\.?\d+")
_LEADING_NUMBER = re.compile(r"[-+$]?[\d,]*\.?\d+")
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "1st": 1, "2nd": 2, "3rd": 3}
_FROM = frozenset({"from", "since"})
_TO = frozenset({"to", "until", "till", "through", "into", "toward", "towards"})
_START = frozenset({"start", "starting", "begin", "beginning", "origin", "source", "departure", "initial", "since"})
_END = frozenset({"end", "ending", "destination", "target", "final", "arrival", "until", "finish"})
_SKIP = frozenset({"the", "a", "an", "of"})
# What a slot measures, by the words its question uses (pint reads unit names in the question besides).
_MEASURES = {
    "[mass]": ("mass", "weight"),
    "[length]": ("distance", "length", "height", "width", "radius", "diameter", "depth", "altitude", "elevation"),
    "[temperature]": ("temperature", "temp", "celsius", "fahrenheit", "kelvin"),
    "[time]": ("time", "duration", "period", "years", "months", "days", "hours", "minutes", "seconds"),
    "[current] * [time]": ("charge", "coulomb", "coulombs"),
    "[length] / [time]": ("speed", "velocity"),
    "[length] ** 3": ("volume",),
    "[length] ** 2": ("area",),
    "money": ("price", "cost", "payment", "salary", "budget", "fee", "income", "revenue", "dollars", "usd", "money"),
    "percent": ("rate", "percent", "percentage"),
}
_MEASURE_OF = {word: dim for dim, words in _MEASURES.items() for word in words}
# English words that pint also reads as units; in a question they mean the word, not the unit.
_NOT_UNITS = frozenset(
    {"are", "bar", "point", "line", "link", "chain", "rod", "hand", "pole", "barn", "board", "cord", "drop", "slug"}
    | {"bit", "byte", "turn", "cycle", "count", "light", "force", "number", "min", "max", "day", "week", "year"}
)
# Words after a number that pint reads as units but that mean something else there ("10 units", "5 in a row").
_NOT_UNITS_AFTER = frozenset(
    {"unit", "units", "at", "in", "a", "an", "of", "per", "and", "or", "to", "by", "as", "it", "on", "for", "is"}
    | {"times", "x", "people", "items"}
)
_TWO_WORD_UNITS = frozenset({"degree", "degrees", "deg", "square", "sq", "cubic", "light"})
_CURRENCY = frozenset({"dollars", "dollar", "usd", "eur", "euros", "euro", "gbp", "yen", "jpy", "inr", "rupees"})
_EXAMPLES = re.compile(r"\((?:e\.g\.|eg\b|for example|such as|like)[^)]*\)?", re.IGNORECASE)
_QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d|(?<![A-Za-z0-9])\'([^\']+)\'(?![A-Za-z0-9])')
_WINDOW = 12  # a slot's word further than this many words from an option says nothing about it


@dataclass(frozen=True, slots=True)
class _Found:
    """Where an option stands in the goal's words, and what it measures ("" for no unit)."""

    start: int
    end: int
    measure: str
    numeric: bool


def split_name(text: str) -> str:
    """A name's words apart: "sendSatelliteMessage" → "send Satellite Message"."""
    return _CAMEL.sub(r"\1 \2", text)


def binding_facts(question: str, names: Sequence[str], goal: str) -> Rows:
    """Per option: direction fits / goes against the slot, order fits / goes against, measure fits / goes
    against, how near the slot's words stand (1 / (1 + words between)), and whether it stands nearest of all."""
    rows = np.zeros((len(names), N_BINDING_FACTS), dtype=np.float32)
    words = _TOKEN.findall(goal)
    if not words or not question:
        return rows
    folded = [w.casefold() for w in words]
    slot = _slot(question)
    found = [None if name == NONE else _locate(name, words, folded) for name in names]
    ranks = _ranks(found)
    near = [_nearness(f, slot.stems, folded) for f in found]
    best = max(near, default=0.0)
    order = slot.order or _pair_order(slot.stems, folded)
    for i, f in enumerate(found):
        if f is None:
            continue
        rows[i, 0:2] = _fit(slot.direction, _direction(f, folded))
        rows[i, 2:4] = _fit(order, ranks[i])
        rows[i, 4:6] = _fit(slot.measure, f.measure) if f.numeric else (0.0, 0.0)
        rows[i, 6] = near[i]
        rows[i, 7] = float(near[i] > 0 and near[i] >= best)
    rows[:, 8:12] = _value_facts(question, names, goal, [f is not None for f in found])
    return rows


def _value_facts(question: str, names: Sequence[str], goal: str, located: Sequence[bool]) -> Rows:
    """Per option that stands in the goal's words: it only repeats the slot's words (examples in the question
    left aside), it is a whole quoted text of the goal, a part of one, a part of another option."""
    rows = np.zeros((len(names), 4), dtype=np.float32)
    own = _own_stems(question)
    quoted = [next(g for g in m.groups() if g is not None).strip().casefold() for m in _QUOTED.finditer(goal)]
    quoted_words = [" ".join(_TOKEN.findall(q)) for q in quoted]
    texts = [" ".join(_TOKEN.findall(n)).casefold() if n != NONE else "" for n in names]
    for i, (name, text) in enumerate(zip(names, texts, strict=True)):
        if not text or not located[i]:
            continue
        content = [w for w in text.split() if len(w) > 2 and w not in _SKIP]
        rows[i, 0] = float(bool(content) and all(w[:5] in own for w in content))
        whole = name.strip().casefold()
        rows[i, 1] = float(whole in quoted)
        rows[i, 2] = float(whole not in quoted and any(_part_of(text, q) for q in quoted_words))
        rows[i, 3] = float(any(j != i and _part_of(text, other) for j, other in enumerate(texts) if other))
    return rows


@lru_cache(maxsize=4096)
def _own_stems(question: str) -> frozenset[str]:
    """The stems of the question's own words, its examples ("(e.g., mystery, romance)") left out."""
    plain = split_name(_EXAMPLES.sub(" ", question)).replace("_", " ")
    return frozenset(w.casefold()[:5] for w in _TOKEN.findall(plain) if len(w) > 2)


def _part_of(text: str, longer: str) -> bool:
    """Whether ``text`` stands as whole words inside ``longer``, and is shorter."""
    return len(text) < len(longer) and f" {text} " in f" {longer} "


def _fit(wanted: object, seen: object) -> tuple[float, float]:
    """(1, 0) when both are known and equal, (0, 1) when both are known and differ, else (0, 0)."""
    if not wanted or not seen:
        return 0.0, 0.0
    return (1.0, 0.0) if wanted == seen else (0.0, 1.0)


@dataclass(frozen=True, slots=True)
class _Slot:
    stems: frozenset[str]
    direction: str
    order: int
    measure: str


@lru_cache(maxsize=4096)
def _slot(question: str) -> _Slot:
    """What the question says of its slot: its content stems, start or end, its place in order, its measure."""
    idents = [split_name(m).replace("_", " ").casefold().split() for m in _IDENT.findall(question)]
    plain = [w.casefold() for w in _TOKEN.findall(split_name(question).replace("_", " "))]
    words = plain + [w for ident in idents for w in ident]
    direction = {"start" for w in words if w in _START} | {"end" for w in words if w in _END}
    # "to" and "from" say a direction only inside a name ("to_unit", "fromCity"), not in a sentence's grammar
    direction |= {"start" for ident in idents if "from" in ident} | {"end" for ident in idents if "to" in ident}
    order = _order(question, plain)
    measures = {m for w in words if (m := _MEASURE_OF.get(w) or _question_unit(w))}
    stems = frozenset(w[:5] for w in plain if len(w) > 2 and w not in _GENERIC)
    return _Slot(
        stems=stems,
        direction=direction.pop() if len(direction) == 1 else "",
        order=order,
        measure=measures.pop() if len(measures) == 1 else "",
    )


_GENERIC = frozenset(
    {"the", "and", "for", "value", "argument", "name", "type", "which", "what", "that", "this", "with", "from"}
    | {"into", "default", "specified", "specific", "given", "provided", "optional", "required", "e.g", "use"}
)


def _order(question: str, words: Sequence[str]) -> int:
    """The slot's place among slots of one kind: ``mass2`` → 2, "the second charge" → 2; 0 when unsaid."""
    for ident in _NUMBERED.findall(question):
        matched = _ORDINAL_DIGIT.match(ident.casefold())
        if matched is not None:
            return int(matched.group(1))
    for i, w in enumerate(words):
        if w in _ORDINAL_WORDS and not (w == "second" and i > 0 and words[i - 1] == "per"):
            return _ORDINAL_WORDS[w]
    return 0


def _pair_order(stems: frozenset[str], words: Sequence[str]) -> int:
    """1 or 2 when the slot's word is one of a pair in the goal ("base and height as …"), else 0."""
    for i, w in enumerate(words):
        if len(w) > 2 and w[:5] in stems:
            if i + 2 < len(words) and words[i + 1] == "and":
                return 1
            if i >= 2 and words[i - 1] == "and":
                return 2
    return 0


def _locate(name: str, written: Sequence[str], words: Sequence[str]) -> _Found | None:
    """The option's first place in the goal's words (``words`` casefolded from ``written``), and its measure;
    None when it is not there as words."""
    parts = [w.casefold() for w in _TOKEN.findall(name)]
    if not parts:
        return None
    numeric = bool(_NUMBER.fullmatch(parts[0].replace("$", "")))
    n = len(parts)
    for i in range(len(words) - n + 1):
        window = words[i : i + n]
        if window[:-1] == parts[:-1] and (window[-1] == parts[-1] or _glued(window[-1], parts[-1], numeric)):
            measure = _measure(name, written, i, i + n - 1) if numeric else ""
            return _Found(start=i, end=i + n - 1, measure=measure, numeric=numeric)
    return None


def _glued(word: str, part: str, numeric: bool) -> bool:
    """A number written with its unit or sign stuck to it: "6cm", "5C", "$100", "4%"."""
    if not numeric:
        return False
    if word.lstrip("$") == part:
        return True
    rest = word[len(part) :] if word.startswith(part) else ""
    return bool(rest) and (rest[0].isalpha() or rest[0] in "%°")


def _measure(name: str, words: Sequence[str], start: int, end: int) -> str:
    """What a number in the goal measures: its own unit, a unit stuck to it, or the word after it (two words
    for "degrees Celsius", "square feet"); the words are as written, since "5C" is a charge and "5c" is not."""
    own = read_quantity(name)
    if own is not None:
        return _dimension(own[1])
    word = words[end]
    if word.startswith("$") or (start > 0 and words[start - 1] == "$"):
        return "money"
    digits = _LEADING_NUMBER.match(word)
    glued = word[digits.end() :] if digits else ""
    if glued:
        return "percent" if glued == "%" else _unit_dimension(glued)
    after = words[end + 1 : end + 3]
    first = after[0].casefold() if after else ""
    if first in {"%", "percent"}:
        return "percent"
    if first in _CURRENCY:
        return "money"
    if first in _TWO_WORD_UNITS and len(after) == 2:
        return _unit_dimension(" ".join(after))
    return "" if not first or first in _NOT_UNITS or first in _NOT_UNITS_AFTER else _unit_dimension(after[0])


@lru_cache(maxsize=4096)
def _unit_dimension(text: str) -> str:
    quantity = read_quantity(f"1 {text}")
    return _dimension(quantity[1]) if quantity is not None else ""


@lru_cache(maxsize=4096)
def _question_unit(word: str) -> str:
    """The measure of a unit named in a question ("kilograms", "meters"); "" for words that are no unit."""
    if len(word) < 3 or word in _NOT_UNITS or word in _ORDINAL_WORDS or not word.isalpha():
        return ""
    return _unit_dimension(word)


@lru_cache(maxsize=1024)
def _dimension(unit: str) -> str:
    ureg = registry()
    dims = ureg.Quantity(1, unit).dimensionality
    return str(dims) if dims else ""


def _direction(found: _Found, words: Sequence[str]) -> str:
    """ "start" after "from", "end" after "to" (an article between is skipped); else ""."""
    i = found.start - 1
    while i >= 0 and words[i] in _SKIP:
        i -= 1
    if i < 0:
        return ""
    return "start" if words[i] in _FROM else "end" if words[i] in _TO else ""


def _ranks(found: Sequence[_Found | None]) -> list[int]:
    """Each numeric option's place (1, 2, …) in the goal among the numeric options of the same measure."""
    numbers = [f for f in found if f is not None and f.numeric]
    return [
        1 + sum(1 for g in numbers if g.measure == f.measure and g.start < f.start) if f in numbers else 0
        for f in found
    ]


def _nearness(found: _Found | None, stems: frozenset[str], words: Sequence[str]) -> float:
    """1 / (1 + the words between the option and the nearest of the slot's words in the goal); 0 if none near."""
    if found is None or not stems:
        return 0.0
    gaps = [
        found.start - i - 1 if i < found.start else i - found.end - 1
        for i, w in enumerate(words)
        if (i < found.start or i > found.end) and len(w) > 2 and w[:5] in stems
    ]
    gap = min(gaps, default=_WINDOW + 1)
    return 1.0 / (1.0 + gap) if gap <= _WINDOW else 0.0
