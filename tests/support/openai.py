"""Replies shaped like an OpenAI-compatible ``/v1/chat/completions`` (llama.cpp's server, Ollama, vLLM): the
message, ``finish_reason`` and ``usage``, for the loopback server to send."""

from __future__ import annotations

from collections.abc import Sequence

from tests.support.loopback import Canned, Received


def completion(
    text: str,
    *,
    finish_reason: str = "stop",
    prompt_tokens: int = 100,
    completion_tokens: int = 7,
    logprobs: Sequence[tuple[str, float]] | None = None,
) -> Canned:
    """One chat completion as llama.cpp's server writes it; ``logprobs``: the tokens and their log-probabilities,
    as llama-cpp-python's server sends them when asked (``logprobs.content``)."""
    choice: dict[str, object] = {
        "index": 0,
        "message": {"role": "assistant", "content": text},
        "finish_reason": finish_reason,
    }
    if logprobs is not None:
        content: list[dict[str, object]] = [
            {"token": t, "logprob": lp, "bytes": None, "top_logprobs": []} for t, lp in logprobs
        ]
        choice["logprobs"] = {"content": content, "refusal": None}
    return Canned(
        body={
            "id": "chatcmpl-7Qx",
            "object": "chat.completion",
            "created": 1764547200,
            "model": "SmolLM2-135M-Instruct",
            "choices": [choice],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def rejected_field(field: str) -> Canned:
    """The 400 a server that knows no ``field`` answers with (vLLM's and OpenAI's error shape)."""
    return Canned(
        status=400,
        body={
            "error": {"message": f"Unrecognized request argument supplied: {field}", "type": "invalid_request_error"}
        },
    )


def llama_cpp_python_refusal() -> Canned:
    """The HTTP 500 llama-cpp-python's server (0.3.x) answers a ``response_format`` of type ``json_schema`` with: its
    request validation error, as it writes it."""
    return Canned(
        status=500,
        body={
            "error": {
                "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
                "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': "
                "{'expected': \"'text' or 'json_object'\"}}\n\n  File \"llama_cpp/server/app.py\", line 376, in "
                "create_chat_completion\n    POST /v1/chat/completions",
                "type": "internal_server_error",
                "param": None,
                "code": None,
            }
        },
    )


def context_exceeded(n_ctx: int, asked: int) -> Canned:
    """The 400 llama.cpp's server answers a prompt longer than its context with."""
    return Canned(
        status=400,
        body={
            "error": {
                "code": 400,
                "message": f"the request exceeds the available context size ({asked} tokens > {n_ctx}), try "
                "increasing it",
                "type": "exceed_context_size_error",
            }
        },
    )


def messages_of(request: Received) -> list[dict[str, str]]:
    """The ``messages`` of a chat request the server received."""
    assert isinstance(request.body, dict)
    messages = request.body["messages"]
    assert isinstance(messages, list)
    return messages
