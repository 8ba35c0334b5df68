"""What the real extractor can offer for an episode: the gold tool among the tool options, and each span slot's
gold value among that slot's options — from the goal and the previous observation, as the teacher-forced
protocol gives them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.extract import Candidate, slot_options
from decisionloop.gold.match import arg_match
from decisionloop.gold.suite import GoldStep, Task
from decisionloop.gold.teacher import CandidateMode, candidates_for
from decisionloop.loop.asks import tool_options


@dataclass(frozen=True, slots=True, kw_only=True)
class Offer:
    """Where the extractor falls short: (step, slot) pairs whose gold value is not offered, steps whose gold
    tool is not among the tool options, and steps with a single tool option (a choice needs two)."""

    none_slots: tuple[tuple[int, str], ...]
    unoffered_tools: tuple[int, ...]
    single_option: tuple[int, ...] = ()

    @property
    def usable(self) -> bool:
        """Whether every step can be asked as the loop asks it, with the gold tool among the options."""
        return not self.unoffered_tools and not self.single_option


def offered(task: Task, tools: Sequence[Tool], now: datetime, mode: CandidateMode = "last") -> Offer:
    """Check every gold step of ``task`` against the candidates the extractor finds for it."""
    by_id = {t.id: t for t in tools}
    none_slots: list[tuple[int, str]] = []
    unoffered: list[int] = []
    single: list[int] = []
    for i, gold in enumerate(task.steps):
        candidates = candidates_for(task, i, mode, now)
        options = {t.id for t in tool_options(tools, candidates)}
        if len(options) == 1:
            single.append(i)
        if gold.action == FINISH:
            continue
        if gold.action not in options:
            unoffered.append(i)
        none_slots += [(i, slot) for slot in _missing(by_id[gold.action], gold, candidates)]
    return Offer(none_slots=tuple(none_slots), unoffered_tools=tuple(unoffered), single_option=tuple(single))


def _missing(tool: Tool, gold: GoldStep, candidates: Sequence[Candidate]) -> list[str]:
    missing = []
    for slot in tool.slots:
        if slot.is_fixed:
            continue
        accepted = gold.call.args.get(slot.name, ())
        names = (o.name for o in slot_options(slot, candidates))
        if not any(n != NONE and arg_match(slot.name, n, accepted) for n in names):
            missing.append(slot.name)
    return missing


def bad_fixed_values(task: Task, tools: Sequence[Tool]) -> list[str]:
    """Gold values of fixed slots that are not keys of the slot's options (a generator bug), described."""
    by_id = {t.id: t for t in tools}
    bad = []
    for i, gold in enumerate(task.steps):
        for call in gold.calls():
            if call.action == FINISH:
                continue
            for slot in by_id[call.action].slots:
                keys = {o.name for o in slot.fixed}
                bad += [
                    f"step {i} {call.action}.{slot.name}={v!r}"
                    for v in call.args.get(slot.name, ())
                    if slot.is_fixed and v not in keys
                ]
    return bad
