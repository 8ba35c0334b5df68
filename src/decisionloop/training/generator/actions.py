"""Builders of episodes on the user's own things: saving, searching and deleting notes, and sending messages."""

from __future__ import annotations

import random

from decisionloop.training.generator.common import goal
from decisionloop.training.generator.kit import Draft, Kit, finish, step
from decisionloop.training.generator.observations import deleted_notes, found_notes, message, no_note, saved
from decisionloop.training.generator.people import FIRST_NAMES, SURNAMES
from decisionloop.training.generator.personal import ASKS, PERSONAL, WRITTEN
from decisionloop.training.generator.tables import load
from decisionloop.training.generator.texts import MESSAGES, NOTES, REMEMBER_TO, SAVE_CLAUSES, NoteText

SAVE = load("actions", "save", tuple[str, ...])
SAVE_TO = load("actions", "save_to", tuple[str, ...])
SEARCH = load("actions", "search", tuple[str, ...])
SEARCH_ONLY = load("actions", "search_only", tuple[str, ...])
DELETE = load("actions", "delete", tuple[str, ...])
DELETE_ALL = load("actions", "delete_all", tuple[str, ...])
SEND = load("actions", "send", tuple[str, ...])


def _store(rng: random.Random, target: NoteText) -> list[str]:
    """The user's notes: the target among a few others."""
    pool = [*NOTES, *(p.note for p in PERSONAL)]
    others = rng.sample([n.text for n in pool if n is not target], rng.randint(2, 5))
    notes = [*others, target.text]
    rng.shuffle(notes)
    return notes


def _hits(query: str, notes: list[str], target: str) -> list[str]:
    """The target first, then up to two notes sharing a longer word with the query (as the lexical search does)."""
    words = {w for w in query.casefold().split() if len(w) >= 4}
    near = [n for n in notes if n != target and words & set(n.casefold().split())]
    return [target, *near[:2]]


def _queries(note: NoteText) -> tuple[str, ...]:
    """The accepted queries: each key, also followed by "note" (the note store ignores that word)."""
    return (*note.keys, *(f"{k} note" for k in note.keys))


def _key(rng: random.Random, note: NoteText) -> tuple[str, str]:
    key = rng.choice(note.keys)
    return key, "my" if "'" in key or rng.random() < 0.5 else "the"


def save(rng: random.Random, kit: Kit) -> Draft:
    """Save a note with a clause from the goal."""
    if rng.random() < 0.25:
        c = rng.choice(REMEMBER_TO)
        text, expect = goal(rng, SAVE_TO, {"c": c}, tail=False)
    else:
        c = rng.choice(SAVE_CLAUSES)
        text, expect = goal(rng, SAVE, {"c": c}, tail=False)
    obs, answer = saved(c)
    steps = (step(kit.call("note_save", text=c), obs, answer), finish())
    return Draft(category="memory", goal=text, steps=steps, answer=answer, expect_none=expect)


def search(rng: random.Random, kit: Kit) -> Draft:
    """Search the notes for a noun phrase from the goal; now and then nothing matches."""
    note = rng.choice(NOTES)
    notes = _store(rng, note)
    key, d = _key(rng, note)
    templates = SEARCH_ONLY if rng.random() < 0.15 else SEARCH
    text, expect = goal(rng, templates, {"k": key, "d": d}, tail=False)
    if rng.random() < 0.08:
        obs = answer = no_note(key)
    else:
        obs, answer = found_notes(key, _hits(key, notes, note.text))
    steps = (step(kit.call("note_search", query=_queries(note)), obs, answer), finish())
    return Draft(category="memory", goal=text, steps=steps, answer=answer, expect_none=expect)


def ask(rng: random.Random, kit: Kit) -> Draft:
    """A question about the user's own things (where is my…, when is my…, what's my… code): a note search.

    The question may say where the thing belongs ("at work"); the search looks for the thing, with or without it.
    """
    item = rng.choice(PERSONAL)
    key = rng.choice(item.note.keys)
    tail = rng.choice(item.tails) if item.tails and rng.random() < 0.6 else ""
    templates = WRITTEN if item.ask in ("code", "when", "day") and rng.random() < 0.2 else ASKS[item.ask]
    values = {"k": key, "t": f" {tail}" if tail else "", "d": "my" if rng.random() < 0.5 else "the"}
    text, expect = goal(rng, templates, values)
    notes = _store(rng, item.note)
    if rng.random() < 0.06:
        obs = answer = no_note(key)
    else:
        obs, answer = found_notes(key, _hits(key, notes, item.note.text))
    queries = (key, *_queries(item.note), *(f"{k} {tail}" for k in item.note.keys if tail))
    steps = (step(kit.call("note_search", query=tuple(dict.fromkeys(queries))), obs, answer), finish())
    return Draft(category="memory", goal=text, steps=steps, answer=answer, expect_none=expect)


def delete(rng: random.Random, kit: Kit) -> Draft:
    """Delete the notes about something, or every note."""
    note = rng.choice(NOTES)
    notes = _store(rng, note)
    if rng.random() < 0.2:
        text, expect = goal(rng, DELETE_ALL, {})
        obs = deleted_notes(notes)
        steps = (step(kit.call("note_delete", query="all notes"), obs), finish())
        return Draft(category="risky", goal=text, steps=steps, answer=obs, expect_none=expect)
    key, d = _key(rng, note)
    text, expect = goal(rng, DELETE, {"k": key, "d": d}, tail=False)
    obs = no_note(key, deleting=True) if rng.random() < 0.05 else deleted_notes(_hits(key, notes, note.text)[:1])
    steps = (step(kit.call("note_delete", query=_queries(note)), obs), finish())
    return Draft(category="risky", goal=text, steps=steps, answer=obs, expect_none=expect)


def recipient(rng: random.Random) -> str:
    """A first name, sometimes with a surname."""
    first = rng.choice(FIRST_NAMES)
    return f"{first} {rng.choice(SURNAMES)}" if rng.random() < 0.2 else first


def send(rng: random.Random, kit: Kit) -> Draft:
    """Send a message: the recipient and the text are both in the goal."""
    to, m = recipient(rng), rng.choice(MESSAGES)
    text, expect = goal(rng, SEND, {"to": to, "m": m}, tail=False)
    obs = message(to, m)
    steps = (step(kit.call("send_message", to=to, text=m), obs), finish())
    return Draft(category="risky", goal=text, steps=steps, answer=obs, expect_none=expect)
