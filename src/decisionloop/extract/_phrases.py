"""Phrases: noun chunks, topics, clauses to save or send, and file names."""

from __future__ import annotations

import mimetypes
import re
from bisect import bisect_left
from collections.abc import Iterator
from functools import cache
from itertools import chain, takewhile

from decisionloop.extract._text import (
    CALENDAR_WORDS,
    DOTTED,
    MAX_SPAN,
    POSSESSIVE,
    SENT_MESSAGE,
    Found,
    Token,
    acceptable,
    clean,
    is_function,
    readings,
    tokens,
    words,
)

_MAX_CHUNK = 4
# The words that introduce what a question is about ("tell me about", "what is", "look up", "meaning of"), in
# any case, followed by whitespace; whole words, so "roundabout" or "whatever is" do not introduce a topic.
_TOPIC = re.compile(
    r"(?i:\b(?:about|regarding|on the subject of|what (?:is|was|are|were)|who (?:is|was|were)|look up|"
    r"search for|read about|explain|define|meaning of))\s+"
)
# The words that introduce the text to save or send, and (group 1) the rest of the text after them. Each
# introducer must be followed by whitespace, so "remembered", "notes", "sayings" or "telling off" do not count;
# a "that"/"to" after it belongs to the introducer when there is one, so "remember that X" gives "X".
_CLAUSE = re.compile(
    r"""
    (?i:\b(?:
        (?:save|remember|note (?:\s+ down)?|write \s+ down|jot \s+ down) (?:\s+ this)? \s* [:\-–—]
                                                     # save this: the car is on level 3; note down - gate 4
      | remember (?:\s+(?:that|to))?
      | save (?=\s+my\s)                              # save my policy number KZ-20934-A
      | note \s+ (?:that|down)
      | (?:make|take|save|add|leave|write|jot) \s+ (?:me\s+)? (?:a\s+)? note (?:\s+(?:that|saying|to\s+say))? :?
      | (?:write|jot) \s+ down (?:\s+that)?
      | keep \s+ in \s+ mind (?:\s+that)?
      | remind \s+ me (?!\s+(?:what|where|when|which|who|how|if|whether)\b) (?:\s+(?:to|that|about))?
                                                     # not "remind me what I saved": a question
      | (?:don'?t|do \s+ not) \s+ let \s+ me \s+ forget (?:\s+(?:to|that|about))?
      | saying (?:\s+that)?
      | asking (?=\s+(?:if|whether|when|what|where|who|how|why)\b)   # asking if he can come thursday
      | that \s+ says
      | to \s+ say (?:\s+that)?
      | telling \s+ (?:him|her|them|me) (?:\s+that)?
      | (?:tell|email|e-mail|message|text|whatsapp|inform|notify) \s+ (?:the|my|our|your)
        \s+ [\w'’.-]+ (?:\s+[\w'’.-]+){0,2} \s+ that   # tell my boss that; message the shift supervisor that;
                                                     # email my professor dr. lee that
      | (?:email|e-mail|message|text|whatsapp) \s+ [\w'’.-]+ \s+ (?:at|from) \s+ (?:the\s+)? [\w'’.-]+ \s+ that
                                                     # email jenny at the bakery that
      | (?:tell|email|e-mail|message|text|whatsapp|dm|(?:send|shoot|drop) \s+ an? (?:\s+quick)? \s+
           (?:message|text|email|e-mail|whatsapp) (?:\s+ to)?) (?:\s+ to)? (?:\s+ (?:my|the|our))?
        \s+ [\w'’.-]+ (?:\s+[\w'’.-]+)? \s* :        # text Alex: running late; whatsapp ben: …; shoot a quick
                                                     # text to my neighbour sofia: your parcel is here
      | (?:note|memo|reminder|to-?do) (?:\s+to\s+self)? \s* :   # note: call the dentist; note to self: …
      | (?:set|add|create|make) \s+ (?:me\s+)? an? \s+ reminder (?:\s+(?:to|that|about))?
                                                     # set a reminder to pay rent
      | (?:message|text|note|email|e-mail|line|write|reply|respond) \s+ to \s+ (?:the\s+|my\s+|our\s+)?
        [\w'’.-]+ \s+ that                          # write to grandma that we'll visit
      | (?:send|write|drop|shoot) \s+ (?:(?:my|our|the)\s+)? [\w'’.-]+ (?:\s+[\w'’.-]+)?
        \s+ an? (?:\s+quick)? \s+ (?:message|text|note|line|email|e-mail) (?:\s+ that | \s* [:,–—])
                                                     # send alex a message that dinner is at 7; send my neighbour
                                                     # margaret a message that …; send my landlord a message: …;
                                                     # drop aisha a text, the party's cancelled
    ))
    \s+ (.+)
    """,
    re.VERBOSE,
)
# "tell Sam the car is ready", "let Dr. Lee know that …", "tell my boss …": a verb (any case), an optional "my", an
# optional capitalised title abbreviation with its dot, the next word or an e-mail address (group 1: the person,
# if capitalised or an address, checked after) and the rest (group 2). The verb is a whole word ("letter",
# "texting" are not), the title needs its dot ("Dr." but not "Dr").
_TO_NAMED = re.compile(
    r"(?i:\b(?:tell|message|text|email|whatsapp|dm|inform|remind|let|ping))\s+(?i:my\s+|the\s+)?(?:[a-z]+\s+(?=[A-Z][a-z]))?"
    r"(?:[A-Z][a-z]{1,3}\.\s+)?([\w.+-]+@[\w-]+(?:\.[\w-]+)+|\w[\w'’-]*)\s+(.+)"
)
# What opens the message after "tell NAME": "know", "that", "to" (let Sam know that …, remind Ana to …), to drop;
# only whole words with whitespace after them ("knowledge", "tomorrow" stay), and otherwise the empty string.
_NAMED_LEAD = re.compile(r"(?i)^(?:know\s+)?(?:that\s+|to\s+)?")
# A message after "tell NAME" that another introducer brings in ("tell Sam saying …", "text Ana a message …"):
# _CLAUSE reads those already. Whole words only, so "sayings" or "a notebook" are a message of their own.
_NAMED_ALREADY = re.compile(r"(?i)(?:saying|that says|to say|an? (?:message|text|email|note))\b")
# Words after which a word that can be a verb is one (to call, will book, I'll park).
_VERB_CUES = words("to will would shall should can could may might must do does did i you we they please")
# A contraction that a verb follows (I'll park, we'd go), either apostrophe; "shell" or "odd" are not one.
_WILL_WOULD = re.compile(r"['’](?:ll|d)$")
# "write X to notes.txt", "append X into the file log.md": the text (group 1) between the verb and a file name
# with an extension. Lazy, so the text stops before the first "to"/"into"/"in" that a file name follows;
# without a file name ("write down the plan", "save it in the cloud") nothing matches.
_WRITE = re.compile(r"(?i:\b(?:write|put|append|save))\s+(.+?)\s+(?i:to|into|in)\s+(?i:the\s+)?(?i:file\s+)?\S+\.\w+")
# Where a _WRITE match can start: one of its verbs and the whitespace after it; see _writes.
_WRITE_VERB = re.compile(r"(?i:\b(?:write|put|append|save))\s+")
# Text in straight or curly double quotes, or in single quotes that are not inside a word (the apostrophes of
# "don't" and "Ana's" open no quotation); never across a line break.
_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”|(?<!\w)'([^'\n]+)'(?!\w)")
# Where a sentence ends: . ! or ? before whitespace or the end, a line break or a quote mark; a dot inside
# "3.5", "notes.txt" or "e.g.," ends nothing.
_END = re.compile(r"[.!?](?=\s|$)|[\n\"“”]")
# A final "to Sam" or "to Ana Lopez" (one or two capitalised words) after a clause: who it goes to, not what it
# says. Lower-case words ("to the store", "to buy milk") stay part of the clause.
_TRAILING_TO = re.compile(r"\s+to\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?$")
# A relative file name with an extension (notes.txt, data/report.v2.csv); group 2 is the extension, checked
# against the known ones.
_FILE = re.compile(
    r"""
    (?<![\w/.:\\-])                   # not the tail of a longer word, path or number
    (
        (?:[A-Za-z]:[/\\]|~?/)?         # a drive (C:/, or a backslash), a home folder (~/) or the root (/)
        (?:[\w-]+[/\\])*               # folders: data/, my-notes/ (or with backslashes)
        [\w-]+ (?:\.[\w-]+)*          # the name, dots allowed inside: report.v2
        \. ([A-Za-z][A-Za-z0-9]{0,4}) # the extension starts with a letter, so 3.5 or 1.250 are not files
    )
    (?![\w/])                         # the name ends there: "data.d/x" is a folder, not a file
    """,
    re.VERBOSE,
)
# Common text and office formats that the standard library's MIME table does not list.
_MORE_EXTENSIONS = words("md yaml yml toml log ini cfg conf rst ipynb jsonl docx xlsx pptx odt")


