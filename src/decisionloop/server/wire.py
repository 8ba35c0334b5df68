"""The `/v1/systemone` JSON as the server reads and writes it: requests checked against limits, replies rendered."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.answers import InvalidAnswerError, answer_to_wire, parse_answer
from decisionloop.core.backend import BackendReply, DecisionRequest, State
from decisionloop.core.questions import Question, question_from_wire


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """What one request may hold."""

    max_options: int = 64
    max_questions: int = 32


class RefusalError(Exception):
    """A request the server will not answer: an HTTP status, a stable code to branch on, and a message."""

    def __init__(self, status: int, code: str, message: str, *, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})

    def body(self) -> dict[str, object]:
        """``{"error": {"code": …, "message": …}}``."""
        return {"error": {"code": self.code, "message": self.message}}


def parse_json(raw: bytes) -> object:
    """The JSON value of a request body; RefusalError 400 when it is not UTF-8 JSON."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise RefusalError(400, "invalid_json", f"the request body is not UTF-8 JSON ({exc})") from exc


def parse_request(raw: object, *, limits: Limits, served_model: str) -> DecisionRequest:
    """One `/v1/systemone` request body; RefusalError 422 (invalid), 413 (over a limit) or 404 (another model)."""
    if not isinstance(raw, Mapping):
        raise RefusalError(422, "invalid_request", f"the request must be a JSON object, got {type(raw).__name__}")
    _check_model(raw.get("model"), served_model)
    return DecisionRequest(state=_state(raw.get("state")), questions=_questions(raw.get("questions"), limits))


def reply_body(reply: BackendReply, request: DecisionRequest, *, latency_ms: float) -> dict[str, object]:
    """The response body: each asked question's answer validated and written out in full, the rest dropped."""
    answers: dict[str, object] = {}
    warnings = list(reply.warnings)
    for qid, question in request.questions.items():
        answer = _answer(reply.answers.get(qid), question)
        if isinstance(answer, str):
            warnings.append(f"no answer to {qid!r}: {answer}")
        else:
            answers[qid] = answer
    body: dict[str, object] = {"model": reply.model, "answers": answers, "latency_ms": round(latency_ms, 3)}
    usage = reply.usage
    if usage is not None and (usage.input_tokens is not None or usage.output_tokens is not None):
        counts = {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens}
        body["usage"] = {k: v for k, v in counts.items() if v is not None}
    if reply.degraded or len(answers) < len(request.questions):
        body["degraded"] = True
    if warnings:
        body["warnings"] = warnings
    return body


def _check_model(model: object, served_model: str) -> None:
    if model is None:
        return
    if not isinstance(model, str):
        raise RefusalError(422, "invalid_request", f"'model' must be a string, got {model!r:.80}")
    if model != served_model:
        raise RefusalError(
            404, "model_not_found", f"model {model!r} is not served here; this server serves {served_model!r}"
        )


def _state(raw: object) -> State:
    if isinstance(raw, Mapping | str):
        return raw
    if isinstance(raw, list):
        if not all(isinstance(item, str) for item in raw):
            raise RefusalError(422, "invalid_request", "a 'state' list must hold strings only")
        return raw
    said = "missing" if raw is None else f"a {type(raw).__name__}"
    raise RefusalError(
        422, "invalid_request", f"'state' must be an object, a string or a list of strings; it is {said}"
    )


def _questions(raw: object, limits: Limits) -> dict[str, Question]:
    if not isinstance(raw, Mapping) or not raw:
        said = "missing" if raw is None else f"{raw!r:.80}"
        raise RefusalError(
            422, "invalid_request", f"'questions' must be a non-empty object of question id -> question; got {said}"
        )
    if len(raw) > limits.max_questions:
        raise RefusalError(
            413,
            "too_many_questions",
            f"{len(raw)} questions in one request; this server takes at most {limits.max_questions}: split it",
        )
    return {str(qid): _question(str(qid), spec, limits) for qid, spec in raw.items()}


def _question(qid: str, raw: object, limits: Limits) -> Question:
    if isinstance(raw, Mapping) and raw.get("type") == "choice":
        criteria = raw.get("criteria")
        if isinstance(criteria, Mapping) and len(criteria) > limits.max_options:
            raise RefusalError(
                413,
                "too_many_options",
                f"question {qid!r} has {len(criteria)} options; this server takes at most {limits.max_options}",
            )
    try:
        return question_from_wire(raw)
    except ValueError as exc:
        raise RefusalError(422, "invalid_question", f"question {qid!r}: {exc}") from exc


def _answer(raw: object, question: Question) -> dict[str, object] | str:
    """The full wire answer, or why there is none."""
    if raw is None:
        return "the backend gave none"
    try:
        return answer_to_wire(parse_answer(raw, question))
    except InvalidAnswerError as exc:
        return f"the backend's answer was invalid ({exc})"
