"""What the driver tells the journal, as it happens: the journal seam and its events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from decisionloop.core.decision import Decision
from decisionloop.core.records import Approval, Call, RunResult, StepRecord
from decisionloop.core.tool import ToolResult
from decisionloop.decide import Ask
from decisionloop.loop.frames import Frame
from decisionloop.loop.meter import MeterStats
from decisionloop.loop.requests import LlmCall


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionsMade:
    """One backend request: the asks with their frames, and one decision per ask."""

    step: int
    asks: tuple[Ask, ...]
    frames: tuple[Frame, ...]
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ApprovalGiven:
    """A person's answer (or the lack of one) to a guarded call."""

    step: int
    call: Call
    side_effect: str
    approval: Approval


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolStarted:
    """A call is about to run; until ToolFinished arrives it is in flight."""

    step: int
    call: Call
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolFinished:
    """The call started last in this step returned."""

    step: int
    result: ToolResult
    ms: float


@dataclass(frozen=True, slots=True, kw_only=True)
class StepFinished:
    """A step is complete: decided, held or not, run or refused."""

    record: StepRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmCalled:
    """One LLM call made for this step (the answer's: the step after the last), and whether its reply was used."""

    step: int
    call: LlmCall


@dataclass(frozen=True, slots=True, kw_only=True)
class RunEnded:
    """The run ended with this result and these figures."""

    result: RunResult
    meter: MeterStats


Event = DecisionsMade | ApprovalGiven | ToolStarted | ToolFinished | StepFinished | LlmCalled | RunEnded


class Journal(Protocol):
    """Where runs are recorded, event by event, so a killed run keeps every finished step."""

    def start(self, goal: str, config: Mapping[str, object]) -> str:
        """Open a run and return its id."""
        ...

    def record(self, run_id: str, event: Event) -> None:
        """Write one event of run ``run_id`` now."""
        ...


class MemoryJournal:
    """A journal kept in a list, for tests and for runs nobody wants to keep."""

    def __init__(self) -> None:
        self.runs: dict[str, tuple[str, Mapping[str, object]]] = {}
        self.events: list[tuple[str, Event]] = []

    def start(self, goal: str, config: Mapping[str, object]) -> str:
        """A run id ``run-<n>``."""
        run_id = f"run-{len(self.runs) + 1}"
        self.runs[run_id] = (goal, config)
        return run_id

    def record(self, run_id: str, event: Event) -> None:
        """Keep the event."""
        if run_id not in self.runs:
            raise KeyError(f"unknown run {run_id!r}; start it first")
        self.events.append((run_id, event))