def _noun_part(toks: list[Token], i: int) -> bool:
    """Whether toks[i] may be part of a noun chunk: a lower-case content word, or one capitalised by position."""
    t = toks[i]
    if not _content_word(t):
        return False
    pos = readings(t.text)
    if t.capitalised and not (t.initial and pos):
        return False
    if "VERB" in pos and not t.text.endswith("ing") and _verb_here(toks, i):
        return False
    return bool(pos & {"NOUN", "ADJ"}) or not pos or t.text.endswith("ing")


def _content_word(t: Token) -> bool:
    word = t.text
    return word.replace("-", "").isalpha() and not is_function(word) and word.casefold() not in CALENDAR_WORDS


def _verb_here(toks: list[Token], i: int) -> bool:
    """Whether a word that can be a verb is one here: after to/a modal/a subject, or opening an imperative."""
    if i > 0 and _before_verb(toks[i - 1].text):
        return not (i > 1 and toks[i - 1].text.casefold() == "to" and toks[i - 2].text.casefold() in _TO_PLACE)
    if toks[i].initial and toks[i].text.casefold() in _REQUESTS:
        return True
    if not (toks[i].initial and toks[i].capitalised):
        return False
    following = toks[i + 1] if i + 1 < len(toks) else None
    return not (following and _content_word(following) and not following.capitalised and not following.initial)


# Verbs a request opens with that may be nouns too: "Find state law cases …" asks to find, it names no "find"
# ("check my notes for …": no "check" either).
_REQUESTS = words(
    "find check give search look show convert update estimate extract download register get list tell retrieve fetch"
    " locate monitor translate schedule cancel send add compress refund save"
)  # not book, order, plot, …: "book club", "order history", "plot twist" open a request as nouns as often


# Words after which "to" is a preposition, a noun after it ("cases related to land disputes", "similar to rock").
_TO_PLACE = words("related relating pertaining according due next close similar compared prior relative belonging")


def _before_verb(word: str) -> bool:
    """Whether a verb usually follows ``word`` (to, a modal, a subject pronoun, I'll)."""
    return word.casefold() in _VERB_CUES or bool(_WILL_WOULD.search(word.casefold()))


def _head(t: Token) -> bool:
    """Whether a chunk may end at ``t``: a noun, an unknown word, or a verb's -ing form read as one ("the task of
    cleaning", "road cycling")."""
    pos = readings(t.text)
    return "NOUN" in pos or (not pos and len(t.text) >= 3) or (t.text.endswith("ing") and len(t.text) > _SHORT_ING)


# Words that say a chunk is a note, not what it is about: "my gym note" is the note about the gym.
_NOTE_WORDS = words("note notes memo memos reminder reminders")


def _chunk(run: list[Token], text: str) -> Iterator[Found]:
    """The chunk up to its last noun, not a word that says it is a note ("gym note": gym); when that word can also
    be an adjective or a verb (renewal due, cake including), the chunk before it too.

    A loop over where the chunk ends, not slices and recursion, so a long run of words costs its length once.
    """
    end = len(run)
    while True:
        while end and (not _head(run[end - 1]) or (end > 1 and run[end - 1].text.casefold() in _NOTE_WORDS)):
            end -= 1
        if not end:
            return
        span = clean(text[run[max(end - _MAX_CHUNK, 0)].start : run[end - 1].end])
        if acceptable(span):
            yield span, "noun"
        if not (end > 1 and (readings(run[end - 1].text) & {"ADJ", "VERB"})):
            return
        end -= 1


def nouns(text: str) -> Iterator[Found]:
    """Noun chunks: runs of nouns and modifiers ending in a noun (parking spot, gym locker code); then each word
    of a longer chunk on its own, since a slot often wants one modifier (the "rock" of "rock concerts", the "gas"
    of "gas-powered vehicle"), and "the 19th century"."""
    toks = tokens(text)
    run: list[Token] = []
    runs: list[list[Token]] = []
    for i, t in enumerate(toks):
        part = _noun_part(toks, i)
        if run and (t.initial or not part):
            runs.append(run)
            run = []
        if part:
            run.append(t)
            if POSSESSIVE.search(t.text):
                runs.append(run)
                run = []
    runs.append(run)
    for chunk in runs:
        yield from _chunk(chunk, text)
    for chunk in runs:
        yield from _words(chunk)
    yield from ((clean(m.group()), "noun") for m in _CENTURY.finditer(text))


