"""Examples of "no tool fits": an episode's first step asked again with every tool that could serve its goal
taken away, so pick_tool's right answer is NONE.

The tools left are the episode's distractors (and ask_user, when offered: asking the user does not make a
missing tool appear). Goals that start by asking the user, and goals no tool is for, are left out: the first
have no tool to take away, the second already teach NONE through the oracle.
"""

from __future__ import annotations

from decisionloop.core.tool import NONE
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.gold.teacher import candidates_for
from decisionloop.loop.asks import tool_options
from decisionloop.spec.model import Spec
from decisionloop.training.examples import Example, tool_example
from decisionloop.training.generator.generate import Episode


def unfit_examples(episode: Episode, spec: Spec) -> list[Example]:
    """pick_tool at the first step over the tools that do not fit the goal, labelled NONE; none when no such
    tool can be offered."""
    first = episode.task.steps[0].action
    if first in (ASK_USER, FINISH) or not episode.fits:
        return []
    others = tuple(t for t in episode.tools if t.id not in episode.fits)
    options = tool_options(others, candidates_for(episode.task, 0, "all", episode.now))
    if not options:
        return []
    return [tool_example(spec, episode.task.goal, options, NONE)]
