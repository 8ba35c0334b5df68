"""A fake OpenAI-compatible LLM server on loopback, for measuring what the loop asks of an LLM without one.

It answers ``POST /v1/chat/completions`` the way llama-cpp-python's server does (``usage``, ``finish_reason``,
``logprobs.content`` when asked) and reads each request as the loop writes it: the stop check (its ``answered``
schema, or its question), the planner (its ``next_step`` schema, or its system prompt; System 1's numbered choices
are read from the prompt), and the answer writer (anything else). What it replies depends on ``--mode``:

- ``agree``: the stop check says yes (p .9), the planner takes System 1's first choice (p .9) with values from the
  spans the prompt lists, the writer repeats the last tool result;
- ``doubt``: the stop check says no, the planner takes System 1's first choice but unsure (p .3, below the trust
  policy's 0.5), the writer repeats the last tool result;
- ``wrong``: adversarial: the stop check says yes (p .99) whatever was found, the planner takes System 1's
  *second* choice (p .99, the most the trust policy lets through) with made-up values, and the writer adds a
  number and a name that no tool returned;
- ``values``: the planner takes System 1's *first* choice (p .99) with made-up values (what the trust policy's sure
  values are for); the stop check says no, the writer repeats the last tool result;
- ``garbage``: prose, never JSON, and no log-probabilities (what SmolLM2 did without structured output).

Usage: python scripts/fake_llm.py [--mode agree|doubt|wrong|values|garbage] [--port 8099]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Literal, cast

Mode = Literal["agree", "doubt", "wrong", "values", "garbage"]
MODES: tuple[Mode, ...] = ("agree", "doubt", "wrong", "values", "garbage")
MODEL = "fake-llm"
_CHOICE = re.compile(r"(\d+)\. (\S+) \(\d+%\)")
_UNTRUSTED = re.compile(r"⟨untrusted tool output[^⟩]*⟩\n(.*?)\n⟨/untrusted tool output⟩", re.DOTALL)
_STOP_QUESTION = "Is the answer to the question contained in what was found?"
_PLANNER = "You are the planner"
_WRONG_CLAIM = " According to the Reuters archive, the figure is 4,217."


def reply(body: Mapping[str, object], mode: Mode) -> dict[str, object]:
    """The completion the fake sends for one request body."""
    messages = _messages(body)
    schema = _schema(body)
    text, key, p = _answer(messages, schema, mode)
    logprobs = body.get("logprobs") is True and mode != "garbage"
    prompt = sum(len(m.get("content", "")) for m in messages) // 4
    choice: dict[str, object] = {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
    if logprobs:
        choice["logprobs"] = {"content": _tokens(text, key, p), "refusal": None}
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": MODEL,
        "choices": [choice],
        "usage": {"prompt_tokens": prompt, "completion_tokens": len(text) // 4 + 1},
    }


def _answer(
    messages: Sequence[Mapping[str, str]], schema: Mapping[str, object] | None, mode: Mode
) -> tuple[str, str, float]:
    """The reply text, the JSON key whose value carries the probability, and that probability."""
    system = messages[0].get("content", "") if messages else ""
    user = messages[-1].get("content", "") if messages else ""
    stop = _STOP_QUESTION in user or (schema is not None and "answered" in json.dumps(schema))
    if mode == "garbage":
        return f"The goal is to {user[:60]!s} and so the answer is not clear to me.", "", 1.0
    if stop:
        yes = mode in ("agree", "wrong")
        return json.dumps({"answered": "yes" if yes else "no"}), "answered", 0.99 if mode == "wrong" else 0.9
    if system.startswith(_PLANNER):
        return _plan(messages, schema, mode)
    done = user.partition("What was done:\n")[2]  # the evidence, before any rejected draft
    found = _UNTRUSTED.findall(done)
    last = found[0].splitlines()[-1] if found else "I can answer that briefly."
    text = last.split(" → ", 1)[-1]
    return (text + _WRONG_CLAIM if mode == "wrong" else text), "", 1.0


def _plan(
    messages: Sequence[Mapping[str, str]], schema: Mapping[str, object] | None, mode: Mode
) -> tuple[str, str, float]:
    prompt = "\n".join(m.get("content", "") for m in messages)
    branches = _branches(schema)
    offered = [tool for _, tool in _CHOICE.findall(prompt)]
    known = [b["action"] for b in branches] or offered
    ranked = [t for t in offered if t in known] or known
    pick = ranked[1] if mode == "wrong" and len(ranked) > 1 else ranked[0] if ranked else "FINISH"
    args_schema = next((b["args"] for b in branches if b["action"] == pick), {})
    args = _args(args_schema, _spans(prompt), wrong=mode in ("wrong", "values"))
    text = json.dumps({"action": pick, "args": args, "reason": "the fake's pick"})
    return text, "action", {"agree": 0.9, "doubt": 0.3, "wrong": 0.99, "values": 0.99}.get(mode, 1.0)


def _branches(schema: Mapping[str, object] | None) -> list[dict[str, object]]:
    """Each alternative of the planner's schema as ``{"action": id, "args": its args schema}``."""
    if schema is None:
        return []
    alternatives = schema.get("anyOf", [schema])
    found = []
    for alt in alternatives if isinstance(alternatives, list) else []:
        props = alt.get("properties", {}) if isinstance(alt, dict) else {}
        action = props.get("action", {}).get("enum", [None])[0]
        if isinstance(action, str):
            found.append({"action": action, "args": props.get("args", {})})
    return found


