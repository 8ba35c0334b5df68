"""Training data: seeded synthetic agent episodes (built-in and invented tools) in the task suite's own types."""

from decisionloop.train.episodes import INTENTS, Intent
from decisionloop.train.generate import Episode, dev_goals, episode, generate, normalised
from decisionloop.train.offerable import Offer, offered
from decisionloop.train.stats import Summary, summarise
from decisionloop.train.toolsets import BUILTIN_ROLES, draw_kit, generated_ids

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
