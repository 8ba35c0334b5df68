"""The Evaluate page: open an eval JSON or run one, a slider per gate threshold, and the re-routed figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from decisionloop.evaluate.report import ROUTER_NAMES
from decisionloop.evaluate.reroute import Rerouted, StepRow
from decisionloop.web.html import esc, page, prob, rows, tag

_W, _H, _L, _B, _T, _R = 360, 240, 46, 34, 12, 12
OpenedEval = tuple[str, str, Mapping[str, tuple[float, float]], Rerouted]
"""An opened eval as the page shows it: its id, its name, each slider's range, the figures now."""


def evaluate_page(
    *, csrf: str, files: Sequence[str], can_run: bool, opened: OpenedEval | None = None, error: str | None = None
) -> str:
    """The whole page: where an eval comes from and, once one is open, its sliders and figures."""
    body = tag("h1", "Evaluate") + _sources(files, can_run, error)
    if opened is not None:
        eval_id, name, ranges, rerouted = opened
        body += tag(
            "section",
            tag("h2", "Gate thresholds"),
            tag(
                "p", esc(f"{name}: moving a threshold re-routes the stored answers; no model is asked."), class_="hint"
            ),
            _sliders(ranges, rerouted.thresholds),
            tag("p", "", id="reroute-error", class_="error", role="alert"),
            class_="eval-gates",
            data_eval=eval_id,
        )
        body += tag("div", results_html(rerouted), id="eval-results", aria_live="polite")
    return page("Evaluate", tag("div", body, class_="panel"), csrf=csrf, active="/evaluate", scripts=("evaluate.js",))


def _sources(files: Sequence[str], can_run: bool, error: str | None) -> str:
    picked = tag(
        "form",
        tag("label", "An eval JSON in the home's evals/ folder", for_="eval-file"),
        tag(
            "div",
            tag("select", *(tag("option", esc(f), value=f) for f in files), id="eval-file", name="file"),
            tag("button", "Open", type="submit", disabled=not files),
            class_="row",
        ),
        method="get",
        action="/evaluate",
    )
    upload = tag(
        "div",
        tag("label", "Or upload one (written by decisionloop eval --json)", for_="eval-upload"),
        tag("input", type="file", id="eval-upload", accept=".json,application/json"),
    )
    run = tag(
        "div",
        tag(
            "button", "Evaluate the dev split now", type="button", id="eval-run", class_="primary", disabled=not can_run
        ),
        tag("progress", id="eval-progress", max="1", value="0", hidden=True, aria_label="evaluation progress"),
        tag("span", "", id="eval-status", class_="hint", role="status"),
        class_="buttons",
    )
    shown = tag("p", esc(error), class_="error", role="alert") if error else ""
    return tag("section", picked, upload, run, shown, class_="eval-sources")


def _sliders(ranges: Mapping[str, tuple[float, float]], values: Mapping[str, float]) -> str:
    items = []
    for key, (low, high) in ranges.items():
        ident = "gate-" + "".join(c if c.isalnum() else "-" for c in key)
        value = values.get(key, low)
        step = "0.05" if high > 1 else "0.01"
        items.append(
            tag(
                "li",
                tag("label", tag("code", esc(key)), " ", tag("output", esc(f"{value:g}"), for_=ident), for_=ident),
                tag(
                    "input",
                    type="range",
                    id=ident,
                    min=f"{low:g}",
                    max=f"{high:g}",
                    step=step,
                    value=f"{value:g}",
                    data_key=key,
                ),
            )
        )
    return tag("ul", *items, class_="sliders")


def results_html(rerouted: Rerouted) -> str:
    """The figures under one setting: routers, the gate, the curve with this point, categories, every step."""
    figures = rerouted.figures
    gate = _map(figures.get("gate"))
    point = rerouted.point
    summary = tag(
        "p",
        tag("strong", esc(_pct(gate.get("auto_share")))),
        " of steps automatic, ",
        tag("strong", esc(_pct(gate.get("auto_error")))),
        " of those wrong",
        class_="gate-summary",
        id="gate-summary",
    )
    return (
        tag("h2", "Routers")
        + _routers(_map(figures.get("routers")))
        + summary
        + tag("h2", "Coverage and accuracy")
        + curve_svg(figures.get("curve"), point)
        + tag("h2", "Categories")
        + _categories(_map(figures.get("categories")))
        + tag("h2", "Steps")
        + _filters(sorted({s.category for s in rerouted.steps}))
        + _steps(rerouted.steps)
    )


def _routers(routers: Mapping[str, object]) -> str:
    cells = []
    for key, name in ROUTER_NAMES.items():
        row = routers.get(key)
        if not isinstance(row, Mapping):
            cells.append([esc(name), tag("span", "not run", class_="muted"), "", "", ""])
            continue
        share = row.get("person_share")
        cells.append(
            [
                esc(name),
                esc(_pct(row.get("task_success"))),
                esc(row.get("calls")),
                esc(_pct(share)) if share is not None else "—",
                esc(_ms(row.get("median_ms"))),
            ]
        )
    table = rows(cells, header=("router", "task success", "calls", "held share", "median / task"))
    return table.replace('class="table-wrap"', 'class="table-wrap" id="routers"', 1)


