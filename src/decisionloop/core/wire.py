"""The `/v1/systemone` wire format: encode/decode pairs for requests, replies and their parts, and their schemas.

Each message has a JSON Schema (draft 2020-12) shipped in ``core/schemas`` and served by the decision server: the
published contract. The decoders here are what enforce it, with messages that name the bad value. An answer is
decoded by ``answers.parse_answer``, which validates it against the question it answers; a reply's answers stay
raw until then, so every backend's answers, over the wire or not, pass the same check.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from decisionloop.core.answers import Answer, ChoiceAnswer, InvalidAnswerError, NoulAnswer, ScoreAnswer, parse_answer
from decisionloop.core.backend import BackendReply, DecisionRequest, State, Usage
from decisionloop.core.errors import BackendError, WireError
from decisionloop.core.questions import (
    QUESTION_TYPES,
    ChoiceQuestion,
    NoulQuestion,
    Option,
    Question,
    ScoreQuestion,
    question_problem,
)

SCHEMA_NAMES = ("request", "reply", "batch-request", "batch-reply")


def encode_json(message: Mapping[str, object]) -> bytes:
    """The bytes a message is sent as: compact UTF-8 JSON; TypeError or ValueError when it is not plain JSON."""
    return json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


MAX_DEPTH = 32
"""How deeply a body may nest arrays and objects: far beyond any real state, far below Python's recursion limit."""


def decode_json(raw: bytes) -> object:
    """The JSON value of a request body; WireError ``invalid_json`` when it is not UTF-8 JSON or nests deeper than
    ``MAX_DEPTH``."""
    try:
        value = json.loads(raw.decode("utf-8"))
        too_deep = _too_deep(value)
    except (UnicodeDecodeError, ValueError) as exc:
        raise WireError("invalid_json", f"the request body is not UTF-8 JSON ({exc})") from exc
    except RecursionError:
        # json's scanner recurses per level and gives up near the interpreter's limit (~1000 levels).
        too_deep = True
    if too_deep:
        raise WireError(
            "invalid_json", f"the request body nests arrays and objects more than {MAX_DEPTH} deep; flatten the state"
        )
    return value


