"""The numbers and names a drafted answer states that nothing it may rest on holds: not the goal, not a tool call
or its result, not an earlier turn of the chat.

DECISION.md's writer is told to use only the evidence and to keep numbers exactly as the tools wrote them; a
number or a name no source has is the plainest unsupported claim ("the figure is 4,217", Madrid for Lisbon).
This check is code: it holds a draft back whatever ``can_deliver`` made of it. Numbers are compared as written,
thousands separators aside ("1,250" is "1250"; "1,082.68" is not "1,083"), so a rounded or converted number
counts as unsupported too. A name is a capitalised word inside a sentence (a sentence's first word may be any
word, so it is not read as a name); it is supported when a source has the word, in any case, or, for a weekday or
a month, its three-letter short form ("Fri" for Friday).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\w)|\d+(?:\.\d+)?")
_WORD = re.compile(r"[^\W\d_](?:[\w’'-]*\w)?")
_SENTENCE_END = re.compile(r"[.!?]['\"”’)]*\s*$|^\s*$|\n\s*$")
_CALENDAR = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
     "april", "may", "june", "july", "august", "september", "october", "november", "december"}
)  # fmt: skip


def numbers_in(text: str) -> list[str]:
    """Each number of ``text`` as written, in order ("1,250", "3.5", "2026")."""
    return [m.group(0) for m in _NUMBER.finditer(text)]


def names_in(text: str) -> list[str]:
    """Each capitalised word of ``text`` that does not begin a sentence, as written ("Lisbon", "CEO")."""
    found = []
    for m in _WORD.finditer(text):
        word = m.group(0)
        if len(word) > 1 and word[0].isupper() and not _SENTENCE_END.search(text[: m.start()]):
            found.append(word)
    return found


def unsupported_claims(draft: str, sources: Iterable[str]) -> tuple[str, ...]:
    """The numbers, then the names, of ``draft`` that none of ``sources`` holds, each once, as the draft wrote
    them."""
    texts = list(sources)
    numbers = {_plain(n) for source in texts for n in numbers_in(source)}
    words = {_bare(w) for source in texts for w in _WORD.findall(source)}
    found = [n for n in numbers_in(draft) if _plain(n) not in numbers]
    found += [w for w in names_in(draft) if not _known(_bare(w), words)]
    return tuple(dict.fromkeys(found))


def claims_reason(claims: Iterable[str]) -> str:
    """Why a draft with these claims goes back, in words an LLM can act on."""
    said = ", ".join(claims)
    return (
        f"it states numbers or names that no tool result or the goal has ({said}); use only what the tools "
        "returned, numbers exactly as they wrote them"
    )


def _known(word: str, words: set[str]) -> bool:
    return word in words or (word in _CALENDAR and word[:3] in words)


def _bare(word: str) -> str:
    """A word as compared: in any case, without a possessive ("Japan's" is "japan")."""
    folded = word.casefold()
    return folded.removesuffix("'s").removesuffix("’s")


def _plain(number: str) -> str:
    """Thousands separators dropped, and a decimal point's trailing zeros ("2.50" is "2.5", "3.0" is "3")."""
    digits = number.replace(",", "")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".")
    return digits.lstrip("0") or "0"
