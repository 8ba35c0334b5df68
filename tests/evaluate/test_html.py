"""The HTML report: one well-formed page, no external references, every step, the worst steps first."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.evaluate.curve_svg import CHAR_WIDTH, HEIGHT, LABEL_HEIGHT, WIDTH, curve_svg
from decisionloop.evaluate.evaluation import EvalConfig, Evaluation, evaluate
from decisionloop.evaluate.gating import TaskVerdict
from decisionloop.evaluate.html import escaped, html_report, ordered_steps
from decisionloop.evaluate.metrics import CurvePoint
from decisionloop.evaluate.report import ROUTER_NAMES
from decisionloop.gold.suite import demo_suite_path

VOID = frozenset({"meta", "br", "hr", "img", "input", "link", "col", "wbr"})
FETCHING = frozenset({"script", "link", "img", "iframe", "object", "embed", "audio", "video", "source"})


class Page(HTMLParser):
    """Records the tags, the attribute values and the rows of the step table; notes unbalanced tags."""

    def __init__(self, document: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.tags: list[str] = []
        self.values: list[str] = []
        self.step_classes: list[str] = []
        self.feed(document)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._record(tag, attrs)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._record(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:]}")
            return
        self.open.pop()

    def _record(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.values += [v for _, v in attrs if v is not None]
        classes = dict(attrs).get("class") or ""
        if tag == "tr" and classes.split()[:1] == ["step"]:
            self.step_classes.append(classes)


@pytest.fixture(scope="module")
def oracle() -> Evaluation:
    return evaluate(EvalConfig(suite=demo_suite_path(), backend="oracle", tune_cap=0.1))


@pytest.fixture(scope="module")
def rules() -> Evaluation:
    return evaluate(EvalConfig(suite=demo_suite_path(), backend="rules"))


@pytest.fixture(scope="module")
def free() -> Evaluation:
    return evaluate(EvalConfig(suite=demo_suite_path(), backend="oracle", protocol="free"))


def _steps(evaluation: Evaluation) -> int:
    return sum(len(task.steps) for task in evaluation.verdicts)


@pytest.mark.parametrize("name", ["oracle", "rules", "free"])
def test_the_page_is_well_formed_and_references_nothing_outside_itself(
    name: str, request: pytest.FixtureRequest
) -> None:
    document = html_report(request.getfixturevalue(name))
    page = Page(document)
    assert document.startswith("<!DOCTYPE html>")
    assert page.problems == []
    assert page.open == []
    assert not FETCHING & set(page.tags)
    assert not [v for v in page.values if "http:" in v or "https:" in v or v.startswith("//")]
    assert "http://" not in document
    assert "https://" not in document
    assert re.findall(r"url\((?!#)", document) == []
    assert not [v for v in page.values if v.startswith(("javascript:", "data:"))]


def test_the_oracle_page_draws_the_curve_marks_the_tuned_point_and_lists_every_step(oracle: Evaluation) -> None:
    document = html_report(oracle)
    page = Page(document)
    assert oracle.tuned is not None
    assert "svg" in page.tags
    assert document.count("<svg") == 1
    assert "tuned" in document
    assert "τ=" in document
    assert len(page.step_classes) == _steps(oracle) == 80


def test_the_llm_routers_show_not_run(oracle: Evaluation) -> None:
    document = html_report(oracle)
    for key in ("s1_llm", "llm"):
        assert f"<td>{escaped(ROUTER_NAMES[key])}</td><td>not run</td>" in document
    assert f"<td>{escaped(ROUTER_NAMES['s1'])}</td><td>not run</td>" not in document


def test_with_every_step_held_every_step_is_listed_with_its_hold_reasons_and_no_curve_is_drawn(
    rules: Evaluation,
) -> None:
    document = html_report(rules)
    page = Page(document)
    assert len(page.step_classes) == _steps(rules)
    assert all("held-" in c for c in page.step_classes)
    assert document.count(">HOLD<") == _steps(rules)
    assert "<svg" not in document
    assert "no curve to draw" in document


def test_the_free_running_page_says_there_is_no_step_list_or_curve(free: Evaluation) -> None:
    document = html_report(free)
    page = Page(document)
    assert free.verdicts == ()
    assert "Free-running protocol" in document
    assert page.step_classes == []
    assert "<svg" not in document
    assert f"<td>{escaped(ROUTER_NAMES['llm'])}</td><td>not run</td>" in document


def test_automatic_and_wrong_steps_come_first_then_held_and_wrong_then_the_rest(oracle: Evaluation) -> None:
    tasks = list(oracle.verdicts)
    auto = next(i for i, t in enumerate(tasks) if i > 5 and t.steps[0].auto)
    held = next(i for i, t in enumerate(tasks) if not t.steps[0].auto)
    assert held < len(tasks) - 1
    tasks[auto] = _first_wrong(tasks[auto])
    tasks[held] = _first_wrong(tasks[held])
    ordered = ordered_steps(tasks)
    first, second = ordered[0][1], ordered[1][1]
    assert (first.auto, first.correct) == (True, False)
    assert (second.auto, second.correct) == (False, False)
    assert all(step.correct for _, step in ordered[2:])
    rest = [(task.case.task.id, step.case.index) for task, step in ordered[2:]]
    suite_order = [(t.case.task.id, s.case.index) for t in tasks for s in t.steps if s.correct]
    assert rest == suite_order
    assert len(ordered) == _steps(oracle)


def test_the_page_lists_steps_in_that_order(oracle: Evaluation) -> None:
    tasks = list(oracle.verdicts)
    tasks[-1] = _first_wrong(tasks[-1])
    page = Page(html_report(replace(oracle, verdicts=tuple(tasks))))
    assert page.step_classes[0] == "step auto-wrong"
    assert all(c.endswith("-right") for c in page.step_classes[1:])


def _first_wrong(task: TaskVerdict) -> TaskVerdict:
    return replace(task, steps=(replace(task.steps[0], correct=False), *task.steps[1:]))


def test_escaped_turns_markup_into_text() -> None:
    assert escaped("<script>alert('x')</script> & \"y\"") == (
        "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;y&quot;"
    )
    assert escaped(0.5) == "0.5"


def test_a_goal_with_markup_or_a_url_stays_text(rules: Evaluation) -> None:
    first = rules.verdicts[0]
    goal = '<script src="https://evil.example/x.js"></script> weather?'
    changed = replace(first, case=replace(first.case, task=replace(first.case.task, goal=goal)))
    document = html_report(replace(rules, verdicts=(changed, *rules.verdicts[1:])))
    page = Page(document)
    assert "script" not in page.tags
    assert "&lt;script src=&quot;https://evil.example/x.js&quot;&gt;" in document
    assert not [v for v in page.values if "https:" in v]


def test_without_matplotlib_the_page_still_draws_the_curve(oracle: Evaluation, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    document = html_report(oracle)
    assert document.count("<svg") == 1
    assert len(_circles(document)) == 2


def test_eval_html_runs_where_matplotlib_cannot_be_imported(tmp_path: Path) -> None:
    page = tmp_path / "eval.html"
    argv = ["decisionloop", "eval", "--decisions", "oracle", "--tune-cap", "0.1", "--html", str(page)]
    argv += ["--thresholds-out", str(tmp_path / "thresholds.json")]
    blocked = "import sys; sys.modules['matplotlib'] = None; from decisionloop.cli.main import run"
    code = f"{blocked}; sys.argv = {argv!r}; run()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "<svg" in page.read_text(encoding="utf-8")


def test_an_html_path_in_a_missing_folder_is_refused_before_the_evaluation_runs(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "eval.html"
    result = CliRunner().invoke(main, ["eval", "--decisions", "oracle", "--html", str(missing)])
    assert result.exit_code != 0
    assert "the folder" in result.stderr
    assert "does not exist" in result.stderr
    assert "Routers" not in result.stdout
    assert "task success" not in result.stdout


def test_importing_the_module_does_not_import_matplotlib() -> None:
    code = "import sys, decisionloop.evaluate.html; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# The shipped model's sweep on the dev split: accuracy 98.6–100%, automatic share 45–96%; drawn on 0..1 axes, every
# point but one sat in the top-right corner.
MODEL_SWEEP = [(0.0, 77, 76), (0.5, 77, 76), (0.55, 76, 75), (0.6, 73, 72), (0.65, 72, 71), (0.7, 72, 71)]
MODEL_SWEEP += [(0.8, 69, 69), (0.9, 66, 66), (1.0, 36, 36)]


def _sweep() -> list[CurvePoint]:
    return [CurvePoint(tau=tau, auto=auto, auto_right=right, steps=80) for tau, auto, right in MODEL_SWEEP]


def _circles(document: str) -> list[tuple[float, float]]:
    found = re.findall(r'<circle class="point" cx="([\d.]+)" cy="([\d.]+)"', document)
    return [(float(x), float(y)) for x, y in found]


def _labels(document: str) -> list[tuple[float, float, str]]:
    found = re.findall(r'<text class="label" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', document)
    return [(float(x), float(y), html.unescape(text)) for x, y, text in found]


def test_the_points_spread_over_the_plot_instead_of_sitting_in_one_corner() -> None:
    svg = curve_svg(_sweep(), tuned=_sweep()[6])
    circles = _circles(svg)
    assert len(circles) == 7  # τ 0–0.5 fall on one place
    xs, ys = [x for x, _ in circles], [y for _, y in circles]
    assert max(xs) - min(xs) > 0.6 * WIDTH
    assert max(ys) - min(ys) > 0.5 * HEIGHT
    assert len({round(y) for y in ys}) >= 3
    assert "error of the automatic steps" in svg
    assert "automatic share of steps" in svg
    assert 'class="tuned"' in svg


def test_the_labels_are_apart_from_each_other_and_inside_the_picture() -> None:
    labels = _labels(curve_svg(_sweep(), tuned=None))
    assert sorted(text for _, _, text in labels) == sorted(
        ["τ=0–0.5", "τ=0.55", "τ=0.6", "τ=0.65–0.7", "τ=0.8", "τ=0.9", "τ=1"]
    )
    boxes = [(x, y - LABEL_HEIGHT, x + len(text) * CHAR_WIDTH, y) for x, y, text in labels]
    for i, a in enumerate(boxes):
        assert min(a[0], a[1]) >= 0
        assert a[2] <= WIDTH
        assert a[3] <= HEIGHT
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_axes_are_fitted_to_the_data_with_ticks() -> None:
    svg = curve_svg(_sweep(), tuned=None)
    ticks = re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg)
    assert "40%" in ticks
    assert "100%" in ticks
    assert "0%" not in ticks[: ticks.index("100%")]  # the share axis starts near the data, not at 0
    assert "1.0%" in ticks
    assert "0.0%" in ticks
    assert "100.0%" not in ticks  # the error axis does not run to 100%
