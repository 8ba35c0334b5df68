"""Give a scanned DECISION.md its meaning: infer question types, check kinds and positions, compile policies.

Every problem carries its line number; a block that has problems is still kept (with what could be read), so
one pass reports everything at once and nothing is silently dropped.
"""

from __future__ import annotations

import re

from decisionloop.core.errors import Problem
from decisionloop.core.questions import MAX_SCORE_LEVELS, Option, QuestionType
from decisionloop.core.vocab import ACTIONS, Action
from decisionloop.spec.model import Block, Dynamic, Rule, Spec, SpecQuestion
from decisionloop.spec.parser import IDENTIFIER, Line, RawBlock, RawQuestion, scan
from decisionloop.spec.predicates import (
    NEEDS_TYPE,
    All,
    Else,
    Picked,
    Predicate,
    Score,
    family,
    parse_predicate,
    threshold_of,
)
from decisionloop.spec.reach import unreachable_rules
from decisionloop.spec.vocab import (
    DYNAMIC_OUTPUTS,
    KINDS,
    POSITION_ACTIONS,
    POSITIONS,
    DynamicOutput,
    Kind,
    Position,
    is_action,
    is_kind,
    is_position,
)

_OPTION = re.compile(r"^(.*?)\s+(?:—|--)\s+(.*)$")
_OPTION_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.:/+-]*$")
_ARROW = re.compile(r"\s*(?:→|->)\s*")
_PURPOSE = re.compile(r"\s*(?:——|--)\s*")
_DYNAMIC = re.compile(r"^([A-Za-z_]\w*)\s*\(\s*ctx\s*(?::\s*(.*?))?\s*\)$")


def compile_spec(text: str, path: str = "DECISION.md") -> Spec:
    """Compile the text of a DECISION.md; never raises on bad input, problems are in ``Spec.problems``."""
    doc = scan(text)
    problems = list(doc.problems)
    blocks = tuple(_Block(raw, problems).compile() for raw in doc.blocks)
    if not blocks:
        problems.append(Problem(1, "no decision blocks; each decision starts with a '## <id>' heading"))
    problems.sort(key=lambda p: p.line)
    return Spec(
        path=path,
        title=doc.title,
        blocks=blocks,
        generator="\n".join(doc.generator).strip(),
        problems=tuple(problems),
    )


