"""Split a DECISION.md into raw blocks, keys, questions and items, each with its 1-based line number.

Only a few line shapes carry structure: ``## id`` (block), ``### id`` (question), ``key: value`` (a lower-case
key), ``- item`` (an option, or a rule after ``policy:``). Everything else is prose; fenced code is prose too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from decisionloop.core.errors import Problem

BLOCK_KEYS = ("kind", "when", "dynamic", "ask", "policy")
GENERATOR_HEADINGS = frozenset({"generator", "system prompt"})

_BLOCK = re.compile(r"^##\s+(.+?)\s*#*\s*$")
_QUESTION = re.compile(r"^###\s+(.+?)\s*#*\s*$")
_TITLE = re.compile(r"^#\s+(.+?)\s*$")
_KEY = re.compile(r"^([a-z_][a-z0-9_-]*)\s*:\s*(.*)$")
_ITEM = re.compile(r"^[-*]\s+(.*)$")
_FENCE = re.compile(r"^(```|~~~)")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(slots=True)
class Line:
    """A piece of text and the line it came from."""

    line: int
    text: str


@dataclass(slots=True)
class RawQuestion:
    """A question as found: its id, its ``ask:`` and its option items."""

    id: str
    line: int
    ask: Line | None = None
    items: list[Line] = field(default_factory=list)


@dataclass(slots=True)
class RawBlock:
    """A ``## id`` section as found, before any meaning is checked."""

    id: str
    line: int
    keys: dict[str, Line] = field(default_factory=dict)
    questions: list[RawQuestion] = field(default_factory=list)
    policy: Line | None = None
    rules: list[Line] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RawDoc:
    """The whole file as found."""

    title: str = ""
    blocks: list[RawBlock] = field(default_factory=list)
    generator: list[str] = field(default_factory=list)
    generator_line: int | None = None
    problems: list[Problem] = field(default_factory=list)


class _Scanner:
    """Walks the lines once, keeping which section, question and list it is in."""

    def __init__(self) -> None:
        self.doc = RawDoc()
        self.block: RawBlock | None = None
        self.in_generator = False
        self.in_policy = False
        self.in_fence = False

    def problem(self, line: int, message: str) -> None:
        self.doc.problems.append(Problem(line, message))

    def feed(self, number: int, raw: str) -> None:
        text = raw.strip()
        if _FENCE.match(text):
            self.in_fence = not self.in_fence
            self.prose(text)
        elif self.in_fence:
            self.prose(raw.rstrip())
        elif (m := _BLOCK.match(text)) and not text.startswith("###"):
            self.start_section(number, m.group(1))
        elif self.in_generator or self.block is None:
            self.outside_block(number, text, raw)
        elif m := _QUESTION.match(text):
            self.start_question(number, m.group(1))
        elif m := _KEY.match(text):
            self.key(number, m.group(1).lower(), m.group(2).strip())
        elif m := _ITEM.match(text):
            self.item(number, m.group(1).strip())
        else:
            self.prose(text)

    def prose(self, text: str) -> None:
        if self.in_generator:
            self.doc.generator.append(text)
        elif self.block is not None:
            self.block.prose.append(text)

    def outside_block(self, number: int, text: str, raw: str) -> None:
        if self.in_generator:
            self.doc.generator.append(raw.rstrip())
        elif (m := _TITLE.match(text)) and not self.doc.title:
            self.doc.title = m.group(1)

    def start_section(self, number: int, heading: str) -> None:
        self.in_policy = False
        if heading.lower() in GENERATOR_HEADINGS:
            if self.doc.generator_line is not None:
                self.problem(number, f"a second '## {heading}' section; the generator prompt is written once")
            self.doc.generator_line = number
            self.in_generator, self.block = True, None
            return
        self.in_generator = False
        if not IDENTIFIER.match(heading):
            self.problem(number, f"block id {heading!r} must be one identifier (letters, digits, _)")
        if any(b.id == heading for b in self.doc.blocks):
            first = next(b.line for b in self.doc.blocks if b.id == heading)
            self.problem(number, f"duplicate block {heading!r} (first defined on line {first}); rename one")
        self.block = RawBlock(id=heading, line=number)
        self.doc.blocks.append(self.block)

    def start_question(self, number: int, qid: str) -> None:
        assert self.block is not None
        self.in_policy = False
        if not IDENTIFIER.match(qid):
            self.problem(number, f"question id {qid!r} must be one identifier (letters, digits, _)")
        if any(q.id == qid for q in self.block.questions):
            self.problem(number, f"duplicate question {qid!r} in block {self.block.id!r}")
        self.block.questions.append(RawQuestion(id=qid, line=number))

    def current_question(self, number: int) -> RawQuestion:
        assert self.block is not None
        if not self.block.questions:
            self.block.questions.append(RawQuestion(id=self.block.id, line=number))
        return self.block.questions[-1]

    def key(self, number: int, key: str, value: str) -> None:
        assert self.block is not None
        self.in_policy = False
        if key not in BLOCK_KEYS:
            known = " / ".join(BLOCK_KEYS)
            self.problem(number, f"unknown key {key!r}; the keys are {known} (other text must not start 'word:')")
        elif key == "ask":
            question = self.current_question(number)
            if question.ask is not None:
                self.problem(
                    number, f"question {question.id!r} has a second 'ask:' (first on line {question.ask.line})"
                )
            question.ask = Line(number, value)
        elif key == "policy":
            self.start_policy(number, value)
        elif key in self.block.keys:
            self.problem(
                number, f"'{key}:' given twice in block {self.block.id!r} (first on line {self.block.keys[key].line})"
            )
        else:
            self.block.keys[key] = Line(number, value)

    def start_policy(self, number: int, value: str) -> None:
        assert self.block is not None
        if self.block.policy is not None:
            self.problem(
                number, f"block {self.block.id!r} has a second 'policy:' (first on line {self.block.policy.line})"
            )
        if value:
            self.problem(number, f"'policy:' takes no value, got {value!r}; write each rule as '- predicate → action'")
        self.block.policy = Line(number, value)
        self.in_policy = True

    def item(self, number: int, text: str) -> None:
        assert self.block is not None
        if self.in_policy:
            self.block.rules.append(Line(number, text))
        else:
            self.current_question(number).items.append(Line(number, text))


def scan(text: str) -> RawDoc:
    """Split ``text`` into raw sections; structural mistakes become problems, never exceptions."""
    scanner = _Scanner()
    for number, raw in enumerate(text.splitlines(), start=1):
        scanner.feed(number, raw)
    if scanner.in_fence:
        scanner.problem(len(text.splitlines()), "a code fence (```) is opened and never closed")
    return scanner.doc
