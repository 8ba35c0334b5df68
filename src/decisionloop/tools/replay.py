"""Recorded tool results from a layaAgent suite file, served as runners for offline runs and evaluation.

A call is found by its tool id and arguments. Fixed slots (``when``, ``property``, ``to_unit``) must equal a
recorded option exactly; span slots match after ``normalise`` (casefold, whitespace collapsed, punctuation at
the ends stripped), against every accepted alternative of the gold value. Failing that, a span value that differs
only in accents, inner punctuation or an article ("the Rosetta Stone", "Krakow") is served when exactly one
recorded result fits. Steps without arguments (``ask_user``) are found only within their own task.
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from decisionloop.core.errors import ConfigError
from decisionloop.core.files import SUITE_BYTES, read_text_capped
from decisionloop.core.tool import Runner, ToolContext, ToolResult
from decisionloop.core.vocab import FINISH
from decisionloop.tools.catalog import spec

_Key = tuple[str, tuple[tuple[str, str], ...]]
_Scope = str | None  # a task id, or None for "any task"
_ARTICLES = frozenset({"a", "an", "the", "my", "your", "our", "this", "that", "these", "those"})
_REPR_CHARS = 80


class ReplayError(ConfigError):
    """A suite file that cannot be read as recorded tool results; the message names the task and step (from 0)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Recording:
    """One recorded tool call: where it is in the suite, its gold arguments (all alternatives), what came back."""

    task_id: str
    step: int
    tool_id: str
    args: Mapping[str, tuple[str, ...]]
    result: ToolResult


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayBook:
    """Recorded results keyed by (tool id, normalised arguments); see the module docstring for the matching rules."""

    recordings: tuple[Recording, ...]
    recorded_at: str | None = None  # when the observations were recorded (the suite's ``recordedAt``)
    _exact: dict[tuple[_Scope, _Key], ToolResult] = field(init=False, repr=False, compare=False)
    _loose: dict[tuple[_Scope, _Key], dict[str, ToolResult]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        exact: dict[tuple[_Scope, _Key], ToolResult] = {}
        loose: dict[tuple[_Scope, _Key], dict[str, ToolResult]] = {}
        for rec in self.recordings:
            scopes: tuple[_Scope, ...] = (rec.task_id, None) if rec.args else (rec.task_id,)
            for args in _alternatives(rec.args):
                for scope in scopes:
                    exact.setdefault((scope, _key(rec.tool_id, args)), rec.result)
                    fits = loose.setdefault((scope, _key(rec.tool_id, args, loose=True)), {})
                    fits.setdefault(rec.result.observation, rec.result)
        object.__setattr__(self, "_exact", exact)
        object.__setattr__(self, "_loose", loose)

    @classmethod
    def from_suite(cls, path: str | Path) -> ReplayBook:
        """Every recorded tool step of a layaAgent suite file (``FINISH`` steps record nothing and are skipped)."""
        where = str(path)
        try:
            data: object = json.loads(
                read_text_capped(Path(path), limit=SUITE_BYTES, what="suite file", error=ReplayError)
            )
        except OSError as exc:
            raise ReplayError(f"cannot read suite file {where!r} ({exc.strerror}); check the path") from exc
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ReplayError(f"{where}: not a JSON suite file ({exc}); fix or re-export it") from exc
        stamp = data.get("recordedAt") if isinstance(data, Mapping) else None
        return cls(recordings=_recordings(data, where), recorded_at=stamp if isinstance(stamp, str) else None)

    def lookup(self, tool_id: str, args: Mapping[str, str], *, task_id: str | None = None) -> ToolResult | None:
        """The recorded result of this call, preferring ``task_id``'s own recordings; None if nothing fits."""
        scopes: tuple[_Scope, ...] = (task_id, None) if task_id is not None else (None,)
        for scope in scopes:
            found = self._exact.get((scope, _key(tool_id, args)))
            if found is not None:
                return found
        for scope in scopes:
            fits = self._loose.get((scope, _key(tool_id, args, loose=True)), {})
            if len(fits) == 1:
                return next(iter(fits.values()))
        return None


def replay_runner(book: ReplayBook, tool_id: str, *, task_id: str | None = None, dated: bool = False) -> Runner:
    """A runner for ``tool_id`` that serves ``book``'s recorded results instead of calling the tool; ``dated``
    (for a person's offline run, not for scoring) says when each was recorded, so a recorded "tomorrow" is not
    read as today's, and says what an offline run can answer when nothing was recorded for the call."""

    def run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
        found = book.lookup(tool_id, args, task_id=task_id)
        if found is not None:
            return _dated(found, book.recorded_at) if dated else found
        shown = ", ".join(f"{name}={value!r}" for name, value in args.items())
        missing = f"no recorded observation for {tool_id}({shown})"
        if dated:
            missing += "; offline, only the recorded goals have answers (`decisionloop demo` runs them)"
            missing += ", or leave out --offline"
        return ToolResult(observation=missing, ok=False)

    return run


def _dated(result: ToolResult, recorded_at: str | None) -> ToolResult:
    if not recorded_at:
        return result
    note = f" (recorded {recorded_at[:10]}, replayed offline)"
    return replace(result, observation=result.observation + note, answer=result.answer + note if result.answer else "")


def normalise(value: str) -> str:
    """Casefolded, whitespace collapsed, punctuation stripped at both ends (brackets and % kept: they mean things)."""
    text = " ".join(value.casefold().split())
    start, end = 0, len(text)
    while start < end and _is_edge(text[start]):
        start += 1
    while end > start and _is_edge(text[end - 1]):
        end -= 1
    return text[start:end]


def _is_edge(char: str) -> bool:
    category = unicodedata.category(char)
    return char.isspace() or (category.startswith("P") and category not in ("Ps", "Pe") and char != "%")


def _loosened(value: str) -> str:
    folded = unicodedata.normalize("NFKD", value.casefold())
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(word for word in re.sub(r"[^\w%]+", " ", plain).split() if word not in _ARTICLES)


@cache
def _slots(tool_id: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The catalog tool's (slot names, fixed slot names); None for a tool outside the catalog."""
    try:
        slots = spec(tool_id).slots
    except KeyError:
        return None
    return frozenset(s.name for s in slots), frozenset(s.name for s in slots if s.is_fixed)


def _key(tool_id: str, args: Mapping[str, str], *, loose: bool = False) -> _Key:
    """Fixed slots as given, span slots normalised; arguments a catalog tool does not declare (an ``ask_user``
    question) take no part, and every argument of a tool outside the catalog counts as a span."""
    declared, fixed = _slots(tool_id) or (None, frozenset[str]())
    span = _loosened if loose else normalise
    items = ((n, v if n in fixed else span(v)) for n, v in args.items() if declared is None or n in declared)
    return tool_id, tuple(sorted(items))


def _alternatives(args: Mapping[str, tuple[str, ...]]) -> list[dict[str, str]]:
    names = sorted(args)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(args[n] for n in names))]


