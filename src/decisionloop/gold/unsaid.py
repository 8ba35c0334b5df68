"""A question with one of its values taken out, as a user who forgot to say it would have written it.

"What's the area of a circle with a radius of 10?" without the radius is "What's the area of a circle with a
radius?": the value, the word that led to it (of, is, for, =, …) and its quotes go. Used to write the ``ask``
items that measure whether System 1 asks for a value not said (``scripts/ask_items.py``), from the calls of a
benchmark's part.
"""

from __future__ import annotations

import re

from decisionloop.gold.accept import occurs

_LEAD = r"(?:\b(?:of|is|are|to|for|named|called|titled|at|in|on|with|by|from|as|about)\s+|[=:]\s*)?"
_QUOTE = r"[\"'“”‘’]?"
_SPACES = re.compile(r"\s{2,}")
_BEFORE_PUNCTUATION = re.compile(r"\s+([,.;:?!)])")


def unsaid(question: str, value: object) -> str | None:
    """``question`` without ``value`` (and what leads to it); None when the value is not written in it as it is
    (a number by its own digits, text case-blind), or is written more than once."""
    written = _written(value)
    if written is None:
        return None
    pattern = re.compile(_LEAD + _QUOTE + f"(?P<value>{re.escape(written)})" + _QUOTE + r"(?!\w|\.\d)", re.I)
    found = [m for m in pattern.finditer(question) if _bounded(question, m.start("value"))]
    if len(found) != 1:
        return None
    match = found[0]
    shorter = question[: match.start()] + question[match.end() :]
    shorter = _BEFORE_PUNCTUATION.sub(r"\1", _SPACES.sub(" ", shorter)).strip()
    if not shorter or occurs(value, shorter):
        return None
    return shorter


def _written(value: object) -> str | None:
    """How a value is written in a question: an integral number by its digits, text as it is; None for what
    cannot be taken out whole (booleans, lists, empty text)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, str) and value.strip() and re.match(r"\w", value.strip()):
        return value.strip()
    return None


def _bounded(question: str, start: int) -> bool:
    """The value starts a word (not the end of a longer number or word, nor a number's sign or decimals)."""
    return start <= 0 or not (question[start - 1].isalnum() or question[start - 1] in "-.")
