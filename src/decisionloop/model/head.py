"""The scoring head: a small MLP from an option's feature row to a score, softmax over a question's options,
with a temperature per (question type, option-count bucket) fitted on held-out data. Numpy only at run time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")
_W1_INT8, _W1_SCALE = "w1_int8", "w1_scale"  # the first layer as int8, and its scale per column


def bucket(kind: str, n_options: int) -> str:
    """The calibration group of a question: its type and how many options it has."""
    size = "2" if n_options <= 2 else "3-5" if n_options <= 5 else "6-12" if n_options <= 12 else "13+"
    return f"{kind}:{size}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Head:
    """Weights (input standardisation, three layers) and temperatures."""

    weights: dict[str, Array]
    temperatures: Mapping[str, float] = field(default_factory=dict)

    def scores(self, rows: Array) -> Array:
        """One score per feature row."""
        w = self.weights
        x = (rows - w["mean"]) / w["std"]
        x = np.maximum(x @ w["w1"] + w["b1"], 0.0)
        x = np.maximum(x @ w["w2"] + w["b2"], 0.0)
        return np.asarray(x @ w["w3"] + w["b3"], dtype=np.float32).reshape(-1)

    def scores_of(self, shared: Array, options: Array, lexical: Array) -> Array:
        """The same scores as ``scores(compose(...))``, cheaper: the standardisation is folded into the first
        layer, and the part every option shares is multiplied once per question instead of once per option."""
        w1, b1 = self._folded()
        q, g, c, b, d = shared
        split = 6 * len(q)
        per = np.concatenate([options, q * options, g * options, c * options, b * options, d * options], axis=1)
        common = np.concatenate([g * b, g * c, g, b])
        x = per @ w1[:split] + common @ w1[split : split + len(common)] + lexical @ w1[split + len(common) :] + b1
        w = self.weights
        x = np.maximum(x, 0.0)
        x = np.maximum(x @ w["w2"] + w["b2"], 0.0)
        return np.asarray(x @ w["w3"] + w["b3"], dtype=np.float32).reshape(-1)

    def _folded(self) -> tuple[Array, Array]:
        cached = self.weights.get("_w1_folded")
        if cached is None:
            w = self.weights
            folded = w["w1"] / w["std"][:, None]
            bias = w["b1"] - (w["mean"] / w["std"]) @ w["w1"]
            self.weights["_w1_folded"] = folded.astype(np.float32)
            self.weights["_b1_folded"] = bias.astype(np.float32)
        return self.weights["_w1_folded"], self.weights["_b1_folded"]

    def probabilities(self, scores: Array, kind: str) -> Array:
        """The softmax over a question's option scores, at its group's temperature."""
        logits = scores / self.temperatures.get(bucket(kind, len(scores)), 1.0)
        logits = logits - logits.max()
        odds = np.exp(logits)
        return np.asarray(odds / odds.sum(), dtype=np.float32)

    def save(self, path: Path, *, int8: bool = False) -> None:
        """Weights as float16 (half the size; scores agree to ~1e-3), standardisation as float32. With ``int8``,
        the first layer (nearly all of a head's bytes) is stored as int8 with one scale per column instead: half
        the size again."""
        stored: dict[str, npt.NDArray[np.generic]] = {
            k: v.astype(np.float16 if k in LAYERS else np.float32)
            for k, v in self.weights.items()
            if not k.startswith("_")
        }
        if int8:
            w1 = self.weights["w1"].astype(np.float32)
            scale = np.maximum(np.abs(w1).max(axis=0), 1e-12) / 127.0
            del stored["w1"]
            stored[_W1_INT8] = np.round(w1 / scale).astype(np.int8)
            stored[_W1_SCALE] = scale.astype(np.float32)
        np.savez_compressed(path, **stored)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path, temperatures: Mapping[str, float]) -> Head:
        """Read weights saved by ``save`` (either form)."""
        with np.load(path) as data:
            weights = {k: np.asarray(data[k], dtype=np.float32) for k in data.files}
        if _W1_INT8 in weights:
            weights["w1"] = weights.pop(_W1_INT8) * weights.pop(_W1_SCALE)
        missing = {"mean", "std", *LAYERS} - set(weights)
        if missing:
            raise ValueError(f"{path} lacks {sorted(missing)}; it is not a decision head written by decisionloop")
        return cls(weights=weights, temperatures=dict(temperatures))
