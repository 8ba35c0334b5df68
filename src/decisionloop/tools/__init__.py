"""Tools: the seam, the built-in catalog, and their runners."""

from decisionloop.tools.base import NONE, SPAN_KINDS, Slot, SpanKind, Tool, ToolContext, ToolResult
from decisionloop.tools.catalog import SPECS, WORKSPACE_SPECS, ToolSpec, spec

__all__ = [
    "NONE",
    "SPAN_KINDS",
    "SPECS",
    "WORKSPACE_SPECS",
    "Slot",
    "SpanKind",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolSpec",
    "spec",
]
