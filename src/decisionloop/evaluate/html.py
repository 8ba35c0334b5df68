"""The evaluation as one self-contained HTML page: the report's tables, the coverage curve and every step."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.evaluate.curve_svg import curve_svg
from decisionloop.evaluate.gating import TaskVerdict, Verdict
from decisionloop.evaluate.metrics import CurvePoint
from decisionloop.evaluate.report import ROUTER_NAMES
from decisionloop.gold.suite import GoldCall, GoldStep
from decisionloop.gold.teacher import slot_choices

if TYPE_CHECKING:
    from decisionloop.evaluate.evaluation import Evaluation
    from decisionloop.spec.model import Spec

__all__ = ["escaped", "html_report", "ordered_steps"]

_TOP_PICKS = 3
_CSS = """body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#222;max-width:110em}
table{border-collapse:collapse;margin:.4em 0 1.4em} th{background:#f3f3f3} ul{margin:0;padding-left:1.1em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
tr.auto-wrong{background:#fdd} tr.held-wrong{background:#fff0d0} small,.why{font-size:12px;color:#555}
.auto,.right{color:#060;font-weight:bold} .hold{color:#a50;font-weight:bold} .wrong{color:#b00;font-weight:bold}"""
_CATEGORY_LABELS = {"auto_share": "auto", "auto_error": "auto wrong", "action_acc": "action acc"}
_CATEGORY_LABELS |= {"s1_success": "System 1 alone", "s1_person_success": "System 1 + person"}
_STEP_HEAD = ("task · step", "category", "goal", "gold", "System 1 picks", "proposal", "gate", "result", "slots")
_NO_CURVE = "<p>No threshold of the sweep let a step run automatically, so there is no curve to draw.</p>"
_FREE_NOTE = "<p>Free-running protocol: steps are not judged against the gold, so no parts, curve or step list.</p>"
_CURVE_NOTE = (
    "<p><small>Each point is one gate threshold τ: a higher τ runs fewer steps automatically and, usually, gets "
    "fewer of those wrong. The axes cover the range of the points, not 0–100%.</small></p>"
)


def escaped(value: object) -> str:
    """Any value as HTML text, quotes included (every text in the page goes through here)."""
    return html.escape(str(value), quote=True)


def ordered_steps(verdicts: Sequence[TaskVerdict]) -> list[tuple[TaskVerdict, Verdict]]:
    """Every step with its task: automatic-and-wrong first, then held-and-wrong, then the rest (each in suite order)."""
    steps = [(task, step) for task in verdicts for step in task.steps]
    return sorted(steps, key=lambda pair: _rank(pair[1]))


def _rank(verdict: Verdict) -> int:
    if verdict.correct:
        return 2
    return 0 if verdict.auto else 1


def html_report(evaluation: Evaluation) -> str:
    """One HTML document with no scripts and no external references; the curve is inline SVG of our own."""
    report = evaluation.report
    sections = [_header(report), _routers(report), _gate(report)]
    if evaluation.verdicts:
        sections += [_parts(report), _latency(report), _categories(report)]
        sections += [_curve(evaluation.curve, evaluation.tuned), _steps(evaluation)]
    else:
        sections += [_categories(report), _FREE_NOTE]
    title = escaped(f"decisionloop eval · {report.get('suite')} · {report.get('split')}")
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{_CSS}</style></head><body><h1>{title}</h1>\n" + "\n".join(sections) + "\n</body></html>\n"
    )


def _mapping(report: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = report.get(key)
    return value if isinstance(value, Mapping) else {}


def _pct(value: object) -> str:
    return f"{value:.1%}" if isinstance(value, float) else "—"


def _ms(value: object) -> str:
    return f"{value:.0f} ms" if isinstance(value, float | int) and not isinstance(value, bool) else "—"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table of plain texts, every cell escaped."""
    body = "".join("<tr>" + "".join(f"<td>{escaped(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table>{_thead(head)}<tbody>{body}</tbody></table>"


def _thead(head: Sequence[str]) -> str:
    return "<thead><tr>" + "".join(f"<th>{escaped(h)}</th>" for h in head) + "</tr></thead>"


def _header(report: Mapping[str, object]) -> str:
    facts = [(key, report.get(key, "—")) for key in ("suite", "split", "protocol", "tasks", "steps", "backend")]
    thresholds = ", ".join(f"{key} {value}" for key, value in _mapping(report, "thresholds").items())
    rows = "".join(f"<tr><th>{escaped(k)}</th><td>{escaped(v)}</td></tr>" for k, v in facts)
    return f'<table class="facts">{rows}<tr><th>thresholds</th><td>{escaped(thresholds or "—")}</td></tr></table>'


def _routers(report: Mapping[str, object]) -> str:
    routers = _mapping(report, "routers")
    rows: list[list[object]] = []
    for key, name in ROUTER_NAMES.items():
        row = routers.get(key)
        if not isinstance(row, Mapping):
            rows.append([name, "not run", "", "", ""])
            continue
        shares = (_pct(row.get("task_success")), row.get("calls", "—"), _ms(row.get("median_ms")))
        rows.append([name, *shares, _pct(row.get("person_share"))])
    head = ("router", "task success", "calls", "median per task", "person share")
    return "<h2>Routers</h2>" + _table(head, rows)


def _gate(report: Mapping[str, object]) -> str:
    gate = _mapping(report, "gate")
    share, error = _pct(gate.get("auto_share")), _pct(gate.get("auto_error"))
    return f"<p><b>gate:</b> {escaped(share)} of steps automatic, {escaped(error)} of those wrong</p>"


def _parts(report: Mapping[str, object]) -> str:
    parts = _mapping(report, "parts")
    rows = [(key, f"{value:.3f}" if isinstance(value, float) else "—") for key, value in parts.items()]
    return "<h2>Parts</h2>" + _table(("part", "value"), rows)


def _latency(report: Mapping[str, object]) -> str:
    latency = _mapping(report, "latency")
    p50, p95 = _ms(latency.get("step_p50_ms")), _ms(latency.get("step_p95_ms"))
    return f"<p><b>System 1 per step:</b> p50 {escaped(p50)}, p95 {escaped(p95)}</p>"


def _categories(report: Mapping[str, object]) -> str:
    table = {name: row for name, row in _mapping(report, "categories").items() if isinstance(row, Mapping)}
    if not table:
        return ""
    keys = list(dict.fromkeys(key for row in table.values() for key in row))
    rows = [[name, *(_category_cell(row.get(key)) for key in keys)] for name, row in table.items()]
    return "<h2>Categories</h2>" + _table(["category", *(_CATEGORY_LABELS.get(k, k) for k in keys)], rows)


def _category_cell(value: object) -> object:
    return _pct(value) if isinstance(value, float) or value is None else value


def _curve(points: Sequence[CurvePoint], tuned: CurvePoint | None) -> str:
    shown = [p for p in sorted(points, key=lambda p: p.tau) if p.auto_accuracy is not None]
    title = "<h2>Automatic share and error as τ moves</h2>"
    if not shown:
        return title + _NO_CURVE
    note = ""
    if tuned is not None:
        note = f"<p>tuned: τ = {tuned.tau:g}, {_pct(tuned.auto_share)} automatic, {_pct(tuned.auto_error)} wrong</p>"
    return title + note + _CURVE_NOTE + curve_svg(shown, tuned)


def _steps(evaluation: Evaluation) -> str:
    rows = "".join(_step_row(task, step, evaluation.spec) for task, step in ordered_steps(evaluation.verdicts))
    return (
        "<h2>Steps</h2><p>Automatic and wrong first, then held and wrong, then the rest.</p>"
        f'<table class="steps">{_thead(_STEP_HEAD)}<tbody>{rows}</tbody></table>'
    )


def _step_row(task: TaskVerdict, step: Verdict, spec: Spec | None) -> str:
    goal = task.case.task
    cells = (
        f"{escaped(goal.id)} · {step.case.index}",
        escaped(goal.category),
        escaped(goal.goal),
        _gold(step.case.gold),
        _picks(step, spec),
        _proposal(step),
        _route(step),
        '<span class="right">right</span>' if step.correct else '<span class="wrong">wrong</span>',
        _slots(step, spec),
    )
    kind = f"{'auto' if step.auto else 'held'}-{'right' if step.correct else 'wrong'}"
    return f'<tr class="step {kind}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _gold(step: GoldStep) -> str:
    return " <small>or</small> ".join(_gold_call(call) for call in step.calls())


def _gold_call(call: GoldCall) -> str:
    args = "; ".join(f"{escaped(slot)} = {escaped(' | '.join(values))}" for slot, values in call.args.items())
    return f"<code>{escaped(call.action)}</code>" + (f"<br><small>{args}</small>" if args else "")


def _picks(step: Verdict, spec: Spec | None) -> str:
    decision = step.case.step.decisions(spec).get("pick_tool")
    answer = decision.answers.get("tool") if decision is not None else None
    if not isinstance(answer, ChoiceAnswer):
        return "—"
    return "<br>".join(f"{escaped(name)} {p:.2f}" for name, p in answer.ranked()[:_TOP_PICKS])


def _proposal(step: Verdict) -> str:
    call = step.route.call
    if step.stop:
        return "stop" + (f" <small>done {step.done_p:.2f}</small>" if step.done_p is not None else "")
    if call is None:
        return "no tool"
    args = ", ".join(f"{escaped(k)}={escaped(v)}" for k, v in call.args.items())
    return f"<code>{escaped(call.tool)}</code>({args})"


def _route(step: Verdict) -> str:
    if step.auto:
        return '<span class="auto">AUTO</span>'
    reasons = "".join(f"<li>{escaped(h.detail)} <small>({escaped(h.kind)})</small></li>" for h in step.route.holds)
    return f'<span class="hold">HOLD</span><ul class="why">{reasons}</ul>'


def _slots(step: Verdict, spec: Spec | None) -> str:
    if not step.case.slots:
        return "—"
    chosen = slot_choices(step.case, spec)
    items = []
    for slot in step.case.slots:
        answer = chosen.get(slot.name)
        pick = f"{escaped(answer.choice)} {answer.top:.2f}" if answer is not None else "not asked"
        mark = "" if answer is not None and answer.choice == slot.gold else ' class="wrong"'
        items.append(f"<li{mark}>{escaped(slot.name)}: {pick} <small>gold {escaped(slot.gold)}</small></li>")
    return f"<ul>{''.join(items)}</ul>"
