"""One `/v1/systemone` response body turned into a BackendReply, shared by every backend that receives one."""

from __future__ import annotations

from collections.abc import Mapping

from decisionloop.core.backend import BackendReply, Usage
from decisionloop.core.errors import BackendError


def reply_from_body(body: object, *, backend: str, pinned_model: str | None, latency_ms: float) -> BackendReply:
    """Read answers, model, usage, degraded and warnings; answers stay raw (the decider validates each one)."""
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
        usage=_usage(body.get("usage")),
        degraded=body.get("degraded") is True,
        warnings=_warnings(body.get("warnings")),
    )


def _usage(raw: object) -> Usage | None:
    if not isinstance(raw, Mapping):
        return None
    input_tokens, output_tokens = _count(raw.get("input_tokens")), _count(raw.get("output_tokens"))
    if input_tokens is None and output_tokens is None:
        return None
    return Usage(input_tokens=input_tokens, output_tokens=output_tokens)


def _count(raw: object) -> int | None:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else None


def _warnings(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list | tuple):
        return ()
    return tuple(w if isinstance(w, str) else repr(w) for w in raw)


def _kind(value: object) -> str:
    return "nothing" if value is None else f"{type(value).__name__} {value!r:.80}"
