"""The inspector's panels, one per node of a run's graph: a decision (the frame System 1 read, the typed questions,
every option's probability, the gate's quantities and thresholds, the hold reasons, backend, model and latency,
and the what-if forms, ``what_if_form``), a step's outcome, a guard's answer, a call and its observation, the
answer."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from decisionloop.loop.what_if import Forced
from decisionloop.web.html import esc, prob, tag, who
from decisionloop.web.loaded import Row, as_mapping, call_text, index_of, maps, ms_text, number, texts
from decisionloop.web.options import option_bars
from decisionloop.web.what_if_form import what_if_forms


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """Where a panel's node sits: its run, its step, the step's row, whether a what-if may start from it, and the
    option this run was forced to take there (a what-if run's forced decision)."""

    run_id: str
    step: int
    step_row: Row | None
    what_if: bool
    forced: Forced | None = None


def panel(panel_id: str, title: str, *parts: str) -> str:
    """One panel, hidden until its node is opened; its heading takes the focus."""
    heading = tag("h3", title, id=f"{panel_id}-title", tabindex="-1")
    return tag(
        "section", heading, *parts, id=panel_id, class_="inspect", hidden=True, aria_labelledby=f"{panel_id}-title"
    )


def decision_panel(panel_id: str, row: Row, place: Place, decider: str) -> str:
    """Everything recorded about one decision, and the what-if forms of its questions."""
    d = row.get("decision")
    decision: Mapping[str, object] = d if isinstance(d, Mapping) else {}
    answers = as_mapping(decision.get("answers"))
    questions = as_mapping(row.get("questions"))
    title = f"Step {place.step + 1} · {esc(decision.get('block'))} → {esc(decision.get('action'))}"
    forced = place.forced
    mark = ""
    if forced is not None and forced.block == decision.get("block"):
        mark = tag("p", f"This run is a what-if: you chose {esc(forced.text())} here.", class_="forced-note")
    return panel(
        panel_id,
        title,
        tag("p", who(decider), " ", esc(_decider_words(decision, decider)), class_="flags"),
        mark,
        _facts(decision),
        tag("h4", "Every option's probability"),
        *(_answer_block(qid, a, questions.get(qid)) for qid, a in answers.items()),
        _gate(decision, answers),
        _holds(place.step_row),
        what_if_forms(place.run_id, place.step, str(decision.get("block")), answers, questions)
        if place.what_if
        else "",
        _frame(row),
        _questions(questions),
    )


def step_panel(panel_id: str, step: Row, *, replayed_from: str | None) -> str:
    """A step's outcome: the call (or finish, or stop), who decided it, why it was held, its note and result."""
    index = index_of(step.get("index"))
    what = "stop" if step.get("tool") == "STOP" else "finish" if step.get("tool") == "FINISH" else None
    shown = what or call_text(step.get("tool"), step.get("args"))
    parts = [tag("p", who(step.get("decided_by")), " decided ", tag("code", esc(shown)), class_="flags")]
    if replayed_from:
        parts.append(tag("p", "Replayed from ", _run_link(replayed_from), ": not run again.", class_="hint"))
    if step.get("note"):
        parts.append(tag("p", esc(step["note"]), class_="hint"))
    parts.append(_holds(step))
    if step.get("observation") is not None:
        parts += [tag("h4", "Result" + ("" if step.get("ok") else " (failed)")), _observation(step["observation"])]
    return panel(panel_id, f"Step {index + 1} · {esc(shown)}", *parts)


def guard_panel(panel_id: str, step: int, approval: Row) -> str:
    """The guard's question about a call that changes something, and the answer."""
    verdict = "allowed" if approval.get("allowed") else "refused"
    facts = [
        ("call", call_text(approval.get("tool"), approval.get("args"))),
        ("it", str(approval.get("side_effect") or "")),
        ("effect shown", str(approval.get("effect") or "not worked out")),
        ("answered by", str(approval.get("by"))),
        ("at", str(approval.get("at"))),
        ("note", str(approval.get("note") or "")),
    ]
    plan = approval.get("plan")
    body = _dl(facts) + (tag("h4", "What it carried out") + _pre(json.dumps(plan, indent=2)) if plan else "")
    return panel(panel_id, f"Step {step + 1} · guard: {verdict}", body)


def call_panel(panel_id: str, step: int, call: Row) -> str:
    """A call as it ran: its arguments, how it went, how long, where from, the whole observation."""
    status = str(call.get("note")) if call.get("in_flight") else "ok" if call.get("ok") else "failed"
    facts = [
        ("call", call_text(call.get("tool"), call.get("args"))),
        ("status", status),
        ("took", ms_text(call.get("ms"))),
        ("source", str(call.get("source") or "—")),
        ("started", str(call.get("started_at") or "")),
    ]
    observation = call.get("observation")
    parts = [_dl(facts)]
    if observation:
        parts += [tag("h4", "Observation"), _observation(observation)]
    return panel(panel_id, f"Step {step + 1} · {esc(call.get('tool'))} ran", *parts)


def answer_panel(panel_id: str, run: Row) -> str:
    """How the run ended: the answer, how it was written, why it stopped."""
    facts = [
        ("stop", str(run.get("stop") or "not ended")),
        ("delivery", str(run.get("delivery") or "—")),
        ("detail", str(run.get("detail") or "—")),
    ]
    return panel(panel_id, "The answer", tag("p", esc(run.get("answer") or "(the run has not ended)")), _dl(facts))


def _decider_words(decision: Mapping[str, object], decider: str) -> str:
    if decider == "system1":
        return "System 1's answer went to the gate as it was."
    if decider == "person" and decision.get("action") != "escalate":
        return "A person's option (a what-if) stood in for System 1's answer."
    return f"The gate held it, so {'a person' if decider == 'person' else 'the ' + decider} decided the step."


def _facts(decision: Mapping[str, object]) -> str:
    usage = as_mapping(decision.get("usage"))
    tokens = f"{usage.get('input_tokens', '—')} in / {usage.get('output_tokens', '—')} out" if usage else "—"
    margin = decision.get("margin")
    facts = [
        ("backend", str(decision.get("backend"))),
        ("model", str(decision.get("model"))),
        ("latency", ms_text(decision.get("latency_ms"))),
        ("tokens", tokens),
        ("policy said", str(decision.get("proposed"))),
        ("margin", prob(margin) if isinstance(margin, float | int) else "—"),
        ("degraded", "yes" if decision.get("degraded") else "no"),
    ]
    facts += [("warning", w) for w in texts(decision.get("warnings"))]
    facts += [(f"problem: {q}", str(why)) for q, why in as_mapping(decision.get("problems")).items()]
    return _dl(facts)


def _answer_block(qid: str, answer: object, question: object) -> str:
    asked = as_mapping(question).get("instructions")
    return tag(
        "div",
        tag("code", esc(qid)),
        tag("p", esc(asked), class_="hint") if asked else "",
        option_bars(answer),
        class_="answer",
    )


def _gate(decision: Mapping[str, object], answers: Mapping[str, object]) -> str:
    """Each threshold of the block against the quantity it reads, per question it applies to."""
    cells = []
    for key, threshold in as_mapping(decision.get("thresholds")).items():
        if not isinstance(threshold, float | int) or math.isnan(threshold):
            continue
        question = str(key).split(".", 1)[-1].split("[", 1)[0]
        for qid, answer in answers.items():
            if qid != question and not qid.startswith(question + ":"):
                continue
            reads, value = _quantity(answer)
            if value is None:
                continue
            passed = "reaches it" if value >= threshold else "below it"
            cells.append([tag("code", esc(key)), esc(f"{qid}: {reads}"), f"{prob(value)} / {threshold:g}", passed])
    reasons = texts(decision.get("reasons"))
    why = tag("p", "Why: " + esc("; ".join(reasons)), class_="hint") if reasons else ""
    if not cells:
        return tag("h4", "The gate") + tag("p", "No threshold applies to these answers.", class_="hint") + why
    head = "".join(tag("th", esc(h), scope="col") for h in ("gate", "reads", "value / threshold", "result"))
    body = "".join(tag("tr", *(tag("td", c) for c in row)) for row in cells)
    table = tag("div", tag("table", tag("thead", tag("tr", head)), tag("tbody", body)), class_="table-wrap")
    return tag("h4", "The gate") + table + why


def _quantity(answer: object) -> tuple[str, float | None]:
    if not isinstance(answer, Mapping):
        return "", None
    kind = answer.get("type")
    if kind == "noul":
        return "p(yes)", number(answer.get("noul"))
    if kind == "score":
        return "expected level", number(answer.get("score"))
    chosen = as_mapping(answer.get("probabilities")).get(str(answer.get("choice")))
    return f"p({answer.get('choice')})", number(chosen)


def _holds(step: Row | None) -> str:
    holds = maps(step.get("holds")) if step is not None else []
    if not holds:
        return ""
    items = "".join(tag("li", esc(h.get("detail", "")), " ", tag("code", esc(h.get("kind", "")))) for h in holds)
    return tag("h4", "The step was held because") + tag("ul", items, class_="holds")


def _frame(row: Row) -> str:
    state = as_mapping(row.get("state"))
    fields = "".join(tag("dt", esc(k)) + tag("dd", _pre(str(v))) for k, v in state.items())
    cut = [
        f"{k}: cut from {v[0]} to {v[1]} characters"
        for k, v in as_mapping(row.get("truncated")).items()
        if isinstance(v, Sequence) and len(v) == 2
    ]
    left = [f"{k}: {why}" for k, why in as_mapping(row.get("excluded")).items()]
    notes = tag("ul", "".join(tag("li", esc(n)) for n in cut), class_="hint") if cut else ""
    left_out = tag("ul", "".join(tag("li", esc(n)) for n in left))
    out = tag("details", tag("summary", f"Left out on purpose ({len(left)})"), left_out) if left else ""
    return tag("h4", "The frame System 1 read") + tag("dl", fields, class_="frame") + notes + out


def _questions(questions: Row) -> str:
    parts = []
    for qid, wire in questions.items():
        q = as_mapping(wire)
        criteria = q.get("criteria")
        if isinstance(criteria, Mapping):
            items = [f"{name} — {text}" if text else str(name) for name, text in criteria.items()]
        else:
            items = [f"{i}: {text}" for i, text in enumerate(texts(criteria))]
        parts.append(
            tag("dt", tag("code", esc(qid)), " ", tag("span", esc(q.get("type")), class_="badge"))
            + tag("dd", tag("p", esc(q.get("instructions"))), tag("ul", "".join(tag("li", esc(i)) for i in items)))
        )
    return tag("h4", "The typed questions") + tag("dl", "".join(parts), class_="questions")


def _observation(text: object) -> str:
    return tag("pre", esc(text), class_="observation")


def _pre(text: str) -> str:
    return tag("pre", esc(text))


def _dl(facts: Sequence[tuple[str, str]]) -> str:
    return tag("dl", "".join(tag("dt", esc(k)) + tag("dd", esc(v)) for k, v in facts), class_="facts")


def _run_link(run_id: str) -> str:
    return tag("a", tag("code", esc(run_id[:8])), href=f"/runs/{run_id}")
