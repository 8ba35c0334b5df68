"""``decisionloop bench``: benchmarks that print figures (BFCL v4 on System 1's decisions)."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from decisionloop.backends.base import DecisionBackend
from decisionloop.cli_common import decision_backend, notice, reports_errors
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
from decisionloop.evaluate.bfcl_score import BfclFigures, BfclRecord, by_category, result_json

# (heading, BfclFigures field, width)
_COLUMNS = (
    ("items", "items", 6),
    ("tool_acc", "tool_acc", 9),
    ("call_rate", "call_rate", 10),
    ("relevance", "relevance", 10),
    ("arg_acc", "arg_acc", 8),
    ("args", "args_scored", 6),
    ("offered", "extractor_recall", 8),
    ("not_extr", "not_extractable", 9),
    ("auto", "auto_share", 6),
    ("p50_ms", "median_ms", 8),
)
_LEGEND = (
    "tool_acc   picked the accepted function, on items offering several functions",
    "call_rate  needs_tool proposes a call, on items that need one",
    "relevance  needs_tool proposes no call, on irrelevance items",
    "arg_acc    right value, on the `args` arguments whose value System 1 can offer (picked function right)",
    "offered    one of those values was among the options pick_args was given",
    "not_extr   required arguments whose value the question does not hold",
    "auto       items whose every decision the gate let through",
    "p50_ms     median backend request;  — nothing to count",
)


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
@click.option("--decisions", "decisions_url", help="Decision server base URL [env DECISIONLOOP_DECISIONS_URL].")
@click.option("--decisions-model", help="Decision model id to pin [env DECISIONLOOP_DECISIONS_MODEL].")
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
    started = time.perf_counter()
    records = _run(items, backend)
    wall_s = time.perf_counter() - started
    source = data_source(data_dir)
    _print_table(by_category(records), f"BFCL v4 ({source}) · backend {backend.name} · {wall_s:.1f} s")
    if json_out is not None:
        result = result_json(records, backend=backend.name, source=source, held_out=held)
        json_out.write_text(json.dumps({**result, "wall_s": wall_s}, indent=2, ensure_ascii=False), encoding="utf-8")


def _categories(text: str) -> list[BfclCategory]:
    """The comma-separated categories, each once, in the order given."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise click.BadParameter(f"no category in {text!r}; give e.g. {','.join(DEV)}", param_hint="--categories")
    return list(dict.fromkeys(parse_category(n) for n in names))


def _run(items: Sequence[BfclItem], backend: DecisionBackend) -> list[BfclRecord]:
    """Every item, with a progress bar on stderr."""
    columns = (TextColumn("bfcl {task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(items))

        def advance(record: BfclRecord) -> None:
            progress.update(task, advance=1, description=record.category)

        return run_bfcl(items, backend, on_item=advance)


def _print_table(table: Mapping[str, BfclFigures], title: str) -> None:
    click.echo(title)
    click.echo(f"{'category':<18}" + "".join(f"{head:>{width}}" for head, _, width in _COLUMNS))
    for name, figures in table.items():
        row = asdict(figures)
        click.echo(f"{name:<18}" + "".join(f"{_cell(row[key], key):>{width}}" for _, key, width in _COLUMNS))
    for line in _LEGEND:
        click.echo(line)


def _cell(value: object, key: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.2f}" if key == "median_ms" else f"{value:.3f}"
    return str(value)
