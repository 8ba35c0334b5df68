"""Property-based HTTP fuzzing of the decision server: bodies drawn from its own JSON Schemas, then broken.

Each case is an HTTP request to the app (through starlette's TestClient, with the bundled model behind it when one
is shipped, else a fixed fake; --fake forces the fake): a body shaped like ``request.json`` or
``batch-request.json`` (hand-written strategies: hypothesis-jsonschema 0.23 does not run on the hypothesis
installed here), sent as is, with one part replaced by arbitrary JSON (texts with lone surrogates included),
nested deep, or as arbitrary bytes. Every reply must be below 500, JSON, and an ``error`` object when 4xx.
Prints the cases run, how many bodies the served schemas accept, and the statuses; exits 1 on a server error.

Usage: python scripts/server_fuzz.py [--cases 2000] [--fake]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from starlette.testclient import TestClient

from decisionloop.backends import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.core.wire import schema_text
from decisionloop.server import create_app

# Any text, lone surrogates included (hypothesis leaves category Cs out unless told).
TEXT = st.text(st.characters(exclude_categories=()), max_size=20)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


class Fixed:
    """Answers nothing, at once: what is under test is the server, not a model."""

    @property
    def name(self) -> str:
        """``fixed``."""
        return "fixed"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """No answers."""
        return BackendReply(answers={}, backend=self.name, model=self.name, latency_ms=0.0)


def _validators() -> dict[str, Draft202012Validator]:
    """The served request and batch-request schemas, the batch's reference to ``request.json`` resolved."""
    schemas = {name: json.loads(schema_text(name)) for name in ("request", "batch-request")}
    registry = Registry().with_resources(
        (f"{name}.json", Resource.from_contents(schema)) for name, schema in schemas.items()
    )
    return {
        path: Draft202012Validator({**schemas[name], "$id": f"{name}.json"}, registry=registry)
        for path, name in (("/v1/systemone", "request"), ("/v1/systemone/batch", "batch-request"))
    }


def _by_hand() -> st.SearchStrategy[Any]:
    names = st.text(min_size=1, max_size=8)
    choice = st.fixed_dictionaries(
        {
            "type": st.just("choice"),
            "instructions": TEXT,
            "criteria": st.dictionaries(names, st.none() | TEXT, min_size=2, max_size=8),
        }
    )
    noul = st.fixed_dictionaries({"type": st.just("noul"), "instructions": TEXT})
    score = st.fixed_dictionaries(
        {"type": st.just("score"), "instructions": TEXT, "criteria": st.lists(TEXT, min_size=2, max_size=10)}
    )
    state = st.dictionaries(TEXT, JSON, max_size=4) | TEXT | st.lists(TEXT, max_size=4)
    questions = st.dictionaries(names, choice | noul | score, min_size=1, max_size=4)
    return st.fixed_dictionaries({"state": state, "questions": questions})


def _broken(body: Any, data: st.DataObject) -> Any:
    """``body`` with one member (at any depth) replaced by arbitrary JSON, or left as is."""
    if not isinstance(body, dict | list) or not body or not data.draw(st.booleans()):
        return body
    keys = list(body) if isinstance(body, dict) else list(range(len(body)))
    key = data.draw(st.sampled_from(keys))
    copy: Any = dict(body) if isinstance(body, dict) else list(body)
    copy[key] = data.draw(JSON) if data.draw(st.booleans()) else _broken(copy[key], data)
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--fake", action="store_true", help="a fixed fake backend even when a model is shipped")
    args = parser.parse_args()
    from decisionloop.model.backend import ModelBackend, has_model

    backend: DecisionBackend = ModelBackend() if has_model() and not args.fake else Fixed()
    requests = _by_hand()
    batches = st.builds(lambda rs: {"requests": rs}, st.lists(requests, min_size=1, max_size=4))
    validators = _validators()
    valid = [0]
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    bodies = st.one_of(
        st.tuples(st.just("/v1/systemone"), requests),
        st.tuples(st.just("/v1/systemone/batch"), batches),
    )

    with TestClient(create_app(backend), raise_server_exceptions=False) as client:

        @settings(max_examples=args.cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(bodies, st.data(), st.sampled_from(["json", "json", "json", "deep", "bytes"]))
        def case(target: tuple[str, Any], data: st.DataObject, form: str) -> None:
            path, body = target
            if form == "bytes":
                raw = data.draw(st.binary(max_size=200))
            elif form == "deep":
                depth = data.draw(st.integers(1, 5000))
                raw = json.dumps({**body, "state": {"x": None}}).replace("null", "[" * depth + "]" * depth).encode()
            else:
                sent = _broken(body, data)
                valid[0] += validators[path].is_valid(sent)
                raw = json.dumps(sent).encode()  # ensure_ascii: lone surrogates go as \\ud800
            response = client.post(path, content=raw, headers={"content-type": "application/json"})
            statuses[response.status_code] += 1
            problem = _problem(response.status_code, response.content)
            if problem:
                failures.append(f"{path} {raw[:300]!r}: {problem}")
                raise AssertionError(problem)

        with contextlib.suppress(AssertionError):
            case()
    print(f"backend: {backend.name}")
    print(
        f"cases run: {sum(statuses.values())} ({valid[0]} of them valid under the served schema); "
        f"statuses: {dict(sorted(statuses.items()))}"
    )
    print(f"server errors (5xx) or non-JSON replies: {len(failures)}")
    for failure in failures[:3]:
        print(f"  {failure}")
    sys.exit(1 if failures else 0)


def _problem(status: int, content: bytes) -> str | None:
    if status >= 500:
        return f"HTTP {status}: {content[:300]!r}"
    try:
        body = json.loads(content)
    except ValueError:
        return f"HTTP {status} with a body that is not JSON: {content[:200]!r}"
    if status >= 400 and not (isinstance(body, dict) and isinstance(body.get("error"), dict)):
        return f"HTTP {status} without an error object: {body!r:.200}"
    return None


if __name__ == "__main__":
    main()
