"""``decisionloop bench``: benchmarks that print figures (BFCL v4, any tool-calling JSONL, compare vs ReAct,
decision-server latency)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Literal

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from decisionloop.cli.common import decision_backend, gate_overrides, llm_chat, notice, reports_errors
from decisionloop.cli.options import decisions_options, gate_option, llm_options
from decisionloop.cli.views.bfcl import bfcl_lines
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import ConfigError
from decisionloop.evaluate.bfcl import run_bfcl
from decisionloop.evaluate.bfcl_data import (
    DEV,
    HELD_OUT,
    BfclCategory,
    BfclItem,
    data_source,
    load_bfcl,
    parse_category,
)
from decisionloop.evaluate.bfcl_score import BfclRecord, by_category, result_json
from decisionloop.evaluate.compare import ArmRecord, compare, compare_json
from decisionloop.evaluate.compare import report_lines as compare_lines
from decisionloop.evaluate.free import FreeSetup
from decisionloop.evaluate.latency import latency_json, measure
from decisionloop.evaluate.latency import report_lines as latency_lines
from decisionloop.evaluate.react import react_system
from decisionloop.evaluate.tools_bench import ToolsRecord, run_tools
from decisionloop.evaluate.tools_score import report_lines as tools_lines
from decisionloop.evaluate.tools_score import totals
from decisionloop.gold.suite import Task, demo_suite_path, load_suite
from decisionloop.gold.tools_items import ToolsItem, load_items
from decisionloop.llm.chat import HttpChat
from decisionloop.model.backend import model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.settings import resolve, resolve_float, setting
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.spec.thresholds import read_thresholds
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.replay import ReplayBook


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def bench() -> None:
    """Benchmarks that print figures."""


@bench.command("bfcl")
@click.option(
    "--categories",
    default=",".join(DEV),
    show_default=True,
    help=f"Comma-separated BFCL v4 categories. {', '.join(DEV)} are for development and tuning; "
    f"{', '.join(HELD_OUT)} are held out: report their figures, never tune on them.",
)
@click.option("--limit", type=click.IntRange(min=1), help="Run only the first N items of each category.")
@decisions_options()
@click.option(
    "--json", "json_out", type=click.Path(path_type=Path, dir_okay=False), help="Write figures and records here."
)
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False), hidden=True)
@reports_errors
def bfcl(
    categories: str,
    limit: int | None,
    decisions_url: str | None,
    decisions_model: str | None,
    json_out: Path | None,
    data_dir: Path | None,
) -> None:
    """Run needs_tool, pick_tool and pick_args on BFCL v4 items (data from `pip install --no-deps bfcl-eval`)."""
    chosen = _categories(categories)
    items = [item for c in chosen for item in load_bfcl(c, data_dir)[:limit]]
    held = [c for c in chosen if c in HELD_OUT]
    if held:
        notice(f"held out: {', '.join(held)} — report these figures, never tune on them")
    backend = decision_backend(decisions_url, decisions_model, None)
    spec, gate = _gated(backend)
    started = time.perf_counter()
    records = _run(items, backend, spec)
    wall_s = time.perf_counter() - started
    source = data_source(data_dir)
    title = f"BFCL v4 ({source}) · backend {backend.name} · {gate} · {wall_s:.1f} s"
    for line in bfcl_lines(by_category(records), title):
        click.echo(line)
    if json_out is not None:
        result = result_json(records, backend=backend.name, source=source, held_out=held)
        json_out.write_text(json.dumps({**result, "wall_s": wall_s}, indent=2, ensure_ascii=False), encoding="utf-8")


def _categories(text: str) -> list[BfclCategory]:
    """The comma-separated categories, each once, in the order given."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise click.BadParameter(f"no category in {text!r}; give e.g. {','.join(DEV)}", param_hint="--categories")
    return list(dict.fromkeys(parse_category(n) for n in names))


