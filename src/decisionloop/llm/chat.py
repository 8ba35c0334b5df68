"""The generator seam: chat messages in, one reply out, over any OpenAI-compatible server or from a script.

A request may carry a JSON Schema the reply must follow. ``HttpChat`` sends it as ``response_format`` unless told
not to, in one of two forms: ``{"type": "json_schema", "json_schema": {"name", "schema", "strict": true}}`` (OpenAI,
llama.cpp's ``llama-server``, Ollama, vLLM) or, where a server refuses that one, ``{"type": "json_object",
"schema": …}`` (llama-cpp-python's server). The first structured request to a base URL is the probe: the form the
server takes is remembered for that base URL, for the life of the process. In ``auto`` mode a server that refuses
both forms, or answers with text that is not JSON, is remembered as not supporting structured output and asked
without it from then on.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Literal, Protocol

import httpx

from decisionloop.core.errors import ConfigError, GeneratorError, GeneratorErrorCode
from decisionloop.http_json import (
    DEFAULT_USER_AGENT,
    RetryPolicy,
    checked_url,
    host_port,
    json_client,
    post_json,
    snippet,
)

Role = Literal["system", "user", "assistant"]
Structured = Literal["auto", "on", "off"]
STRUCTURED_MODES: tuple[Structured, ...] = ("auto", "on", "off")
SchemaForm = Literal["json_schema", "json_object"]
SCHEMA_FORMS: tuple[SchemaForm, ...] = ("json_schema", "json_object")  # in the order a probe tries them
DEFAULT_TIMEOUT_S = 60.0
_CLIENT_HINTS = {
    401: "check the API key",
    403: "check the API key and its permissions",
    404: "check the base URL (it usually ends in /v1; the client appends /chat/completions) and the model name",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatMessage:
    """One turn of a conversation."""

    role: Role
    content: str


@dataclass(frozen=True, slots=True, kw_only=True)
class JsonSchema:
    """The shape a reply must have: a name for it and a JSON Schema (an object, every property required)."""

    name: str
    schema: Mapping[str, object]


@dataclass(frozen=True, slots=True, kw_only=True)
class TokenLogprob:
    """One generated token and the model's log-probability of it."""

    token: str
    logprob: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatReply:
    """The generated text, who wrote it, how long it took, the tokens (the server's ``usage``, else ``counted``
    here: None only where nobody counted), why generation stopped (``length``: cut at ``max_tokens``), whether the
    reply was constrained by a JSON Schema, and each generated token's log-probability where asked for and the
    server gave them (empty otherwise)."""

    text: str
    model: str
    latency_ms: float
    input_tokens: int | None = None
    output_tokens: int | None = None
    counted: bool = False
    finish_reason: str | None = None
    structured: bool = False
    logprobs: tuple[TokenLogprob, ...] = ()

    @property
    def cut(self) -> bool:
        """Whether the reply stopped at ``max_tokens`` rather than where the model ended it."""
        return self.finish_reason == "length"


class Chat(Protocol):
    """A generator: completes a conversation; raises ``GeneratorError`` when it cannot."""

    @property
    def name(self) -> str:
        """Who answers, recorded with every reply."""
        ...

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        schema: JsonSchema | None = None,
        logprobs: bool = False,
    ) -> ChatReply:
        """The assistant's next message; ``schema``: the reply should be JSON of that shape (a hint the generator
        may not be able to enforce: ``ChatReply.structured`` says whether it did); ``logprobs``: ask for each
        token's log-probability (``ChatReply.logprobs``, empty where the generator gives none)."""
        ...


_FOUND: dict[str, SchemaForm | None] = {}  # base URL → the form its server honours (None: neither), this process
_FOUND_LOCK = threading.Lock()


def structured_unsupported(base_url: str) -> bool:
    """Whether a server at ``base_url`` was found, in this process, not to honour ``response_format``."""
    with _FOUND_LOCK:
        key = base_url.rstrip("/")
        return key in _FOUND and _FOUND[key] is None


def structured_form(base_url: str) -> SchemaForm | None:
    """The ``response_format`` form a server at ``base_url`` was found to take, in this process (None: not known,
    or neither)."""
    with _FOUND_LOCK:
        return _FOUND.get(base_url.rstrip("/"))


def forget_structured(base_url: str | None = None) -> None:
    """Forget what was found about ``base_url`` (every URL when None), so the next structured request probes again."""
    with _FOUND_LOCK:
        if base_url is None:
            _FOUND.clear()
        else:
            _FOUND.pop(base_url.rstrip("/"), None)


def _remember(base_url: str, form: SchemaForm | None) -> None:
    with _FOUND_LOCK:
        _FOUND[base_url.rstrip("/")] = form


def _forms_to_try(base_url: str) -> tuple[SchemaForm, ...]:
    known = structured_form(base_url)
    return (known,) if known is not None else SCHEMA_FORMS