def _too_deep(value: object) -> bool:
    """Whether ``value`` nests lists and dicts more than ``MAX_DEPTH`` deep, found without recursion."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth == MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def unicode_problem(value: object, where: str) -> str | None:
    """Where ``value`` holds a string (or key) that is not valid Unicode, a lone surrogate that JSON's ``\\ud800``
    escapes let through; None when all is well. Found without recursion."""
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and not _encodes(item):
                return f"{path} holds a lone surrogate ({item!r:.60}); send valid Unicode"
        elif isinstance(item, Mapping):
            for key, child in reversed(list(item.items())):
                if isinstance(key, str) and not key.isascii() and not _encodes(key):
                    return f"{path} has a key with a lone surrogate ({key!r:.60}); send valid Unicode"
                stack.append((child, f"{path}.{key}"))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in reversed(list(enumerate(item))))
    return None


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --- questions and answers ---------------------------------------------------------------------------------------


def json_objects(value: object) -> list[Mapping[str, object]]:
    """The JSON objects of a list read back from JSON (anything else, or anything in it that is no object: none)."""
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def question_to_wire(question: Question) -> dict[str, object]:
    """The JSON object of one question in a request."""
    wire: dict[str, object] = {"type": question.type, "instructions": question.instructions}
    match question:
        case ChoiceQuestion(options=options):
            wire["criteria"] = {o.name: o.criteria for o in options}
        case NoulQuestion(true=true, false=false):
            if true is not None or false is not None:
                wire["criteria"] = {"true": true or "", "false": false or ""}
        case ScoreQuestion(levels=levels):
            wire["criteria"] = list(levels)
    return wire


def question_from_wire(raw: object) -> Question:
    """One question of a request; WireError ``invalid_question`` (a ValueError) names what is wrong."""
    if not isinstance(raw, Mapping):
        raise WireError("invalid_question", f"a question must be an object, got {type(raw).__name__}")
    kind = raw.get("type")
    instructions = raw.get("instructions")
    if not isinstance(instructions, str) or not instructions.strip():
        raise WireError("invalid_question", "a question needs non-empty string 'instructions'")
    criteria = raw.get("criteria")
    if kind == "choice":
        question: Question = _choice(instructions, criteria)
    elif kind == "noul":
        question = _noul(instructions, criteria)
    elif kind == "score":
        if not isinstance(criteria, list) or not all(isinstance(v, str) for v in criteria):
            raise WireError("invalid_question", "a score needs 'criteria': a list of level texts, lowest first")
        question = ScoreQuestion(instructions=instructions, levels=tuple(criteria))
    else:
        raise WireError("invalid_question", f"unknown question type {kind!r}; known: {', '.join(QUESTION_TYPES)}")
    problem = question_problem(question)
    if problem is not None:
        raise WireError("invalid_question", problem)
    return question


def _choice(instructions: str, criteria: object) -> ChoiceQuestion:
    if not isinstance(criteria, Mapping) or not all(
        isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in criteria.items()
    ):
        raise WireError("invalid_question", "a choice needs 'criteria': an object of option -> text or null")
    return ChoiceQuestion(
        instructions=instructions, options=tuple(Option(name=k, criteria=v) for k, v in criteria.items())
    )


def _noul(instructions: str, criteria: object) -> NoulQuestion:
    if criteria is None:
        return NoulQuestion(instructions=instructions)
    if not isinstance(criteria, Mapping) or not set(criteria) <= {"true", "false"}:
        raise WireError("invalid_question", "noul 'criteria' must be an object with keys 'true' and 'false'")
    true, false = criteria.get("true"), criteria.get("false")
    if not all(v is None or isinstance(v, str) for v in (true, false)):
        raise WireError("invalid_question", "noul criteria values must be strings")
    return NoulQuestion(instructions=instructions, true=true, false=false)


def answer_to_wire(answer: Answer) -> dict[str, object]:
    """The JSON object of one answer in a reply, in full (``answers.parse_answer`` reads it back)."""
    match answer:
        case ChoiceAnswer(choice=choice, probabilities=probs):
            return {"type": "choice", "choice": choice, "probabilities": dict(probs), "confidence": answer.top}
        case NoulAnswer(noul=noul):
            return {"type": "noul", "noul": noul}
        case ScoreAnswer(probabilities=probs, legend=legend):
            return {
                "type": "score",
                "score": answer.expected,
                "probabilities": {str(i): p for i, p in enumerate(probs)},
                "legend": {str(i): text for i, text in enumerate(legend)},
            }


def usage_to_wire(usage: Usage | None) -> dict[str, object] | None:
    """The counts a reply reports, or None when it has none (the member is then left out)."""
    if usage is None:
        return None
    counts = {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens}
    return {k: v for k, v in counts.items() if v is not None} or None


def usage_from_wire(raw: object) -> Usage | None:
    """The counts of a reply's ``usage``; what is not a count is read as not said, never as an error."""
    if not isinstance(raw, Mapping):
        return None
    input_tokens, output_tokens = _count(raw.get("input_tokens")), _count(raw.get("output_tokens"))
    if input_tokens is None and output_tokens is None:
        return None
    return Usage(input_tokens=input_tokens, output_tokens=output_tokens)


def _count(raw: object) -> int | None:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else None


# --- requests ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestPolicy:
    """What a reader takes beyond the protocol's own rules (a server's limits); None takes what the protocol allows.

    ``model`` is the one id a request may pin; ``max_questions`` counts per request, ``max_options`` per choice,
    ``max_request_options`` the options of all its choices together.
    """

    model: str | None = None
    max_questions: int | None = None
    max_options: int | None = None
    max_request_options: int | None = None


def request_to_wire(request: DecisionRequest, model: str | None) -> dict[str, object]:
    """The body of a request; ``model`` pins a model id, None lets the server choose."""
    state = request.state
    body: dict[str, object] = {
        "state": state if isinstance(state, Mapping | str) else list(state),
        "questions": {qid: question_to_wire(q) for qid, q in request.questions.items()},
    }
    if model is not None:
        body["model"] = model
    return body


