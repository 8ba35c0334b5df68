"""The stored answers of a teacher-forced evaluation: written into the eval JSON, read back as the same cases.

Format ``decisionloop.eval-answers`` version 1, the ``answers`` member of ``decisionloop eval --json``::

    {"format": "decisionloop.eval-answers", "version": 1,
     "tasks": [{"task": <the suite file's task object>, "risky": bool, "risk": ASKED,
                "steps": [{"step": ASKED, "step_ok": ASKED|null, "args": ASKED|null, "gold_args": ASKED|null,
                           "picked": str|null, "missing": [slot], "options": [tool], "given": [tool],
                           "match": {"tool", "cosine", "lead", "changes"}|null,
                           "slots": [{"name", "fixed", "offered": [option], "gold"}]}]}],
     "llm": [{"task", "index", LLM}] | null}
    LLM = {"correct", "ms", "calls", "choice": str|null, "p": float|null, "offered": LLM (without "task", "index")}
    ASKED = {"asks": [{"block", "questions": {qid: QUESTION}, "templates": {qid: question}, "optional": [qid]}],
             "backend", "reply": {"answers", "backend", "model", "latency_ms", "usage", "degraded", "warnings"}|null,
             "error": {"code", "message"}|null}
    QUESTION = {"type": "choice", "options": [name]} | {"type": "noul"} | {"type": "score", "levels": [text]}

A reply's answers are kept exactly as the backend sent them, so the gate judges them again as it did. Left out
on purpose: the frames the backend read (the state) and the questions' wording, which no threshold looks at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import cast, get_args

from decisionloop.core.backend import BackendReply, Usage
from decisionloop.core.errors import BackendError, BackendErrorCode, ConfigError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, Question, ScoreQuestion
from decisionloop.core.records import Call
from decisionloop.core.wire import usage_from_wire, usage_to_wire
from decisionloop.decide import Answered, Ask
from decisionloop.evaluate.score import LlmStep, StepKey
from decisionloop.gold.suite import GoldStep, read_task, task_json
from decisionloop.gold.teacher import Asked, SlotCase, StepCase, TaskCase, gold_call
from decisionloop.model.matching import Match
from decisionloop.spec.model import Spec

FORMAT = "decisionloop.eval-answers"
VERSION = 1
_CODES: tuple[str, ...] = get_args(BackendErrorCode)
_WORDING = "(stored answer; wording not kept)"


class StoredEvalError(ConfigError):
    """An eval JSON whose stored answers cannot be read; the message says where and how to fix it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredAnswers:
    """The cases an evaluation judged, and the LLM's steps when it ran."""

    cases: tuple[TaskCase, ...]
    llm: Mapping[StepKey, LlmStep] | None


