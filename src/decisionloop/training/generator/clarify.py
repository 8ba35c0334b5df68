"""Builders of goals that leave something out (ask the user first, then call the tool with what they answered)
and of goals that need no tool at all."""

from __future__ import annotations

import random
from collections.abc import Callable

from decisionloop.core.vocab import ASK_USER
from decisionloop.gold.suite import GoldStep
from decisionloop.training.generator.actions import recipient
from decisionloop.training.generator.articles import person_article, topic_article
from decisionloop.training.generator.common import capitalised, goal, place, when
from decisionloop.training.generator.compute import UNIT_WORDS, quantity
from decisionloop.training.generator.facts import random_fact
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.noise import fill
from decisionloop.training.generator.observations import (
    article,
    calculated,
    converted,
    deleted_notes,
    forecast,
    message,
    saved,
    user_answered,
)
from decisionloop.training.generator.people import PEOPLE
from decisionloop.training.generator.tables import load
from decisionloop.training.generator.texts import CHAT, DIRECT_ASKS, DIRECT_WORDS, MESSAGES, NOTES, SAVE_CLAUSES, TOPICS

Built = tuple[str, bool | None, str, GoldStep]  # goal, expect_none, reply, the call after asking

DEGREES = load("clarify", "degrees", tuple[str, ...])
CONVERT = load("clarify", "convert", tuple[str, ...])
WHERE = load("clarify", "where", tuple[str, ...])
WHAT = load("clarify", "what", tuple[str, ...])
WHO = load("clarify", "who", tuple[str, ...])
SUM = load("clarify", "sum", tuple[str, ...])
WHICH = load("clarify", "which", dict[str, tuple[str, ...]])
NOTE = load("clarify", "note", tuple[str, ...])
FORGET = load("clarify", "forget", tuple[str, ...])


def _ask(kit: Kit, reply: str) -> GoldStep:
    obs, answer = user_answered(reply)
    return step(kit.call(ASK_USER), obs, answer)


def _degrees(rng: random.Random, kit: Kit) -> Built:
    n = str(rng.randint(-20, 110))
    text, expect = goal(rng, DEGREES, {"n": n})
    source, target = rng.choice((("Fahrenheit", "C"), ("Celsius", "F")))
    reply = rng.choice(
        (
            f"{n} degrees {source} to {UNIT_WORDS[target][0]}",
            f"{n} degrees {source}, into {UNIT_WORDS[target][0]} please",
        )
    )
    q = f"{n} degrees {source}"
    call = kit.call("unit_convert", quantity=(q, f"{n} °{source[0]}"), to_unit=target)
    return text, expect, reply, step(call, converted(q, target))


def _convert(rng: random.Random, kit: Kit) -> Built:
    q, target = quantity(rng)
    text, expect = goal(rng, CONVERT, {"q": q})
    unit = rng.choice(UNIT_WORDS[target])
    reply = rng.choice((f"to {unit}", f"{unit} please", f"into {unit}"))
    return text, expect, reply, step(kit.call("unit_convert", quantity=q, to_unit=target), converted(q, target))


def _where(rng: random.Random, kit: Kit) -> Built:
    key, phrase = when(rng)
    where = place(rng)
    text, expect = goal(rng, WHERE, {"when": phrase})
    reply = fill(rng.choice(("{p}", "In {p}", "I'm in {p}", "{p}, please")), {"p": where.name})
    call = kit.call("weather", place=where.accepted, when=key)
    return text, expect, reply, step(call, forecast(rng, where.shown, key, kit.now))


def _what(rng: random.Random, kit: Kit) -> Built:
    if rng.random() < 0.5:
        person = rng.choice(PEOPLE)
        name, art = person.name, person_article(person)
    else:
        topic = rng.choice(TOPICS)
        name, art = topic.title, topic_article(topic)
    text, expect = goal(rng, WHAT, {})
    reply = fill(rng.choice(("{t}", "I meant {t}", "About {t}")), {"t": name})
    obs, answer = article(*art)
    return text, expect, reply, step(kit.call("wiki_lookup", topic=name), obs, answer)