def request_from_wire(raw: object, policy: RequestPolicy | None = None) -> tuple[DecisionRequest, str | None]:
    """A request body and the model it pins, or a WireError for the first problem found.

    The checks run in a fixed order, so the same bad body is always refused alike: an object (``invalid_request``),
    the model (``invalid_request``, ``model_not_found``), the state (``invalid_request``, also for a lone surrogate
    in any of its strings), the questions' count (``too_many_questions``) and their options in all
    (``too_many_options``), a lone surrogate in any of their strings (``invalid_question``), then each question
    (``too_many_options``, ``invalid_question``).
    """
    policy = policy or RequestPolicy()
    if not isinstance(raw, Mapping):
        raise WireError("invalid_request", f"the request must be a JSON object, got {type(raw).__name__}")
    model = _model(raw.get("model"), policy.model)
    request = DecisionRequest(state=_state(raw.get("state")), questions=_questions(raw.get("questions"), policy))
    return request, model


def batch_request_to_wire(requests: Sequence[DecisionRequest], model: str | None) -> dict[str, object]:
    """The body of a batch: ``{"requests": [<request>, …]}``."""
    return {"requests": [request_to_wire(r, model) for r in requests]}


def batch_request_from_wire(raw: object) -> list[object]:
    """The requests of a batch, each still raw: each is decoded, and may be refused, on its own."""
    items = raw.get("requests") if isinstance(raw, Mapping) else None
    if not isinstance(items, list) or not items:
        raise WireError("invalid_request", 'a batch must be an object {"requests": [<request>, …]}, not empty')
    return items


def _model(raw: object, served: str | None) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise WireError("invalid_request", f"'model' must be a string, got {raw!r:.80}")
    if served is not None and raw != served:
        raise WireError("model_not_found", f"model {raw!r} is not served here; this server serves {served!r}")
    return raw


def _state(raw: object) -> State:
    # Checked here, not left to the backend: a tokenizer fails on a lone surrogate deep inside the model call.
    problem = unicode_problem(raw, "state")
    if problem is not None:
        raise WireError("invalid_request", problem)
    if isinstance(raw, Mapping | str):
        return raw
    if isinstance(raw, list):
        if not all(isinstance(item, str) for item in raw):
            raise WireError("invalid_request", "a 'state' list must hold strings only")
        return raw
    said = "missing" if raw is None else f"a {type(raw).__name__}"
    raise WireError("invalid_request", f"'state' must be an object, a string or a list of strings; it is {said}")


def _questions(raw: object, policy: RequestPolicy) -> dict[str, Question]:
    if not isinstance(raw, Mapping) or not raw:
        said = "missing" if raw is None else f"{raw!r:.80}"
        raise WireError(
            "invalid_request", f"'questions' must be a non-empty object of question id -> question; got {said}"
        )
    most = policy.max_questions
    if most is not None and len(raw) > most:
        raise WireError(
            "too_many_questions", f"{len(raw)} questions in one request; this server takes at most {most}: split it"
        )
    most = policy.max_request_options
    if most is not None:
        options = sum(_option_count(spec) for spec in raw.values())
        if options > most:
            raise WireError(
                "too_many_options",
                f"{options} choice options in one request; this server takes at most {most} in all: split it",
            )
    problem = unicode_problem(raw, "questions")
    if problem is not None:
        raise WireError("invalid_question", problem)
    return {str(qid): _question(str(qid), spec, policy.max_options) for qid, spec in raw.items()}


def _option_count(raw: object) -> int:
    """The options of a raw choice question (0 for anything else), counted before it is decoded."""
    if isinstance(raw, Mapping) and raw.get("type") == "choice":
        criteria = raw.get("criteria")
        if isinstance(criteria, Mapping):
            return len(criteria)
    return 0


def _question(qid: str, raw: object, max_options: int | None) -> Question:
    # Counted before decoding, so an oversized choice is refused as too large whatever else is wrong with it.
    options = _option_count(raw)
    if max_options is not None and options > max_options:
        raise WireError(
            "too_many_options", f"question {qid!r} has {options} options; this server takes at most {max_options}"
        )
    try:
        return question_from_wire(raw)
    except WireError as exc:
        raise WireError("invalid_question", f"question {qid!r}: {exc}") from exc


# --- replies -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Refusal:
    """A request a server would not answer: its HTTP status, a stable code to branch on, and a message."""

    status: int
    code: str
    message: str


