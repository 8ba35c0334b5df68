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


# A whole number and a fraction, as a recipe or a ruler writes it ("1 1/2 cups", "2 3/4 inches"), or a fraction's
# own sign after a number or alone ("1½", "¾ cup"); not a date's slashes ("1 1/2/2027").
_MIXED = re.compile(r"(?<![\d/.,])(\d+)\s+(\d{1,2})/(\d{1,2})(?![\d/])")
_VULGAR = {
    "½": (1, 2),
    "¼": (1, 4),
    "¾": (3, 4),
    "⅓": (1, 3),
    "⅔": (2, 3),
    "⅛": (1, 8),
    "⅜": (3, 8),
    "⅝": (5, 8),
    "⅞": (7, 8),
}
_VULGAR_SIGN = re.compile(rf"(?<![\d/.,])(\d+)?\s?([{''.join(_VULGAR)}])")


def request(text: str) -> str:
    """``text`` without the courtesies at its start and end, the text as it is when nothing else would be left;
    days as people text them spelled out ("tmrw" → "tomorrow", "tonite" → "tonight"); decimal commas as points
    ("3,5 plus 2,25" → "3.5 plus 2.25"); and a number and a fraction as one number ("1 1/2 cups" → "1.5 cups",
    "1½" → "1.5", "¾ cup" → "3/4 cup")."""
    texted = _TEXTED_WORD.sub(lambda m: _TEXTED[m.group().casefold()], _without_courtesies(text))
    pointed = _DECIMAL_COMMA.sub(r"\1.\2", texted)
    if "/" in pointed:
        pointed = _MIXED.sub(lambda m: _mixed(int(m[1]), int(m[2]), int(m[3])) or m.group(), pointed)
    if any(sign in pointed for sign in _VULGAR):  # a scan of the text is cheaper than the pattern's at every place
        pointed = _VULGAR_SIGN.sub(_vulgar, pointed)
    return pointed


def _mixed(whole: int, top: int, bottom: int) -> str | None:
    """A whole number and a proper fraction as one number in decimals ("1 1/2" → "1.5", "1 1/3" → "1.3333"); None
    when the fraction is no proper one ("3 5/4", "2 1/0")."""
    if not 0 < top < bottom:
        return None
    return f"{whole + top / bottom:.4f}".rstrip("0").rstrip(".")


def _vulgar(m: re.Match[str]) -> str:
    top, bottom = _VULGAR[m[2]]
    if m[1] is None:
        return f"{m.group()[: -len(m[2])]}{top}/{bottom}"
    return _mixed(int(m[1]), top, bottom) or m.group()


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
