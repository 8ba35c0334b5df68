"""Texts for synthetic episodes: encyclopedia topics with their opening lines, notes with the words that find them,
clauses to save, messages to send, small talk and the requests an assistant answers itself."""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.tables import load, rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Topic:
    """An encyclopedia article: its title, the short description shown in brackets, and its first sentences."""

    title: str
    description: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteText:
    """A saved note and the phrases a person would search it by (best first)."""

    text: str
    keys: tuple[str, ...]


TOPICS: tuple[Topic, ...] = rows("topics", Topic)
NOTES: tuple[NoteText, ...] = rows("notes", NoteText)
SAVE_CLAUSES: tuple[str, ...] = load("texts", "save_clauses", tuple[str, ...])
REMEMBER_TO: tuple[str, ...] = load("texts", "remember_to", tuple[str, ...])
MESSAGES: tuple[str, ...] = load("texts", "messages", tuple[str, ...])
# What the user says and how the assistant answers, with no tool to call.
CHAT: tuple[tuple[str, str], ...] = tuple(load("texts", "chat", dict[str, str]).items())
# Requests no tool serves (write a poem, tell a joke, reword a sentence): a goal's template and its reply's, and the
# words that fill their slots ({form}, {subject}, …).
DIRECT_ASKS: tuple[tuple[str, str], ...] = tuple(load("texts", "direct_asks", dict[str, str]).items())
DIRECT_WORDS: dict[str, tuple[str, ...]] = load("texts", "direct_words", dict[str, tuple[str, ...]])