def _spans(prompt: str) -> dict[str, list[str]]:
    """The "Spans found" line: slot → candidate values, in order."""
    spans: dict[str, list[str]] = {}
    lines = prompt.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Spans found") and i + 2 < len(lines):
            for part in lines[i + 2].split("; "):
                slot, _, values = part.partition(": ")
                spans[slot.strip()] = [v.strip() for v in values.split(" | ") if v.strip()]
    return spans


def _args(schema: object, spans: Mapping[str, Sequence[str]], *, wrong: bool) -> dict[str, object]:
    props = schema.get("properties", {}) if isinstance(schema, dict) else {}
    return {name: _value(name, spec, spans, wrong=wrong) for name, spec in props.items()}


def _value(name: str, spec: object, spans: Mapping[str, Sequence[str]], *, wrong: bool) -> object:
    if not isinstance(spec, dict):
        return "x"
    if "anyOf" in spec:  # an optional slot: left out
        return None
    enum = spec.get("enum")
    if isinstance(enum, list) and enum:
        return enum[-1] if wrong else enum[0]
    kind = spec.get("type")
    if kind in ("integer", "number"):
        return 999 if wrong else 1
    if kind == "boolean":
        return not wrong
    found = spans.get(name, [])
    text = "Atlantis" if wrong or not found else found[0]
    return [text] if kind == "array" else text


def _tokens(text: str, key: str, p: float) -> list[dict[str, object]]:
    """Tokens that spell ``text``: the string value of ``key`` one token with log-probability log(p), the rest
    certain."""
    found = re.search(rf'"{re.escape(key)}"\s*:\s*"([^"]*)"', text) if key else None
    if found is None:
        parts = [(text, 0.0)]
    else:
        start, end = found.span(1)
        parts = [(text[:start], 0.0), (text[start:end], math.log(p)), (text[end:], 0.0)]
    return [{"token": t, "logprob": lp, "bytes": None, "top_logprobs": []} for t, lp in parts if t]


def _messages(body: Mapping[str, object]) -> list[dict[str, str]]:
    said = body.get("messages")
    return [cast(dict[str, str], m) for m in said if isinstance(m, dict)] if isinstance(said, list) else []


def _schema(body: Mapping[str, object]) -> Mapping[str, object] | None:
    form = body.get("response_format")
    if not isinstance(form, dict):
        return None
    inner = form.get("json_schema")
    schema = inner.get("schema") if isinstance(inner, dict) else form.get("schema")
    return schema if isinstance(schema, dict) else None


class FakeServer(ThreadingHTTPServer):
    """The fake on 127.0.0.1 (port 0: any free one)."""

    daemon_threads = True

    def __init__(self, mode: Mode, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.mode = mode

    @property
    def url(self) -> str:
        """The base URL to give as ``--llm``."""
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        server = self.server
        assert isinstance(server, FakeServer)
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        body = json.loads(raw or b"{}")
        payload = json.dumps(reply(body if isinstance(body, dict) else {}, server.mode)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


@contextmanager
def serving(mode: Mode) -> Iterator[FakeServer]:
    """A fake started in a thread, stopped on exit."""
    server = FakeServer(mode)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=MODES, default="agree")
    parser.add_argument("--port", type=int, default=8099)
    args = parser.parse_args()
    server = FakeServer(args.mode, args.port)
    print(f"fake LLM ({args.mode}) at {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
