"""The evaluation report: one JSON object with stable keys, and the lines printed for a person."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from decisionloop.evaluate.metrics import CurvePoint

PART_KEYS = (
    "action_acc",
    "action_acc_no_stop",
    "arg_acc",
    "span_arg_acc",
    "fixed_arg_acc",
    "extractor_recall",
    "none_recall",
    "risk_auroc",
    "done_auroc",
    "ece",
)
ROUTER_NAMES = {
    "s1": "System 1 alone (no gate)",
    "s1_person": "System 1 + a person on held steps",
    "s1_llm": "System 1 + the LLM on held steps",
    "llm": "the LLM on every step",
}


def curve_json(points: Sequence[CurvePoint]) -> list[dict[str, object]]:
    """The sweep as ``[{tau, auto_share, auto_accuracy}]``."""
    return [{"tau": p.tau, "auto_share": p.auto_share, "auto_accuracy": p.auto_accuracy} for p in points]


def empty_parts() -> dict[str, object]:
    """Every part key, unmeasured (the free-running protocol has no per-step gold to score parts against)."""
    return dict.fromkeys(PART_KEYS)


def _pct(value: object) -> str:
    return f"{value:.1%}" if isinstance(value, float) else "—"


def _ms(value: object) -> str:
    return f"{value:.0f} ms" if isinstance(value, float | int) else "—"


def report_lines(report: Mapping[str, object]) -> list[str]:
    """The routers table, the gate, the parts and the categories."""
    lines = [
        f"{report['suite']} · split {report['split']} · {report['protocol']} · {report['tasks']} tasks, "
        f"{report['steps']} steps · backend {report['backend']}",
        "",
        f"{'router':<38} {'task success':>12} {'calls':>7} {'median/task':>12}",
    ]
    routers = report["routers"]
    assert isinstance(routers, Mapping)
    for key, name in ROUTER_NAMES.items():
        row = routers.get(key)
        if not isinstance(row, Mapping):
            lines.append(f"{name:<38} {'not run':>12}")
            continue
        calls = row.get("calls")
        lines.append(f"{name:<38} {_pct(row.get('task_success')):>12} {calls!s:>7} {_ms(row.get('median_ms')):>12}")
    gate = report["gate"]
    assert isinstance(gate, Mapping)
    lines += [
        "",
        f"gate: {_pct(gate.get('auto_share'))} of steps automatic, {_pct(gate.get('auto_error'))} of those wrong",
    ]
    lines += _trust_lines(report)
    lines += _part_lines(report)
    lines += _category_lines(report)
    return lines


def _trust_lines(report: Mapping[str, object]) -> list[str]:
    """What the LLM did on held steps: the policy the loop uses, and each policy swept."""
    routers = report["routers"]
    row = routers.get("s1_llm") if isinstance(routers, Mapping) else None
    sweep = report.get("trust")
    if not isinstance(row, Mapping) or not isinstance(sweep, list):
        return []
    lines = [
        "",
        f"LLM on {row.get('held_steps')} held steps (System 1's choices offered): its choice taken on "
        f"{row.get('llm_taken')}, {row.get('llm_taken_wrong')} of those wrong, net {row.get('net_right'):+} steps put "
        f"right; taken on every held step: {_pct(row.get('unchecked_task_success'))} task success; "
        f"{row.get('unusable')} replies unusable or failed",
        f"{'trust: top_k':<14} {'min_p':>6} {'task success':>13} {'taken':>6} {'wrong':>6} {'net':>5}",
    ]
    for policy in sweep:
        if isinstance(policy, Mapping):
            k = policy.get("top_k")
            lines.append(
                f"{'any' if k is None else k!s:<14} {policy.get('min_p')!s:>6} {_pct(policy.get('task_success')):>13} "
                f"{policy.get('llm_taken')!s:>6} {policy.get('llm_taken_wrong')!s:>6} {policy.get('net_right')!s:>5}"
            )
    return lines


def _part_lines(report: Mapping[str, object]) -> list[str]:
    parts = report["parts"]
    assert isinstance(parts, Mapping)
    if all(v is None for v in parts.values()):
        return []
    shown = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} —" for k, v in parts.items())
    latency = report.get("latency")
    lines = ["", f"parts: {shown}"]
    if isinstance(latency, Mapping):
        lines.append(f"System 1 per step: p50 {_ms(latency.get('step_p50_ms'))}, p95 {_ms(latency.get('step_p95_ms'))}")
    return lines


def _category_lines(report: Mapping[str, object]) -> list[str]:
    categories = report.get("categories")
    if not isinstance(categories, Mapping) or not categories:
        return []
    lines = ["", f"{'category':<12} {'tasks':>5} {'steps':>5} {'auto':>7} {'auto err':>8} {'S1':>7} {'S1+you':>7}"]
    for name, row in categories.items():
        assert isinstance(row, Mapping)
        lines.append(
            f"{name:<12} {row.get('tasks')!s:>5} {row.get('steps')!s:>5} {_pct(row.get('auto_share')):>7} "
            f"{_pct(row.get('auto_error')):>8} {_pct(row.get('s1_success')):>7} {_pct(row.get('s1_person_success')):>7}"
        )
    return lines