_SHORT_ING = 5  # "thing", "king", "ring" are nouns the lexicon knows; a shorter -ing word is no verb's form
# A word glued to what it qualifies by one of these is offered alone: gas(-powered), plant(-based), beginner(-level).
_QUALIFIED = (
    "-powered", "-based", "-fueled", "-fuelled", "-driven", "-themed", "-style", "-friendly", "-level", "-sized"
)  # fmt: skip
_CENTURY = re.compile(r"(?i)\b\d{1,2}(?:st|nd|rd|th)[\s-]+(?:century|centuries|millennium)\b")


def _words(run: list[Token]) -> Iterator[Found]:
    """The words of a chunk of two words or more, one by one (not one that opens a sentence capitalised), after
    its shorter tails of two words or more ("joint pain" of "experiencing joint pain")."""
    if len(run) < 2:
        return
    if _head(run[-1]):
        tails = (clean(" ".join(t.text for t in run[start:])) for start in range(1, len(run) - 1))
        yield from ((tail, "noun") for tail in tails if acceptable(tail))
        if len(run) > 2 and _head(run[-2]):  # the chunk before its head noun ("betweenness centrality" of "…metrics")
            head_less = clean(" ".join(t.text for t in run[:-1]))
            if acceptable(head_less):
                yield head_less, "noun"
    last = max((i for i, t in enumerate(run) if _head(t)), default=len(run) - 1)
    for t in run[: last + 1]:  # not a word after the chunk's last noun ("born" of "albert einstein born")
        if t.initial and t.capitalised:
            continue
        word = clean(t.text)
        base = next((word[: -len(q)] for q in _QUALIFIED if word.casefold().endswith(q)), word)
        if len(base) >= 3 and acceptable(base):
            yield base, "noun"


def topics(text: str) -> Iterator[Found]:
    """What a question is about: the phrase after about, what is, who was, look up, …

    The text is tokenised once; each introducer reads on from the first token after it. An introducer ends in
    whitespace, so no token straddles that point, and a topic does not look at which tokens open a sentence.
    """
    toks = tokens(text)
    starts = [t.start for t in toks]
    for m in _TOPIC.finditer(text):
        first = bisect_left(starts, m.end())
        while first < len(toks) and toks[first].text.casefold() in ("the", "a", "an", "my", "our", "your"):
            first += 1
        taken: list[Token] = []
        for i in range(first, len(toks)):
            if not (_topic_part(toks[i], taken) or _name_of(toks, i, taken)):
                break
            taken.append(toks[i])
        if taken and taken[0].is_word:
            span = clean(text[taken[0].start : taken[-1].end])
            if acceptable(span):
                yield span, "topic"


# An event named by what happened to something ("the fall of the berlin wall", "the battle of hastings", "the sinking
# of the titanic"): an article's title, which the thing alone ("berlin wall") is not.
_EVENT = re.compile(
    r"(?i)\b(?P<event>(?:fall|battle|siege|sinking|treaty|assassination|discovery|invention|founding|coronation|"
    r"eruption|storming|invasion|liberation|partition|reunification|unification|collapse|destruction|burning|"
    r"bombing|signing|massacre|sack|conquest|defeat|execution|abdication)\s+of\s+(?:the\s+)?)"
    r"(?P<what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2})"
)


def _named_part(word: str) -> bool:
    """Whether ``word`` may be part of what an event happened to: a name (unknown to the lexicon, or capitalised)
    or a noun, not a function word, a verb ("happened") or an adjective ("important")."""
    return not is_function(word) and (word[:1].isupper() or not (pos := readings(word)) or "NOUN" in pos)


def events(text: str) -> Iterator[Found]:
    """Events named by what happened to something, whole: "the fall of the berlin wall" → "fall of the berlin
    wall" (its words up to the first that is no name or noun: "happened", "important")."""
    for m in _EVENT.finditer(text):
        words = m["what"].split()
        kept = list(takewhile(_named_part, words))
        if kept:
            yield clean(f"{m['event']}{' '.join(kept)}"), "topic"


