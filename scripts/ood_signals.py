"""Which quantity tells System 1's wrong automatic steps from its right ones on generator families it never saw?

Trains a model with two groups of intent families held out (``CALIBRATION`` and ``TEST``), several heads with
different seeds on one encoding of the same examples, and keeps what the distance signals need (the training
goals, options and (goal, context, right option) triples, the head's hidden layer on the right options). Then
fresh episodes of each group and of the seen families run teacher-forced under the shipped gate, and every
question's candidate signals are recorded beside its answer:

- ``top``: the chosen option's probability (the gate's quantity today);
- ``ens_min``, ``ens_mean``: the lowest and the mean probability the heads give that option (an ensemble);
- ``mc_min``: the lowest over 12 dropout masks of the first head (MC dropout);
- ``maha``: the Mahalanobis distance of the chosen option's last hidden layer to the nearest question family's
  mean over right training options (shared covariance);
- ``knn_goal``, ``knn_opt``: the largest cosine of the goal, of the chosen option's text, to any training one;
- ``pair_ctx``: the largest mean cosine of (goal, context, chosen option) to a training (goal, context, right
  option) triple of the same question family.

A step's signal is its least familiar question's (the lowest value; the highest ``maha``). Per signal the script
prints the AUROC of telling right from wrong among the steps the gate lets through (1 = perfect, .5 = chance,
below .5 = wrong steps look *more* familiar), and the loosest threshold that keeps automatic-step error ≤ .05 on
the calibration families, with the figures it gives on the test families and the seen ones.

Measured 2026-12-02 (6,000 episodes, 3 epochs, 3 heads, gate 0.94; 286 calibration, 357 test, 600 seen tasks):
no signal generalises. At the gate alone, automatic steps are wrong 10.7% (calibration) and 23.2% (test) of the
time, 1.3% on seen families. AUROC calibration / test: top .30/.31, ens_min .39/.29, ens_mean .32/.28, mc_min
.34/.24, maha .69/.17, knn_goal .28/.48, knn_opt .72/.37, pair_ctx .32/.68: the confident errors are the
systematic ones (a conversion read as "no tool fits" at p .96, a second hop skipped at p .98), and the heads, the
dropout masks and the distances all agree with them. A gate on these quantities cannot hold what the model has
not learned; see the closing notes for what this means for the work.

Usage: python scripts/ood_signals.py --out DIR [--episodes 6000] [--epochs 3] [--heads 3] [--eval-episodes 3000]
(training needs torch: ``pip install torch==2.13.0``; an existing DIR is reused).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from decisionloop.evaluate.gating import verdicts
from decisionloop.gold.teacher import Asked, TaskCase, TeacherSetup, run_task
from decisionloop.model.backend import ENCODER, TOKENIZER, ModelBackend, ModelFiles, _wire, shipped_dir
from decisionloop.model.encoder import Encoder
from decisionloop.model.features import Framed, compose, inputs
from decisionloop.model.head import Head
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.training.generator.episodes import in_family
from decisionloop.training.generator.generate import Episode, generate

Array = npt.NDArray[np.float32]
CALIBRATION = ("wiki.event", "multihop.birthplace", "rewrite.typo", "custom.showtimes", "custom.exchange_rate", "date")
TEST = ("units", "multihop.maker", "rewrite.described", "custom.translate", "custom.book_ride", "memory.delete")
GATE = {"pick_tool.tool": 0.94, "pick_args.arg": 0.94}  # the shipped model's tuned gate
EVAL_SEED = 4242
UP = ("top", "ens_min", "ens_mean", "mc_min", "knn_goal", "knn_opt", "pair_ctx")
DOWN = ("maha",)
TRIPLE_FAMILIES = ("tool", "needs_tool", "done", "arg")


def train(out: Path, episodes: int, epochs: int, heads: int) -> None:
    """The model with both groups held out, ``heads`` heads, and the training statistics the signals read."""
    import torch

    from decisionloop.training.dataset import encode
    from decisionloop.training.fit import FitConfig, _tensors, accuracy, fit, temperatures, to_head
    from decisionloop.training.pipeline import TrainConfig, _export, _report, episode_examples, split

    spec, seed, hold = load_spec(), 11, CALIBRATION + TEST
    kept = [e for e in generate(episodes, seed) if not in_family(e.intent, hold)]
    train_examples, held_examples = split(episode_examples(kept, spec, seed, _say, 0.25), 0.1, seed)
    encoder = Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER, threads=2)
    both = encode([*train_examples, *held_examples], encoder)
    data = both.subset(np.arange(len(train_examples)))
    held = both.subset(np.arange(len(train_examples), len(both)))
    table, rows = data.table, np.arange(len(data))
    np.save(out / "train_goals.npy", table[np.unique(data.shared[:, 1])].astype(np.float16))
    np.save(out / "train_options.npy", table[np.unique(data.options[data.mask])].astype(np.float16))
    triple = np.isin(np.asarray(data.families), TRIPLE_FAMILIES)
    np.savez(
        out / "triples.npz",
        goal=table[data.shared[triple, 1]].astype(np.float16),
        context=table[data.shared[triple, 2]].astype(np.float16),
        option=table[data.options[rows[triple], data.labels[triple]]].astype(np.float16),
        family=np.asarray(data.families)[triple],
    )
    for k in range(heads):
        config = FitConfig(epochs=epochs, seed=100 + k, threads=2)
        model, log = fit(data, held, config, None, _say)
        temps = temperatures(model, held)
        head = to_head(model, temps)
        head.save(out / f"head{k}.npz")
        (out / f"temps{k}.json").write_text(json.dumps(temps), encoding="utf-8")
        if k > 0:
            continue
        report = _report(TrainConfig(episodes=episodes, seed=seed, hold_out=hold, fit=config), kept,
                         train_examples, held_examples, log, accuracy(model, held), temps, 0.0)  # fmt: skip
        _export(out, head, temps, report)
        sample = data.subset(np.random.default_rng(0).permutation(len(data))[:20000])
        shared, options, lexical, _, labels = _tensors(sample, np.arange(len(sample)), np.random.default_rng(0), False)
        model.eval()
        mean: torch.Tensor = model.mean  # type: ignore[assignment]
        std: torch.Tensor = model.std  # type: ignore[assignment]
        with torch.no_grad():
            hidden = model.mlp[:5]((model.rows(shared, options, lexical) - mean) / std)
        right = hidden[torch.arange(len(sample)), labels].numpy().astype(np.float32)
        np.savez(out / "hidden_stats.npz", right=right, family=np.asarray(sample.families))


class SignalBackend(ModelBackend):
    """The first head answers as the shipped model would; every answer also carries ``signals``."""

    def __init__(self, directory: Path, heads: int) -> None:
        super().__init__(ModelFiles.read(directory))
        self._ensemble = [
            Head.load(directory / f"head{k}.npz", json.loads((directory / f"temps{k}.json").read_text()))
            for k in range(heads)
        ]
        self._goals = np.load(directory / "train_goals.npy").astype(np.float32)
        self._options = np.load(directory / "train_options.npy").astype(np.float32)
        with np.load(directory / "triples.npz") as t:
            family = t["family"]
            self._triples = {
                f: tuple(t[part][family == f].astype(np.float32) for part in ("goal", "context", "option"))
                for f in TRIPLE_FAMILIES
            }
        with np.load(directory / "hidden_stats.npz") as s:
            right, fams = s["right"], s["family"]
        means = np.stack([right[fams == f].mean(0) for f in sorted(set(fams))])
        centred = np.concatenate([right[fams == f] - m for f, m in zip(sorted(set(fams)), means, strict=True)])
        self._means, self._precision = means, np.linalg.inv(np.cov(centred.T) + 1e-3 * np.eye(right.shape[1]))
        self._rng = np.random.default_rng(0)

    def _answers(self, framed: Mapping[str, Framed]) -> dict[str, object]:
        answers: dict[str, object] = {}
        for qid, f in framed.items():
            embedded = inputs(f, self._encoder)
            rows = compose(embedded.shared, embedded.options, embedded.lexical)
            first = _layer1(self._ensemble[0], rows)
            probabilities = [h.probabilities(_score(h, _layer1(h, rows))[1], f.kind) for h in self._ensemble]
            chosen = int(np.argmax(probabilities[0]))
            hidden = _score(self._ensemble[0], first)[0][chosen]
            masks = [(self._rng.random(first.shape) > 0.1).astype(np.float32) / 0.9 for _ in range(12)]
            dropped = [self._ensemble[0].probabilities(_score(self._ensemble[0], first * m)[1], f.kind) for m in masks]
            goal, context, option = embedded.shared[1], embedded.shared[2], embedded.options[chosen]
            gap = hidden - self._means
            signals = {
                "top": float(probabilities[0][chosen]),
                "ens_min": float(min(p[chosen] for p in probabilities)),
                "ens_mean": float(np.mean([p[chosen] for p in probabilities])),
                "mc_min": float(min(p[chosen] for p in dropped)),
                "maha": float(np.min(np.einsum("ij,jk,ik->i", gap, self._precision, gap))),
                "knn_goal": float(np.max(self._goals @ goal)) if np.any(goal) else 1.0,
                "knn_opt": float(np.max(self._options @ option)),
                "pair_ctx": self._pair(qid, goal, context, option),
            }
            answers[qid] = {**_wire(f.kind, f.names, probabilities[0]), "signals": signals}
        return answers

    def _pair(self, qid: str, goal: Array, context: Array, option: Array) -> float:
        family = "arg" if qid.startswith("arg:") else qid
        if family not in self._triples:
            return 1.0
        goals, contexts, options = self._triples[family]
        return float(np.max((goals @ goal + contexts @ context + options @ option) / 3))


def _layer1(head: Head, rows: Array) -> Array:
    w = head.weights
    return np.maximum(((rows - w["mean"]) / w["std"]) @ w["w1"] + w["b1"], 0.0).astype(np.float32)


def _score(head: Head, first: Array) -> tuple[Array, Array]:
    w = head.weights
    second = np.maximum(first @ w["w2"] + w["b2"], 0.0).astype(np.float32)
    return second, np.asarray(second @ w["w3"] + w["b3"], dtype=np.float32).reshape(-1)


def _signals(asked: Asked | None) -> list[dict[str, float]]:
    reply = asked.answered.reply if asked is not None else None
    if reply is None:
        return []
    return [a["signals"] for a in reply.answers.values() if isinstance(a, dict) and isinstance(a.get("signals"), dict)]


def step_rows(episodes: Sequence[Episode], spec: Spec, backend: SignalBackend) -> list[dict[str, float]]:
    """One row per gold step: its task, whether the gate lets it through, whether it is right, its signals."""
    rows: list[dict[str, float]] = []
    for task, e in enumerate(episodes):
        case: TaskCase = run_task(e.task, TeacherSetup(spec=spec, tools=e.tools, now=e.now), backend)
        for v in verdicts([case], spec, e.tools)[0].steps:
            found = _signals(v.case.step) + _signals(v.case.args) + _signals(v.case.step_ok)
            least = {s: min(x[s] for x in found) for s in UP} | {s: max(x[s] for x in found) for s in DOWN}
            rows.append({"task": task, "auto": float(v.auto), "correct": float(v.correct), **least})
    return rows


def passes(row: Mapping[str, float], signal: str | None, threshold: float) -> bool:
    """The gate lets the step through and (with a signal) the signal does too."""
    if not row["auto"]:
        return False
    if signal is None:
        return True
    return row[signal] >= threshold if signal in UP else row[signal] <= threshold


def figures(rows: Sequence[Mapping[str, float]], signal: str | None = None, threshold: float = 0.0) -> dict[str, float]:
    """Automatic share, automatic-step error, S1 + person (a task is right when its automatic steps are)."""
    auto = [r for r in rows if passes(r, signal, threshold)]
    tasks: dict[float, list[bool]] = defaultdict(list)
    for r in rows:
        tasks[r["task"]].append(bool(r["correct"]) or not passes(r, signal, threshold))
    wrong = sum(not r["correct"] for r in auto)
    return {
        "auto": len(auto) / len(rows),
        "error": wrong / len(auto) if auto else 0.0,
        "s1_person": float(np.mean([all(v) for v in tasks.values()])),
    }


def auroc(rows: Sequence[Mapping[str, float]], signal: str) -> float:
    """How often a right automatic step looks more familiar than a wrong one."""
    right = np.asarray([r[signal] for r in rows if r["auto"] and r["correct"]])
    wrong = np.asarray([r[signal] for r in rows if r["auto"] and not r["correct"]])
    if not len(right) or not len(wrong):
        return float("nan")
    if signal in DOWN:
        right, wrong = -right, -wrong
    return float((right[:, None] > wrong[None]).mean() + 0.5 * (right[:, None] == wrong[None]).mean())


def _row(name: str, f: Mapping[str, float]) -> str:
    return f"{name} auto {f['auto']:.3f} error {f['error']:.3f} S1+person {f['s1_person']:.3f}"


def report(parts: Mapping[str, Sequence[Mapping[str, float]]]) -> None:
    """The gate alone per part, then per signal its AUROCs and the threshold calibration chooses."""
    for name, rows in parts.items():
        print(_row(f"{name:12} gate alone:", figures(rows)))
    for signal in UP + DOWN:
        line = f"{signal:9} AUROC " + " ".join(f"{n} {auroc(rows, signal):.3f}" for n, rows in parts.items())
        values = np.quantile([r[signal] for rows in parts.values() for r in rows], np.linspace(0, 1, 201))
        allowed = [(float(t), figures(parts["calibration"], signal, float(t))) for t in values]
        allowed = [(t, f) for t, f in allowed if f["error"] <= 0.05]
        if allowed:
            t, f = max(allowed, key=lambda tf: tf[1]["auto"])
            line += f" | at {t:.4g}: " + " | ".join(
                _row(n, f if n == "calibration" else figures(rows, signal, t)) for n, rows in parts.items()
            )
        print(line)


def _say(text: str) -> None:
    print(time.strftime("%H:%M:%S"), text, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the study's model folder (reused when it exists)")
    parser.add_argument("--episodes", type=int, default=6000)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--heads", type=int, default=3)
    parser.add_argument("--eval-episodes", type=int, default=3000)
    parser.add_argument("--seen", type=int, default=600, help="at most this many seen-family episodes")
    args = parser.parse_args(argv)
    if not (args.out / f"head{args.heads - 1}.npz").is_file():
        args.out.mkdir(parents=True, exist_ok=True)
        train(args.out, args.episodes, args.epochs, args.heads)
    spec = apply_gates(load_spec(), GATE)
    backend = SignalBackend(args.out, args.heads)
    pool = generate(args.eval_episodes, EVAL_SEED)
    groups = {
        "calibration": [e for e in pool if in_family(e.intent, CALIBRATION)],
        "test": [e for e in pool if in_family(e.intent, TEST)],
        "seen": [e for e in pool if not in_family(e.intent, CALIBRATION + TEST)][: args.seen],
    }
    parts = {}
    for name, episodes in groups.items():
        parts[name] = step_rows(episodes, spec, backend)
        _say(f"{name}: {len(episodes)} tasks, {len(parts[name])} steps")
    report(parts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