def parse_structured(text: str) -> Structured:
    """``auto``, ``on`` or ``off`` (any case); ConfigError lists them."""
    mode = text.strip().casefold()
    for known in STRUCTURED_MODES:
        if mode == known:
            return known
    raise ConfigError(
        f"structured output mode must be one of {', '.join(STRUCTURED_MODES)}, got {text!r}; auto probes the server"
    )


class HttpChat:
    """POSTs to ``{base_url}/chat/completions`` (Ollama, llama.cpp server, vLLM), retrying transient failures."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        structured: Structured = "auto",
        transport: httpx.BaseTransport | None = None,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
    ) -> None:
        url = checked_url(base_url, kind="generator", example="http://127.0.0.1:11434/v1")
        if not model.strip():
            raise ConfigError(f"generator model must be a non-empty id, got {model!r}; e.g. 'qwen2.5:1.5b'")
        if not timeout_s > 0:
            raise ConfigError(
                f"generator timeout must be > 0 seconds, got {timeout_s!r}; e.g. 60 (--llm-timeout, "
                "DECISIONLOOP_LLM_TIMEOUT)"
            )
        self._name = f"http@{host_port(url)}"
        self._model = model
        self._timeout_s = timeout_s
        self._structured = parse_structured(structured)
        self._base_url = base_url.rstrip("/")
        self._endpoint = f"{self._base_url}/chat/completions"
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._client = json_client(
            user_agent=DEFAULT_USER_AGENT, api_key=api_key, transport=transport, timeout_s=timeout_s
        )

    @property
    def name(self) -> str:
        """``http@host:port``."""
        return self._name

    @property
    def model(self) -> str:
        """The model id sent with every request."""
        return self._model

    @property
    def timeout_s(self) -> float:
        """Seconds one request may take."""
        return self._timeout_s

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        schema: JsonSchema | None = None,
        logprobs: bool = False,
    ) -> ChatReply:
        """POST the conversation (with ``schema`` as ``response_format`` where the mode and the server allow, and
        ``logprobs`` asked for when wanted); retry retryable ``GeneratorError``s, raise the last or any other one."""
        body: dict[str, object] = {
            "model": self._model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stream": False,
        }
        if logprobs:
            body |= {"logprobs": True, "top_logprobs": 1}  # llama-cpp-python sends none without top_logprobs
        if schema is None or not self._sends_schema():
            return self._counted(self._retried(body), messages, structured=False)
        refused: GeneratorError | None = None
        for form in _forms_to_try(self._base_url):
            body["response_format"] = response_format(schema, form)
            try:
                reply = self._retried(body)
            except GeneratorError as err:
                if not _rejects_field(err):
                    raise
                refused = err
                continue
            if self._structured == "auto" and not reply.cut and not _is_json(reply.text):
                _remember(self._base_url, None)  # it took the field and ignored it
                return self._counted(reply, messages, structured=False)
            _remember(self._base_url, form)
            return self._counted(reply, messages, structured=True)
        assert refused is not None  # every form was tried and refused
        if self._structured == "on":
            said = f"{refused.message}; the server may not take response_format: use --llm-structured auto or off"
            raise self._error("client", said) from refused
        del body["response_format"]
        reply = self._retried(body)  # a 400 about something else fails again here, and nothing is remembered
        _remember(self._base_url, None)
        return self._counted(reply, messages, structured=False)

    def _sends_schema(self) -> bool:
        return self._structured == "on" or (self._structured == "auto" and not structured_unsupported(self._base_url))

    def _retried(self, body: Mapping[str, object]) -> ChatReply:
        content = json.dumps(body, ensure_ascii=False).encode()
        attempt = 1
        while True:
            try:
                return self._attempt(content)
            except GeneratorError as err:
                if not err.retryable or _rejects_field(err) or attempt >= self._retry.attempts:
                    raise
                self._sleep(self._retry.wait_s(err, attempt, self._rng))
                attempt += 1

    def _counted(self, reply: ChatReply, messages: Sequence[ChatMessage], *, structured: bool) -> ChatReply:
        """The reply with ``structured`` set, and its tokens counted where the server did not say them."""
        if reply.input_tokens is not None and reply.output_tokens is not None:
            return replace(reply, structured=structured)
        return replace(
            reply,
            input_tokens=count_tokens(" ".join(m.content for m in messages)),
            output_tokens=count_tokens(reply.text),
            counted=True,
            structured=structured,
        )

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> HttpChat:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _attempt(self, content: bytes) -> ChatReply:
        started = time.perf_counter()
        body = post_json(
            self._client,
            self._endpoint,
            content,
            timeout_s=self._timeout_s,
            error=self._error,
            client_hints=_CLIENT_HINTS,
        )
        return self._reply(body, (time.perf_counter() - started) * 1000.0)

    def _reply(self, body: object, latency_ms: float) -> ChatReply:
        content = _content(body) if isinstance(body, dict) else None
        if not isinstance(body, dict) or content is None:
            said = f"no choices[0].message.content string in {snippet(json.dumps(body))!r}"
            raise self._error("malformed", said)
        usage = body.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        model = body.get("model")
        return ChatReply(
            text=content,
            model=model if isinstance(model, str) and model else self._model,
            latency_ms=latency_ms,
            input_tokens=_count(usage.get("prompt_tokens")),
            output_tokens=_count(usage.get("completion_tokens")),
            finish_reason=_finish_reason(body),
            logprobs=_logprobs(body),
        )

    def _error(self, code: GeneratorErrorCode, message: str, retry_after_s: float | None = None) -> GeneratorError:
        return GeneratorError(self._name, code, message, retry_after_s=retry_after_s)


Responder = Callable[[Sequence[ChatMessage]], "str | ChatReply"]
ScriptEntry = str | ChatReply | GeneratorError | Responder


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatRequest:
    """One call a ``ScriptedChat`` received."""

    messages: tuple[ChatMessage, ...]
    max_tokens: int
    temperature: float
    schema: JsonSchema | None = None
    logprobs: bool = False


class ScriptedChat:
    """Replies from a script, one entry per call: a text, a whole ``ChatReply`` (with its log-probabilities), a
    ``GeneratorError`` to raise, or a callable; a schema is recorded, never enforced."""

    def __init__(self, replies: Sequence[ScriptEntry], *, name: str = "scripted", model: str = "scripted") -> None:
        self._replies = tuple(replies)
        self._name = name
        self._model = model
        self.requests: list[ChatRequest] = []

    @property
    def name(self) -> str:
        """The name given at construction (``scripted`` by default)."""
        return self._name

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        schema: JsonSchema | None = None,
        logprobs: bool = False,
    ) -> ChatReply:
        """Record the request and play the next entry of the script."""
        request = ChatRequest(
            messages=tuple(messages), max_tokens=max_tokens, temperature=temperature, schema=schema, logprobs=logprobs
        )
        self.requests.append(request)
        call = len(self.requests)
        if call > len(self._replies):
            said = (
                f"script exhausted: {len(self._replies)} reply(ies) given, call {call} asked for another; add replies"
            )
            raise GeneratorError(self._name, "client", said)
        entry = self._replies[call - 1]
        if isinstance(entry, GeneratorError):
            raise entry
        reply = entry(messages) if callable(entry) else entry
        return reply if isinstance(reply, ChatReply) else ChatReply(text=reply, model=self._model, latency_ms=0.0)


def response_format(schema: JsonSchema, form: SchemaForm = "json_schema") -> dict[str, object]:
    """``response_format`` for ``schema``: OpenAI's form (strict), or the ``json_object`` form with the schema
    beside it that llama-cpp-python's server reads."""
    if form == "json_object":
        return {"type": "json_object", "schema": schema.schema}
    return {"type": "json_schema", "json_schema": {"name": schema.name, "schema": schema.schema, "strict": True}}


