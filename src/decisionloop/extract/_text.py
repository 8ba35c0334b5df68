"""Shared text helpers for the extractor: tokens, sentence starts, word classes and span cleaning."""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllLemmas

from decisionloop.core.tool import SpanKind
from decisionloop.values.dates import MONTHS, WEEKDAYS

Found = tuple[str, SpanKind]  # a span and its kind, as every finder returns them

MAX_SPAN = 80
# A number as written in English: digits with optional thousands commas (1,250: groups of exactly three) and
# decimals (3.5). A comma before fewer than three digits ends the number, so "1, 2 and 3" are three numbers.
NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
# Where a number may start: not inside a word (v2, B12) or inside another number, range or date (the 5 of 3.5 or
# 1,5, the 29 of 18–29 or COVID-19, the 2 of 1/2, the 45 of a time, 3:45).
NUM_START = r"(?<![\w.,\-–/:])"


def words(text: str) -> frozenset[str]:
    """The set of whitespace-separated words in ``text`` (for the short word lists below)."""
    return frozenset(text.split())


# A word, keeping the apostrophes and hyphens inside it (I'll, O’Brien, Rio-de-Janeiro), or one punctuation mark.
# An apostrophe or hyphen at a word's edge is punctuation of its own, so "students'" is "students" + "'" and
# "- item" starts with "-"; whitespace is never a token.
_TOKEN = re.compile(r"\w+(?:['’-]\w+)*|[^\w\s]")
# An abbreviation written with full stops (U.S., D.C., U.K., Ph.D.): the tokens split it at each stop, and it is
# not a file name (D.C is not a C source file).
DOTTED = re.compile(r"(?<![\w.])(?:[A-Z][a-z]?\.)+[A-Z][a-z]?(?!\w)\.?")
# An apostrophe, straight or curly: a word's stem is what comes before it (I'll → i, Ana’s → ana).
_APOSTROPHE = re.compile(r"['’]")
# A message sent to someone named after it: what it says quoted, or a greeting ('send "see you soon" to tom',
# "send hi to dave"); group "says" is the message.
SENT_MESSAGE = (
    r"(?i:send)\s+(?:\"(?P<quoted>[^\"\n]+)\"|“(?P<curly>[^”\n]+)”|(?P<says>(?i:hi|hello|hey|thanks|thank\s+you|"
    r"my\s+love|love|congrats|congratulations|happy\s+birthday|good\s+luck|best\s+wishes|get\s+well\s+soon|"
    r"good\s+morning|good\s+night|greetings)))"
)
# A possessive 's at the very end of a span or word, either apostrophe ("Ana's" → "Ana", "Ana’s"); only at the
# end, so "Ana's book" keeps it, and only after an apostrophe, so "its" or "Paris" keep their s.
POSSESSIVE = re.compile(r"['’]s$")
# A token after one of these starts a sentence, so its capital letter says nothing about it being a name.
_OPENERS = frozenset('.!?:;("“«\n')
# English function words: a closed class, so a short list is complete; the lexicon only covers open classes.
FUNCTION = words(
    """a an the this that these those my your his her its our their me you he she it we they i him us them mine
    yours ours theirs myself yourself what who whom whose which where when why how whatever is are was were be
    been being am do does did done have has had will would shall should can could may might must and or but nor
    if then so than of in on at to for from by with about into onto over under after before between through
    during without within near as not no yes all any some each every both either neither there here please also
    just very too more most much many few other another such own same let lets up down out off again once until
    since unless while though although because whether via per among amongst around across along against behind
    below above beneath beside besides beyond despite except inside outside toward towards upon versus till
    whilst whereas
    whats wats hows wheres whos whens whys thats theres heres"""
)  # the last line: contractions typed without their apostrophe ("whats the time")
# Words that name the kind of thing asked about (laya's GENERIC plus the fact names of the catalog): as a span on
# their own they never identify anything.
GENERIC = words(
    """city town village country state region province island tower building river lake mountain company person
    people capital prefecture county district population weather forecast area height currency language founder
    ceo date day time note notes message thing something anything someone anyone user"""
)
CALENDAR_WORDS = frozenset(
    w.casefold() for w in (*MONTHS, *WEEKDAYS, *calendar.month_abbr[1:], *calendar.day_abbr)
) | words("today tomorrow yesterday tonight weekend tues weds thur thurs")
_DETERMINERS = words("the a an my our your his her their its this that these those some all any me about")
_EDGE = "\"'“”‘’«»()[]{}<>,.;:!?*`"


@dataclass(frozen=True, slots=True, kw_only=True)
class Token:
    """One word or punctuation mark of a text, with where it starts and whether it opens a sentence."""

    text: str
    start: int
    end: int
    initial: bool

    @property
    def is_word(self) -> bool:
        """Whether the token is a word with at least one letter."""
        return any(ch.isalpha() for ch in self.text)

    @property
    def capitalised(self) -> bool:
        """Whether the token starts with an upper-case letter."""
        return self.text[0].isupper()


def tokens(text: str) -> list[Token]:
    """The tokens of ``text``; ``initial`` marks those that open a sentence, a bracket or a quotation."""
    out: list[Token] = []
    previous = "\n"
    for m in _TOKEN.finditer(text):
        gap = text[out[-1].end : m.start()] if out else ""
        out.append(Token(text=m.group(), start=m.start(), end=m.end(), initial=previous in _OPENERS or "\n" in gap))
        previous = m.group()
    return out


@lru_cache(maxsize=65536)
def readings(word: str) -> frozenset[str]:
    """The parts of speech the lexicon knows for ``word`` (NOUN, VERB, ADJ, ADV, AUX); empty when unknown."""
    return frozenset(getAllLemmas(word.casefold()))


def is_function(word: str) -> bool:
    """Whether ``word`` (or its stem before an apostrophe, as in I'll) is a function word; so is a negative
    contraction (don't, won't, isn't), though "Don" alone may be a name."""
    folded = word.casefold()
    return folded.endswith(("n't", "n’t")) or _APOSTROPHE.split(folded)[0] in FUNCTION


def is_generic(span: str) -> bool:
    """Whether ``span`` is a single generic or function word that never names anything."""
    word = span.casefold()
    return word in GENERIC or word.rstrip("s") in GENERIC or is_function(word)


def clean(span: str) -> str:
    """Collapse spaces, strip quotes, brackets and edge punctuation, up to 3 leading determiners and a final 's."""
    text = " ".join(span.split()).strip(_EDGE + " ")
    for _ in range(3):
        head, _, rest = text.partition(" ")
        if not rest or head.casefold() not in _DETERMINERS:
            break
        text = rest
    text = POSSESSIVE.sub("", text)
    return text.strip(_EDGE + " ")


def acceptable(span: str) -> bool:
    """Whether ``span`` may be offered: non-empty, at most 80 characters, has a letter or digit, not generic."""
    return 0 < len(span) <= MAX_SPAN and any(ch.isalnum() for ch in span) and not is_generic(span)


def occurrences(text: str, span: str) -> Iterator[int]:
    """Where ``span`` stands in ``text`` as words of its own (not inside a longer word)."""
    at = text.find(span)
    while at >= 0:
        end = at + len(span)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            yield at
        at = text.find(span, at + 1)
