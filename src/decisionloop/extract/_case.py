"""Names in a text typed all in lower case ("weather in lisbon tomorrow", "who founded nintendo").

The name finders read capital letters; people typing fast do not write them. A text with no capital letter
past a sentence's first word is read as if its names were capitalised: a known place of several words
("cape town", "new york city"), a word the English lexicon does not know ("lisbon", "priya", "microsoft") with
the common word of a name beside it ("eiffel tower", "mount everest") or before "of" ("tower of london"), and
a one-word place the lexicon knows as a common word too ("china", "turkey") where a place word comes before
it ("of china", "in turkey"), and a word the lexicon knows only as a verb where a name stands ("the ceo of google",
"when was google founded"). Units, chat words and generic words stay as typed. The names found in this
reading join what the text as typed gives (its noun phrases stay: "physio session" of "when is my physio
session?"). Capitalising changes no length, so a span found in the cased reading is the same stretch of the text
as typed, and is offered as typed.
"""

from __future__ import annotations

from collections.abc import Iterator

from decisionloop.extract._names import connectors
from decisionloop.extract._numbers import is_unit
from decisionloop.extract._text import CALENDAR_WORDS, Found, Token, is_function, is_generic, readings, tokens, words
from decisionloop.values.places import full_city_name, is_place

# Words of chat and texting that no lexicon lists and that name nothing.
_CHAT = words(
    """ok okay hey hi hello pls plz thx thanks thank ty lol lmao omg btw asap idk imo tbh gonna wanna gotta yeah
    yep nope ur u r k kk hmm hm umm uh ya yo bye cheers wow haha hahaha oops"""
)
# Words for today, tomorrow and now in the languages a goal is most often typed in besides English, which the
# lexicon does not know and which name nothing ("clima en guadalajara mañana", "que horas son em são paulo agora").
_WHEN_WORDS = words(
    """hoy mañana manana ahora ayer hoje amanhã amanha agora ontem aujourd'hui demain maintenant hier heute morgen
    jetzt gestern oggi domani adesso ieri"""
)
# Words after which a one-word place the lexicon also knows is the place ("of china", "in turkey"), and a weather
# or clock word before "for" ("forecast for limerick"; "recipe for turkey" stays a word).
_PLACE_BEFORE = words("in of from to at near visit visiting across")
_ASKED_FOR = words("weather forecast temperature temperatures rain sunrise sunset")
# Common words that belong to the name beside them ("eiffel tower", "mount everest", "lake tahoe").
_NAME_AFTER = words(
    """tower bridge river lake mountain mountains museum park university college palace castle cathedral temple
    church mosque wall canal falls street square island islands sea ocean desert valley reef bay gulf airport
    station stadium gate garden gardens beach peninsula"""
)
_NAME_BEFORE = words("mount mt lake river cape saint st fort port isle gulf bay university")
# Common words that name a thing by the name after "of" ("statue of liberty", "tower of london", "university of
# michigan"): capitalised with it.
_NAME_OF = _NAME_AFTER | words("statue isle bank house hall library monument cathedral abbey")
# Words that end a landmark's name made of common words after "the" ("the empire state building", "the golden gate
# bridge", "the white house"), two words or more.
_LANDMARK_HEADS = _NAME_AFTER | words("building needle house")
_LONGEST_LANDMARK = 4  # words, its head included
# Adjectives that open such a name ("great wall of china", "leaning tower of pisa").
_NAME_OPENERS = words("great grand leaning golden royal")
# Countries written by their code, which in lower case follows "the" ("in the uk", "from the usa", "in the us").
_COUNTRY_CODES = words("uk usa uae us")
# Where a word the lexicon knows only as a verb is a name ("google", "zoom"): after these, or between these and a
# verb; in its plain form only ("founded", "running", "makes" are verbs wherever they stand).
_NAME_AFTER_PREPOSITION = words("of at about for from by")
_AUXILIARIES = words("is was are were does did do")
_INFLECTED = ("ed", "ing", "s")
_LONGEST_PLACE = 4  # words in the longest place name looked up ("isle of man", "new york city")
_SHORTEST_NAME = 3  # letters: "ny" or "la" alone are too often something else


def looks_lowercased(text: str) -> bool:
    """Whether ``text`` has words and no capital letter past a sentence's first word (the pronoun I aside)."""
    toks = [t for t in tokens(text) if t.is_word]
    return bool(toks) and not any(t.capitalised and not t.initial and not _pronoun_i(t.text) for t in toks)