# --- reading a suite file --------------------------------------------------------------------------------------


def _recordings(data: object, where: str) -> tuple[Recording, ...]:
    tasks = data.get("tasks") if isinstance(data, Mapping) else None
    if not isinstance(tasks, list):
        raise ReplayError(f"{where}: expected an object with a 'tasks' list; is this a layaAgent suite file?")
    found: list[Recording] = []
    for number, task in enumerate(tasks):
        task_id = _task_id(task, number, where)
        steps = _as_mapping(task).get("steps")
        if not isinstance(steps, list):
            raise ReplayError(f"{where}: task {task_id!r}: 'steps' must be a list, got {_short(steps)}")
        for index, step in enumerate(steps):
            recording = _recording(step, task_id=task_id, index=index, where=f"{where}: task {task_id!r} step {index}")
            if recording is not None:
                found.append(recording)
    return tuple(found)


def _task_id(task: object, number: int, where: str) -> str:
    task_id = _as_mapping(task).get("id")
    if not isinstance(task_id, str) or not task_id:
        raise ReplayError(f"{where}: tasks[{number}] needs a text 'id' (e.g. \"t001\"), got {_short(task_id)}")
    return task_id


def _recording(step: object, *, task_id: str, index: int, where: str) -> Recording | None:
    if not isinstance(step, Mapping):
        raise ReplayError(f"{where}: a step must be an object with 'action' and 'args', got {_short(step)}")
    action = step.get("action")
    if not isinstance(action, str) or not action:
        raise ReplayError(f"{where}: missing 'action' (a tool id such as \"weather\"), got {_short(action)}")
    if action == FINISH:
        return None
    result = ToolResult(
        observation=_text(step, "observation", where, required=True) or "",
        answer=_text(step, "answer", where) or "",
        source=_text(step, "source", where),
        ok=_flag(step, where),
    )
    return Recording(task_id=task_id, step=index, tool_id=action, args=_gold_args(step, where), result=result)


def _gold_args(step: Mapping[str, object], where: str) -> dict[str, tuple[str, ...]]:
    args = step.get("args")
    if not isinstance(args, Mapping):
        raise ReplayError(f"{where}: 'args' must be an object of slot values (e.g. {{}}), got {_short(args)}")
    return {str(name): _gold_value(value, f"{where} arg {name!r}") for name, value in args.items()}


def _gold_value(value: object, where: str) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    if values and all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in values):
        return tuple(str(v) for v in values)
    raise ReplayError(f"{where}: expected text or a non-empty list of accepted texts, got {_short(value)}")


def _text(step: Mapping[str, object], name: str, where: str, *, required: bool = False) -> str | None:
    value = step.get(name)
    if isinstance(value, str) or (value is None and not required):
        return value
    raise ReplayError(f"{where}: {name!r} must be text{'' if required else ' or absent'}, got {_short(value)}")


def _flag(step: Mapping[str, object], where: str) -> bool:
    value = step.get("ok", True)
    if not isinstance(value, bool):
        raise ReplayError(f"{where}: 'ok' must be true or false, got {_short(value)}")
    return value


def _as_mapping(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _short(value: object) -> str:
    text = "nothing" if value is None else repr(value)
    return text if len(text) <= _REPR_CHARS else text[:_REPR_CHARS] + "…"


__all__ = ["Recording", "ReplayBook", "ReplayError", "normalise", "replay_runner"]
