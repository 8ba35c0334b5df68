"""The built-in tools bound to their runners (and the guarded ones to their previews): live, or replayed from a
suite file for offline runs."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache

from decisionloop.core.tool import Preview, Runner, Tool
from decisionloop.core.vocab import FINISH
from decisionloop.tools.catalog import SPECS, WORKSPACE_SPECS
from decisionloop.tools.local import LOCAL_PREVIEWS, LOCAL_RUNNERS
from decisionloop.tools.notes import NOTE_PREVIEWS, NOTE_RUNNERS
from decisionloop.tools.replay import ReplayBook, replay_runner
from decisionloop.tools.web import WEB_RUNNERS
from decisionloop.tools.workspace import WORKSPACE_PREVIEWS, WORKSPACE_RUNNERS, as_previewed

LIVE_RUNNERS: Mapping[str, Runner] = {**WEB_RUNNERS, **LOCAL_RUNNERS, **NOTE_RUNNERS}
PREVIEWS: Mapping[str, Preview] = {**LOCAL_PREVIEWS, **NOTE_PREVIEWS, **WORKSPACE_PREVIEWS}
# a file call re-checks its preview as it runs; note_delete instead deletes the approved note ids themselves
_RUNNERS: Mapping[str, Runner] = {
    **LIVE_RUNNERS,
    **WORKSPACE_RUNNERS,
    **{key: as_previewed(WORKSPACE_RUNNERS[key], preview) for key, preview in WORKSPACE_PREVIEWS.items()},
}


def builtin_tools(
    *,
    replay: ReplayBook | None = None,
    replayed: Collection[str] = tuple(WEB_RUNNERS),
    task_id: str | None = None,
    workspace: bool = False,
    dated: bool = False,
) -> tuple[Tool, ...]:
    """The layaAgent tools (and, with ``workspace``, the file tools) in catalog order, FINISH left out.

    With ``replay``, the tools named in ``replayed`` (by default the ones that need the network) serve recorded
    observations instead of running; ``task_id`` prefers the recordings of that task; ``dated`` says in each
    replayed result when it was recorded (for a person's offline run; scoring compares the recorded text).
    """
    specs = SPECS + (WORKSPACE_SPECS if workspace else ())
    unknown = sorted(set(replayed) - {s.id for s in specs})
    if unknown:
        raise ValueError(f"cannot replay unknown tools {unknown}; known: {', '.join(s.id for s in specs)}")
    tools = []
    for spec in specs:
        if spec.id == FINISH:
            continue
        if replay is not None and spec.id in replayed:
            tools.append(spec.bind(replay_runner(replay, spec.id, task_id=task_id, dated=dated)))
        else:
            tools.append(spec.bind(_RUNNERS[spec.id], PREVIEWS.get(spec.id)))
    return tuple(tools)


def builtin_twin(tool: Tool) -> Tool | None:
    """The built-in tool that ``tool``, read from a catalogue, describes: the same id, description and parameters
    (names, and which are required); None when it is no built-in tool. Its slots carry what a schema cannot (the
    span kinds that fill each, the extra values such as "today", each slot's own words for NONE), so a catalogue
    item that offers a built-in tool is decided as the loop decides it (``gold.tools_items``)."""
    builtin = _by_text().get((tool.id, tool.description))
    return builtin if builtin is not None and _parameters(builtin) == _parameters(tool) else None


@cache
def _by_text() -> dict[tuple[str, str], Tool]:
    return {(t.id, t.description): t for t in builtin_tools(workspace=True)}


def _parameters(tool: Tool) -> tuple[tuple[str, bool], ...]:
    return tuple((s.name, s.required) for s in tool.slots)
