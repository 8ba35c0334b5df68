"""The run journal: the seam and its events, the SQLite store, and JSON / Turtle export."""

from decisionloop.journal.events import (
    ApprovalGiven,
    DecisionsMade,
    Event,
    Journal,
    LlmCalled,
    MemoryJournal,
    RunEnded,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from decisionloop.journal.export import DL, HELD_STEPS_QUERY, held_steps, run_json, run_turtle
from decisionloop.journal.store import NOT_RERUN, SCHEMA_VERSION, RunStatus, RunSummary, SqliteJournal, default_path

__all__ = [
    "DL",
    "HELD_STEPS_QUERY",
    "NOT_RERUN",
    "SCHEMA_VERSION",
    "ApprovalGiven",
    "DecisionsMade",
    "Event",
    "Journal",
    "LlmCalled",
    "MemoryJournal",
    "RunEnded",
    "RunStatus",
    "RunSummary",
    "SqliteJournal",
    "StepFinished",
    "ToolFinished",
    "ToolStarted",
    "default_path",
    "held_steps",
    "run_json",
    "run_turtle",
]