def _who(rng: random.Random, kit: Kit) -> Built:
    to, m = recipient(rng), rng.choice(MESSAGES)
    text, expect = goal(rng, WHO, {})
    reply = fill(rng.choice(("Tell {to} that {m}", "Text {to} saying {m}")), {"to": to, "m": m})
    return text, expect, reply, step(kit.call("send_message", to=to, text=m), message(to, m))


def _sum(rng: random.Random, kit: Kit) -> Built:
    a, b = str(rng.randint(12, 480)), f"{rng.uniform(10, 300):.2f}"
    expression = rng.choice((f"{rng.choice((10, 12, 15, 18, 20))}% of {b}", f"{a} times {b}", f"{b} divided by 4"))
    text, expect = goal(rng, SUM, {})
    call = kit.call("calculator", expression=expression)
    return text, expect, expression, step(call, calculated(expression))


def _which(rng: random.Random, kit: Kit) -> Built:
    case = random_fact(rng)
    while case.prop not in WHICH:
        case = random_fact(rng)
    text, expect = goal(rng, WHICH[case.prop], {})
    name = case.accepted[0]
    reply = fill(rng.choice(("{e}", "I mean {e}", "{e}, sorry")), {"e": name})
    call = kit.call("wikidata_fact", entity=case.accepted, property=case.prop)
    return text, expect, reply, step(call, case.observation)


def _note(rng: random.Random, kit: Kit) -> Built:
    c = rng.choice(SAVE_CLAUSES)
    text, expect = goal(rng, NOTE, {})
    obs, answer = saved(c)
    return text, expect, c, step(kit.call("note_save", text=c), obs, answer)


def _forget(rng: random.Random, kit: Kit) -> Built:
    note = rng.choice(NOTES)
    key = rng.choice(note.keys)
    text, expect = goal(rng, FORGET, {})
    reply = fill(rng.choice(("the one about the {k}", "The {k} one", "about my {k}")), {"k": key})
    obs = deleted_notes([note.text])
    return text, expect, reply, step(kit.call("note_delete", query=note.keys), obs)


ASKS: dict[str, tuple[Callable[[random.Random, Kit], Built], str]] = {
    "degrees": (_degrees, "unit_convert"),
    "convert": (_convert, "unit_convert"),
    "where": (_where, "weather"),
    "what": (_what, "wiki_lookup"),
    "who": (_who, "send_message"),
    "sum": (_sum, "calculator"),
    "which": (_which, "wikidata_fact"),
    "note": (_note, "note_save"),
    "forget": (_forget, "note_delete"),
}


def ambiguous(kind: str) -> Callable[[random.Random, Kit], Draft]:
    """A builder for one kind of goal that leaves something out: ask_user, then the call with the reply."""
    build = ASKS[kind][0]

    def draft(rng: random.Random, kit: Kit) -> Draft:
        text, expect, reply, call = build(rng, kit)
        return Draft(
            category="ambiguous",
            goal=text,
            steps=(_ask(kit, reply), call, finish()),
            answer=call.answer,
            expect_none=expect,
        )

    return draft


def chat(rng: random.Random, kit: Kit) -> Draft:
    """A goal that needs no tool: FINISH straight away."""
    said, reply = rng.choice(CHAT)
    text, expect = goal(rng, (said,), {})
    return Draft(category="chat", goal=text, steps=(finish(),), answer=reply, expect_none=expect)


_REWORDED = SAVE_CLAUSES + MESSAGES  # sentences a request may ask to reword


def direct(rng: random.Random, kit: Kit) -> Draft:
    """A request the assistant answers itself, no tool fitting it (a haiku, a joke, a politer wording): FINISH
    straight away. A sentence to reword comes from the notes and messages the other goals use."""
    template, reply = rng.choice(DIRECT_ASKS)
    values = {slot: rng.choice(words) for slot, words in DIRECT_WORDS.items()}
    values["text"] = rng.choice(_REWORDED)
    text, expect = goal(rng, (template,), values, tail="{text}" not in template)
    answer = capitalised(fill(reply, values))
    return Draft(category="chat", goal=text, steps=(finish(),), answer=answer, expect_none=expect)