def _categories(categories: Mapping[str, object]) -> str:
    cells = [
        [
            esc(name),
            esc(row.get("tasks")),
            esc(row.get("steps")),
            esc(_pct(row.get("auto_share"))),
            esc(_pct(row.get("auto_error"))),
            esc(_pct(row.get("s1_success"))),
            esc(_pct(row.get("s1_person_success"))),
        ]
        for name, row in ((n, _map(r)) for n, r in categories.items())
    ]
    return rows(cells, header=("category", "tasks", "steps", "automatic", "auto error", "S1", "S1 + person"))


def _filters(categories: Sequence[str]) -> str:
    def choose(ident: str, label: str, options: Sequence[tuple[str, str]]) -> str:
        opts = "".join(tag("option", esc(text), value=value) for value, text in options)
        return tag("div", tag("label", esc(label), for_=ident), tag("select", opts, id=ident))

    return tag(
        "div",
        choose("f-category", "category", [("", "all"), *((c, c) for c in categories)]),
        choose("f-route", "route", [("", "all"), ("auto", "automatic"), ("held", "held")]),
        choose("f-outcome", "outcome", [("", "all"), ("wrong", "wrong"), ("right", "right")]),
        tag("p", "", id="f-count", class_="hint", role="status"),
        class_="filters",
    )


def _steps(steps: Sequence[StepRow]) -> str:
    items = [
        tag(
            "li",
            tag(
                "div",
                tag("span", "automatic" if s.auto else "held", class_="badge " + ("good" if s.auto else "warn")),
                tag("span", "right" if s.correct else "wrong", class_="badge " + ("good" if s.correct else "bad")),
                tag("code", esc(f"{s.task} · step {s.index}")),
                tag("span", esc(s.category), class_="muted"),
                class_="step-head",
            ),
            tag("div", "System 1: ", tag("code", esc(s.proposal)), " ", tag("span", esc(prob(s.p)), class_="p")),
            tag("div", "gold: ", tag("code", esc(s.gold)), class_="muted"),
            tag("div", esc(" · ".join(f"{q} {prob(p)}" for q, p in s.probabilities.items())), class_="probs mono"),
            tag("ul", *(tag("li", esc(h)) for h in s.holds), class_="holds") if s.holds else "",
            class_="eval-step" + ("" if s.correct else " wrong"),
            data_category=s.category,
            data_route="auto" if s.auto else "held",
            data_outcome="right" if s.correct else "wrong",
        )
        for s in steps
    ]
    return tag("ol", *items, class_="eval-steps", id="eval-steps")


def curve_svg(curve: object, point: Mapping[str, float | None]) -> str:
    """Accuracy of the automatic steps (y) against their share (x) as τ sweeps, and this setting's point."""
    swept = [c for c in curve if isinstance(c, Mapping)] if isinstance(curve, list) else []
    xy = [(float(c["auto_share"]), float(c["auto_accuracy"])) for c in swept if c.get("auto_accuracy") is not None]
    here = point.get("auto_share"), point.get("auto_accuracy")
    ys = [y for _, y in xy] + ([here[1]] if here[1] is not None else [])
    low = min(0.9, int(min(ys, default=0.9) * 10) / 10)

    def at(x: float, y: float) -> tuple[float, float]:
        return _L + x * (_W - _L - _R), _T + (1 - (y - low) / (1 - low)) * (_H - _T - _B)

    parts = [f'<rect x="{_L}" y="{_T}" width="{_W - _L - _R}" height="{_H - _T - _B}" class="frame"/>']
    for i in range(6):
        x, _ = at(i / 5, low)
        _, y = at(0, low + i * (1 - low) / 5)
        parts.append(f'<text x="{x:.1f}" y="{_H - _B + 14}" text-anchor="middle">{i * 20}%</text>')
        parts.append(
            f'<text x="{_L - 4}" y="{y + 4:.1f}" text-anchor="end">{(low + i * (1 - low) / 5) * 100:.0f}%</text>'
        )
    coords = " ".join(f"{a:.1f},{b:.1f}" for a, b in (at(x, y) for x, y in sorted(xy)))
    parts.append(f'<polyline points="{coords}" class="line"/>')
    parts += [f'<circle cx="{a:.1f}" cy="{b:.1f}" r="2.5" class="dot"/>' for a, b in (at(x, y) for x, y in xy)]
    if here[0] is not None and here[1] is not None:
        cx, cy = at(here[0], here[1])
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="6" class="here" id="curve-here"/>')
    parts.append(f'<text x="{(_W + _L) / 2:.0f}" y="{_H - 4}" text-anchor="middle">steps automatic</text>')
    title = "accuracy of the automatic steps against their share as τ sweeps; the ring is this setting"
    return (
        f'<svg class="eval-curve" viewBox="0 0 {_W} {_H}" role="img" aria-label="{esc(title)}">'
        f"<title>{esc(title)}</title>{''.join(parts)}</svg>"
        + tag("p", esc(f"here: {_pct(here[0])} automatic at {_pct(here[1])} accuracy"), class_="hint", id="curve-point")
    )


def _map(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _pct(value: object) -> str:
    return f"{value:.1%}" if isinstance(value, float | int) and not isinstance(value, bool) else "—"


def _ms(value: object) -> str:
    return f"{value:.0f} ms" if isinstance(value, float | int) and not isinstance(value, bool) else "—"
