"""From generated episodes to shipped model files: examples, embedding, training, calibration, export."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from decisionloop import __version__
from decisionloop.model.backend import CONFIG, ENCODER, HEAD, MANIFEST, TOKENIZER, ModelFiles, shipped_dir
from decisionloop.model.encoder import Encoder
from decisionloop.model.features import FEATURE_VERSION
from decisionloop.model.head import Head
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.training.dataset import encode
from decisionloop.training.examples import Example, deliver_examples, task_examples
from decisionloop.training.fit import FitConfig, FitLog, accuracy, fit, temperatures, to_head
from decisionloop.training.generator.episodes import check_families, in_family
from decisionloop.training.generator.generate import Episode, generate
from decisionloop.training.unfit import unfit_examples

Say = Callable[[str], None]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainConfig:
    """What to generate and how to train."""

    episodes: int = 6000
    seed: int = 7
    held_share: float = 0.1
    base: Path | None = None
    extra_repeats: int = 20
    unfit_share: float = 0.25
    hold_out: tuple[str, ...] = ()  # intent families left out (``in_family``)
    fit: FitConfig = field(default_factory=FitConfig)


def episode_examples(
    episodes: Sequence[Episode], spec: Spec, seed: int, say: Say, unfit_share: float = 0.0
) -> list[list[Example]]:
    """The examples of each episode (kept apart so that train and held-out never share an episode); in
    ``unfit_share`` of them, also the first step with every fitting tool taken away (``unfit``)."""
    rng = random.Random(seed)
    out = []
    for i, episode in enumerate(episodes):
        examples = task_examples(episode.task, episode.tools, episode.side_effects, spec, episode.now)
        examples += deliver_examples(episode.task, spec, rng)
        if rng.random() < unfit_share:
            examples += unfit_examples(episode, spec)

        out.append(examples)
        if (i + 1) % 500 == 0:
            say(f"examples: {i + 1}/{len(episodes)} episodes")
    return out


def split(
    per_episode: Sequence[Sequence[Example]], held_share: float, seed: int
) -> tuple[list[Example], list[Example]]:
    """Held-out episodes chosen at random."""
    order = list(range(len(per_episode)))
    random.Random(seed).shuffle(order)
    cut = int(len(order) * held_share)
    held = [e for i in order[:cut] for e in per_episode[i]]
    train = [e for i in order[cut:] for e in per_episode[i]]
    return train, held


def train_model(config: TrainConfig, out: Path, say: Say = print, extra: Sequence[Example] = ()) -> dict[str, object]:
    """Generate, train, calibrate and write the model files to ``out``; return the training report."""
    started = time.perf_counter()
    spec = load_spec()
    check_families(config.hold_out)
    say(f"generating {config.episodes} episodes (seed {config.seed})")
    episodes = [e for e in generate(config.episodes, config.seed) if not in_family(e.intent, config.hold_out)]
    if config.hold_out:
        say(f"{config.episodes - len(episodes)} episodes of {', '.join(config.hold_out)} held out")
    per_episode = episode_examples(episodes, spec, config.seed, say, config.unfit_share)
    train, held = split(per_episode, config.held_share, config.seed)
    train += list(extra) * config.extra_repeats  # a few resolved steps among thousands of generated ones
    say(f"{len(train)} training and {len(held)} held-out questions; embedding their texts")
    encoder = Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER, threads=config.fit.threads)
    both = encode([*train, *held], encoder, lambda done, total: say(f"embedded {done}/{total} texts"))
    data_train, data_held = both.subset(np.arange(len(train))), both.subset(np.arange(len(train), len(both)))
    start = _base_head(config.base)
    model, log = fit(data_train, data_held, config.fit, out / "checkpoints", say, start=start)
    temps = temperatures(model, data_held)
    final = accuracy(model, data_held)
    say(f"held-out accuracy: {json.dumps(final)}; temperatures: {json.dumps(temps)}")
    report = _report(config, episodes, train, held, log, final, temps, time.perf_counter() - started)
    _export(out, to_head(model, temps), temps, report)
    return report


def _base_head(base: Path | None) -> Head | None:
    """The head to fine-tune from (a model directory), or None to train from scratch."""
    if base is None:
        return None
    files = ModelFiles.read(base)
    temperatures = files.config.get("temperatures", {})
    return Head.load(files.directory / HEAD, temperatures if isinstance(temperatures, dict) else {})


def _report(
    config: TrainConfig,
    episodes: Sequence[Episode],
    train: Sequence[Example],
    held: Sequence[Example],
    log: FitLog,
    final: dict[str, float],
    temps: dict[str, float],
    seconds: float,
) -> dict[str, object]:
    return {
        "episodes": len(episodes),
        "seed": config.seed,
        "unfit_share": config.unfit_share,
        "hold_out": list(config.hold_out),
        "base": str(config.base) if config.base else None,
        "train_questions": len(train),
        "held_questions": len(held),
        "families": dict(Counter(e.question for e in train)),
        "fit": config.fit.to_json(),
        "held_accuracy": final,
        "temperatures": temps,
        "curve": log.curve,
        "train_seconds": round(log.seconds, 1),
        "total_seconds": round(seconds, 1),
    }


def _export(out: Path, head: Head, temps: dict[str, float], report: dict[str, object]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name in (ENCODER, TOKENIZER):
        if not (out / name).exists():
            shutil.copy(shipped_dir() / name, out / name)
    head.save(out / HEAD)
    config = {
        "model_id": f"decisionloop-{__version__}-{datetime.now(UTC):%Y%m%d%H%M}",
        "feature_version": FEATURE_VERSION,
        "temperatures": temps,
    }
    (out / CONFIG).write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    files = {
        name: {"bytes": (out / name).stat().st_size, "sha256": _sha256(out / name)}
        for name in (ENCODER, TOKENIZER, HEAD, CONFIG)
    }
    training = {k: v for k, v in report.items() if k != "curve"}
    manifest = {"model_id": config["model_id"], "files": files, "training": training}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    (out / "learning_curve.json").write_text(json.dumps(report["curve"], indent=1) + "\n", encoding="utf-8")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
