"""Values written in a text: numbers, percentages, money, codes and ids, dimensions (12x18), e-mail addresses, URLs
and sites named by their domain, and quoted strings.

Every pattern here runs in time linear in the text: each starts only where a run of its characters starts (a
lookbehind), and what may repeat inside it is either bounded or cannot match in two ways. The numbers, sums and
percentages are written in the grammar ``values`` reads them with, and each span is read before it is offered.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from decisionloop.extract._numbers import is_unit
from decisionloop.extract._text import Found
from decisionloop.values.amounts import MONEY, PERCENT, read_money, read_percent
from decisionloop.values.numbers import SCALED, SPELLED, read_number
from decisionloop.values.times import TIME_OF_DAY, find_zoned_times

# Where a number may start and end: not inside a word (v2, 5km), another number (the 5 of 3.5 or 1,5), a range, a
# date, a time or a URL's query (the 03 of 2027-03-14, the 9 and 30 of 9:30, the 1 of 1/2 or of ?page=1).
_START = r"(?<![\w.,\-–/:=])"
_END = r"(?!\w|[.,]\d|[-–/:]\d)"
_DIGITS = re.compile(rf"{_START}{SCALED}{_END}", re.IGNORECASE)
# Number words, not glued to a word by a hyphen ("one-off"): "twelve", "twenty-five", "a dozen", "three thousand".
_WORDS = re.compile(rf"(?<![\w-])(?:{SPELLED})(?![\w-])", re.IGNORECASE)
_PERCENT = re.compile(rf"{_START}(?:{PERCENT}){_END}", re.IGNORECASE)
_MONEY = re.compile(rf"{_START}(?:{MONEY}){_END}")
# Ids: capitals and digits with at least one letter and two digits (ABC-123, INV2024-001, A380); "#4521"; hex
# ids (0x1f, a git hash, a UUID); hyphenated ISBNs; and the id after a word that names one ("order 88231").
_CAPS_ID = re.compile(
    r"(?<![\w-])(?=[A-Z\d_-]{0,40}[A-Z])(?=[A-Z\d_-]{0,40}\d[A-Z\d_-]{0,40}\d)[A-Z\d]+(?:[-_][A-Z\d]+)*(?![\w-])"
)
_HASH_ID = re.compile(r"(?<![\w#&])#[A-Za-z\d]{0,20}\d[A-Za-z\d-]{0,20}(?![\w-])")
_HEX_ID = re.compile(
    r"(?<![\w-])(?:0x[\da-fA-F]{1,40}"
    r"|[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}"
    r"|(?=[\da-f]{0,63}[a-f])(?=[\da-f]{0,63}\d)[\da-f]{7,64})(?![\w-])"
)
# Codes written with a slash: a docket 2022/AL2562, a reference AB/123/X (a letter and two digits, as above; dates
# such as 2022/12/01 have no letter).
_SLASH_ID = re.compile(
    r"(?<![\w/-])(?=[A-Za-z\d/]{0,40}[A-Z])(?=[A-Za-z\d/]{0,40}\d[A-Za-z\d/]{0,40}\d)[A-Za-z\d]+(?:/[A-Za-z\d]+)+(?![\w/-])"
)
# Names in code: snake_case (car_price, user_id), two words or more.
_SNAKE = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z\d]*(?:_[A-Za-z\d]+)+(?![\w-]|\.\w)")
# A number given to a name: a=1, b = -3 (a URL's ?page=1 is not: its name follows ? or &).
_ASSIGNED = re.compile(r"(?<![\w?&=/.])[A-Za-z_]\w{0,30}\s?=\s?(-?\d+(?:\.\d+)?)(?!\w|[.,]\d)")
# An ordinal's number: the 14 of "the 14th century", the 3 of "3rd place".
_ORDINAL = re.compile(r"(?<![\w.,-])(\d{1,4})(?:st|nd|rd|th)\b", re.IGNORECASE)
# An IPv4 address: four numbers of up to three digits.
_IP = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\w|\.\d)")
_CLOCK = re.compile(r"(?<![\w:.])([01]?\d|2[0-3]):([0-5]\d)(?![\w:]|\.\d)")  # its hour and minutes
# A function of one variable as written in a question: 3x+2, 2x^2, 3x^2 + 2x - 1, x**3 (the x of "x = 1" or of "2x2"
# alone is none). A term is a number, or a variable (x, y, z, t or n: the k of 3.5k is a thousand) standing alone,
# with a number glued before it and a power after it.
_TERM = r"(?:\d+(?:\.\d+)?\*?)?[xyztn](?:\s?(?:\^|\*\*)\s?\d+(?:\.\d+)?)?(?![A-Za-z(])|\d+(?:\.\d+)?"
_FORMULA = re.compile(rf"(?<![\w^*.])-?(?:{_TERM})(?:\s?[-+*/]\s?(?:{_TERM})){{0,8}}(?![\w^*]|\.\d)")
_VARIABLE = re.compile(r"(?<![A-Za-z])[xyztn](?![A-Za-z])")
_SHORTEST_FORMULA = 3  # characters: "2x" alone is a multiplier as often as a function
_SHAPED = re.compile(r"\d\*?[xyztn]|[xyztn]\s?(?:\^|\*\*)|[xyztn\d]\s?[-+*/]\s?[xyztn\d]")  # not a letter alone
# A span of years, or a season: 2019-2020, 1990–2000, 2019-20 (a year, then a later one).
_YEARS = re.compile(r"(?<![\w/.-])((?:1[5-9]|20)\d\d)[-–]((?:1[5-9]|20)?\d\d)(?![\w/.-])")
_ISBN = re.compile(r"(?<![\w-])(?:97[89]-)?\d{1,5}-\d{1,7}-\d{1,7}-[\dX](?![\w-])")
_ID_WORDS = (
    "order|invoice|ticket|ref|reference|id|account|booking|confirmation|tracking|case|issue|pr|sku|serial|isbn|"
    "transaction|customer|policy|claim|reservation|shipment|package|parcel|employee|flight|item|product|part|model|"
    "docket|patent|license|licence|permit|registration"
)
_NAMED_ID = re.compile(
    rf"\b(?:{_ID_WORDS})\b\s*(?:number\b|no\.?|num\b|id\b|code\b)?\s*[#:]?\s*([A-Za-z\d]{{0,20}}\d[A-Za-z\d-]{{0,30}})(?![\w-])",
    re.IGNORECASE,
)
EMAIL = re.compile(
    r"(?<![\w.%+-])[\w.%+-]{1,64}@[A-Za-z\d-]{1,63}(?:\.[A-Za-z\d-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![\w-])"
)
URL = re.compile(r"(?<![\w@/.])(?:https?://|www\.)[^\s<>\"'“”‘’«»()\[\]{}]{1,2000}")
# A site named by its domain alone ("Foodnetwork.com", "bbc.co.uk"): a name, then a common top-level domain (so a
# file name, "notes.txt", is none)
DOMAIN = re.compile(
    r"(?<![\w@/.-])[A-Za-z\d](?:[A-Za-z\d-]{0,62}\.)+(?:com|org|net|edu|gov|io|co|uk|de|fr|es|it|nl|eu|ca|au|us|info"
    r"|biz|app|dev|ai|me|tv)(?![\w-]|\.\w)",
    re.IGNORECASE,
)
# Dimensions written as one word: "12x18", "1920x1080", "2×4" (not "7 x 9", a product, nor a function, 2x^2)
_DIMENSIONS = re.compile(r"(?<![\w.^*])\d+(?:\.\d+)?[x×]\d+(?:\.\d+)?(?![\w^*]|\.\d|\s?[-+*/^]\s?\w)")
# Text in quotes of one line, up to a span's length: "…", “…”, «…», and '…' or ‘…’ whose closing quote ends a word
# (so the apostrophe of "Tom's" neither opens nor closes one).
_QUOTED = re.compile(
    r"\"([^\"\n]{1,80})\"|“([^”\n]{1,80})”|«([^»\n]{1,80})»|(?<!\w)'((?:[^'\n]|'\w){1,80}?)'(?!\w)|(?<!\w)‘((?:[^’\n]|’\w){1,80}?)’(?!\w)"
)
# A quotation opened and never closed, to the end of the text ('send the message "Don't forget the cat.'): one
# opening mark more than closing ones, the last of them.
_OPEN_QUOTE = re.compile(r"[\"“«]([^\"”»\n]{1,80})$")
# A range of two numbers with the unit they share: "12-15 years", "5–8 kg", "10 to 20 minutes".
_RANGE = re.compile(r"(?<![\w.-])\d+(?:\.\d+)?\s?(?:-|–|to)\s?\d+(?:\.\d+)?\s?([A-Za-z]+)\b")
_TIME_WORDS = frozenset(
    {"year", "years", "month", "months", "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes"}
    | {"second", "seconds", "yrs", "hrs", "mins"}
)
_ISBN_DIGITS = (10, 13)


def values(text: str) -> Iterator[Found]:
    """Every value written in ``text``: numbers, percentages, money, codes, times of day (and told in a place: "9am
    in New York"), e-mail addresses, URLs and domains, dimensions, quotations."""
    yield from numbers(text)
    yield from ((m.group(), "percent") for m in _PERCENT.finditer(text) if read_percent(m.group()) is not None)
    yield from ((m.group(), "money") for m in _MONEY.finditer(text) if read_money(m.group()) is not None)
    yield from codes(text)
    yield from ((m.group(), "date") for m in TIME_OF_DAY.finditer(text))  # a time of day says when, as a date does
    yield from ((span, "time") for span in find_zoned_times(text))
    yield from ((m.group(), "email") for m in EMAIL.finditer(text))
    yield from ((m.group().rstrip(".,;:!?"), "url") for m in URL.finditer(text))
    yield from ((m.group(), "url") for m in DOMAIN.finditer(text) if not URL.match(text, m.start()))
    yield from ((m.group(), "code") for m in _DIMENSIONS.finditer(text))
    for m in _QUOTED.finditer(text):
        quoted = next(g for g in m.groups() if g is not None).strip()
        if quoted:
            yield quoted, "quoted"
    yield from unclosed(text)
    yield from ((m.group(), "quantity") for m in _RANGE.finditer(text) if _unit_word(m.group(1)))


def unclosed(text: str) -> Iterator[Found]:
    """The quotation that the text's last quotation mark opens and nothing closes, as far as the text goes; a
    sentence keeps its full stop, a word or a code loses it ("mXG99OxV0j." is mXG99OxV0j)."""
    if text.count('"') % 2 == 0 and text.count("“") <= text.count("”") and text.count("«") <= text.count("»"):
        return
    found = _OPEN_QUOTE.search(text.rstrip())
    if found is None:
        return
    quoted = found.group(1).strip()
    if " " not in quoted:
        quoted = quoted.rstrip(".,;:!?")
    if quoted:
        yield quoted, "quoted"


def _unit_word(word: str) -> bool:
    return word.casefold() in _TIME_WORDS or is_unit(word)


def numbers(text: str) -> Iterator[Found]:
    """Numbers in digits ("1,200", "-3.5", "3.5k", "1.2 million") or words ("twelve", "a dozen", "twenty-five"),
    given to a name ("a=1"), of ordinals (the 14 of "14th") and the hour and minutes of a time (6 and 30 of "6:30
    PM", as a clock's hands show them)."""
    for m in _DIGITS.finditer(text):
        if read_number(m.group()) is not None:
            yield m.group(), "number"
    for m in _CLOCK.finditer(text):
        yield from ((part, "number") for part in m.groups())
    yield from ((m.group(1), "number") for pattern in (_ASSIGNED, _ORDINAL) for m in pattern.finditer(text))
    for m in _WORDS.finditer(text):
        if read_number(m.group()) is not None:
            yield m.group(), "number"
        else:  # words that make no one number ("five and six", "one two three"): each word that is one
            yield from ((w, "number") for w in re.split(r"[\s-]+", m.group()) if w.lower() not in _NOT_ALONE)


# Words of a number that are no number alone.
_NOT_ALONE = frozenset({"a", "an", "and", "half", "hundred", "thousand", "million", "billion", "trillion", "dozen"})


def codes(text: str) -> Iterator[Found]:
    """Ids and codes: ABC-123, #4521, 0x1f, a git hash or UUID, a hyphenated ISBN, the 88231 of "order 88231" or
    "docket number 123456", 2022/AL2562, names in snake_case (car_price), IPv4 addresses, functions of a variable
    (3x+2) and spans of years (2019-2020)."""
    for pattern in (_CAPS_ID, _HASH_ID, _HEX_ID, _SLASH_ID, _SNAKE, _IP):
        yield from ((m.group(), "code") for m in pattern.finditer(text) if len(m.group()) >= 4)
    for m in _ISBN.finditer(text):
        if sum(ch.isdigit() or ch == "X" for ch in m.group()) in _ISBN_DIGITS:
            yield m.group(), "code"
    yield from ((m.group(1), "code") for m in _NAMED_ID.finditer(text))
    yield from formulas(text)
    yield from ((m.group(), "code") for m in _YEARS.finditer(text) if _later(m.group(1), m.group(2)))


def formulas(text: str) -> Iterator[Found]:
    """Functions of one variable (3x+2, 2x^2, x**3 - 1), which a math tool takes as text."""
    for m in _FORMULA.finditer(text):
        formula = m.group().strip()
        if len(formula) >= _SHORTEST_FORMULA and _VARIABLE.search(formula) and _SHAPED.search(formula):
            yield formula, "code"


def _later(first: str, second: str) -> bool:
    """Whether ``second`` (four digits, or two of the same century) is a year after ``first``."""
    year = int(second) if len(second) == 4 else int(first[:2] + second)
    return year > int(first)
