"""Names: capitalised sequences as proper names, classified as places, people or organisations."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

from nameparser.config import CONSTANTS

from decisionloop.core.tool import SpanKind
from decisionloop.extract._numbers import is_time_unit, is_unit
from decisionloop.extract._text import (
    CALENDAR_WORDS,
    DOTTED,
    POSSESSIVE,
    SENT_MESSAGE,
    Found,
    Token,
    acceptable,
    clean,
    is_function,
    occurrences,
    readings,
    tokens,
    words,
)
from decisionloop.values.places import in_region, is_country, is_place, is_region

# Last words that mark an organisation's name; a gazetteer of companies would be large and soon out of date.
_ORG_ENDINGS = words(
    """inc corp corporation company co ltd llc plc gmbh ag university college institute school academy bank group
    agency association foundation society council committee party church museum airlines airways motors labs
    laboratories technologies systems studios club fc union ministry department organization organisation"""
)
# A word after which the person addressed comes ("tell Sam", "email Dr. Lopez", "to Ana"), in any case; whole
# words only, so "Toronto", "attempt" or "texture" do not count. Whether a name follows is checked after it.
_RECIPIENT = re.compile(
    r"(?i:\b(to|tell|message|text|email|e-mail|whatsapp|dm|remind|send|ask|call|inform|notify|ping|cc|let|drop|shoot)\b)"
    r"\s+"
)
# Verbs that send only with "a message" after whom it is for ("drop nadia a text, …"; not "drop the kids at school").
_SENDS_WITH_MESSAGE = frozenset({"drop", "shoot"})
# What follows a message's recipient and starts what it says ("text bob that …", "tell anna: …", "let sam know …"),
# or the message itself ("send mom a text …").
_SAYS = frozenset({"saying", "that", ":", "asking", "telling", "about", "know"})
_GROUP_DETERMINERS = frozenset({"the", "our"})  # "my mom" is read as before: "mom"
_MESSAGES = frozenset({"message", "text", "note", "email", "line"})
# A message sent to someone named last: what it says quoted, or a greeting ('send "see you soon" to tom').
_SENT_TO = re.compile(rf"(?i:\s*(?:please\s+)?){SENT_MESSAGE}\s+\Z")
# A message, then "to" whom it is for ("send an email to the letting agent saying …").
_MESSAGE_TO = re.compile(r"(?i)\b(?:message|text|email|e-mail|note|line|whatsapp)\s+$")
# The verbs right before whom a message is for, in a text typed in lower case ("text mom i love you").
_SENDS = frozenset({"tell", "text", "message", "email", "e-mail", "whatsapp", "dm", "ping"})
_OF = "of"
# A region after a place and a comma: a capitalised word or up to three ("New York, USA", "Boston, MA").
_REGION_AFTER = re.compile(r",\s*([A-Z][A-Za-z.]*(?:\s[A-Z][A-Za-z.]*){0,2})")
_REGION_NEXT = re.compile(r" ([A-Za-z][A-Za-z.]*(?: [A-Za-z][A-Za-z.]*){0,2})")
# A name joined by an ampersand (S&P 500, AT&T, Johnson & Johnson), a number after it kept.
_AMPERSAND = re.compile(r"(?<![\w&])[A-Z]\w*(?: ?& ?[A-Z]\w*)+(?: \d+\b)?")
# A country's code in capitals ("news in US", "sales in the UK"), which in lower case may be a word ("us", "in").
_COUNTRY_CODE = re.compile(r"(?<![\w.&])[A-Z]{2,3}(?![\w&]|\.\w)")
# Lower-case words that make a name of the place before them: "the Amazon rainforest", "the Mississippi river".
_FEATURES = words(
    """river rainforest forest jungle lake desert mountains mountain range sea ocean bay valley island islands canyon
    basin delta glacier falls peninsula gulf coast reef volcano"""
)


@cache
def _titles() -> frozenset[str]:
    """Titles that come before a person's name (nameparser's list: Sir, Commander, Dr, …).

    Only nouns and abbreviations: nameparser also lists adjectives of longer titles (united, supreme, civil).
    """
    return frozenset(t for t in map(str, CONSTANTS.titles) if not readings(t) or "NOUN" in readings(t))


@cache
def connectors() -> frozenset[str]:
    """Lower-case particles inside names (de, van, von, … from nameparser) and "of"."""
    return frozenset(str(p) for p in CONSTANTS.prefixes if str(p).isalpha()) | {_OF}


def _kind(name: str) -> SpanKind | None:
    last = name.split()[-1]
    if is_place(name) or in_region(name) is not None:
        return "place"
    if last.casefold().rstrip(".") in _ORG_ENDINGS or (last.isupper() and last.isalpha() and len(last) >= 3):
        return "org"
    return None


def _sequences(toks: list[Token]) -> Iterator[list[Token]]:
    """Runs of capitalised words, joined by name particles ("of", "of the", "de", …) and trailing numbers."""
    i = 0
    while i < len(toks):
        if not (toks[i].is_word and toks[i].capitalised):
            i += 1
            continue
        seq = [toks[i]]
        i += 1
        while i < len(toks) and not _possessive(seq[-1]) and not toks[i].initial:
            step = _joinable(toks, i)
            if not step:
                break
            seq.extend(toks[i : i + step])
            i += step
        yield seq


def _joinable(toks: list[Token], i: int) -> int:
    """How many tokens from ``i`` continue a name: a capitalised word or a number (not one of a unit after it: "in
    London 3 hours ago" names London), or particles before one."""
    t = toks[i]
    if t.text.isdigit():
        after = toks[i + 1].text if i + 1 < len(toks) else ""
        return 0 if is_unit(after) or is_time_unit(after) else 1
    if t.is_word and t.capitalised and not is_function(t.text):
        return 1
    k = i + 1 if t.text in connectors() or (t.text == "." and _is_title(toks[i - 1].text)) else i
    if k > i and k < len(toks) and toks[k].text == "the" and t.text != ".":
        k += 1
    if k > i and k < len(toks) and toks[k].is_word and toks[k].capitalised and not is_function(toks[k].text):
        return k - i + 1
    return 0


def _is_title(word: str) -> bool:
    return word.casefold() in _titles()


def _possessive(t: Token) -> bool:
    return bool(POSSESSIVE.search(t.text))


def _trim(seq: list[Token], text: str) -> list[Token]:
    """Drop leading function words and a sentence-initial word that is capitalised only by its position."""
    first = 0  # an index, not repeated slicing, so a long run of capitalised words costs its length once
    while first < len(seq) and (is_function(seq[first].text) or not seq[first].is_word):
        first += 1
    if first < len(seq) and seq[first].initial and not is_place(_slice(seq[first:], text)):
        pos = readings(seq[first].text)
        if (len(seq) - first == 1 and pos) or pos & {"VERB", "ADV", "AUX"}:
            first += 1
    while first < len(seq) and (not seq[first].capitalised or not seq[first].is_word):
        first += 1
    return seq[first:]


def _slice(seq: list[Token], text: str) -> str:
    return text[seq[0].start : seq[-1].end]


def _pieces(seq: list[Token]) -> list[list[Token]]:
    """The parts of "X of Y" (and "X of the Y"), split at each "of"."""
    parts: list[list[Token]] = [[]]
    for t in seq:
        if t.text == _OF:
            parts.append([])
        elif not (t.text == "the" and not parts[-1]):
            parts[-1].append(t)
    return [p for p in parts if p]


def _person(seq: list[Token], text: str) -> str | None:
    """The name after the last title in the sequence (Commander Neil Armstrong → Neil Armstrong)."""
    named = [t for t in seq if t.is_word]
    for k in range(len(named) - 2, -1, -1):
        if _is_title(named[k].text) and named[k + 1].capitalised:
            rest = named[k + 1 :]
            return _slice(rest, text) if len(rest) <= 3 else None
    return None


def _emit(span: str, kind: SpanKind) -> Iterator[Found]:
    span = clean(span)
    if acceptable(span) and not all(_calendar(w) or w.isdigit() for w in span.split()):
        yield span, kind
        if kind == "proper" and (extra := _kind(span)):
            yield span, extra
        named, _, number = span.rpartition(" ")
        if kind == "proper" and named and number.isdigit():  # "NBA 2021": the league, its season a number
            yield from _emit(named, kind)


def _calendar(word: str) -> bool:
    """Whether ``word`` is a month or day name (also Thursdays), which the date extractor handles."""
    folded = word.casefold()
    return folded in CALENDAR_WORDS or (folded.endswith("s") and folded[:-1] in CALENDAR_WORDS and len(folded) > 4)


def names(text: str) -> Iterator[Found]:
    """Proper names in ``text`` with their classified kinds (place, person, org)."""
    for seq in _sequences(tokens(text)):
        seq = _trim(seq, text)
        if not seq:
            continue
        pieces = _pieces(seq)
        # "the City of Light": a name of common words, known as one by its place mid-sentence after "the"
        if len(pieces) == 1 or acceptable(clean(_slice(pieces[0], text))) or not seq[0].initial:
            yield from _emit(_slice(seq, text), "proper")
        for piece in pieces if len(pieces) > 1 else ():
            if len(piece) > 1 or not readings(piece[0].text):
                yield from _emit(_slice(piece, text), "proper")
        if (person := _person(seq, text)) and not is_place(_slice(seq, text)):
            yield from _emit(person, "person")
            yield from _emit(person, "proper")


def marked(text: str) -> Iterator[Found]:
    """Names the word tokens break or the word lists hide: abbreviations with full stops, names joined by an
    ampersand, and a country's code in capitals in a text not typed all in capitals ("in US", not "WHO IS IT")."""
    for m in DOTTED.finditer(text):
        yield from _emit(m.group(), "proper")
    for m in _AMPERSAND.finditer(text):
        yield from _emit(m.group(), "proper")
    if sum(ch.islower() for ch in text) > sum(ch.isupper() for ch in text):
        for m in _COUNTRY_CODE.finditer(text):
            if is_country(m.group()):
                yield m.group(), "proper"
                yield m.group(), "place"


# Kinds of thing a name is written with that are no part of it: the Hilton of "Hilton Hotel", the "Beef Lasagna" of
# "the Beef Lasagna Recipe".
_GENERIC_KINDS = frozenset({"hotel", "recipe", "restaurant", "resort"})


def completed(found: Sequence[Found], text: str) -> Iterator[Found]:
    """A proper name of ``found`` with what completes it in ``text``: an abbreviation after it ("Washington
    D.C."), in lower case the kind of place it names ("the Amazon rainforest", "the Mississippi river"), or a
    capitalised "The" before it within a sentence, which is part of it ("a room at The Plaza hotel"); and the name
    without the kind of thing it is written with ("Hilton" of "Hilton Hotel")."""
    for span in dict.fromkeys(s for s, k in found if k == "proper"):
        named, _, kind = span.rpartition(" ")
        if named and kind.casefold() in _GENERIC_KINDS:
            yield named, "proper"
        for at in occurrences(text, span):
            if text[max(at - 4, 0) : at] == "The " and text[: at - 4].rstrip()[-1:].isalnum():
                yield f"The {span}", "proper"  # as written: clean() would drop the article
            after = text[at + len(span) : at + len(span) + 40]
            word = after.split(maxsplit=1)[0].rstrip(",;:!?)") if after[:1] == " " and after.strip() else ""
            if DOTTED.fullmatch(word) or word in _FEATURES:
                yield from _emit(f"{span} {word}", "proper")


def recipients(text: str, *, lowered: bool = False) -> Iterator[Found]:
    """People a message is addressed to: the capitalised name after to, tell, message, text, email, …; in a text
    typed in lower case (``lowered``), also the one word there that what the message says follows ("text bob
    that …", "a message to mom saying …", "text mom i love you", "tell my boss …"), or that ends a sentence where
    a message quoted or a greeting is sent to it ("send hi to dave"), though the lexicon knows it as a word."""
    for m in _RECIPIENT.finditer(text):
        window = text[m.end() : m.end() + 60]
        toks = tokens(window)
        if m.group(1).casefold() in _SENDS_WITH_MESSAGE and not _a_message(toks[1:]):
            continue
        # a title before the name ("Dr", "Sir"), not a word that is one in nameparser's list too ("me", Maître)
        while toks and (
            (_is_title(toks[0].text) and not is_function(toks[0].text) and _named_after(toks)) or toks[0].text == "."
        ):
            toks = toks[1:]
        mine = toks[1:] if toks and toks[0].text.casefold() == "my" else toks  # "let my boss know …": boss
        if mine is not toks and len(mine) > 1 and not mine[0].capitalised and _name_word(mine[1]):
            toks = mine[1:]  # "tell my sister Anna that …": Anna
        if lowered and _addressed(mine):
            if _calendar(mine[0].text):  # "send jun a message …", a name that _emit takes for a month
                yield mine[0].text, "person"
            else:
                yield from _emit(mine[0].text, "person")
            continue
        if lowered and mine is not toks and (named := _role_named(mine, window)) is not None:
            yield named, "person"  # "email my customer tom smith that …", "email my professor dr. lee that …"
        sent = m.group(1).casefold() in _SENDS | {"let"} or _MESSAGE_TO.search(text, 0, m.start()) is not None
        if lowered and sent and (role := _the_role(toks)) is not None:
            yield role, "person"  # "text the babysitter we're running late", "message the shift supervisor that …"
            continue
        if lowered and m.group(1).casefold() == "to" and _SENT_TO.match(text, 0, m.start()):
            # 'send "see you soon" to tom', "send hi to dave", "… to my sister", "send thanks to the team"
            if _last(mine):
                yield from _emit(mine[0].text, "person")
            elif toks and toks[0].text.casefold() in _GROUP_DETERMINERS and _last(toks[1:]):
                yield " ".join(t.text for t in toks[:2]), "person"
            continue
        if lowered and m.group(1).casefold() in _SENDS and (told := _told(mine)) is not None:
            yield told, "person"  # "text mom i love you", "tell my boss i'm sick"
            continue
        if _group(toks):  # "message the team: …", "tell our family that …"
            yield " ".join(t.text for t in toks[:2]), "person"
            continue
        if not (toks and _name_word(toks[0])):
            continue
        name = " ".join(t.text for t in toks[: 2 if len(toks) > 1 and _name_word(toks[1]) else 1])
        if not (m.group(1).casefold() == "to" and is_place(name)):
            yield from _emit(name, "person")


def _group(toks: Sequence[Token]) -> bool:
    """Whether ``toks`` start with a group a message is addressed to, "the" or "our" and one word, followed by what
    the message says ("the team: …", "our family that …")."""
    return (
        len(toks) > 2
        and toks[0].text.casefold() in _GROUP_DETERMINERS
        and toks[1].is_word
        and toks[1].text.isalpha()
        and not is_function(toks[1].text)
        and toks[2].text.casefold() in _SAYS
    )


def _last(toks: Sequence[Token]) -> bool:
    """Whether ``toks`` start with one word that ends the sentence."""
    return (
        bool(toks)
        and toks[0].is_word
        and toks[0].text.isalpha()
        and not is_function(toks[0].text)
        and (len(toks) == 1 or toks[1].text in ".!?")
    )


def _named_after(toks: Sequence[Token]) -> bool:
    """Whether a title first in ``toks`` has a name after it ("coach mike", "Dr. Lee"), not what the message says
    ("tell coach i can't make it", "email hr that …": the title is whom it is for)."""
    rest = [t for t in toks[1:] if t.text != "."]
    return bool(rest) and rest[0].is_word and not is_function(rest[0].text) and rest[0].text.casefold() not in _SAYS


def _the_role(toks: Sequence[Token]) -> str | None:
    """A recipient said as "the" and one or two words, then what the message says ("the shift supervisor that …",
    "the babysitter know …") or, after one word, the message itself ("the babysitter we're running late")."""
    if len(toks) < 3 or toks[0].text.casefold() != "the":
        return None
    words = [t for t in toks[1:3] if t.is_word and t.text.isalpha() and not is_function(t.text)]
    if len(words) == 2 and len(toks) > 3 and toks[3].text.casefold() in _SAYS:
        return f"the {words[0].text} {words[1].text}"
    if words and (toks[2].text.casefold() in _SAYS or _told(toks[1:]) is not None) and words[0] is toks[1]:
        return f"the {words[0].text}"
    return None


def _told(toks: Sequence[Token]) -> str | None:
    """The one word a message's verb is followed by ("mom", the "boss" of "my boss"), where more words (what the
    message says) follow it; None for a function word, a date or words that say what kind of message it is."""
    if len(toks) < 2 or not (toks[0].is_word and toks[0].text.isalpha() and toks[1].is_word):
        return None
    word = toks[0].text
    if is_function(word) or _calendar(word) or word.casefold() in _SAYS | _MESSAGES:
        return None
    return word


def _addressed(toks: Sequence[Token]) -> bool:
    """Whether the first of ``toks`` is a word followed by what a message says ("bob saying …") or by the message
    ("mom a text …", "jun a message …": a month's short name is a name there)."""
    if len(toks) < 2 or not (toks[0].is_word and toks[0].text.isalpha()) or is_function(toks[0].text):
        return False
    return _a_message(toks[1:]) or (toks[1].text.casefold() in _SAYS and not _calendar(toks[0].text))


def _a_message(toks: Sequence[Token]) -> bool:
    """Whether ``toks`` start with "a message", "a text", "a quick line", …"""
    words = [t.text.casefold() for t in toks[:3]]
    if words[:1] != ["a"]:
        return False
    kind = words[2:3] if words[1:2] == ["quick"] else words[1:2]
    return bool(kind) and kind[0] in _MESSAGES


def _role_named(toks: Sequence[Token], text: str) -> str | None:
    """The name after whom by their role, before what the message says ("customer tom smith that …": "tom smith",
    "professor dr. lee that …": "dr. lee"); ``toks`` start with the role and were read from ``text``."""
    says = next((i for i, t in enumerate(toks[:5]) if t.text.casefold() in _SAYS), None)
    if says is None or says < 2:
        return None
    name = toks[1:says]
    words = [t for t in name if t.text != "."]
    if (
        not 0 < len(words) <= 2
        or name[0].text == "."
        or any(not t.text.isalpha() or is_function(t.text) or _calendar(t.text) for t in words)
    ):
        return None
    return text[name[0].start : name[-1].end]


def _name_word(t: Token) -> bool:
    return t.is_word and t.capitalised and not is_function(t.text) and not _calendar(t.text)


def with_regions(text: str, found: Sequence[Found]) -> Iterator[Found]:
    """A place of ``found`` with the region after it, as one place: "Denver, Colorado", "Paris, France"; without the
    comma, a region named in full or in capitals ("time now in santiago chile", "Paris France", not the Oregon of
    "paris or london")."""
    for span in dict.fromkeys(s for s, k in found if k == "place"):
        for at in occurrences(text, span):
            after = _REGION_AFTER.match(text, at + len(span))
            region = _region(after.group(1).split()) if after is not None else None
            if region is not None:
                yield f"{span}, {region}", "place"
            next_to = _REGION_NEXT.match(text, at + len(span))
            region = _region(next_to.group(1).split()) if next_to is not None else None
            if region is not None and in_region(f"{span} {region}") is not None:
                yield f"{span} {region}", "place"


def _region(words: list[str]) -> str | None:
    """The longest run of ``words`` from the first that names a region, a sentence's full stop left out."""
    for n in range(len(words), 0, -1):
        run = " ".join(words[:n])
        for name in (run, run.rstrip(".")):
            if is_region(name):
                return name
    return None