class _Block:
    """Compiles one raw block, appending its problems to the shared list."""

    def __init__(self, raw: RawBlock, problems: list[Problem]) -> None:
        self.raw = raw
        self.problems = problems

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(line, message))

    def compile(self) -> Block:
        kind = self.kind()
        position, purpose = self.when()
        dynamic = self.dynamic()
        questions = tuple(self.question(q, dynamic is not None) for q in self.raw.questions)
        self.check_shape(kind, questions, dynamic)
        policy = self.policy(questions, position)
        return Block(
            id=self.raw.id,
            line=self.raw.line,
            kind=kind,
            position=position,
            purpose=purpose,
            questions=questions,
            policy=policy,
            dynamic=dynamic,
            rationale="\n".join(self.raw.prose).strip(),
        )

    def kind(self) -> Kind:
        line = self.raw.keys.get("kind")
        if line is None:
            self.problem(self.raw.line, f"block {self.raw.id!r} has no 'kind:'; one of: {', '.join(KINDS)}")
            return "rule"
        if not is_kind(line.text):
            self.problem(line.line, f"unknown kind {line.text!r}; one of: {', '.join(KINDS)}")
            return "rule"
        return next(k for k in KINDS if k == line.text)

    def when(self) -> tuple[Position, str]:
        line = self.raw.keys.get("when")
        if line is None:
            self.problem(
                self.raw.line,
                f"block {self.raw.id!r} has no 'when: <position> —— <purpose>'; positions: {', '.join(POSITIONS)}",
            )
            return "step-start", ""
        parts = _PURPOSE.split(line.text, maxsplit=1)
        purpose = parts[1] if len(parts) > 1 else ""
        words = parts[0].split()
        word = words[0] if words else ""
        if not is_position(word):
            self.problem(line.line, f"unknown position {word!r}; positions: {', '.join(POSITIONS)}")
            return "step-start", purpose.strip()
        if len(words) > 1:
            self.problem(line.line, f"text after the position must follow '——': write 'when: {word} —— <purpose>'")
        if not purpose.strip():
            self.problem(line.line, f"'when: {word}' needs a purpose: 'when: {word} —— <what this decision is for>'")
        return next(p for p in POSITIONS if p == word), purpose.strip()

    def dynamic(self) -> Dynamic | None:
        line = self.raw.keys.get("dynamic")
        if line is None:
            return None
        parts = _PURPOSE.split(line.text, maxsplit=1)
        call_and_output, why = parts[0], (parts[1].strip() if len(parts) > 1 else "")
        pieces = _ARROW.split(call_and_output)
        form = "dynamic: provider(ctx: cell, cell) → options|slots —— why"
        if len(pieces) != 2:
            self.problem(line.line, f"'dynamic:' needs exactly one '→'; write '{form}'")
            return None
        call, output = pieces[0].strip(), pieces[1].strip()
        m = _DYNAMIC.match(call)
        if m is None:
            self.problem(line.line, f"cannot read provider call {call!r}; write '{form}'")
            return None
        cells = tuple(c.strip() for c in (m.group(2) or "").split(",") if c.strip())
        self.check_cells(line, cells)
        if output not in DYNAMIC_OUTPUTS:
            self.problem(line.line, f"unknown dynamic output {output!r}; one of: {', '.join(DYNAMIC_OUTPUTS)}")
            return None
        if not why:
            self.problem(line.line, f"'dynamic:' needs a reason after '——'; write '{form}'")
        typed_output: DynamicOutput = "options" if output == "options" else "slots"
        return Dynamic(line=line.line, provider=m.group(1), cells=cells, output=typed_output, why=why)

    def check_cells(self, line: Line, cells: tuple[str, ...]) -> None:
        if not cells:
            self.problem(line.line, "a dynamic provider must name the ctx cells it reads: provider(ctx: a, b)")
        for cell in cells:
            if not IDENTIFIER.match(cell):
                self.problem(line.line, f"ctx cell {cell!r} must be an identifier")
        if len(set(cells)) != len(cells):
            self.problem(line.line, f"ctx cells repeated: {', '.join(cells)}")

    def question(self, raw: RawQuestion, dynamic: bool) -> SpecQuestion:
        if raw.ask is None or not raw.ask.text:
            self.problem(raw.line, f"question {raw.id!r} has no 'ask:' text")
        qtype, options = self.options(raw, dynamic)
        return SpecQuestion(id=raw.id, line=raw.line, ask=raw.ask.text if raw.ask else "", type=qtype, options=options)

    def options(self, raw: RawQuestion, dynamic: bool) -> tuple[QuestionType, tuple[Option, ...]]:
        named = [(item, _OPTION.match(item.text)) for item in raw.items]
        if not named:
            if not dynamic:
                self.problem(
                    raw.line,
                    f"question {raw.id!r} has no options; write '- name — when to pick it' lines"
                    " (or '- true — …' and '- false — …', or unnamed levels for a score)",
                )
            return "choice", ()
        first_named = named[0][1] is not None
        for item, match in named:
            if (match is not None) != first_named:
                self.problem(
                    item.line,
                    f"option styles are mixed in question {raw.id!r}: either every option has "
                    "a name ('name — criteria', a choice) or none has (levels of a score)",
                )
                break
        if not first_named:
            return self.levels(raw)
        return self.named(raw, [(item, m) for item, m in named if m is not None], dynamic)

    def levels(self, raw: RawQuestion) -> tuple[QuestionType, tuple[Option, ...]]:
        levels = tuple(Option(name=str(i), criteria=item.text) for i, item in enumerate(raw.items))
        if not 2 <= len(levels) <= MAX_SCORE_LEVELS:
            self.problem(raw.line, f"a score takes 2 to {MAX_SCORE_LEVELS} levels; {raw.id!r} has {len(levels)}")
        return "score", levels

    def named(
        self, raw: RawQuestion, items: list[tuple[Line, re.Match[str]]], dynamic: bool
    ) -> tuple[QuestionType, tuple[Option, ...]]:
        options: list[Option] = []
        for item, match in items:
            name, criteria = match.group(1).strip(), match.group(2).strip()
            if not _OPTION_NAME.match(name):
                self.problem(
                    item.line,
                    f"option name {name!r} must be one word (letters, digits, _ . : / + -); "
                    "a score level is written without ' — '",
                )
            if not criteria:
                self.problem(item.line, f"option {name!r} needs criteria after ' — '")
            if any(o.name == name for o in options):
                self.problem(item.line, f"option {name!r} appears twice in question {raw.id!r}")
            options.append(Option(name=name, criteria=criteria))
        if sorted(o.name for o in options) == ["false", "true"]:
            return "noul", tuple(sorted(options, key=lambda o: o.name != "true"))
        if len(options) < 2 and not dynamic:
            self.problem(
                raw.line,
                f"choice {raw.id!r} needs at least 2 options (a yes/no question is written "
                "with exactly '- true — …' and '- false — …')",
            )
        return "choice", tuple(options)

    def check_shape(self, kind: Kind, questions: tuple[SpecQuestion, ...], dynamic: Dynamic | None) -> None:
        count = len(questions)
        if kind == "rule" and count:
            self.problem(
                self.raw.line, f"block {self.raw.id!r} is 'kind: rule' (decided by code) but asks {count} question(s)"
            )
        elif kind == "mixed" and count < 2:
            self.problem(self.raw.line, f"'kind: mixed' needs at least 2 questions; {self.raw.id!r} has {count}")
        elif kind not in ("rule", "mixed"):
            self.check_single(kind, questions)
        if dynamic is not None and (count != 1 or questions[0].type != "choice"):
            self.problem(
                dynamic.line,
                "'dynamic:' builds the options of a block's single choice question; "
                f"{self.raw.id!r} has {count} question(s)",
            )

    def check_single(self, kind: Kind, questions: tuple[SpecQuestion, ...]) -> None:
        if len(questions) != 1:
            self.problem(
                self.raw.line,
                f"'kind: {kind}' asks exactly one question; {self.raw.id!r} has "
                f"{len(questions)} (use 'kind: mixed' for several)",
            )
            return
        question = questions[0]
        if question.type != kind:
            hint = {
                "score": " (options without ' — ' are score levels: is a separator missing?)",
                "choice": " (named options make a choice)",
                "noul": " (a yes/no question has exactly the options 'true' and 'false')",
            }[question.type]
            self.problem(
                question.line,
                f"question {question.id!r} reads as a {question.type} but the block is 'kind: {kind}'{hint}",
            )

    def policy(self, questions: tuple[SpecQuestion, ...], position: Position) -> tuple[Rule, ...]:
        policy_line = self.raw.policy
        if policy_line is None:
            if self.raw.keys.get("kind", Line(0, "")).text != "rule":
                self.problem(
                    self.raw.line, f"block {self.raw.id!r} has no 'policy:'; add one ending in '- else → escalate'"
                )
            return ()
        rules = tuple(r for r in (self.rule(line, questions, position) for line in self.raw.rules) if r)
        self.check_catch_all(policy_line, rules)
        for dead in unreachable_rules(rules):
            self.problem(dead.rule.line, f"rule '{dead.rule.text}' can never fire: {dead.why}")
        return rules

    def check_catch_all(self, policy_line: Line, rules: tuple[Rule, ...]) -> None:
        if len(rules) != len(self.raw.rules):
            return  # a rule that did not compile is reported on its own line; a missing else would be noise
        elses = [r for r in rules if isinstance(r.predicate, Else)]
        if not elses:
            self.problem(
                policy_line.line,
                f"policy of {self.raw.id!r} has no 'else' rule; end it with "
                "'- else → escalate' so every answer leads somewhere",
            )
        elif rules[-1].predicate != Else():
            after = rules[rules.index(elses[0]) + 1]
            self.problem(after.line, "rules after 'else' can never fire; 'else' must be the last rule")

    def rule(self, line: Line, questions: tuple[SpecQuestion, ...], position: Position) -> Rule | None:
        parts = _ARROW.split(line.text)
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            self.problem(line.line, f"cannot read rule {line.text!r}; write '- <predicate> → <action>'")
            return None
        action = self.action(line, parts[1].strip(), position)
        sole = questions[0].id if len(questions) == 1 else None
        try:
            predicate = parse_predicate(parts[0], sole)
        except ValueError as err:
            self.problem(line.line, str(err))
            return None
        if action is None or not self.predicate_fits(line, predicate, questions):
            return None
        return Rule(line=line.line, predicate=predicate, action=action)

    def action(self, line: Line, word: str, position: Position) -> Action | None:
        if not is_action(word):
            self.problem(line.line, f"unknown action {word!r}; the loop knows: {', '.join(ACTIONS)}")
            return None
        handled = POSITION_ACTIONS[position]
        if word != "escalate" and word not in handled:
            self.problem(
                line.line,
                f"position {position!r} does not handle action {word!r}; it handles: "
                f"{', '.join((*handled, 'escalate'))}",
            )
            return None
        return next(a for a in ACTIONS if a == word)

    def predicate_fits(self, line: Line, predicate: Predicate, questions: tuple[SpecQuestion, ...]) -> bool:
        if isinstance(predicate, Else):
            return True
        if isinstance(predicate, All):
            return all([self.predicate_fits(line, part, questions) for part in predicate.parts])
        by_id = {q.id: q for q in questions}
        question = by_id.get(predicate.question)
        if question is None:
            self.problem(
                line.line,
                f"predicate names question {predicate.question!r}, which block "
                f"{self.raw.id!r} does not ask; it asks: {', '.join(by_id) or 'nothing'}",
            )
            return False
        needed = NEEDS_TYPE.get(family(predicate))
        if needed is not None and question.type != needed:
            self.problem(
                line.line,
                f"'{family(predicate)}:' reads a {needed} but {question.id!r} is a "
                f"{question.type}; such a rule could never fire",
            )
            return False
        return self.value_fits(line, predicate, question)

    def value_fits(self, line: Line, predicate: Predicate, question: SpecQuestion) -> bool:
        if isinstance(predicate, Picked):
            if predicate.option not in question.option_names:
                written = ", ".join(question.option_names) or "none"
                self.problem(
                    line.line,
                    f"option {predicate.option!r} is not written in question {question.id!r} "
                    f"(options in the file: {written}); options built in code cannot be named in a rule",
                )
                return False
            return True
        problem = threshold_problem(predicate, question)
        if problem:
            self.problem(line.line, problem)
        return problem is None


def threshold_problem(predicate: Predicate, question: SpecQuestion) -> str | None:
    """Why a threshold is outside what its quantity can take, or None when it is in range."""
    value = threshold_of(predicate)
    if value is None:
        return None
    high = float(len(question.options) - 1) if isinstance(predicate, Score) else 1.0
    if not 0.0 <= value <= high:
        return f"threshold {value:g} is outside [0, {high:g}], the range of {question.id!r}"
    return None