# What a note is about, told after "note(s) about/on/regarding/for", up to a comma or the sentence's end.
_NOTE_ABOUT = re.compile(r"(?i)\bnotes?\s+(?:about|on|regarding|for|re:?)\s+(?:(?:the|my|our)\s+)?([^,;.!?()]+)")
# What a note was saved about, asked of ("did i save the landlord's number?", "have i noted down the wifi code",
# "did i write down anything about garam masala"), up to a preposition ("the wifi password for my daughter's house":
# "wifi password"); not a question ("did i note how much i owe juan").
_NOTED = re.compile(
    r"(?i)\b(?:did|have)\s+i\s+(?:save|saved|note|noted|write|written|jot|jotted|keep|kept)\s+(?:down\s+)?"
    r"(?:(?:anything|something)\s+)?(?:(?:about|on|for|regarding)\s+)?(?:(?:the|my|our|a|an)\s+)?"
    r"(?!(?:how|what|where|when|which|who|if|whether)\b)"
    r"([^,;.!?()]+?)(?=\s+(?:for|from|at|in|on|to|with|of)\b|\s*[,;.!?()]|\s*$)"
)
_QUERY_WORDS = 6  # a longer rest of the sentence is no query


def note_queries(text: str) -> Iterator[Found]:
    """What notes are searched for or deleted by, whole: "delete the note about where i parked" → "where i parked",
    "check my notes for the paint colour for the hall" → "paint colour for the hall", "did i save the landlord's
    number?" → "landlord's number"."""
    for m in chain(_NOTE_ABOUT.finditer(text), _NOTED.finditer(text)):
        query = clean(m.group(1))
        if 0 < len(query.split()) <= _QUERY_WORDS and acceptable(query):
            yield query, "topic"


def _topic_part(t: Token, taken: list[Token]) -> bool:
    if t.text.isdigit():
        return bool(taken) and taken[-1].capitalised
    if not t.is_word or is_function(t.text) or len(taken) >= _MAX_CHUNK:
        return False
    pos = readings(t.text)
    return t.capitalised or not pos or bool(pos & {"NOUN", "ADJ"}) or t.text.endswith("ing")


def _name_of(toks: list[Token], i: int, taken: list[Token]) -> bool:
    """Whether toks[i] is the "of" (or "the" after it) inside a name: Treaty of Versailles, Bank of the West."""
    if not taken or (not taken[-1].capitalised and taken[-1].text != "of"):
        return False
    following = toks[i + 1] if i + 1 < len(toks) else None
    if toks[i].text == "of" or (toks[i].text == "the" and taken[-1].text == "of"):
        return following is not None and (following.capitalised or following.text == "the")
    return False


def _sentence_end(rest: str) -> str:
    m = _END.search(rest)
    return rest[: m.start()] if m else rest


# When, said before what to do ("remind me at 6pm to take my medicine", "… on friday to pay rent"): what to do
# comes first in the note ("take my medicine at 6pm").
_WHEN_FIRST = re.compile(
    r"(?i)(?P<when>(?:tomorrow|tonight|today|this\s+\w+|next\s+\w+|on\s+\w+(?:\s+\d{1,2}(?:st|nd|rd|th)?)?"
    r"|(?:at|for)\s+\d{1,2}(?::\d\d)?\s?(?:[ap]\.?m\.?)?|in\s+\d+\s+\w+|in\s+an?\s+\w+)"
    r"(?:\s+(?:at\s+\d{1,2}(?::\d\d)?\s?(?:[ap]\.?m\.?)?|morning|afternoon|evening|night))?),?\s+to\s+(?P<task>.+)"
)

# A greeting sent to someone named after it ("send hi to dave"): the greeting is the message.
_GREETING_SENT = re.compile(rf"\b{SENT_MESSAGE}\s+(?i:to)\s+\w")
_FOR_TIME = re.compile(r"(?i)^for(?=\s+\d)")


# How a message is sent, said before or after it ("tell mum on whatsapp i got home safe", "let raj know by text that
# …", "tell yuki i'll bring the dessert, by text"): no part of the message.
_CHANNEL = (
    r"(?:on|by|via|over|through)\s+(?:a\s+)?"
    r"(?:whatsapp|text|sms|e-?mail|signal|telegram|slack|messenger|imessage|dm)"
)
_CHANNEL_FIRST = re.compile(rf"(?i)^{_CHANNEL}\s+(?:(?:that|saying)\s+)?(?=\S)")
_CHANNEL_LAST = re.compile(rf"(?i),\s*{_CHANNEL}$")


