"""The layaAgent task suite: goals with gold traces, read with errors that name the task and the step."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from decisionloop.core.errors import ConfigError
from decisionloop.core.files import SUITE_BYTES, read_text_capped
from decisionloop.core.vocab import FINISH

Split = Literal["dev", "test"]
DEMO_SUITE = "laya_suite_dev.json"


def demo_suite_path() -> Path:
    """The packaged copy of the layaAgent dev split (goals, gold steps and recorded tool observations)."""
    return Path(str(resources.files("decisionloop.gold").joinpath(DEMO_SUITE)))


class SuiteError(ConfigError):
    """A suite file that cannot be read; the message names the file, the task and the step (from 0)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GoldCall:
    """A tool and every accepted value of each of its arguments."""

    action: str
    args: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True, kw_only=True)
class GoldStep:
    """One step of a gold trace: the call (and accepted alternative calls) and what it returned."""

    call: GoldCall
    alts: tuple[GoldCall, ...]
    observation: str
    answer: str

    @property
    def action(self) -> str:
        """The gold tool id (FINISH on the last step)."""
        return self.call.action

    def calls(self) -> tuple[GoldCall, ...]:
        """The gold call, then its alternatives."""
        return (self.call, *self.alts)


@dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    """A goal and its gold trace, which ends with FINISH."""

    id: str
    split: Split
    category: str
    goal: str
    steps: tuple[GoldStep, ...]
    answer: str

    @property
    def final_call(self) -> GoldStep | None:
        """The last step before FINISH, whose call decides free-running success."""
        calls = [s for s in self.steps if s.action != FINISH]
        return calls[-1] if calls else None


@dataclass(frozen=True, slots=True, kw_only=True)
class Suite:
    """A suite file: when its observations were recorded, the notes it starts from, its tasks."""

    path: str
    recorded_at: str
    seed_notes: tuple[str, ...]
    tasks: tuple[Task, ...]

    def split(self, which: Split | Literal["all"]) -> tuple[Task, ...]:
        """The tasks of one split, or all of them."""
        return self.tasks if which == "all" else tuple(t for t in self.tasks if t.split == which)


def load_suite(path: str | Path) -> Suite:
    """Read a layaAgent ``tasks.json``; SuiteError names what is wrong and where."""
    where = str(path)
    try:
        data = json.loads(read_text_capped(Path(path), limit=SUITE_BYTES, what="suite file", error=SuiteError))
    except OSError as exc:
        raise SuiteError(f"cannot read suite file {where!r} ({exc.strerror}); check the path") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SuiteError(f"{where}: not a JSON suite file ({exc}); fix or re-export it") from exc
    top = _mapping(data, where, "the file")
    tasks = top.get("tasks")
    if not isinstance(tasks, list):
        raise SuiteError(f"{where}: expected an object with a 'tasks' list; is this a layaAgent suite file?")
    notes = top.get("seedNotes", [])
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise SuiteError(f"{where}: 'seedNotes' must be a list of texts")
    return Suite(
        path=where,
        recorded_at=_text(top, "recordedAt", where, default="2026-09-24T12:00:00Z"),
        seed_notes=tuple(notes),
        tasks=tuple(_task(t, i, where) for i, t in enumerate(tasks)),
    )


def task_json(task: Task) -> dict[str, object]:
    """``task`` in the suite file's own form (``read_task`` reads it back)."""
    return {
        "id": task.id,
        "split": task.split,
        "category": task.category,
        "goal": task.goal,
        "answer": task.answer,
        "steps": [
            {
                **_call_json(step.call),
                "alt": [_call_json(a) for a in step.alts],
                "observation": step.observation,
                "answer": step.answer,
            }
            for step in task.steps
        ],
    }


def _call_json(call: GoldCall) -> dict[str, object]:
    return {"action": call.action, "args": {k: list(v) for k, v in call.args.items()}}


def read_task(raw: object, where: str) -> Task:
    """One task in the suite file's form, checked as the suite loader checks it; SuiteError names ``where``."""
    return _task(raw, 0, where)


def _task(raw: object, number: int, where: str) -> Task:
    task = _mapping(raw, where, f"tasks[{number}]")
    task_id = _text(task, "id", f"{where}: tasks[{number}]")
    here = f"{where}: task {task_id!r}"
    split = _split(_text(task, "split", here), here)
    steps = task.get("steps")
    if not isinstance(steps, list) or not steps:
        raise SuiteError(f"{here}: 'steps' must be a non-empty list ending with FINISH")
    gold = tuple(_step(s, f"{here} step {i}") for i, s in enumerate(steps))
    if gold[-1].action != FINISH:
        raise SuiteError(f"{here}: the last step must be FINISH, got {gold[-1].action!r}")
    return Task(
        id=task_id,
        split=split,
        category=_text(task, "category", here),
        goal=_text(task, "goal", here),
        steps=gold,
        answer=_text(task, "answer", here, default=""),
    )


def _split(text: str, where: str) -> Split:
    if text == "dev":
        return "dev"
    if text == "test":
        return "test"
    raise SuiteError(f"{where}: 'split' must be 'dev' or 'test', got {text!r}")


def _step(raw: object, where: str) -> GoldStep:
    step = _mapping(raw, where, "the step")
    alts = step.get("alt", [])
    if not isinstance(alts, list):
        raise SuiteError(f"{where}: 'alt' must be a list of {{action, args}} objects")
    return GoldStep(
        call=_call(step, where),
        alts=tuple(_call(_mapping(a, where, "an alternative"), f"{where} alt {i}") for i, a in enumerate(alts)),
        observation=_text(step, "observation", where, default=""),
        answer=_text(step, "answer", where, default=""),
    )


def _call(step: Mapping[str, object], where: str) -> GoldCall:
    action = _text(step, "action", where)
    args = step.get("args", {})
    if not isinstance(args, Mapping):
        raise SuiteError(f"{where}: 'args' must be an object of slot values (e.g. {{}}), got {args!r:.80}")
    return GoldCall(action=action, args={str(k): _values(v, f"{where} arg {k!r}") for k, v in args.items()})


def _values(value: object, where: str) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    if values and all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in values):
        return tuple(str(v) for v in values)
    raise SuiteError(f"{where}: expected text or a non-empty list of accepted texts, got {value!r:.80}")


def _mapping(value: object, where: str, what: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise SuiteError(f"{where}: {what} must be a JSON object, got {type(value).__name__}")
    return value


def _text(obj: Mapping[str, object], key: str, where: str, *, default: str | None = None) -> str:
    value = obj.get(key, default)
    if not isinstance(value, str) or (default is None and not value):
        raise SuiteError(f"{where}: {key!r} must be a non-empty text, got {value!r:.80}")
    return value