def answers_json(cases: Sequence[TaskCase], llm: Mapping[StepKey, LlmStep] | None) -> dict[str, object]:
    """The ``answers`` member of the eval JSON."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "tasks": [_case_json(c) for c in cases],
        "llm": None if llm is None else [{"task": t, "index": i, **_llm_json(s)} for (t, i), s in llm.items()],
    }


def _llm_json(step: LlmStep) -> dict[str, object]:
    said: dict[str, object] = {"correct": step.correct, "ms": step.ms, "calls": step.calls}
    said |= {"choice": step.choice, "p": step.p}
    return said | ({"offered": _llm_json(step.offered)} if step.offered is not None else {})


def _case_json(case: TaskCase) -> dict[str, object]:
    return {
        "task": task_json(case.task),
        "risky": case.risky,
        "risk": _asked_json(case.risk),
        "steps": [
            {
                "step": _asked_json(s.step),
                "step_ok": _maybe(s.step_ok),
                "args": _maybe(s.args),
                "gold_args": _maybe(s.gold_args),
                "picked": s.picked,
                "missing": list(s.missing),
                "options": list(s.options),
                "given": list(s.given),
                "match": None if s.match is None else asdict(s.match),
                "slots": [
                    {"name": x.name, "fixed": x.fixed, "offered": list(x.offered), "gold": x.gold} for x in s.slots
                ],
            }
            for s in case.steps
        ],
    }


def _maybe(asked: Asked | None) -> dict[str, object] | None:
    return _asked_json(asked) if asked is not None else None


def _asked_json(asked: Asked) -> dict[str, object]:
    answered = asked.answered
    reply = answered.reply
    error = answered.error
    return {
        "asks": [
            {
                "block": a.block.id,
                "questions": {qid: _question_json(q) for qid, q in a.questions.items()},
                "templates": dict(a.templates),
                "optional": sorted(a.optional),
            }
            for a in asked.asks
        ],
        "backend": answered.backend,
        "reply": None
        if reply is None
        else {
            "answers": dict(reply.answers),
            "backend": reply.backend,
            "model": reply.model,
            "latency_ms": reply.latency_ms,
            "usage": usage_to_wire(reply.usage),
            "degraded": reply.degraded,
            "warnings": list(reply.warnings),
        },
        "error": None if error is None else {"code": error.code, "message": error.message},
    }


def _question_json(question: Question) -> dict[str, object]:
    match question:
        case ChoiceQuestion():
            return {"type": "choice", "options": list(question.names)}
        case NoulQuestion():
            return {"type": "noul"}
        case ScoreQuestion():
            return {"type": "score", "levels": list(question.levels)}


def read_answers(raw: object, spec: Spec, where: str) -> StoredAnswers:
    """The cases of an eval JSON's ``answers`` member, each reply judged again under ``spec``; StoredEvalError
    names what is wrong at ``where``."""
    top = _map(raw, f"{where}: answers")
    if top.get("format") != FORMAT:
        raise StoredEvalError(
            f"{where}: answers format {top.get('format')!r} is not {FORMAT!r}; write the file with decisionloop eval"
        )
    if top.get("version") != VERSION:
        raise StoredEvalError(
            f"{where}: answers version {top.get('version')!r}; this decisionloop reads version {VERSION}, "
            "run decisionloop eval --json again"
        )
    tasks = _list(top.get("tasks"), f"{where}: answers.tasks")
    cases = tuple(_case(t, spec, f"{where}: answers.tasks[{i}]") for i, t in enumerate(tasks))
    llm = top.get("llm")
    return StoredAnswers(cases=cases, llm=None if llm is None else _llm(llm, f"{where}: answers.llm"))


def _case(raw: object, spec: Spec, where: str) -> TaskCase:
    data = _map(raw, where)
    task = read_task(data.get("task"), where)
    steps = _list(data.get("steps"), f"{where}.steps")
    if len(steps) != len(task.steps):
        raise StoredEvalError(f"{where}: {len(steps)} stored steps for {len(task.steps)} gold steps of {task.id!r}")
    return TaskCase(
        task=task,
        risky=_bool(data.get("risky"), f"{where}.risky"),
        risk=_asked(data.get("risk"), spec, f"{where}.risk"),
        steps=tuple(
            _step(s, i, gold_call(task.steps[i - 1]) if i else None, task.steps[i], spec, f"{where}.steps[{i}]")
            for i, s in enumerate(steps)
        ),
    )


def _step(raw: object, index: int, previous: Call | None, gold: GoldStep, spec: Spec, where: str) -> StepCase:
    data = _map(raw, where)
    return StepCase(
        index=index,
        gold=gold,
        previous=previous,
        step=_asked(data.get("step"), spec, f"{where}.step"),
        step_ok=_maybe_asked(data.get("step_ok"), spec, f"{where}.step_ok"),
        args=_maybe_asked(data.get("args"), spec, f"{where}.args"),
        gold_args=_maybe_asked(data.get("gold_args"), spec, f"{where}.gold_args"),
        picked=_text_or_none(data.get("picked"), f"{where}.picked"),
        missing=_texts(data.get("missing"), f"{where}.missing"),
        options=_texts(data.get("options"), f"{where}.options"),
        given=_texts(data.get("given", []), f"{where}.given"),
        match=_match(data.get("match"), f"{where}.match"),
        slots=tuple(_slot(x, f"{where}.slots[{i}]") for i, x in enumerate(_list(data.get("slots"), f"{where}.slots"))),
    )


def _match(raw: object, where: str) -> Match | None:
    """A step's closest tool (``model.matching``); None when none was read (and in files written before it was)."""
    if raw is None:
        return None
    data = _map(raw, where)
    cosine, lead = data.get("cosine"), data.get("lead")
    if not (isinstance(cosine, int | float) and isinstance(lead, int | float)):
        raise StoredEvalError(f"{where}: 'cosine' and 'lead' must be numbers")
    changes = _bool(data.get("changes", False), f"{where}.changes")
    return Match(tool=_text(data.get("tool"), f"{where}.tool"), cosine=float(cosine), lead=float(lead), changes=changes)


def _slot(raw: object, where: str) -> SlotCase:
    data = _map(raw, where)
    return SlotCase(
        name=_text(data.get("name"), f"{where}.name"),
        fixed=_bool(data.get("fixed"), f"{where}.fixed"),
        offered=_texts(data.get("offered"), f"{where}.offered"),
        gold=_text(data.get("gold"), f"{where}.gold"),
    )


def _maybe_asked(raw: object, spec: Spec, where: str) -> Asked | None:
    return None if raw is None else _asked(raw, spec, where)


def _asked(raw: object, spec: Spec, where: str) -> Asked:
    data = _map(raw, where)
    asks = tuple(_ask(a, spec, f"{where}.asks[{i}]") for i, a in enumerate(_list(data.get("asks"), f"{where}.asks")))
    backend = _text(data.get("backend"), f"{where}.backend")
    reply, error = data.get("reply"), data.get("error")
    if (reply is None) == (error is None):
        raise StoredEvalError(f"{where}: give exactly one of 'reply' and 'error'")
    if reply is not None:
        unjudged = Answered(backend=backend, reply=_reply(reply, f"{where}.reply"), error=None, decisions=())
    else:
        unjudged = Answered(backend=backend, reply=None, error=_error(error, backend, f"{where}.error"), decisions=())
    answered = Answered(
        backend=backend, reply=unjudged.reply, error=unjudged.error, decisions=tuple(unjudged.rejudged(asks))
    )
    return Asked(asks=asks, answered=answered)


