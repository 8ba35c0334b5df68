"""``decisionloop eval``: the task suite, teacher-forced or free-running, four routers, gate tuning, reports."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from decisionloop.cli.common import gate_overrides, llm_chat, reports_errors
from decisionloop.cli.options import gate_option, llm_options
from decisionloop.core.errors import ConfigError
from decisionloop.evaluate.evaluation import EvalConfig, Evaluation, eval_json, eval_text, evaluate, stamp
from decisionloop.evaluate.report import report_lines
from decisionloop.evaluate.score import SWEPT_KEYS
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.model.backend import model_thresholds
from decisionloop.spec.thresholds import read_thresholds, write_thresholds


def _total(config: EvalConfig) -> int:
    tasks = load_suite(config.suite).split(config.split)
    if config.protocol == "teacher":
        return len(tasks) + (sum(len(t.steps) for t in tasks) if config.chat else 0)
    return len(tasks) * (4 if config.chat else 2)


def _run(config: EvalConfig) -> Evaluation:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True) as bar:
        job = bar.add_task("evaluating", total=_total(config))

        def tick(what: str, done: int) -> None:
            bar.update(job, advance=done, description=what)

        return evaluate(config, tick)


@click.command("eval")
@click.option(
    "--suite", type=click.Path(path_type=Path, dir_okay=False, exists=True), help="Suite file [packaged dev]."
)
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="dev", show_default=True)
@click.option("--protocol", type=click.Choice(["teacher", "free"]), default="teacher", show_default=True)
@click.option(
    "--decisions",
    default="model",
    show_default=True,
    help="model (the bundled one), rules, oracle (each task's gold answers), or a /v1/systemone URL; "
    "not read from the environment.",
)
@click.option(
    "--model-dir", type=click.Path(path_type=Path, file_okay=False, exists=True), help="Use this model's files."
)
@click.option("--decisions-model", help="Decision model id to pin on a URL backend; not read from the environment.")
@llm_options(note="Adds the s1_llm and llm routers.")
@gate_option()
@click.option("--thresholds", type=click.Path(path_type=Path, dir_okay=False, exists=True), help="Tuned gate file.")
@click.option("--tune-cap", type=click.FloatRange(0, 1), help="Tune τ on dev: largest auto share with error ≤ CAP.")
@click.option(
    "--tune-floor",
    type=click.FloatRange(0, 1),
    default=0.0,
    show_default=True,
    help="The lowest τ --tune-cap may choose (a small dev split can open the gate further than is safe).",
)
@click.option(
    "--thresholds-out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=Path("thresholds.json"),
    show_default=True,
    help="Where --tune-cap writes the tuned thresholds.",
)
@click.option(
    "--candidates",
    type=click.Choice(["last", "all"]),
    default="last",
    show_default=True,
    help="Teacher-forced candidates: the last observation (published) or all observations (ours).",
)
@click.option(
    "--json",
    "json_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the report and the stored answers (to re-route) as JSON.",
)
@click.option("--html", "html_out", type=click.Path(path_type=Path, dir_okay=False), help="Write an HTML report.")
@reports_errors
def eval_command(
    suite: Path | None,
    split: Literal["dev", "test", "all"],
    protocol: Literal["teacher", "free"],
    decisions: str,
    decisions_model: str | None,
    model_dir: Path | None,
    llm_url: str | None,
    llm_model: str | None,
    llm_timeout: str | None,
    llm_structured: str | None,
    gates: tuple[str, ...],
    thresholds: Path | None,
    tune_cap: float | None,
    tune_floor: float,
    thresholds_out: Path,
    candidates: Literal["last", "all"],
    json_out: Path | None,
    html_out: Path | None,
) -> None:
    """Evaluate System 1 and the routers on a layaAgent task suite; print the routers, gate, parts, categories.

    Teacher-forced (as published): each gold step decided once from the gold history; a different gate is
    re-applied to the stored answers. Free-running (ours): the real loop on each goal, tools replayed.
    """
    if thresholds is not None and tune_cap is not None:
        raise ConfigError("give either --thresholds FILE or --tune-cap CAP, not both")
    if thresholds is not None:
        base = read_thresholds(thresholds)
    elif decisions == "model" and tune_cap is None:
        base = model_thresholds(model_dir)
    else:
        base = {}
    overrides = {**base, **gate_overrides(gates)}
    config = EvalConfig(
        suite=suite or demo_suite_path(),
        split=split,
        protocol=protocol,
        backend=decisions,
        backend_model=decisions_model,
        gates=overrides,
        chat=llm_chat(llm_url, llm_model, llm_timeout, llm_structured),
        tune_cap=tune_cap,
        tune_floor=tune_floor,
        candidates=candidates,
        model_dir=model_dir,
    )
    for option, path in (("--json", json_out), ("--html", html_out)):
        _check_writable(option, path)
    result = _run(config)
    if tune_cap is not None:
        _write_tuned(result, config, tune_cap, thresholds_out)
    for line in report_lines(result.report):
        click.echo(line)
    if json_out is not None:
        json_out.write_text(eval_text(eval_json(result)), encoding="utf-8")
        click.echo(f"wrote {json_out}", err=True)
    if html_out is not None:
        from decisionloop.evaluate.html import html_report

        html_out.write_text(html_report(result), encoding="utf-8")
        click.echo(f"wrote {html_out}", err=True)


def _check_writable(option: str, path: Path | None) -> None:
    """Refuse an output that cannot be written before the evaluation runs, not after."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ConfigError(
            f"{option} {str(path)!r}: the folder {str(folder)!r} does not exist; create it or pick another"
        )
    if path.is_dir():
        raise ConfigError(f"{option} {str(path)!r} is a folder; give a file name")


def _write_tuned(result: Evaluation, config: EvalConfig, cap: float, path: Path) -> None:
    tuned = result.tuned
    if tuned is None:
        click.echo(f"no threshold keeps the automatic-step error at or under {cap:.0%}; nothing written", err=True)
        return
    source = {
        "suite": config.suite.name,
        "split": config.split,
        "protocol": config.protocol,
        "backend": config.backend,
        "cap": cap,
        "floor": config.tune_floor,
        "tau": tuned.tau,
        "auto_share": tuned.auto_share,
        "auto_error": tuned.auto_error,
        "at": stamp(),
    }
    write_thresholds(path, dict.fromkeys(SWEPT_KEYS, tuned.tau), source)
    share, error = tuned.auto_share, tuned.auto_error or 0.0
    click.echo(f"tuned τ = {tuned.tau:g}: {share:.1%} automatic at {error:.1%} error; wrote {path}", err=True)