def _clause(raw: str) -> Iterator[Found]:
    text = " ".join(raw.split()).strip(" .!?,;:\"'“”‘’")
    text = _CHANNEL_LAST.sub("", _CHANNEL_FIRST.sub("", text))
    if (first := _WHEN_FIRST.fullmatch(text)) is not None:  # "for 7am to go running": go running at 7am
        text = f"{first['task']} {_FOR_TIME.sub('at', first['when'])}"
    if 0 < len(text) <= MAX_SPAN and any(ch.isalpha() for ch in text):
        yield text, "clause"
        shorter = _TRAILING_TO.sub("", text)
        if shorter != text and shorter:
            yield shorter, "clause"


def clauses(text: str, *, lowered: bool = False) -> Iterator[Found]:
    """What to save or send: the rest of the sentence after remember, note that, saying, tell X that, …; the X of
    "tell X" is a capitalised name, or any word but a function word in a text typed in lower case (``lowered``)."""
    for m in _CLAUSE.finditer(text):
        yield from _clause(_sentence_end(m.group(1)))
    for m in _TO_NAMED.finditer(text):
        if (lowered or m.group(1)[0].isupper() or "@" in m.group(1)) and not is_function(m.group(1)):
            yield from _named_clause(m.group(2))
    for m in _writes(text):
        yield from _clause(m.group(1))
    for m in _QUOTED.finditer(text):
        yield from _clause(next(g for g in m.groups() if g is not None))
    for m in _GREETING_SENT.finditer(text):
        if m["says"]:  # a quoted message is read above
            yield from _clause(m["says"])


def _writes(text: str) -> Iterator[re.Match[str]]:
    """The matches ``_WRITE.finditer(text)`` gives, in time linear in the text, not quadratic in a line's length.

    When the match at a verb fails, it also fails at each later verb whose whitespace ends before the next line
    break after the first verb's: whatever clause and file name such a verb could reach, the first verb reaches
    too, as its clause may run on to them without crossing a line break. Those verbs are skipped rather than
    each reading the rest of the line again.
    """
    resume = 0  # where the last match ended
    line_end = -1  # the line break after the last failed verb's whitespace; verbs ending before it fail too
    for verb in _WRITE_VERB.finditer(text):
        if verb.start() < resume or verb.end() <= line_end:
            continue
        if m := _WRITE.match(text, verb.start()):
            resume = m.end()
            yield m
        else:
            line_end = text.find("\n", verb.end())
            if line_end < 0:  # no line break after it: every later verb fails as well
                return


def _named_clause(rest: str) -> Iterator[Found]:
    """The message after "tell NAME": a second capitalised name word, or a second word of whom it is for before
    "that", "saying" or "know" ("the shift supervisor that …", "professor okafor that …", "let the dog walker know
    …"), and "know that"/"that"/"to" dropped."""
    first, _, after = rest.partition(" ")
    if (
        not is_function(first)
        and after
        and (first[:1].isupper() or after.casefold().startswith(("that ", "saying ", "know ")))
    ):
        rest = after
    rest = _NAMED_LEAD.sub("", rest)
    if not _NAMED_ALREADY.match(rest):
        yield from _clause(_sentence_end(rest))


def without_dotted(text: str) -> str:
    """``text`` with file names and abbreviations with full stops blanked out, so their parts are not read as words
    (the D and C of "D.C.")."""
    return DOTTED.sub(lambda m: " " * len(m.group()), _FILE.sub(lambda m: " " * len(m.group()), text))


@cache
def _extensions() -> frozenset[str]:
    """File extensions from the standard library's MIME table, plus a few it lacks."""
    return frozenset(ext.lstrip(".") for ext in mimetypes.types_map) | _MORE_EXTENSIONS


def files(text: str) -> Iterator[Found]:
    """File names with a known extension (notes.txt, data/report.csv, C:/data/cars.csv), and paths with folders
    whatever their extension (~/data/scan.nii)."""
    for m in _FILE.finditer(text):
        known = m.group(2).casefold() in _extensions() or any(ch in m.group(1) for ch in "/\\")
        if known and len(m.group(1)) <= MAX_SPAN and not DOTTED.fullmatch(m.group(1)):
            yield m.group(1), "file"
