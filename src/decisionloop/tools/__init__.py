"""Tools: the built-in catalog (data/catalog.json), their runners, the @tool decorator and offline replay; the
tool seam (core.tool) re-exported for users."""

from decisionloop.core.tool import NONE, SPAN_KINDS, Slot, SpanKind, Tool, ToolContext, ToolResult
from decisionloop.tools.catalog import SPECS, WORKSPACE_SPECS, ToolSpec, spec
from decisionloop.tools.decorator import Span, tool
from decisionloop.tools.local import LOCAL_RUNNERS
from decisionloop.tools.notes import NOTE_RUNNERS, SqliteNotes
from decisionloop.tools.replay import ReplayBook, replay_runner
from decisionloop.tools.web import WEB_RUNNERS, HttpFetch
from decisionloop.tools.workspace import WORKSPACE_RUNNERS

__all__ = [
    "LOCAL_RUNNERS",
    "NONE",
    "NOTE_RUNNERS",
    "SPAN_KINDS",
    "SPECS",
    "WEB_RUNNERS",
    "WORKSPACE_RUNNERS",
    "WORKSPACE_SPECS",
    "HttpFetch",
    "ReplayBook",
    "Slot",
    "Span",
    "SpanKind",
    "SqliteNotes",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolSpec",
    "replay_runner",
    "spec",
    "tool",
]
