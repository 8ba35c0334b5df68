"""Train the scoring head with torch on encoded examples: shuffled options, checkpoints, a learning curve, and a
temperature per calibration bucket fitted on held-out data. Torch is needed here only, never at run time."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn

from decisionloop.model.encoder import DIM
from decisionloop.model.head import Head
from decisionloop.training.dataset import Encoded

TEMPERATURES = tuple(round(0.5 + 0.1 * i, 1) for i in range(46))


@dataclass(frozen=True, slots=True, kw_only=True)
class FitConfig:
    """How to train."""

    epochs: int = 6
    batch: int = 64
    lr: float = 1e-3
    weight_decay: float = 1e-4
    hidden: tuple[int, int] = (256, 64)
    dropout: float = 0.1
    seed: int = 0
    log_every: int = 20000
    curve_sample: int = 3000
    threads: int = 2

    def to_json(self) -> dict[str, object]:
        """The configuration as recorded in the manifest."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(slots=True, kw_only=True)
class FitLog:
    """Held-out accuracy per question family against examples seen, and the final figures."""

    curve: list[dict[str, object]] = field(default_factory=list)
    seconds: float = 0.0


class TorchHead(nn.Module):
    """The same composition as features.compose, over an embedding table, then the MLP of model/head.py."""

    def __init__(self, table: np.ndarray, lexical: int, config: FitConfig, mean: np.ndarray, std: np.ndarray) -> None:
        super().__init__()
        self.register_buffer("table", torch.from_numpy(table))
        self.register_buffer("mean", torch.from_numpy(mean))
        self.register_buffer("std", torch.from_numpy(std))
        width = 10 * DIM + lexical
        self.mlp = nn.Sequential(
            nn.Linear(width, config.hidden[0]),
            nn.ReLU(),
            nn.Dropout(config.dropout),
            nn.Linear(config.hidden[0], config.hidden[1]),
            nn.ReLU(),
            nn.Linear(config.hidden[1], 1),
        )

    def rows(self, shared: torch.Tensor, options: torch.Tensor, lexical: torch.Tensor) -> torch.Tensor:
        table: torch.Tensor = self.table  # type: ignore[assignment]
        q, g, c, b, d = table[shared].unbind(1)
        o = table[options]
        k = o.shape[1]
        per = [o, q[:, None] * o, g[:, None] * o, c[:, None] * o, b[:, None] * o, d[:, None] * o]
        common = torch.cat([g * b, g * c, g, b], dim=-1)[:, None].expand(-1, k, -1)
        return torch.cat([*per, common, lexical], dim=-1)

    def forward(
        self, shared: torch.Tensor, options: torch.Tensor, lexical: torch.Tensor, mask: torch.Tensor
    ) -> torch.Tensor:
        mean: torch.Tensor = self.mean  # type: ignore[assignment]
        std: torch.Tensor = self.std  # type: ignore[assignment]
        x = (self.rows(shared, options, lexical) - mean) / std
        logits: torch.Tensor = self.mlp(x).squeeze(-1)
        return logits.masked_fill(~mask, -1e9)


def _tensors(data: Encoded, rows: np.ndarray, rng: np.random.Generator, shuffle: bool) -> tuple[torch.Tensor, ...]:
    options, lexical, mask = data.options[rows], data.lexical[rows], data.mask[rows]
    labels = data.labels[rows].copy()
    if shuffle:  # options shuffled so that no position means anything
        for i in range(len(rows)):
            k = int(mask[i].sum())
            perm = rng.permutation(k)
            options[i, :k], lexical[i, :k] = options[i, :k][perm], lexical[i, :k][perm]
            labels[i] = int(np.where(perm == labels[i])[0][0])
    return (
        torch.from_numpy(data.shared[rows]),
        torch.from_numpy(options),
        torch.from_numpy(lexical),
        torch.from_numpy(mask),
        torch.from_numpy(labels),
    )


def standardisation(
    model_rows: Callable[..., torch.Tensor], data: Encoded, sample: int = 4000
) -> tuple[np.ndarray, np.ndarray]:
    """Mean and spread of every feature over the real options of a sample of questions."""
    rows = np.arange(min(sample, len(data)))
    shared, options, lexical, mask, _ = _tensors(data, rows, np.random.default_rng(0), shuffle=False)
    with torch.no_grad():
        x = model_rows(shared, options, lexical)[mask]
    mean = x.mean(0).numpy().astype(np.float32)
    std = x.std(0).clamp(min=1e-4).numpy().astype(np.float32)
    return mean, std


def from_head(head: Head, data: Encoded, config: FitConfig) -> TorchHead:
    """A trainable copy of a shipped head (for fine-tuning), over ``data``'s embedding table."""
    w = head.weights
    model = TorchHead(data.table, data.lexical.shape[2], config, w["mean"], w["std"])
    layers = [m for m in model.mlp if isinstance(m, nn.Linear)]
    with torch.no_grad():
        for layer, (weight, bias) in zip(layers, (("w1", "b1"), ("w2", "b2"), ("w3", "b3")), strict=True):
            layer.weight.copy_(torch.from_numpy(w[weight].T.copy()))
            layer.bias.copy_(torch.from_numpy(w[bias].reshape(-1).copy()))
    return model