def _gated(backend: DecisionBackend, thresholds: Path | None = None, gates: Sequence[str] = ()) -> tuple[Spec, str]:
    """The gate a run would use: ``thresholds`` (a tuned-gate file) when given, else the bundled model's tuned
    thresholds with the bundled model (as ``run`` does), else DECISION.md's; then the gates setting and ``--gate``
    flags over it, key by key; and how to name it in a title."""
    if thresholds is not None:
        tuned, source = read_thresholds(thresholds), f"from {thresholds.name}"
    else:
        tuned, source = (model_thresholds() if backend.name == "model" else {}), "the model's tuned thresholds"
    moved = gate_overrides(gates)
    spec = apply_gates(load_spec(), {**tuned, **moved})
    named = ", ".join(f"{k} {v:g}" for k, v in tuned.items())
    title = f"gate {named} ({source})" if tuned else "gate DECISION.md's"
    if moved:
        title += ", moved: " + ", ".join(f"{k} {v:g}" for k, v in moved.items())
    return spec, title


def _run(items: Sequence[BfclItem], backend: DecisionBackend, spec: Spec) -> list[BfclRecord]:
    """Every item, with a progress bar on stderr."""
    columns = (TextColumn("bfcl {task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(items))

        def advance(record: BfclRecord) -> None:
            progress.update(task, advance=1, description=record.category)

        return run_bfcl(items, backend, spec=spec, on_item=advance, matcher=shipped_matcher())


@bench.command("tools")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option("--limit", type=click.IntRange(min=1), help="Run only the first N items.")
@decisions_options()
@click.option(
    "--out", type=click.Path(path_type=Path, dir_okay=False), help="Write one JSON line per item here (JSONL)."
)
@click.option(
    "--json", "json_out", type=click.Path(path_type=Path, dir_okay=False), help="Write totals and records here."
)
@reports_errors
def tools_command(
    file: Path,
    limit: int | None,
    decisions_url: str | None,
    decisions_model: str | None,
    out: Path | None,
    json_out: Path | None,
) -> None:
    """Run System 1 on function-calling items: one JSON object a line, {"id", "messages" or "question",
    "tools" (OpenAI function format), "expected"?}, expected being a call {"name", "arguments"}, "ask" or "none".

    Each item is decided as call, ask (a required value is missing: no candidate, none of them, or one another
    slot took) or none (pick_tool says that none of the tools fits); totals are printed when items say what they
    expect.
    """
    items = load_items(file)[:limit]
    backend = decision_backend(decisions_url, decisions_model, None)
    spec, gate = _gated(backend)
    started = time.perf_counter()
    records = _decided(items, backend, spec)
    wall_s = time.perf_counter() - started
    total = totals(records)
    for line in tools_lines(total, f"bench tools · {file.name} · backend {backend.name} · {gate} · {wall_s:.1f} s"):
        click.echo(line)
    if out is not None:
        rows = (json.dumps(asdict(r), ensure_ascii=False) for r in records)
        out.write_text("".join(f"{row}\n" for row in rows), encoding="utf-8")
    if json_out is not None:
        result = {"benchmark": "tools", "file": str(file), "backend": backend.name, "wall_s": wall_s}
        result |= {"totals": asdict(total), "records": [asdict(r) for r in records]}
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _decided(items: Sequence[ToolsItem], backend: DecisionBackend, spec: Spec) -> list[ToolsRecord]:
    """Every item, with a progress bar on stderr."""
    columns = (TextColumn("tools {task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(items))

        def advance(record: ToolsRecord) -> None:
            progress.update(task, advance=1, description=record.id)

        return run_tools(items, backend, today=date.today(), spec=spec, on_record=advance, matcher=shipped_matcher())


@bench.command("compare")
@llm_options(note="Both arms use it.")
@decisions_options()
@gate_option()
@click.option(
    "--thresholds",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Gate values tuned by decisionloop eval --tune-cap [the bundled model's, with the bundled model] "
    "(a --gate flag wins for the same key).",
)
@click.option(
    "--suite", type=click.Path(path_type=Path, dir_okay=False, exists=True), help="Suite file [packaged dev split]."
)
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="dev", show_default=True)
@click.option("--limit", type=click.IntRange(min=1), help="Run only the first N tasks.")
@click.option(
    "--json", "json_out", type=click.Path(path_type=Path, dir_okay=False), help="Write summary and records here."
)
@reports_errors
def compare_command(
    llm_url: str | None,
    llm_model: str | None,
    llm_timeout: str | None,
    llm_structured: str | None,
    decisions_url: str | None,
    decisions_model: str | None,
    gates: tuple[str, ...],
    thresholds: Path | None,
    suite: Path | None,
    split: Literal["dev", "test", "all"],
    limit: int | None,
    json_out: Path | None,
) -> None:
    """Compare the loop with a ReAct baseline that asks the LLM at every branch point.

    Same tasks, replayed tools, step limit, approval guard (an always-yes approver recorded as "benchmark") and
    acceptance check: the final gold call made with matching arguments and the run finished with an answer.
    The loop runs with the gate that run uses (the bundled model's tuned thresholds with the bundled model).
    """
    chat = _chat(llm_url, llm_model, llm_timeout, llm_structured)
    path = suite or demo_suite_path()
    loaded = load_suite(path)
    tasks = loaded.split(split)[:limit]
    if not tasks:
        raise ConfigError(f"{path}: the {split!r} split has no tasks; use --split dev, test or all")
    backend = decision_backend(decisions_url, decisions_model, None)
    spec, gate = _gated(backend, thresholds, gates)
    setup = FreeSetup(suite=loaded, spec=spec, book=ReplayBook.from_suite(path), matcher=shipped_matcher())
    with chat:
        records = _compared(tasks, setup, backend, chat)
    title = f"compare vs ReAct · {Path(loaded.path).name} {split} · backend {backend.name} · {gate}"
    click.echo(f"{title} · LLM {chat.model}")
    for line in compare_lines(records):
        click.echo(line)
    if json_out is not None:
        header: dict[str, object] = {"suite": Path(loaded.path).name, "split": split, "backend": backend.name}
        header |= {"llm": chat.name, "gates": dict(spec.overrides)}
        prompt = react_system(builtin_tools())
        result = compare_json(records, **header, model=chat.model, react_system=prompt)
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _chat(url: str | None, model: str | None, timeout: str | None, structured: str | None) -> HttpChat:
    """The LLM both arms use, from the flags, then the environment; ConfigError names the flags when missing."""
    chat = llm_chat(url, model, timeout, structured)
    if chat is None:
        envs = f"{setting('llm_url').env} and {setting('llm_model').env}"
        raise ConfigError(f"bench compare needs an LLM for both arms: give --llm URL --llm-model NAME (or set {envs})")
    return chat


def _compared(tasks: Sequence[Task], setup: FreeSetup, backend: DecisionBackend, chat: HttpChat) -> list[ArmRecord]:
    """Both arms on every task, with a progress bar on stderr."""
    columns = (TextColumn("compare {task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        job = progress.add_task("", total=2 * len(tasks))

        def advance(record: ArmRecord) -> None:
            progress.update(job, advance=1, description=f"{record.task_id} {record.arm}")

        return compare(tasks, setup, backend, chat, on_record=advance)


@bench.command("latency")
@decisions_options()
@click.option(
    "-n",
    "n",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Timed requests of each kind (after one warm-up of each).",
)
@click.option("--json", "json_out", type=click.Path(path_type=Path, dir_okay=False), help="Write the figures here.")
@reports_errors
def latency(decisions_url: str | None, decisions_model: str | None, n: int, json_out: Path | None) -> None:
    """Time a decision server: real requests vs requests it rejects while validating (the round-trip floor)."""
    env = os.environ
    url = resolve("decisions_url", env, decisions_url)
    if not url:
        envvar = setting("decisions_url").env
        raise ConfigError(f"bench latency needs a decision server: give --decisions URL (or set {envvar})")
    report = measure(
        url,
        n=n,
        model=resolve("decisions_model", env, decisions_model) or None,
        api_key=resolve("decisions_key", env) or None,
        timeout_s=resolve_float("decisions_timeout", env),
    )
    for line in latency_lines(report):
        click.echo(line)
    if json_out is not None:
        json_out.write_text(json.dumps(latency_json(report), indent=2) + "\n", encoding="utf-8")