def _ask(raw: object, spec: Spec, where: str) -> Ask:
    data = _map(raw, where)
    block_id = _text(data.get("block"), f"{where}.block")
    known = [b.id for b in spec.blocks]
    if block_id not in known:
        raise StoredEvalError(f"{where}: unknown block {block_id!r}; the spec has {', '.join(known)}")
    questions = _map(data.get("questions"), f"{where}.questions")
    templates = _map(data.get("templates"), f"{where}.templates")
    return Ask(
        block=spec.block(block_id),
        state={},
        questions={str(q): _question(v, f"{where}.questions.{q}") for q, v in questions.items()},
        templates={str(k): _text(v, f"{where}.templates.{k}") for k, v in templates.items()},
        optional=frozenset(_texts(data.get("optional"), f"{where}.optional")),
    )


def _question(raw: object, where: str) -> Question:
    data = _map(raw, where)
    kind = data.get("type")
    if kind == "choice":
        names = _texts(data.get("options"), f"{where}.options")
        return ChoiceQuestion(instructions=_WORDING, options=tuple(Option(name=n) for n in names))
    if kind == "noul":
        return NoulQuestion(instructions=_WORDING)
    if kind == "score":
        return ScoreQuestion(instructions=_WORDING, levels=_texts(data.get("levels"), f"{where}.levels"))
    raise StoredEvalError(f"{where}: unknown question type {kind!r}; known: choice, noul, score")


def _reply(raw: object, where: str) -> BackendReply:
    data = _map(raw, where)
    latency = data.get("latency_ms")
    if isinstance(latency, bool) or not isinstance(latency, int | float):
        raise StoredEvalError(f"{where}.latency_ms must be a number, got {latency!r:.60}")
    usage: Usage | None = usage_from_wire(data.get("usage"))
    return BackendReply(
        answers={str(k): v for k, v in _map(data.get("answers"), f"{where}.answers").items()},
        backend=_text(data.get("backend"), f"{where}.backend"),
        model=_text(data.get("model"), f"{where}.model", empty=True),
        latency_ms=float(latency),
        usage=usage,
        degraded=_bool(data.get("degraded"), f"{where}.degraded"),
        warnings=_texts(data.get("warnings"), f"{where}.warnings"),
    )


def _error(raw: object, backend: str, where: str) -> BackendError:
    data = _map(raw, where)
    code = data.get("code")
    if code not in _CODES:
        raise StoredEvalError(f"{where}.code {code!r} is not one of {', '.join(_CODES)}")
    return BackendError(
        backend, cast(BackendErrorCode, code), _text(data.get("message"), f"{where}.message", empty=True)
    )


def _llm(raw: object, where: str) -> dict[StepKey, LlmStep]:
    found: dict[StepKey, LlmStep] = {}
    for i, item in enumerate(_list(raw, where)):
        here = f"{where}[{i}]"
        data = _map(item, here)
        index = data.get("index")
        if not isinstance(index, int):
            raise StoredEvalError(f"{here}: 'index' must be an integer")
        found[(_text(data.get("task"), f"{here}.task"), index)] = _llm_step(data, here)
    return found


def _llm_step(data: Mapping[str, object], here: str) -> LlmStep:
    calls, ms, p = data.get("calls"), data.get("ms"), data.get("p")
    if not (isinstance(calls, int) and isinstance(ms, int | float)):
        raise StoredEvalError(f"{here}: 'calls' must be an integer and 'ms' a number")
    if p is not None and not (isinstance(p, int | float) and 0 <= p <= 1):
        raise StoredEvalError(f"{here}.p must be a probability or null, got {p!r:.60}")
    offered = data.get("offered")
    return LlmStep(
        correct=_bool(data.get("correct"), f"{here}.correct"),
        ms=float(ms),
        calls=calls,
        choice=_text_or_none(data.get("choice"), f"{here}.choice"),
        p=None if p is None else float(p),
        offered=None if offered is None else _llm_step(_map(offered, f"{here}.offered"), f"{here}.offered"),
    )


def _map(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise StoredEvalError(f"{where} must be a JSON object, got {type(value).__name__}")
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise StoredEvalError(f"{where} must be a JSON list, got {type(value).__name__}")
    return value


def _text(value: object, where: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value):
        raise StoredEvalError(f"{where} must be a non-empty text, got {value!r:.60}")
    return value


def _text_or_none(value: object, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _texts(value: object, where: str) -> tuple[str, ...]:
    items = _list(value, where)
    if not all(isinstance(v, str) for v in items):
        raise StoredEvalError(f"{where} must be a list of texts, got {items!r:.60}")
    return tuple(cast(list[str], items))


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise StoredEvalError(f"{where} must be true or false, got {value!r:.60}")
    return value
