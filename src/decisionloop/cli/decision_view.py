"""Decisions shown to people (lines) and programs (JSON), and asks read from command-line text."""

from __future__ import annotations

import json
from collections.abc import Sequence

from decisionloop.core.answers import ChoiceAnswer, summarise
from decisionloop.core.decision import Decision
from decisionloop.core.errors import ConfigError
from decisionloop.core.questions import Option
from decisionloop.decide import Ask
from decisionloop.spec.model import Block


def parse_state(text: str) -> dict[str, object]:
    """A JSON object as given, or plain text as ``{"goal": text}``."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as err:
            raise ConfigError(f"--state looks like JSON but does not parse: {err.msg} at column {err.colno}") from err
        if not isinstance(value, dict):
            raise ConfigError("--state must be a JSON object or plain text")
        return {str(k): v for k, v in value.items()}
    if not stripped:
        raise ConfigError("--state is empty; give the goal as text or a JSON object of frame fields")
    return {"goal": stripped}


def parse_options(items: Sequence[str]) -> tuple[Option, ...]:
    """``NAME`` or ``NAME=CRITERIA`` texts as options."""
    options = []
    for item in items:
        name, _, criteria = item.partition("=")
        if not name.strip():
            raise ConfigError(f"option {item!r} has no name; write NAME or NAME=CRITERIA")
        options.append(Option(name=name.strip(), criteria=criteria.strip() or None))
    return tuple(options)


def build_ask(block: Block, state: dict[str, object], option_items: Sequence[str]) -> Ask:
    """The block's questions with the given options added to its dynamic question."""
    extra = parse_options(option_items)
    if extra and block.dynamic is None:
        raise ConfigError(f"{block.id!r} has no options built in code; --option applies to: pick_tool, pick_args")
    questions = {q.id: q.build(extra if q.type == "choice" else ()) for q in block.questions}
    return Ask(block=block, state=state, questions=questions)


def decision_lines(decision: Decision) -> list[str]:
    """A few lines a person reads: action, why, each answer, who answered."""
    flag = "  (degraded: never automatic)" if decision.degraded else ""
    lines = [f"{decision.block}: {decision.action}{flag}"]
    if decision.proposed != decision.action:
        lines.append(f"  the policy proposed: {decision.proposed}")
    lines += [f"  because {reason}" for reason in decision.reasons]
    for qid, answer in decision.answers.items():
        lines.append(f"  {qid} = {summarise(answer)}")
        if isinstance(answer, ChoiceAnswer):
            ranked = ", ".join(f"{name} {p:.2f}" for name, p in answer.ranked()[:3])
            lines.append(f"    top picks: {ranked}")
    lines.append(f"  answered by {decision.backend} ({decision.model or '—'}) in {decision.latency_ms:.1f} ms")
    return lines
