"""Seeded, reproducible synthetic episodes in the suite's own types, checked against the real extractor.

Episode ``i`` of seed ``s`` depends on ``(s, i)`` alone, so ``generate(100, s)`` is the start of
``generate(5000, s)``. A draft is redrawn when its gold tool would not be offered or a step would have a single
tool option (the loop cannot ask a choice of one), when the extractor's reach differs from what the builder meant
(a value meant to be offerable that is not, or the reverse), or when its goal happens to be a dev-suite goal or a
near copy of one (``NEAR_DEV`` or more of their words alike, in order).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from difflib import SequenceMatcher
from functools import cache

from decisionloop.core.tool import Tool
from decisionloop.core.vocab import FINISH
from decisionloop.gold.suite import Task, demo_suite_path, load_suite
from decisionloop.training.generator.episodes import draw_intent
from decisionloop.training.generator.kit import Draft, Kit
from decisionloop.training.generator.offerable import bad_fixed_values, offered
from decisionloop.training.generator.toolsets import TWINS, draw_kit

MAX_ATTEMPTS = 40
NEAR_DEV = 0.8
_FIRST_DAY = datetime(2025, 1, 1, tzinfo=UTC)
_DAYS = 3 * 365


@dataclass(frozen=True, slots=True, kw_only=True)
class Episode:
    """One synthetic episode: the tools offered, the task with its gold trace, and which tools change things.

    ``none_slots`` lists the (step, slot) pairs whose gold value the extractor does not offer (from the goal and
    the previous observation): there NONE is the right System 1 answer. ``now`` is the clock the observations
    were made with. ``fits`` are the ids of the tools that can serve the goal: those of the gold trace and those
    playing a role the intent may use instead; without them, no tool offered fits the goal.
    """

    tools: tuple[Tool, ...]
    task: Task
    side_effects: frozenset[str]
    intent: str
    now: datetime
    none_slots: tuple[tuple[int, str], ...] = ()
    fits: frozenset[str] = frozenset()

    @property
    def none_case(self) -> bool:
        """Whether some gold argument is out of the extractor's reach on purpose."""
        return bool(self.none_slots)


def generate(n_episodes: int, seed: int) -> list[Episode]:
    """``n_episodes`` episodes; the same seed gives the same episodes."""
    return [episode(seed, i) for i in range(n_episodes)]


def episode(seed: int, index: int) -> Episode:
    """Episode ``index`` of ``seed``."""
    rng = random.Random(f"decisionloop.train:{seed}:{index}")
    intent = draw_intent(rng)
    for _ in range(MAX_ATTEMPTS):
        now = _FIRST_DAY + timedelta(days=rng.randrange(_DAYS), hours=rng.randint(7, 21))
        kit = draw_kit(rng, intent.need, intent.maybe, now)
        draft = intent.build(rng, kit)
        task = _task(draft, f"syn{seed}-{index:06d}")
        if bad := bad_fixed_values(task, kit.tools):
            raise ValueError(f"intent {intent.name!r} drew fixed values that are not options: {bad}")
        if near_dev_goal(task.goal):
            continue
        offer = offered(task, kit.tools, now)
        none = bool(offer.none_slots)
        if not offer.usable or (draft.expect_none is not None and none != draft.expect_none):
            continue
        return Episode(
            tools=kit.tools,
            task=task,
            side_effects=frozenset(t.id for t in kit.tools if t.side_effect),
            intent=intent.name,
            now=now,
            none_slots=offer.none_slots,
            fits=_fits(task, kit, (*intent.need, *intent.maybe)),
        )
    raise RuntimeError(
        f"intent {intent.name!r} gave no usable episode in {MAX_ATTEMPTS} attempts (seed {seed}, "
        f"episode {index}); check its templates against the extractor"
    )


# Roles that answer many of the same goals: a fact is often in the article, a word's meaning too; and the twins
# that do the same job.
_ALTERNATES = {
    "wikidata_fact": ("wiki_lookup",),
    "wiki_lookup": ("wikidata_fact", "define"),
    "define": ("wiki_lookup",),
    **{role: (twin,) for role, twin in TWINS.items()},
}


def _fits(task: Task, kit: Kit, roles: tuple[str, ...]) -> frozenset[str]:
    """The ids of the gold trace's tools and of every tool playing one of ``roles`` or an alternate of one."""
    gold = {s.action for s in task.steps if s.action != FINISH}
    wide = {*roles, *(a for r in roles for a in _ALTERNATES.get(r, ()))}
    return frozenset(gold | {kit.played[r].tool.id for r in wide if kit.has(r)})


def _task(draft: Draft, task_id: str) -> Task:
    return Task(
        id=task_id,
        split="dev",
        category=draft.category,
        goal=draft.goal,
        steps=draft.steps,
        answer=draft.answer,
    )


def normalised(goal: str) -> str:
    """A goal compared without case or spacing."""
    return " ".join(goal.casefold().split())


@cache
def dev_goals() -> frozenset[str]:
    """The bundled dev suite's goals, normalised: the generator never emits one."""
    return frozenset(normalised(t.goal) for t in load_suite(demo_suite_path()).tasks)


@cache
def _dev_matchers() -> tuple[SequenceMatcher[str], ...]:
    """One matcher per dev goal, its words as the second sequence (which SequenceMatcher indexes once)."""
    return tuple(SequenceMatcher(None, b=_words(goal), autojunk=False) for goal in dev_goals())


def _words(goal: str) -> list[str]:
    return normalised(goal).rstrip("?.!").split()


def near_dev_goal(goal: str) -> bool:
    """Whether ``goal`` is a dev-suite goal or a near copy of one: word similarity of ``NEAR_DEV`` or more."""
    if normalised(goal) in dev_goals():
        return True
    words = _words(goal)
    for matcher in _dev_matchers():
        matcher.set_seq1(words)
        if matcher.real_quick_ratio() >= NEAR_DEV and matcher.quick_ratio() >= NEAR_DEV and matcher.ratio() >= NEAR_DEV:
            return True
    return False