def fit(
    train: Encoded,
    held: Encoded,
    config: FitConfig,
    checkpoints: Path | None = None,
    progress: Callable[[str], None] | None = None,
    start: Head | None = None,
) -> tuple[TorchHead, FitLog]:
    """Train on ``train`` (from ``start`` when fine-tuning), log held-out accuracy per family as examples are
    seen, checkpoint every epoch."""
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    if start is not None:
        model = from_head(start, train, config)
    else:
        zeros = np.zeros(10 * DIM + train.lexical.shape[2], dtype=np.float32)
        model = TorchHead(train.table, train.lexical.shape[2], config, zeros, zeros + 1)
        mean, std = standardisation(model.rows, train)
        model.mean.copy_(torch.from_numpy(mean))  # type: ignore[operator]
        model.std.copy_(torch.from_numpy(std))  # type: ignore[operator]
    optimiser = torch.optim.AdamW(model.mlp.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    steps = config.epochs * math.ceil(len(train) / config.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=config.lr, total_steps=steps)
    rng = np.random.default_rng(config.seed)
    log, seen, next_log, started = FitLog(), 0, config.log_every, time.perf_counter()
    probe = held.subset(np.random.default_rng(config.seed).permutation(len(held))[: config.curve_sample])
    for epoch in range(config.epochs):
        model.train()
        for rows in np.array_split(rng.permutation(len(train)), math.ceil(len(train) / config.batch)):
            shared, options, lexical, mask, labels = _tensors(train, rows, rng, shuffle=True)
            loss = nn.functional.cross_entropy(model(shared, options, lexical, mask), labels)
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            schedule.step()
            seen += len(rows)
            if seen >= next_log:
                next_log += config.log_every
                point: dict[str, object] = {
                    "seen": seen,
                    "epoch": epoch,
                    "loss": float(loss.detach()),
                    **accuracy(model, probe),
                }
                log.curve.append(point)
                if progress is not None:
                    progress(json.dumps(point))
        if checkpoints is not None:
            checkpoints.mkdir(parents=True, exist_ok=True)
            torch.save(model.state_dict(), checkpoints / f"epoch{epoch + 1}.pt")
    log.seconds = time.perf_counter() - started
    return model, log


def logits(model: TorchHead, data: Encoded) -> np.ndarray:
    """Held-out logits (masked options at -1e9)."""
    model.eval()
    out = []
    with torch.no_grad():
        for rows in np.array_split(np.arange(len(data)), max(1, math.ceil(len(data) / 512))):
            shared, options, lexical, mask, _ = _tensors(data, rows, np.random.default_rng(0), shuffle=False)
            out.append(model(shared, options, lexical, mask).numpy())
    return np.concatenate(out)


def accuracy(model: TorchHead, data: Encoded) -> dict[str, float]:
    """Held-out accuracy per question family, and overall."""
    right = logits(model, data).argmax(1) == data.labels
    model.train()
    families = sorted(set(data.families))
    result = {f: float(right[[i for i, x in enumerate(data.families) if x == f]].mean()) for f in families}
    return {**result, "all": float(right.mean())}


def temperatures(model: TorchHead, held: Encoded) -> dict[str, float]:
    """Per calibration bucket, the temperature with the lowest held-out negative log-likelihood."""
    scores = logits(model, held)
    found: dict[str, float] = {}
    for group in sorted(set(held.buckets)):
        rows = np.asarray([i for i, b in enumerate(held.buckets) if b == group])
        found[group] = min(TEMPERATURES, key=lambda t: _nll(scores[rows] / t, held.labels[rows]))
    return found


def _nll(scores: np.ndarray, labels: np.ndarray) -> float:
    shifted = scores - scores.max(1, keepdims=True)
    log_p = shifted - np.log(np.exp(shifted).sum(1, keepdims=True))
    return float(-log_p[np.arange(len(labels)), labels].mean())


def to_head(model: TorchHead, temps: Mapping[str, float]) -> Head:
    """The numpy head the runtime loads."""
    layers = [m for m in model.mlp if isinstance(m, nn.Linear)]
    weights = {
        "mean": model.mean.numpy(),  # type: ignore[operator]
        "std": model.std.numpy(),  # type: ignore[operator]
        "w1": layers[0].weight.detach().numpy().T.copy(),
        "b1": layers[0].bias.detach().numpy().copy(),
        "w2": layers[1].weight.detach().numpy().T.copy(),
        "b2": layers[1].bias.detach().numpy().copy(),
        "w3": layers[2].weight.detach().numpy().T.copy(),
        "b3": layers[2].bias.detach().numpy().copy(),
    }
    return Head(weights={k: np.asarray(v, dtype=np.float32) for k, v in weights.items()}, temperatures=dict(temps))