_TOKEN = re.compile(r"\w+|[^\w\s]")


def count_tokens(text: str) -> int:
    """Tokens counted without the model's tokenizer: words and punctuation marks (close to a BPE count for
    English prose, below it for long or rare words)."""
    return len(_TOKEN.findall(text))


def _rejects_field(err: GeneratorError) -> bool:
    """Whether the server refused the request as malformed (how servers that know no ``response_format`` say no):
    HTTP 400 or 422, or the HTTP 500 that llama-cpp-python's server answers a request it cannot validate with,
    naming the field."""
    if err.code == "client":
        return err.message.startswith(("HTTP 400 ", "HTTP 422 "))
    return err.code == "server" and err.message.startswith("HTTP 500 ") and "response_format" in err.message


def _is_json(text: str) -> bool:
    try:
        json.loads(text, strict=False)  # as the planner reads it
    except ValueError:
        return False
    return True


def _finish_reason(body: Mapping[str, object]) -> str | None:
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    reason = first.get("finish_reason") if isinstance(first, dict) else None
    return reason if isinstance(reason, str) else None


def _content(body: Mapping[str, object]) -> str | None:
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else None


def _logprobs(body: Mapping[str, object]) -> tuple[TokenLogprob, ...]:
    """``choices[0].logprobs.content`` as tokens and log-probabilities; empty where the server sent none."""
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    said = first.get("logprobs") if isinstance(first, dict) else None
    content = said.get("content") if isinstance(said, dict) else None
    if not isinstance(content, list):
        return ()
    found: list[TokenLogprob] = []
    for item in content:
        token = item.get("token") if isinstance(item, dict) else None
        logprob = item.get("logprob") if isinstance(item, dict) else None
        if not isinstance(token, str) or isinstance(logprob, bool) or not isinstance(logprob, int | float):
            return ()  # a partial list would misplace every later token
        found.append(TokenLogprob(token=token, logprob=float(logprob)))
    return tuple(found)


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
