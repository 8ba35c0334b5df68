"""The spec page: the compiled DECISION.md the runs use, each gate's effective threshold and where it came from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.wire import json_objects
from decisionloop.spec import Spec, effective_thresholds
from decisionloop.spec.render import spec_json
from decisionloop.web.html import esc, page, rows, tag

FILE_SOURCE = "DECISION.md"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecView:
    """The spec as runs use it, the file's own values, and the layers of overrides between, lowest first."""

    spec: Spec
    base: Spec
    text: str
    layers: tuple[tuple[str, Mapping[str, float]], ...] = ()


def threshold_sources(view: SpecView) -> list[tuple[str, float, float, str]]:
    """Each gate key: the value runs use, the file's value, and the layer it came from (the last one setting it)."""
    base = effective_thresholds(view.base)
    found = []
    for key, value in effective_thresholds(view.spec).items():
        source = next((name for name, gates in reversed(view.layers) if key in gates), FILE_SOURCE)
        found.append((key, value, base.get(key, value), source))
    return found


def spec_page(view: SpecView, *, csrf: str) -> str:
    """The whole spec page."""
    data = spec_json(view.spec)
    table = rows(
        (
            [
                tag("code", "<wbr>.".join(esc(part) for part in key.split("."))),
                esc(f"{value:g}"),
                esc(f"{file_value:g}"),
                _source(source, value != file_value),
            ]
            for key, value, file_value, source in threshold_sources(view)
        ),
        header=("gate", "now", "in DECISION.md", "from"),
    )
    order = " < ".join([FILE_SOURCE, *(name for name, _ in view.layers)])
    blocks = data["blocks"]
    body = (
        tag("h1", "Spec")
        + tag("p", esc(f"{data['path']}: {data['headline']}"))
        + tag("h2", "Gate thresholds")
        + tag("p", esc(f"Later sources win: {order}."), class_="hint")
        + table
        + tag("h2", "Decisions")
        + "".join(_block(b) for b in (blocks if isinstance(blocks, list) else []) if isinstance(b, Mapping))
        + tag("details", tag("summary", "DECISION.md as written"), tag("pre", esc(view.text), class_="source"))
    )
    return page("Spec", tag("div", body, class_="panel"), csrf=csrf, active="/spec")


def _source(source: str, moved: bool) -> str:
    return tag("span", esc(source), class_="source-moved" if moved or source != FILE_SOURCE else "muted")


def _block(block: Mapping[str, object]) -> str:
    gate = tag("span", "authorisation gate", class_="badge warn") if block.get("gate") else ""
    dynamic = block.get("dynamic")
    built = ""
    if isinstance(dynamic, Mapping):
        what = f"{dynamic.get('provider')} → {dynamic.get('output')} ({dynamic.get('why')})"
        built = tag("p", esc(f"Options built in code: {what}"), class_="hint")
    questions = [
        [
            tag("code", esc(q.get("id"))),
            esc(q.get("type")),
            esc(q.get("ask")) + _options(q.get("options")),
        ]
        for q in json_objects(block.get("questions"))
    ]
    policy = "".join(
        tag("li", tag("span", esc(f"L{r.get('line')}"), class_="muted"), " ", tag("code", esc(r.get("rule"))))
        for r in json_objects(block.get("policy"))
    )
    return tag(
        "section",
        tag("h3", tag("code", esc(block.get("id"))), " ", gate),
        tag("p", esc(f"{block.get('kind')}, {block.get('position')} — {block.get('purpose')}")),
        built,
        rows(questions, header=("question", "type", "asks")) if questions else "",
        tag("ul", policy, class_="policy") if policy else "",
        class_="block",
    )


def _options(options: object) -> str:
    names = [str(o.get("name")) for o in json_objects(options)]
    return tag("span", esc(" · ".join(names)), class_="muted options") if names else ""
