"""The closed vocabularies of DECISION.md: block kinds, positions, dynamic outputs (actions: core.vocab)."""

from __future__ import annotations

from typing import Literal, get_args

from decisionloop.core.vocab import ACTIONS, Action

Kind = Literal["choice", "noul", "score", "mixed", "rule"]
KINDS: tuple[Kind, ...] = get_args(Kind)

Position = Literal["step-start", "tool-choice", "input-choice", "before-call", "after-tool", "after-generate"]

# Which actions the loop handles at each position; ``escalate`` is legal everywhere.
POSITION_ACTIONS: dict[Position, tuple[Action, ...]] = {
    "step-start": ("use_tool", "answer"),
    "tool-choice": ("call",),
    "input-choice": ("use",),
    "before-call": ("auto", "auto_audit", "ask_human"),
    "after-tool": ("continue", "stop", "finish", "keep_going"),
    "after-generate": ("deliver", "revise"),
}
POSITIONS: tuple[Position, ...] = tuple(POSITION_ACTIONS)

# What a ``dynamic:`` provider builds: extra options for the block's question, or one question per slot.
DynamicOutput = Literal["options", "slots"]
DYNAMIC_OUTPUTS: tuple[DynamicOutput, ...] = get_args(DynamicOutput)


def is_action(word: str) -> bool:
    """Whether ``word`` is in the closed action vocabulary."""
    return word in ACTIONS


def is_position(word: str) -> bool:
    """Whether ``word`` is a known position."""
    return word in POSITION_ACTIONS


def is_kind(word: str) -> bool:
    """Whether ``word`` is a known block kind."""
    return word in KINDS
