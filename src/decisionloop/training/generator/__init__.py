"""Training data: seeded synthetic agent episodes (built-in and invented tools) in the task suite's own types."""

from decisionloop.training.generator.episodes import INTENTS, Intent
from decisionloop.training.generator.generate import Episode, dev_goals, episode, generate, normalised
from decisionloop.training.generator.offerable import Offer, offered
from decisionloop.training.generator.stats import Summary, summarise
from decisionloop.training.generator.toolsets import BUILTIN_ROLES, draw_kit, generated_ids

__all__ = [
    "BUILTIN_ROLES",
    "INTENTS",
    "Episode",
    "Intent",
    "Offer",
    "Summary",
    "dev_goals",
    "draw_kit",
    "episode",
    "generate",
    "generated_ids",
    "normalised",
    "offered",
    "summarise",
]
