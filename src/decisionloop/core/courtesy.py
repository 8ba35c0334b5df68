"""The courtesies around a request ("hey, …", "… thanks!", "… :)"), which ask for nothing.

People type them; they are no value to fill a slot with ("the package arrived thanks") and no part of what the
goal asks. ``request`` is the goal without them (with days as people text them spelled out, "tmrw", and decimal
commas as points, "3,5"), which the decision model and the extractor read; the goal as typed stays what is
recorded. A text that is nothing but courtesies ("thanks!", "hello") is left whole: there it is the message. A
leading "please" stays: it opens many a request the model learnt from ("Please request the electronic copy …"),
and reads as the imperative it is.
"""

from __future__ import annotations

import re

_LEADING = re.compile(
    r"""(?ix) ^ \s* (?:
        (?: hey | hi | hello | ok | okay | so | um | uh | yo ) \b [\s,!.:;-]*
      | (?: can | could | would ) \s+ you \s+ (?: please \s+ )? help (?: \s+ me )? (?: \s+ out )? \s* [?!.,:]+ \s*
      | quick \s+ question \s* [:?!.,-]+ \s*
    )"""
)
_TRAILING = re.compile(
    r"""(?ix) (?:
        [\s,.;-]* \b (?: thanks | thank \s+ you | thx | ty | pls | please | plz | cheers ) (?: \s+ (?: so \s+ much
        | a \s+ lot | in \s+ advance ) )? [\s.!]*
      | \s* (?: :-?\) | :-?D | ;-?\) | 🙂 | 😊 | 🙏 ) \s*
    ) $"""
)
_ENOUGH_WORDS = 2  # what is left must still ask something
# After these a closing "thanks" is what is to be said, not said to us ("send Ana a message saying thanks").
_SAID_AFTER = frozenset({"saying", "say", "says", "said", "that", "reply", "write", "text", "with", "message"})


# Days as people text them, spelled out for the model and the extractor ("weather tmrw" asks of tomorrow).
_TEXTED = {"tmrw": "tomorrow", "tmw": "tomorrow", "tmrow": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow",
           "2day": "today", "tonite": "tonight", "2nite": "tonight"}  # fmt: skip
_TEXTED_WORD = re.compile(rf"(?i)(?<![\w'’-])(?:{'|'.join(_TEXTED)})(?![\w'’-])")


# A decimal comma, as much of Europe writes it ("3,5", "2,25"): one or two digits after the comma, which no
# thousands separator has (1,250), no list of numbers around it ("1,2,3"), and no parentheses or brackets, which
# hold a point's coordinates ("A(3,4)").
_DECIMAL_COMMA = re.compile(r"(?<![\d,.(\[])(\d+),(\d{1,2})(?![\d,)\]]|\.\d)")


def request(text: str) -> str:
    """``text`` without the courtesies at its start and end, the text as it is when nothing else would be left;
    days as people text them spelled out ("tmrw" → "tomorrow", "tonite" → "tonight"); and decimal commas as points
    ("3,5 plus 2,25" → "3.5 plus 2.25")."""
    texted = _TEXTED_WORD.sub(lambda m: _TEXTED[m.group().casefold()], _without_courtesies(text))
    return _DECIMAL_COMMA.sub(r"\1.\2", texted)


def _without_courtesies(text: str) -> str:
    rest = text
    while (m := _LEADING.match(rest)) and m.end() > 0:
        rest = rest[m.end() :]
    while (m := _TRAILING.search(rest)) and m.start() < len(rest) and not _said(rest[: m.start()]):
        rest = rest[: m.start()]
    return rest if len(rest.split()) >= _ENOUGH_WORDS else text


def _said(before: str) -> bool:
    words = before.split()
    return bool(words) and (words[-1].endswith(":") or words[-1].casefold().strip("\"'“”,") in _SAID_AFTER)
