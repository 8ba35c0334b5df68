"""The sessions pages: the journal's runs (search, filter by how they stopped, unfinished flagged) and one run
with its steps, each decision's options and probabilities, the gate's reasons, approvals, calls and the meter."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from decisionloop.core.vocab import STOP_REASONS
from decisionloop.journal import RunSummary
from decisionloop.journal.store import UNFINISHED
from decisionloop.web.html import esc, page, prob, tag, who

_ANSWER_CHARS = 160
_STOP_WORDS = {"answered": "answered", UNFINISHED: "unfinished"}


def runs_page(found: Sequence[RunSummary], *, csrf: str, stop: str | None, search: str | None, limit: int) -> str:
    """The run list with its filter form."""
    choices = "".join(
        tag("option", esc(label), value=value, selected=(value == (stop or "")))
        for value, label in (("", "any outcome"), *((s, s) for s in STOP_REASONS), (UNFINISHED, "unfinished"))
    )
    form = tag(
        "form",
        tag("label", "Search", for_="search"),
        tag("input", id="search", name="search", type="search", value=search or "", placeholder="goal or answer"),
        tag("label", "Outcome", for_="stop"),
        tag("select", choices, id="stop", name="stop"),
        tag("input", type="hidden", name="limit", value=str(limit)),
        tag("button", "Filter", type="submit"),
        method="get",
        class_="filters",
        role="search",
    )
    if found:
        listing = tag("ul", "".join(_run_item(r) for r in found), class_="run-list")
    else:
        listing = tag("p", "No runs match." if stop or search else "No runs yet: run a goal on the agent page.")
    body = tag("h1", "Sessions") + form + listing
    return page("Sessions", tag("div", body, class_="panel"), csrf=csrf, active="/runs")


def _run_item(run: RunSummary) -> str:
    outcome = run.stop if run.status == "ended" and run.stop else UNFINISHED
    flags = [stop_badge(outcome), tag("span", f"{run.steps} steps", class_="muted"), _time(run.started_at)]
    if run.in_flight:
        flags.append(tag("span", f"{run.in_flight} call(s) with no result", class_="badge bad"))
    answer = run.answer or ""
    clipped = answer if len(answer) <= _ANSWER_CHARS else answer[:_ANSWER_CHARS] + " …"
    return tag(
        "li",
        tag("a", esc(run.goal), href=f"/runs/{run.id}", class_="goal"),
        tag("div", " ".join(flags), class_="flags"),
        tag("p", esc(clipped), class_="answer-line") if clipped else "",
        class_="unfinished" if outcome == UNFINISHED else None,
    )


def stop_badge(stop: str) -> str:
    """How a run stopped; only ``answered`` looks like success."""
    kind = "good" if stop == "answered" else "bad" if stop == UNFINISHED else "warn"
    return tag("span", esc(_STOP_WORDS.get(stop, stop)), class_=f"badge {kind}")


def _time(iso: object) -> str:
    text = str(iso or "")
    return tag("time", esc(text[:19].replace("T", " ")), datetime=text) if text else ""


def run_page(data: Mapping[str, object], *, csrf: str) -> str:
    """One journalled run in full."""
    run_id = str(data["id"])
    ended = data.get("status") == "ended"
    outcome = str(data.get("stop") or UNFINISHED) if ended else UNFINISHED
    exports = tag(
        "p",
        tag("a", "Export JSON", href=f"/runs/{run_id}/export.json", download=f"run-{run_id[:8]}.json"),
        " · ",
        tag("a", "Export Turtle", href=f"/runs/{run_id}/export.ttl", download=f"run-{run_id[:8]}.ttl"),
        class_="exports",
    )
    head = tag("h1", esc(data.get("goal", ""))) + tag(
        "p",
        stop_badge(outcome),
        " ",
        _time(data.get("started_at")),
        " ",
        tag("code", esc(run_id)),
        class_="flags",
    )
    answer = tag(
        "section",
        tag("h2", "Answer" if outcome == "answered" else "Not answered"),
        tag("p", esc(data.get("answer") or "(the run has not ended)")),
        tag("p", esc(data.get("detail") or ""), class_="hint") if data.get("detail") != data.get("answer") else "",
        class_=f"answer-card {'good' if outcome == 'answered' else 'bad'}",
    )
    in_flight = data.get("in_flight")
    if isinstance(in_flight, int) and in_flight:
        answer += tag("p", f"{in_flight} call(s) started and never finished; none was re-run.", class_="bad")
    setup = json.dumps(data.get("config"), indent=2, ensure_ascii=False)
    how = tag("details", tag("summary", "How the run was set up"), tag("pre", esc(setup)))
    body = head + exports + answer + _meter(data.get("meter")) + how + _steps(data)
    return page(str(data.get("goal", "Run")), tag("div", body, class_="panel run"), csrf=csrf, active="/runs")


def _meter(meter: object) -> str:
    if not isinstance(meter, Mapping):
        return ""
    deciders = meter.get("deciders", {})
    who_line = " ".join(f"{who(k)} ({n})" for k, n in deciders.items() if n) if isinstance(deciders, Mapping) else ""
    ratio = meter.get("ratio")
    share = meter.get("decision_share")
    cells = [
        ("decisions", f"{meter.get('decisions')} in {meter.get('requests')} requests, {_ms(meter.get('decision_ms'))}"),
        ("LLM calls", f"{meter.get('model_calls')}, {_ms(meter.get('model_ms'))}"),
        ("decisions : LLM calls", f"{ratio:.1f} : 1" if isinstance(ratio, float) else f"{meter.get('decisions')} : 0"),
        ("decision share of model time", f"{share:.0%}" if isinstance(share, float) else "—"),
        ("tokens", f"decisions {meter.get('decision_input_tokens')} in / {meter.get('decision_output_tokens')} out; "
         f"LLM {meter.get('model_input_tokens')} in / {meter.get('model_output_tokens')} out"),
        ("wall clock", _ms(meter.get("wall_ms"))),
        ("escalated, degraded", f"{meter.get('escalated')}, {meter.get('degraded')}"),
    ]  # fmt: skip
    facts = "".join(tag("dt", esc(k)) + tag("dd", esc(v)) for k, v in cells)
    return tag("section", tag("h2", "Meter"), tag("dl", facts, class_="facts"), tag("p", who_line), class_="meter")


def _steps(data: Mapping[str, object]) -> str:
    steps = _list(data.get("steps"))
    decisions = {_index(g.get("step")): _list(g.get("decisions")) for g in _list(data.get("decisions"))}
    approvals, calls = _list(data.get("approvals")), _list(data.get("tool_calls"))
    parts = [_step(s, decisions.pop(_index(s.get("index")), []), approvals, calls) for s in steps]
    for index, rest in sorted(decisions.items()):  # answer checks, or a step cut short before it finished
        title = f"Step {index + 1}: decisions with no finished step (an answer check, or a step cut short)"
        parts.append(tag("section", tag("h3", esc(title)), *(_decision(d) for d in rest), class_="step"))
    return tag("h2", "Steps") + ("".join(parts) or tag("p", "No steps recorded."))


def _step(
    step: Mapping[str, object],
    decisions: Sequence[Mapping[str, object]],
    approvals: Sequence[Mapping[str, object]],
    calls: Sequence[Mapping[str, object]],
) -> str:
    index = _index(step.get("index"))
    call = _call_text(step.get("tool"), step.get("args"))
    holds = _list(step.get("holds"))
    held = tag("ul", *(tag("li", esc(h.get("detail", ""))) for h in holds), class_="holds") if holds else ""
    mine = [a for a in approvals if a.get("step") == index]
    guard = "".join(_approval(a) for a in mine)
    ran = "".join(_tool_call(c) for c in calls if c.get("step") == index)
    note = tag("p", esc(step["note"]), class_="hint") if step.get("note") else ""
    return tag(
        "section",
        tag("h3", f"Step {index + 1} ", who(step.get("decided_by")), " ", tag("code", esc(call))),
        tag("p", "Held because:", class_="hint") if holds else "",
        held,
        note,
        *(_decision(d) for d in decisions),
        guard,
        ran,
        class_=f"step who-border-{esc(step.get('decided_by'))}",
    )


def _decision(row: Mapping[str, object]) -> str:
    decision = row.get("decision")
    if not isinstance(decision, Mapping):
        return ""
    answers = decision.get("answers", {})
    thresholds = decision.get("thresholds", {})
    answer_parts = [
        tag("div", tag("code", esc(qid)), answer_html(a), class_="answer")
        for qid, a in (answers.items() if isinstance(answers, Mapping) else [])
    ]
    reasons = _list_of_text(decision.get("reasons"))
    gate = (
        ", ".join(f"{k} {v:g}" for k, v in thresholds.items() if isinstance(v, float | int))
        if isinstance(thresholds, Mapping)
        else ""
    )
    head = (
        f"{esc(decision.get('block'))} → {tag('strong', esc(decision.get('action')))}"
        + (f" (proposed {esc(decision.get('proposed'))})" if decision.get("proposed") != decision.get("action") else "")
        + tag("span", esc(f" · {decision.get('backend')} {decision.get('model')} · {_ms(decision.get('latency_ms'))}"),
              class_="muted")
    )  # fmt: skip
    frame = json.dumps({"state": row.get("state"), "questions": row.get("questions")}, indent=2, ensure_ascii=False)
    return tag(
        "div",
        tag("p", head, class_="decision-head"),
        *answer_parts,
        tag("p", "Why: " + esc("; ".join(reasons)), class_="hint") if reasons else "",
        tag("p", "Gate thresholds: " + esc(gate), class_="hint") if gate else "",
        tag("details", tag("summary", "The frame System 1 read and the questions"), tag("pre", esc(frame))),
        class_="decision",
    )


def answer_html(answer: object) -> str:
    """One answer: each option with its probability, the chosen one first and marked."""
    if not isinstance(answer, Mapping):
        return esc(answer)
    kind = answer.get("type")
    if kind == "noul":
        yes = answer.get("noul")
        p_yes = float(yes) if isinstance(yes, float | int) else 0.0
        return _bars([("yes", p_yes), ("no", 1 - p_yes)], "yes" if p_yes >= 0.5 else "no")
    probabilities = answer.get("probabilities", {})
    items = list(probabilities.items()) if isinstance(probabilities, Mapping) else []
    if kind == "score":
        legend = answer.get("legend", {})
        named = [
            (f"{k} {_short(legend.get(k, '')) if isinstance(legend, Mapping) else ''}".strip(), p) for k, p in items
        ]
        score = answer.get("score")
        return _bars(named, None) + (
            tag("p", f"expected level {score:.2f}", class_="hint") if isinstance(score, float) else ""
        )
    ranked = sorted(items, key=lambda kv: -float(kv[1]) if isinstance(kv[1], float | int) else 0.0)
    return _bars(ranked, str(answer.get("choice")))


def _bars(items: Sequence[tuple[object, object]], chosen: str | None) -> str:
    lis = []
    for name, p in items:
        value = float(p) if isinstance(p, float | int) else 0.0
        mark = " chosen" if chosen is not None and str(name) == chosen else ""
        lis.append(
            tag(
                "li",
                tag("span", esc(name), class_="opt"),
                tag("meter", min="0", max="1", value=f"{value:.4f}"),
                tag("span", prob(p), class_="p"),
                class_=f"bar{mark}",
            )
        )
    return tag("ul", "".join(lis), class_="bars")


def _approval(row: Mapping[str, object]) -> str:
    verdict = "allowed" if row.get("allowed") else "refused"
    return tag(
        "div",
        tag(
            "p", tag("strong", f"Guard: {verdict}"), esc(f" by {row.get('by')} at {row.get('at')} — {row.get('note')}")
        ),
        tag("p", esc(f"{row.get('side_effect')}: {row.get('effect') or 'effect not worked out'}")),
        class_=f"guard {'good' if row.get('allowed') else 'bad'}",
    )


def _tool_call(row: Mapping[str, object]) -> str:
    if row.get("in_flight"):
        status = tag("span", esc(row.get("note")), class_="badge bad")
    else:
        status = tag("span", "ok" if row.get("ok") else "failed", class_=f"badge {'good' if row.get('ok') else 'bad'}")
    source = f" · {row.get('source')}" if row.get("source") else ""
    return tag(
        "div",
        tag("p", "Call ", tag("code", esc(_call_text(row.get("tool"), row.get("args")))), " ", status,
            tag("span", esc(f" {row.get('ms') or 0:.0f} ms{source}"), class_="muted")),
        tag("pre", esc(row.get("observation") or ""), class_="observation") if row.get("observation") else "",
        class_="tool-call",
    )  # fmt: skip


def _call_text(tool: object, args: object) -> str:
    if not isinstance(args, Mapping) or not args:
        return str(tool)
    return f"{tool}({', '.join(f'{k}={v!r}' for k, v in args.items())})"


def _short(legend: object) -> str:
    """A score level's name: its legend up to the first colon ("read-only: it only looks up…" → "read-only")."""
    return str(legend).split(":")[0]


def _ms(value: object) -> str:
    return f"{value:.0f} ms" if isinstance(value, float | int) else "—"


def _index(value: object) -> int:
    return value if isinstance(value, int) else -1


def _list(value: object) -> list[Mapping[str, object]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _list_of_text(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []
