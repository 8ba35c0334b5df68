"""The sessions pages: the journal's runs (search, filter by how they stopped, unfinished flagged, what-ifs marked)
and one run: its answer, the runs it is linked to by a what-if, the meter, its setup, and its trace as a graph with
the inspector (``graph``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from decisionloop.core.vocab import STOP_REASONS
from decisionloop.journal import RunSummary
from decisionloop.journal.store import UNFINISHED
from decisionloop.journal.what_if import WHAT_IF_OF, linked
from decisionloop.web.graph import run_graph
from decisionloop.web.html import esc, page, rows, tag, who
from decisionloop.web.loaded import ms_text

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
    link = linked({WHAT_IF_OF: run.what_if_of})
    if link is not None:
        flags.append(tag("span", esc(f"what-if of {link[0][:8]} at step {link[1].step + 1}"), class_="badge"))
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


def run_page(data: Mapping[str, object], *, csrf: str, what_ifs: Sequence[RunSummary] = ()) -> str:
    """One journalled run in full; ``what_ifs``: the runs re-run from it."""
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
    links = _links(data, what_ifs)
    figures = _meter(data.get("meter")) + _llm_calls(data.get("llm_calls"))
    body = head + exports + answer + links + figures + how + run_graph(data)
    title = str(data.get("goal", "Run"))
    return page(title, tag("div", body, class_="panel run"), csrf=csrf, active="/runs", scripts=["run.js"])


def _links(data: Mapping[str, object], what_ifs: Sequence[RunSummary]) -> str:
    """The run this one is a what-if of, and the what-ifs of this one."""
    parts = []
    link = linked(data.get("config"))
    if link is not None:
        old, forced = link
        parts.append(
            tag(
                "p",
                "What-if of run ",
                tag("a", tag("code", esc(old[:8])), href=f"/runs/{old}"),
                esc(f": re-run from step {forced.step + 1} with {forced.text()}; "),
                esc(_replayed(forced.step)),
                class_="what-if-of",
            )
        )
    if what_ifs:
        items = "".join(_what_if_item(r) for r in what_ifs)
        parts.append(tag("h2", "What-ifs of this run") + tag("ul", items, class_="what-ifs"))
    return tag("section", *parts, class_="links") if parts else ""


def _replayed(step: int) -> str:
    if not step:
        return "nothing replayed."
    return f"{'step 1' if step == 1 else f'steps 1–{step}'} replayed, not run again."


def _what_if_item(run: RunSummary) -> str:
    link = linked({WHAT_IF_OF: run.what_if_of})
    how = f" step {link[1].step + 1}: {link[1].text()}" if link is not None else ""
    outcome = run.stop if run.status == "ended" and run.stop else UNFINISHED
    return tag("li", tag("a", tag("code", esc(run.id[:8])), href=f"/runs/{run.id}"), esc(how), " ", stop_badge(outcome))


def _llm_calls(calls: object) -> str:
    """A row per LLM call: the step, what it was for, the model, latency, tokens, and whether its reply was used."""
    found = [c for c in calls if isinstance(c, Mapping)] if isinstance(calls, list) else []
    if not found:
        return ""
    cells = [
        [
            esc(_step_number(c.get("step"))),
            esc(str(c.get("purpose", "")).replace("_", " ")),
            tag("code", esc(c.get("model", ""))),
            esc(ms_text(c.get("ms"))),
            esc(f"{_count(c.get('input_tokens'))} / {_count(c.get('output_tokens'))}"),
            esc(f"failed: {c['error']}" if c.get("error") else "used" if c.get("used") else "not used"),
        ]
        for c in found
    ]
    header = ("step", "purpose", "model", "time", "tokens in / out", "reply")
    return tag("section", tag("h2", "LLM calls"), rows(cells, header=header), class_="llm-calls")


def _step_number(step: object) -> object:
    return step + 1 if isinstance(step, int) else "—"


def _count(value: object) -> str:
    return str(value) if isinstance(value, int) else "?"


def _meter(meter: object) -> str:
    if not isinstance(meter, Mapping):
        return ""
    deciders = meter.get("deciders", {})
    who_line = " ".join(f"{who(k)} ({n})" for k, n in deciders.items() if n) if isinstance(deciders, Mapping) else ""
    ratio = meter.get("ratio")
    share = meter.get("decision_share")
    took = ms_text(meter.get("decision_ms"))
    cells = [
        ("decisions", f"{meter.get('decisions')} in {meter.get('requests')} requests, {took}"),
        ("LLM calls", f"{meter.get('model_calls')}, {ms_text(meter.get('model_ms'))}"),
        ("decisions : LLM calls", f"{ratio:.1f} : 1" if isinstance(ratio, float) else f"{meter.get('decisions')} : 0"),
        ("decision share of model time", f"{share:.0%}" if isinstance(share, float) else "—"),
        ("tokens", f"decisions {meter.get('decision_input_tokens')} in / {meter.get('decision_output_tokens')} out; "
         f"LLM {meter.get('model_input_tokens')} in / {meter.get('model_output_tokens')} out"),
        ("wall clock", ms_text(meter.get("wall_ms"))),
        ("escalated, degraded", f"{meter.get('escalated')}, {meter.get('degraded')}"),
    ]  # fmt: skip
    facts = "".join(tag("dt", esc(k)) + tag("dd", esc(v)) for k, v in cells)
    return tag("section", tag("h2", "Meter"), tag("dl", facts, class_="facts"), tag("p", who_line), class_="meter")
