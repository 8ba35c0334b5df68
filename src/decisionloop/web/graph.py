"""A journalled run as a graph: a row of nodes per step (each decision, coloured by who decided it, with its
pick and the rejected alternatives; the step's outcome; the guard; the call and its observation), the answer at
the end, and the inspector beside it with a panel per node (``inspector``). run.js opens a node's panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from decisionloop.core.vocab import FINISH, STOP
from decisionloop.journal.what_if import linked
from decisionloop.loop.what_if import STEP_BLOCKS, Forced
from decisionloop.web.html import DECIDER_NAMES, esc, prob, tag
from decisionloop.web.inspector import (
    Place,
    answer_panel,
    call_panel,
    decision_panel,
    guard_panel,
    step_panel,
)
from decisionloop.web.loaded import Row, at_step, call_text, decisions_by_step, index_of, maps, ms_text
from decisionloop.web.options import readings

_REJECTED = 2  # the alternatives a node shows; the inspector has them all
_SNIPPET = 90
_BY_LLM = frozenset({"delivered", "revised", "direct"})  # deliveries an LLM wrote
LEGEND = (*DECIDER_NAMES.items(), ("tool-ok", "call ran"), ("tool-bad", "call failed or refused"))


@dataclass(frozen=True, slots=True, kw_only=True)
class _Node:
    key: str
    by: str  # system1, llm, person, code; tool-ok or tool-bad for a call
    face: str
    panel: str
    extra: str = ""  # another class: forced, n-outcome, n-guard, n-call, n-end


def run_graph(run: Row) -> str:
    """The graph, its legend and the inspector; a decision of a finished step offers to re-run from it."""
    run_id = str(run.get("id"))
    link = linked(run.get("config"))
    forced = link[1] if link is not None else None
    steps = maps(run.get("steps"))
    decisions = decisions_by_step(run)
    approvals, calls = maps(run.get("approvals")), maps(run.get("tool_calls"))
    rows: list[tuple[str, list[_Node], str]] = []
    for step in steps:
        index = index_of(step.get("index"))
        replayed = link[0] if link is not None and forced is not None and index < forced.step else None
        place = Place(run_id=run_id, step=index, step_row=step, what_if=True, forced=_here(forced, index))
        nodes = [_decision(place, i, row) for i, row in enumerate(decisions.pop(index, []))]
        nodes.append(_outcome(f"{index}-s", step, replayed))
        nodes += [_guard(f"{index}-g{i}", index, a) for i, a in enumerate(at_step(approvals, index))]
        nodes += [_call(f"{index}-c{i}", index, c) for i, c in enumerate(at_step(calls, index))]
        title = f"Step {index + 1}" + (" · replayed, not run again" if replayed else "")
        rows.append((title, nodes, "replayed" if replayed else ""))
    for index, rest in sorted(decisions.items()):  # the answer checks, or a step cut short before it finished
        place = Place(run_id=run_id, step=index, step_row=None, what_if=False)
        title = "The answer check" if index == len(steps) else f"Step {index + 1}, cut short"
        rows.append((title, [_decision(place, i, row) for i, row in enumerate(rest)], ""))
    if run.get("ended_at") is not None:
        rows.append(("The end", [_answer(run)], ""))
    if not rows:
        return tag("h2", "Trace") + tag("p", "No steps recorded.")
    graph = tag("ol", "".join(_row(*r) for r in rows), class_="graph", aria_label="The run as a graph, step by step")
    empty = tag("p", "Select a node (click it, or Tab to it and press Enter) to inspect it here.", class_="hint")
    bar = tag("div", empty, tag("button", "Close", type="button", class_="inspector-close"), class_="inspector-bar")
    panels = "".join(n.panel for _, nodes, _ in rows for n in nodes)
    inspector = tag("aside", bar, panels, id="inspector", class_="inspector", aria_label="Inspector")
    legend = "".join(tag("li", tag("span", esc(label), class_=f"node-key by-{key}")) for key, label in LEGEND)
    return (
        tag("h2", "Trace")
        + tag("ul", legend, class_="legend graph-legend", aria_label="Node colours")
        + tag("div", graph, inspector, class_="graph-layout")
    )


def _here(forced: Forced | None, index: int) -> Forced | None:
    return forced if forced is not None and forced.step == index else None


def _row(title: str, nodes: Sequence[_Node], extra: str) -> str:
    items = "".join(
        tag(
            "li",
            tag(
                "button",
                n.face,
                type="button",
                id=f"n-{n.key}",
                class_=f"node by-{n.by} {n.extra}".strip(),
                aria_controls=f"p-{n.key}",
                aria_expanded="false",
            ),
        )
        for n in nodes
    )
    return tag(
        "li",
        tag("h3", esc(title), class_="g-title"),
        tag("ol", items, class_="g-nodes"),
        class_=f"g-step {extra}".strip(),
    )


def _decision(place: Place, i: int, row: Row) -> _Node:
    found = row.get("decision")
    decision: Mapping[str, object] = found if isinstance(found, Mapping) else {}
    forced = place.forced is not None and place.forced.block == decision.get("block")
    by = "person" if forced else _decider(decision, place.step_row)
    answers = decision.get("answers")
    lines = [_answer_line(str(q), a) for q, a in answers.items()] if isinstance(answers, Mapping) else []
    if forced and place.forced is not None:
        lines.append(tag("span", esc(f"what-if: {place.forced.question} = {place.forced.option!r}"), class_="n-forced"))
    head = tag("span", esc(f"{decision.get('block')} → {decision.get('action')}"), class_="n-head")
    key = f"{place.step}-d{i}"
    offers = place.what_if and decision.get("block") in STEP_BLOCKS
    panel = decision_panel(f"p-{key}", row, replace(place, what_if=offers), by)
    return _Node(key=key, by=by, face=head + "".join(lines), panel=panel, extra="forced" if forced else "")


def _decider(decision: Mapping[str, object], step: Row | None) -> str:
    """System 1, unless the gate held this decision and someone else decided the step."""
    by = str(step.get("decided_by")) if step is not None else "system1"
    return by if decision.get("action") == "escalate" and by != "system1" else "system1"


def _answer_line(qid: str, answer: object) -> str:
    reading, options = readings(answer)
    p = dict(options).get(reading or "", 0.0)
    rejected = [(n, q) for n, q in options if n != reading][:_REJECTED]
    name = qid.removeprefix("arg:")
    pick = tag("span", esc(f"{name}: {reading} "), tag("b", prob(p)), class_="n-pick")
    if not rejected:
        return pick
    return pick + tag("span", "not " + esc(" · ".join(f"{n} {prob(q)}" for n, q in rejected)), class_="n-alt")


def _outcome(key: str, step: Row, replayed: str | None) -> _Node:
    tool = step.get("tool")
    shown = "stop" if tool == STOP else "finish" if tool == FINISH else call_text(tool, step.get("args"))
    by = str(step.get("decided_by"))
    lines = [
        tag("span", esc(f"{DECIDER_NAMES.get(by, by)} decided"), class_="n-head"),
        tag("span", esc(shown), class_="n-pick"),
    ]
    holds = maps(step.get("holds"))
    if holds:
        lines.append(tag("span", "held: " + esc("; ".join(str(h.get("detail")) for h in holds)), class_="n-alt"))
    panel = step_panel(f"p-{key}", step, replayed_from=replayed)
    return _Node(key=key, by=by, face="".join(lines), panel=panel, extra="n-outcome")


def _guard(key: str, index: int, approval: Row) -> _Node:
    allowed = bool(approval.get("allowed"))
    by = str(approval.get("by"))
    face = tag("span", f"guard: {'allowed ✓' if allowed else 'refused ✗'}", class_="n-head") + tag(
        "span", esc(f"by {by}"), class_="n-alt"
    )
    decider = "code" if by.startswith("nobody") else "person"
    return _Node(key=key, by=decider, face=face, panel=guard_panel(f"p-{key}", index, approval), extra="n-guard")


def _call(key: str, index: int, call: Row) -> _Node:
    ok = bool(call.get("ok")) and not call.get("in_flight")
    mark = "…" if call.get("in_flight") else "✓" if ok else "✗"
    observation = " ".join(str(call.get("observation") or call.get("note") or "").split())
    snippet = observation if len(observation) <= _SNIPPET else observation[:_SNIPPET] + " …"
    face = tag("span", esc(f"{mark} {call.get('tool')} · {ms_text(call.get('ms'))}"), class_="n-head") + tag(
        "span", esc(snippet), class_="n-alt"
    )
    by = "tool-ok" if ok else "tool-bad"
    return _Node(key=key, by=by, face=face, panel=call_panel(f"p-{key}", index, call), extra="n-call")


def _answer(run: Row) -> _Node:
    delivery = str(run.get("delivery") or "")
    answer = " ".join(str(run.get("answer") or "").split())
    snippet = answer if len(answer) <= _SNIPPET else answer[:_SNIPPET] + " …"
    head = "answer" if run.get("stop") == "answered" else f"stopped: {run.get('stop')}"
    face = tag("span", esc(f"{head} · {delivery or 'none'}"), class_="n-head") + tag(
        "span", esc(snippet), class_="n-alt"
    )
    by = "llm" if delivery in _BY_LLM else "code"
    return _Node(key="end", by=by, face=face, panel=answer_panel("p-end", run), extra="n-end")
