"""Figures about a batch of generated episodes: the intent and category mix, NONE cases, risky and multi-step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.training.generator.generate import Episode


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """Counts over a batch of episodes."""

    episodes: int
    intents: Counter[str]
    categories: Counter[str]
    none_cases: int
    none_slots: int
    steps: int
    side_effect_episodes: int
    multi_step: int

    def lines(self) -> list[str]:
        """The figures as printable lines."""
        n = self.episodes
        out = [
            f"episodes: {n}, gold steps: {self.steps} ({self.steps / n:.2f} per episode, FINISH included)",
            f"NONE cases: {self.none_cases} ({self.none_cases / n:.1%}), slots with NONE as gold: {self.none_slots}",
            f"with a side-effect gold step: {self.side_effect_episodes / n:.1%}; more than one call: "
            f"{self.multi_step / n:.1%}",
            "categories: " + ", ".join(f"{k} {v / n:.1%}" for k, v in self.categories.most_common()),
        ]
        return out + [f"  {k:<32} {v:>6} {v / n:6.1%}" for k, v in sorted(self.intents.items())]


def summarise(episodes: Sequence[Episode]) -> Summary:
    """The figures of ``episodes``."""
    return Summary(
        episodes=len(episodes),
        intents=Counter(e.intent for e in episodes),
        categories=Counter(e.task.category for e in episodes),
        none_cases=sum(e.none_case for e in episodes),
        none_slots=sum(len(e.none_slots) for e in episodes),
        steps=sum(len(e.task.steps) for e in episodes),
        side_effect_episodes=sum(any(s.action in e.side_effects for s in e.task.steps) for e in episodes),
        multi_step=sum(len(e.task.steps) > 2 for e in episodes),
    )