def cased(text: str) -> str:
    """``text`` with the names that a lower-case text leaves uncapitalised capitalised (same length)."""
    toks = [t for t in tokens(text) if t.is_word]
    starts: set[int] = set()
    i = 0
    while i < len(toks):
        if n := _landmark_at(toks, i):  # "the empire state building": each word but the small ones
            starts.update(t.start for t in toks[i : i + n] if t.text.casefold() not in connectors())
            i += n
            continue
        n = _place_at(toks, i)
        if n:  # the particles inside stay small ("rio de janeiro"), not a first word ("san francisco", "los angeles")
            starts.add(toks[i].start)
            starts.update(t.start for t in toks[i + 1 : i + n] if t.text.casefold() not in connectors())
            i += n
            continue
        if _unknown_name(toks[i].text):
            starts.add(toks[i].start)
            if i > 0 and toks[i - 1].text.casefold() in _NAME_BEFORE:
                starts.add(toks[i - 1].start)
            if i + 1 < len(toks) and toks[i + 1].text.casefold() in _NAME_AFTER:
                starts.add(toks[i + 1].start)
            starts.update(_named_by_of(toks, i))
        elif _place_after_place_word(toks, i):
            starts.add(toks[i].start)
            starts.update(_named_by_of(toks, i))
        elif _verb_as_name(toks, i):
            starts.add(toks[i].start)
        elif i > 0 and toks[i - 1].text.casefold() == "the" and toks[i].text.casefold() in _COUNTRY_CODES:
            starts.update(range(toks[i].start, toks[i].start + len(toks[i].text)))  # "the uk" is the UK
        i += 1
    return "".join(_upper(ch) if at in starts else ch for at, ch in enumerate(text))


def in_typed_case(found: Iterator[Found], typed: str, read: str) -> Iterator[Found]:
    """The spans found in ``read`` (the cased reading of ``typed``), each as ``typed`` writes it."""
    for span, kind in found:
        at = read.find(span)
        yield (typed[at : at + len(span)] if at >= 0 else span), kind


def _named_by_of(toks: list[Token], i: int) -> list[int]:
    """Where the words that name a thing by the name at ``i`` start: "tower" of "tower of london", and an adjective
    opening it, "leaning" of "leaning tower of pisa" (none when "of" and such a word do not come before)."""
    if i < 2 or toks[i - 1].text.casefold() != "of" or toks[i - 2].text.casefold() not in _NAME_OF:
        return []
    opener = i > 2 and toks[i - 3].text.casefold() in _NAME_OPENERS
    return [toks[i - 2].start, *([toks[i - 3].start] if opener else [])]


def _pronoun_i(word: str) -> bool:
    return word == "I" or word.startswith(("I'", "I’"))


def _landmark_at(toks: list[Token], i: int) -> int:
    """How many words from ``i``, right after "the", make a landmark's name of common words ending in a landmark
    word ("empire state building", "golden gate bridge"), two to four of them, none a function word or a
    superlative; 0 if none."""
    if i == 0 or toks[i - 1].text.casefold() != "the":
        return 0
    for n in range(min(_LONGEST_LANDMARK, len(toks) - i), 1, -1):
        named = toks[i : i + n]
        if named[-1].text.casefold() in _LANDMARK_HEADS and all(
            t.text.isalpha() and not is_function(t.text) and not _superlative(t.text) for t in named
        ):
            return n
    return 0


def _superlative(word: str) -> bool:
    """Whether ``word`` is an adjective's superlative ("tallest", "nearest"): "the tallest building" is no name."""
    return word.casefold().endswith("est") and "ADJ" in readings(word)


def _place_at(toks: list[Token], i: int) -> int:
    """How many words from ``i`` name a known place of two words or more (0 if none)."""
    for n in range(min(_LONGEST_PLACE, len(toks) - i), 1, -1):
        if is_place(" ".join(t.text for t in toks[i : i + n])):
            return n
    return 0


def _unknown_name(word: str) -> bool:
    folded = word.casefold()
    return (
        len(word) >= _SHORTEST_NAME
        and word.isalpha()
        and not readings(word)
        and folded not in _CHAT
        and folded not in CALENDAR_WORDS
        and folded not in _WHEN_WORDS
        and not is_generic(word)
        and not is_unit(word)
    )


def _verb_as_name(toks: list[Token], i: int) -> bool:
    """Whether a word the lexicon knows only as a verb, in its plain form, stands where a name does: after a
    preposition ("the ceo of google") or between a form of "be" or "do" and a verb ("when was google founded")."""
    word = toks[i].text
    if len(word) < _SHORTEST_NAME or not word.isalpha() or readings(word) != {"VERB"}:
        return False
    if word.casefold().endswith(_INFLECTED) or i == 0:
        return False
    before = toks[i - 1].text.casefold()
    after = toks[i + 1].text if i + 1 < len(toks) else ""
    return before in _NAME_AFTER_PREPOSITION or (before in _AUXILIARIES and "VERB" in readings(after))


def _place_after_place_word(toks: list[Token], i: int) -> bool:
    word = toks[i].text
    return (
        i > 0
        and (
            toks[i - 1].text.casefold() in _PLACE_BEFORE
            or (i > 1 and toks[i - 1].text.casefold() == "for" and toks[i - 2].text.casefold() in _ASKED_FOR)
        )
        and (len(word) >= _SHORTEST_NAME or full_city_name(word) is not None)
        and word.isalpha()
        and is_place(word)
        and not is_generic(word)
    )


def _upper(ch: str) -> str:
    up = ch.upper()
    return up if len(up) == 1 else ch