def reply_to_wire(reply: BackendReply, request: DecisionRequest, *, latency_ms: float) -> dict[str, object]:
    """The reply body: each asked question's answer validated and written out in full, the rest dropped."""
    answers: dict[str, object] = {}
    warnings = list(reply.warnings)
    for qid, question in request.questions.items():
        answer = _answer(reply.answers.get(qid), question)
        if isinstance(answer, str):
            warnings.append(f"no answer to {qid!r}: {answer}")
        else:
            answers[qid] = answer
    body: dict[str, object] = {"model": reply.model, "answers": answers, "latency_ms": round(latency_ms, 3)}
    usage = usage_to_wire(reply.usage)
    if usage is not None:
        body["usage"] = usage
    if reply.degraded or len(answers) < len(request.questions):
        body["degraded"] = True
    if warnings:
        body["warnings"] = warnings
    return body


def reply_from_wire(body: object, *, backend: str, pinned_model: str | None, latency_ms: float) -> BackendReply:
    """Answers, model, usage, degraded and warnings of a reply body; BackendError ``malformed`` without answers.

    Answers stay raw (the decider validates each against its question); the model falls back to the pinned one.
    """
    if not isinstance(body, Mapping):
        raise BackendError(backend, "malformed", f"the response must be a JSON object, got {_kind(body)}")
    answers = body.get("answers")
    if not isinstance(answers, Mapping) or not all(isinstance(k, str) for k in answers):
        raise BackendError(
            backend, "malformed", f"'answers' must be an object of question id -> answer, got {_kind(answers)}"
        )
    model = body.get("model")
    return BackendReply(
        answers=dict(answers),
        backend=backend,
        model=model if isinstance(model, str) and model else pinned_model or "unknown",
        latency_ms=latency_ms,
        usage=usage_from_wire(body.get("usage")),
        degraded=body.get("degraded") is True,
        warnings=_warnings(body.get("warnings")),
    )


def refusal_to_wire(refusal: Refusal) -> dict[str, object]:
    """The body of a refusal, ``{"error": {"code": …, "message": …}}``; its status is the HTTP status."""
    return {"error": {"code": refusal.code, "message": refusal.message}}


def batch_reply_to_wire(entries: Sequence[Mapping[str, object] | Refusal]) -> dict[str, object]:
    """The body of a batch reply: per request, in order, its reply body or its refusal with ``status``."""
    return {"responses": [_entry(e) for e in entries]}


def batch_reply_from_wire(
    body: object, *, backend: str, pinned_model: str | None, latency_ms: float
) -> list[BackendReply | Refusal]:
    """Per request of a batch, its reply or its refusal; BackendError ``malformed`` when there is no list."""
    entries = body.get("responses") if isinstance(body, Mapping) else None
    if not isinstance(entries, list):
        raise BackendError(backend, "malformed", f"a batch reply must be an object with 'responses', got {_kind(body)}")
    return [
        _refusal(e) or reply_from_wire(e, backend=backend, pinned_model=pinned_model, latency_ms=latency_ms)
        for e in entries
    ]


def _answer(raw: object, question: Question) -> dict[str, object] | str:
    """The full wire answer, or why there is none."""
    if raw is None:
        return "the backend gave none"
    try:
        return answer_to_wire(parse_answer(raw, question))
    except InvalidAnswerError as exc:
        return f"the backend's answer was invalid ({exc})"


def _entry(entry: Mapping[str, object] | Refusal) -> Mapping[str, object]:
    return {**refusal_to_wire(entry), "status": entry.status} if isinstance(entry, Refusal) else entry


def _refusal(entry: object) -> Refusal | None:
    """The refusal an entry holds, or None for a reply (an entry without an integer status is read as a reply)."""
    if not isinstance(entry, Mapping):
        return None
    error, status = entry.get("error"), entry.get("status")
    if not isinstance(error, Mapping) or not isinstance(status, int) or isinstance(status, bool):
        return None
    return Refusal(status=status, code=str(error.get("code")), message=str(error.get("message")))


def _warnings(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list | tuple):
        return ()
    return tuple(w if isinstance(w, str) else repr(w) for w in raw)


def _kind(value: object) -> str:
    return "nothing" if value is None else f"{type(value).__name__} {value!r:.80}"


# --- schemas -----------------------------------------------------------------------------------------------------


def schema_text(name: str) -> str:
    """The JSON Schema of one message (``request``, ``reply``, ``batch-request``, ``batch-reply``), as shipped."""
    if name not in SCHEMA_NAMES:
        raise ValueError(f"no schema {name!r}; known: {', '.join(SCHEMA_NAMES)}")
    return (resources.files("decisionloop.core") / "schemas" / f"{name}.json").read_text(encoding="utf-8")
