"""The words every layer shares: the pseudo-tools FINISH and STOP, the ask_user tool, the argument-question
prefix, who decided a step, how a run stopped, what an LLM call was for, and the actions a decision can take."""

from __future__ import annotations

from typing import Literal, get_args

FINISH = "FINISH"  # the pseudo-tool of a step that ends the run with an answer (also a gold trace's last step)
STOP = "STOP"  # the pseudo-tool of a step where System 2 stopped the run
ASK_USER = "ask_user"  # the built-in tool that asks the person a question
ARG_PREFIX = "arg:"  # the id of the question that fills one slot is ARG_PREFIX + the slot name


DecidedBy = Literal["system1", "llm", "person", "code"]
DECIDERS: tuple[DecidedBy, ...] = get_args(DecidedBy)
StopReason = Literal[
    "answered",
    "no_answer",  # reached FINISH, but no tool result said anything: the template's "I could not find an answer."
    "no_tool",  # none of the tools can do what the goal asks, and no LLM answered it directly
    "declined",
    "stopped",
    "held",
    "step_budget",
    "time_budget",
    "call_budget",
    "interrupted",  # Ctrl-C: the driver journals how far it got before the interrupt goes on
]
STOP_REASONS: tuple[StopReason, ...] = get_args(StopReason)
Delivery = Literal["template", "delivered", "revised", "fell_back", "direct", "none"]
LlmPurpose = Literal[
    "stop_check",  # a held step: does the last result answer the goal?
    "plan",  # a held step: the planner's choice of the next call
    "plan_retry",  # the planner asked again, quoting why its reply could not be used
    "answer",  # the answer written from the evidence
    "revision",  # the answer written again after the delivery check sent it back
    "direct",  # no tool fits: the answer from the goal and the conversation alone
]
LLM_PURPOSES: tuple[LlmPurpose, ...] = get_args(LlmPurpose)

Action = Literal[
    "answer",
    "ask_human",
    "auto",
    "auto_audit",
    "call",
    "continue",
    "deliver",
    "escalate",
    "finish",
    "keep_going",
    "revise",
    "stop",
    "use",
    "use_tool",
]
ACTIONS: tuple[Action, ...] = get_args(Action)

# The action a gate takes when an answer cannot be trusted.
FAIL_CLOSED: Action = "escalate"
AUTHORISATION_ACTION: Action = "ask_human"
