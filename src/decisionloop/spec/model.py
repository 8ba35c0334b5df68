"""The compiled form of a DECISION.md: blocks, questions, policy rules and the problems found."""

from __future__ import annotations

from dataclasses import dataclass, field

from decisionloop.core.errors import Problem
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, Question, QuestionType, ScoreQuestion
from decisionloop.core.vocab import AUTHORISATION_ACTION, Action
from decisionloop.spec.predicates import Predicate, render_predicate, threshold_of
from decisionloop.spec.vocab import DynamicOutput, Kind, Position


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecQuestion:
    """A question as written in the file; ``options`` of a score are its levels, lowest first."""

    id: str
    line: int
    ask: str
    type: QuestionType
    options: tuple[Option, ...]

    @property
    def option_names(self) -> tuple[str, ...]:
        """Names of the options written in the file."""
        return tuple(o.name for o in self.options)

    def build(self, extra: tuple[Option, ...] = (), *, ask: str | None = None) -> Question:
        """The wire question, with options built in code placed before the file's own (e.g. NONE last)."""
        instructions = ask or self.ask
        match self.type:
            case "choice":
                return ChoiceQuestion(instructions=instructions, options=(*extra, *self.options))
            case "noul":
                criteria = {o.name: o.criteria for o in self.options}
                return NoulQuestion(instructions=instructions, true=criteria.get("true"), false=criteria.get("false"))
            case "score":
                return ScoreQuestion(instructions=instructions, levels=tuple(o.criteria or "" for o in self.options))


@dataclass(frozen=True, slots=True, kw_only=True)
class Dynamic:
    """Options built in code: ``provider(ctx: cells) → output —— why``."""

    line: int
    provider: str
    cells: tuple[str, ...]
    output: DynamicOutput
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    """One policy line: when ``predicate`` holds, take ``action``."""

    line: int
    predicate: Predicate
    action: Action

    @property
    def text(self) -> str:
        """The rule as it reads with its effective threshold; quoted as the reason of a decision."""
        return f"{render_predicate(self.predicate)} → {self.action}"

    @property
    def threshold(self) -> float | None:
        """The number this rule compares against, if any."""
        return threshold_of(self.predicate)


@dataclass(frozen=True, slots=True, kw_only=True)
class Block:
    """One decision: who answers (kind), where in the loop (position), the questions and the policy."""

    id: str
    line: int
    kind: Kind
    position: Position
    purpose: str
    questions: tuple[SpecQuestion, ...]
    policy: tuple[Rule, ...]
    dynamic: Dynamic | None = None
    rationale: str = ""

    def question(self, qid: str) -> SpecQuestion:
        """The question with id ``qid``; KeyError lists the block's questions."""
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(f"block {self.id!r} has no question {qid!r}; it has: {', '.join(self.question_ids)}")

    @property
    def question_ids(self) -> tuple[str, ...]:
        """Ids of the block's questions in file order."""
        return tuple(q.id for q in self.questions)

    @property
    def is_gate(self) -> bool:
        """Whether the policy can ask a human for authorisation."""
        return any(r.action == AUTHORISATION_ACTION for r in self.policy)


@dataclass(frozen=True, slots=True, kw_only=True)
class Spec:
    """A compiled DECISION.md. ``problems`` empty means it is usable."""

    path: str
    title: str
    blocks: tuple[Block, ...]
    generator: str
    problems: tuple[Problem, ...] = ()
    overrides: tuple[tuple[str, float], ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when the file compiled without a single problem."""
        return not self.problems

    def block(self, block_id: str) -> Block:
        """The block ``block_id``; KeyError lists the blocks there are."""
        for b in self.blocks:
            if b.id == block_id:
                return b
        raise KeyError(f"no block {block_id!r} in {self.path}; blocks: {', '.join(b.id for b in self.blocks)}")

    def headline(self) -> str:
        """One line counted from the file: decisions, questions, who answers, gates, options."""
        model = [b for b in self.blocks if b.kind != "rule"]
        questions = sum(len(b.questions) for b in self.blocks)
        gates = sum(b.is_gate for b in self.blocks)
        options = sum(len(q.options) for b in self.blocks for q in b.questions)
        dynamic = sum(b.dynamic is not None for b in self.blocks)
        gate_word = "gate" if gates == 1 else "gates"
        text = (
            f"{len(self.blocks)} decisions, {questions} questions, {len(model)} answered by the decision model, "
            f"{len(self.blocks) - len(model)} decided by code, {gates} authorisation {gate_word}; "
            f"{options} options in the file"
        )
        return text + (f", {dynamic} decisions build theirs in code" if dynamic else "")
