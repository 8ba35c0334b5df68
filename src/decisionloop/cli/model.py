"""``decisionloop train`` and ``decisionloop model info``: make the decision model, and say what is shipped."""

from __future__ import annotations

import json
from pathlib import Path

import click

from decisionloop.cli.common import reports_errors
from decisionloop.core.errors import ConfigError
from decisionloop.model.backend import MANIFEST, ModelFiles, shipped_dir
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
    "--base",
    type=click.Path(path_type=Path, file_okay=False, exists=True),
    help="Fine-tune this model directory's head instead of training from scratch (e.g. the shipped one).",
)
@reports_errors
def train(
    episodes: int, seed: int, epochs: int, out: Path, from_journal: bool, journal_path: Path | None, base: Path | None
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
    fit = FitConfig(epochs=epochs, seed=seed, lr=3e-4 if base else 1e-3)
    config = TrainConfig(episodes=episodes, seed=seed, base=base, fit=fit)
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
@reports_errors
def info(directory: Path | None) -> None:
    """Files, sizes, sha256, training data size and calibration temperatures."""
    files = ModelFiles.read(directory)
    where = files.directory
    manifest = json.loads((where / MANIFEST).read_text(encoding="utf-8")) if (where / MANIFEST).is_file() else {}
    click.echo(f"model {files.model_id} in {where}")
    for name, entry in manifest.get("files", {}).items():
        click.echo(f"  {name:<20} {entry['bytes'] / 1e6:7.2f} MB  sha256 {entry['sha256']}")
    training = manifest.get("training", {})
    if training:
        click.echo(
            f"trained on {training.get('episodes')} episodes: {training.get('train_questions')} questions, "
            f"{training.get('held_questions')} held out; held-out accuracy {training.get('held_accuracy')}"
        )
    for group, t in sorted(dict(files.config.get("temperatures", {})).items()):  # type: ignore[call-overload]
        click.echo(f"  temperature {group:<12} {t}")


__all__ = ["info", "model", "shipped_dir", "train"]
