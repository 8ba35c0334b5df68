"""How people actually type: casing, light typos, greetings and sign-offs, dropped punctuation.

Noise goes on a template's own words; slot values stay as they are unless the whole goal is lower-cased or
shouted. A rendering is *safe* when nothing that could hide a value from the extractor was done to it.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.training.generator.tables import load

CASINGS = tuple(load("noise", "casings", dict[str, float]).items())
_SAFE_CASINGS = frozenset({"as_is", "lower_first"})
TYPO_SHARE = 0.15
TYPO_PER_WORD = 0.15
PREFIXES = load("noise", "prefixes", tuple[str, ...])
SUFFIXES = load("noise", "suffixes", tuple[str, ...])
WRAP_SHARE = 0.12


@dataclass(frozen=True, slots=True, kw_only=True)
class Rendered:
    """A goal text, and whether its noise left every slot value as the extractor would find it unnoised."""

    text: str
    safe: bool


def typo(word: str, rng: random.Random) -> str:
    """``word`` (three letters or more) with two letters swapped, one dropped or one doubled."""
    i = rng.randrange(1, len(word) - 1)
    match rng.randrange(3):
        case 0:
            return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        case 1:
            return word[:i] + word[i + 1 :]
        case _:
            return word[:i] + word[i] + word[i:]


def _typos(part: str, rng: random.Random) -> tuple[str, bool]:
    words = part.split(" ")
    changed = False
    for i, word in enumerate(words):
        if len(word) >= 4 and word.isalpha() and rng.random() < TYPO_PER_WORD:
            words[i] = typo(word, rng)
            changed = True
    return " ".join(words), changed


def _case(part: str, mode: str, literal: bool) -> str:
    if mode == "shout":
        return part.upper()
    if mode == "all_lower" or (mode == "lower_words" and literal):
        return part.lower()
    if mode == "title" and literal:
        return re.sub(r"(^|\s)([a-z])", lambda m: m[1] + m[2].upper(), part)
    return part


def _pick(rng: random.Random, weighted: tuple[tuple[str, float], ...]) -> str:
    return rng.choices([k for k, _ in weighted], weights=[w for _, w in weighted])[0]


def _pieces(template: str, values: Mapping[str, str]) -> list[tuple[str, bool]]:
    """The template split into (text, is_literal) pieces with the values filled in."""
    out: list[tuple[str, bool]] = []
    for literal, field, _, _ in string.Formatter().parse(template):
        if literal:
            out.append((literal, True))
        if field is not None:
            out.append((values[field], False))
    return out


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with its values, no noise."""
    return "".join(text for text, _ in _pieces(template, values))


def render(
    rng: random.Random,
    template: str,
    values: Mapping[str, str],
    *,
    noisy: bool = True,
    tail: bool = True,
    lead: str = "",
) -> Rendered:
    """The template filled with ``values``, after ``lead`` (a negation), with random noise on its own words.

    ``tail`` allows a sign-off after the last word; leave it off when the goal ends with a value that runs to the
    end of the sentence (a note, a message), which a sign-off would become part of.
    """
    pieces = _pieces(template, values)
    if not noisy:
        body = "".join(t for t, _ in pieces)
        return Rendered(text=lead + (_lower_first(body) if lead and pieces[0][1] else body), safe=True)
    mode = _pick(rng, CASINGS)
    typos = rng.random() < TYPO_SHARE
    changed = False
    out: list[str] = []
    for text, literal in pieces:
        if literal and typos:
            text, hit = _typos(text, rng)
            changed |= hit
        out.append(_case(text, mode, literal))
    text = _wrap(rng, "".join(out), lead=_case(lead, mode, True), first_literal=pieces[0][1], mode=mode, tail=tail)
    return Rendered(text=text, safe=mode in _SAFE_CASINGS and not changed)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _wrap(rng: random.Random, text: str, *, lead: str, first_literal: bool, mode: str, tail: bool) -> str:
    greeting = rng.choice(PREFIXES) if rng.random() < WRAP_SHARE else ""
    if first_literal and mode != "shout" and (mode == "lower_first" or greeting or lead):
        text = _lower_first(text)
    if greeting and lead:
        lead = _lower_first(lead)
    text = greeting + lead + text
    if tail and rng.random() < WRAP_SHARE:
        text = text.rstrip("?.!") + rng.choice(SUFFIXES)
    elif text.endswith(("?", ".")) and rng.random() < 0.25:
        text = text[:-1]
    return text
