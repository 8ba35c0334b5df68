"""``decisionloop train`` and ``decisionloop model info``: make the decision model, and say what is shipped."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console

from decisionloop.cli.common import reports_errors
from decisionloop.cli.views.model import model_info_view
from decisionloop.core.errors import ConfigError
from decisionloop.model.backend import MANIFEST, THRESHOLDS, ModelFiles, model_thresholds, shipped_dir
from decisionloop.settings import setting


@click.command()
@click.option(
    "--episodes",
    type=click.IntRange(10, 1_000_000),
    default=6000,
    show_default=True,
    help="Generated episodes to train on.",
)
@click.option("--seed", type=int, default=7, show_default=True)
@click.option("--epochs", type=click.IntRange(1, 100), default=6, show_default=True)
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("model-out"),
    show_default=True,
    help="Where to write the model files (copy them into decisionloop/model/files to ship them).",
)
@click.option("--from-journal", is_flag=True, help="Add the steps a person or the LLM resolved, from the journal.")
@click.option(
    "--journal",
    "journal_path",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help=f"Read this journal file instead of the one in {setting('home').env}.",
)
@click.option(
    "--items",
    "item_files",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Also learn tool choice and arguments from a `bench tools` file (items that expect a call; those that "
    "expect none teach NONE); repeatable. Train on a train part only, and measure on another.",
)
@click.option(
    "--hold-out",
    "hold_out",
    multiple=True,
    metavar="FAMILY",
    help="Leave out every episode of this intent family (`multihop`, or one intent such as `multihop.maker`); "
    "repeatable, recorded in the manifest. To measure on families never trained on: "
    "scripts/held_out_families.py.",
)
@click.option(
    "--base",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    help="Fine-tune this model directory's head instead of training from scratch (e.g. the shipped one).",
)
@reports_errors
def train(
    episodes: int,
    seed: int,
    epochs: int,
    out: Path,
    from_journal: bool,
    journal_path: Path | None,
    item_files: tuple[Path, ...],
    hold_out: tuple[str, ...],
    base: Path | None,
) -> None:
    """Generate training episodes, train the decision model's head on CPU, calibrate it and export it."""
    try:
        from decisionloop.training.fit import FitConfig
        from decisionloop.training.pipeline import TrainConfig, train_model
    except ImportError as err:
        raise ConfigError(f"training needs torch ({err}); pip install 'decisionloop[train]'") from err
    extra = []
    if from_journal:
        from decisionloop.training.journal import journal_examples

        extra = journal_examples(journal_path)
        click.echo(f"{len(extra)} resolved decisions from the journal", err=True)
    if item_files:
        from decisionloop.gold.tools_items import load_items
        from decisionloop.spec.load import load_spec
        from decisionloop.training.external import item_examples

        for path in item_files:
            made = item_examples(load_items(path), load_spec())
            click.echo(f"{len(made)} examples from {path}", err=True)
            extra += made
    fit = FitConfig(epochs=epochs, seed=seed, lr=3e-4 if base else 1e-3)
    config = TrainConfig(episodes=episodes, seed=seed, base=base, fit=fit, hold_out=hold_out)
    report = train_model(config, out, say=lambda line: click.echo(line, err=True), extra=extra)
    click.echo(json.dumps({k: v for k, v in report.items() if k != "curve"}, indent=2))


@click.group()
def model() -> None:
    """The bundled decision model."""


@model.command()
@click.option(
    "--dir",
    "directory",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    help="A model directory (default: the shipped one).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the same facts as one JSON object.")
@reports_errors
def info(directory: Path | None, as_json: bool) -> None:
    """Files, sizes, sha256, training figures, calibration temperatures, gate thresholds and where they came from."""
    facts = model_facts(directory)
    if as_json:
        click.echo(json.dumps(facts, indent=2, ensure_ascii=False))
        return
    Console(highlight=False).print(model_info_view(facts))


def model_facts(directory: Path | None) -> dict[str, object]:
    """What ``model info`` shows, JSON-ready: the id, the manifest's files and training, temperatures, thresholds."""
    files = ModelFiles.read(directory)
    where = files.directory
    manifest = json.loads((where / MANIFEST).read_text(encoding="utf-8")) if (where / MANIFEST).is_file() else {}
    thresholds: dict[str, object] = {}
    if (where / THRESHOLDS).is_file():
        written = json.loads((where / THRESHOLDS).read_text(encoding="utf-8"))
        thresholds = {
            "file": str(where / THRESHOLDS),
            "gates": model_thresholds(where),
            "source": written.get("source"),
        }
    return {
        "model_id": files.model_id,
        "directory": str(where),
        "files": manifest.get("files", {}),
        "training": manifest.get("training", {}),
        "temperatures": dict(files.config.get("temperatures", {})),  # type: ignore[call-overload]
        "heads": _heads(files),
        "thresholds": thresholds,
    }


def _heads(files: ModelFiles) -> dict[str, str]:
    """Each head's file and what it answers: its questions (a question several heads name is answered by their
    ensemble), or every other question, and a catalogue's tools, with its feature version."""
    found: dict[str, list[str]] = {}
    versions: dict[str, int] = {}
    for e in files.heads:
        among = f" among the {len(e.catalogue)} tools it was trained for" if e.catalogue is not None else ""
        found.setdefault(e.file, []).append((", ".join(sorted(e.questions)) or "every other question") + among)
        versions[e.file] = e.feature_version
    return {file: f"{'; '.join(q)} (feature version {versions[file]})" for file, q in found.items()}


__all__ = ["info", "model", "model_facts", "shipped_dir", "train"]
