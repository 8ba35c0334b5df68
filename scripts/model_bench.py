"""Print the decision model's figures: held-out generated accuracy, ECE and Brier per decision kind; how often a
choice changes when its options are permuted; latency per question and per agent step (p50/p95) on 2 threads;
and, given an fp32 encoder, how often int8 and fp32 agree.

Usage: python scripts/model_bench.py [--model-dir DIR] [--episodes 300] [--seed 990] [--fp32 ENCODER.onnx]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import numpy as np

from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion
from decisionloop.evaluate.metrics import ece, percentile
from decisionloop.gold.oracle import OracleBackend
from decisionloop.gold.teacher import TeacherSetup, run_task
from decisionloop.model.backend import ENCODER, ModelBackend, ModelFiles
from decisionloop.model.encoder import Encoder
from decisionloop.model.features import frame
from decisionloop.spec.load import load_spec
from decisionloop.training.examples import Recorder, label_of
from decisionloop.training.generator import generate


def held_out(episodes: int, seed: int) -> list[tuple[DecisionRequest, Mapping[str, object]]]:
    """Requests the loop's code asks about fresh generated episodes, with the oracle's answers."""
    spec = load_spec()
    seen: list[tuple[DecisionRequest, Mapping[str, object]]] = []
    for ep in generate(episodes, seed):
        recorder = Recorder(OracleBackend(ep.task, side_effects=ep.side_effects))
        run_task(ep.task, TeacherSetup(spec=spec, tools=ep.tools, now=ep.now, candidates="all"), recorder)
        seen += recorder.seen
    return seen


def figures(backend: ModelBackend, seen: list[tuple[DecisionRequest, Mapping[str, object]]]) -> None:
    by_kind: dict[str, list[tuple[float, bool, float]]] = defaultdict(list)
    per_question: list[float] = []
    per_request: list[float] = []
    for request, answers in seen:
        started = time.perf_counter()
        reply = backend.answer(request)
        per_request.append((time.perf_counter() - started) * 1000)
        for qid, question in request.questions.items():
            framed = frame(request.state, question)
            label = label_of(framed, answers.get(qid))
            if label is None:
                continue
            p = _probs(framed.kind, framed.names, reply[qid])
            chosen = int(np.argmax(p))
            brier = float(sum((p[i] - (1.0 if i == label else 0.0)) ** 2 for i in range(len(p))))
            by_kind[qid.split(":", 1)[0]].append((float(p[chosen]), chosen == label, brier))
    print(f"{'decision':<12} {'n':>6} {'accuracy':>9} {'ECE':>7} {'Brier':>7}")
    for kind, rows in sorted(by_kind.items()):
        acc = statistics.mean(ok for _, ok, _ in rows)
        cal = ece([c for c, _, _ in rows], [ok for _, ok, _ in rows])
        print(f"{kind:<12} {len(rows):>6} {acc:>9.3f} {cal or 0:>7.3f} {statistics.mean(b for _, _, b in rows):>7.3f}")
    every = [r for rows in by_kind.values() for r in rows]
    print(
        f"{'all':<12} {len(every):>6} {statistics.mean(ok for _, ok, _ in every):>9.3f} "
        f"{ece([c for c, _, _ in every], [ok for _, ok, _ in every]) or 0:>7.3f}"
    )
    one = [ms for (req, _), ms in zip(seen, per_request, strict=True) if len(req.questions) == 1]
    per_question.extend(one)
    print(
        f"latency per request (the loop's batches): p50 {percentile(per_request, 50):.1f} ms, "
        f"p95 {percentile(per_request, 95):.1f} ms; single-question requests p50 {percentile(one, 50):.1f} ms"
    )


def _probs(kind: str, names: tuple[str, ...], answer: object) -> list[float]:
    assert isinstance(answer, Mapping)
    if kind == "noul":
        p = float(answer["noul"])
        return [p, 1.0 - p]
    probs = answer["probabilities"]
    assert isinstance(probs, Mapping)
    return [float(probs[n]) for n in names]


def permutation(
    backend: ModelBackend, seen: list[tuple[DecisionRequest, Mapping[str, object]]], rng: random.Random
) -> None:
    changed = total = 0
    for request, _ in seen:
        for qid, question in request.questions.items():
            if not isinstance(question, ChoiceQuestion) or len(question.options) < 3:
                continue
            shuffled = list(question.options)
            rng.shuffle(shuffled)
            a = backend.answer(replace(request, questions={qid: question}))[qid]
            b = backend.answer(
                replace(
                    request,
                    questions={qid: ChoiceQuestion(instructions=question.instructions, options=tuple(shuffled))},
                )
            )[qid]
            changed += a["choice"] != b["choice"]  # type: ignore[index]
            total += 1
    print(f"choice changed when options were permuted: {changed}/{total} = {changed / max(total, 1):.2%}")


def agreement(files: ModelFiles, fp32: Path, seen: list[tuple[DecisionRequest, Mapping[str, object]]]) -> None:
    int8 = ModelBackend(files)
    other = ModelBackend(files)
    other._encoder = Encoder(fp32, files.directory / "tokenizer.json")
    same = total = 0
    for request, _ in seen[:2000]:
        a, b = int8.answer(request), other.answer(request)
        for qid in a:
            pa, pb = a[qid], b[qid]
            assert isinstance(pa, Mapping)
            assert isinstance(pb, Mapping)
            same += _reading(pa) == _reading(pb)
            total += 1
    print(f"int8 vs fp32 encoder: {same}/{total} = {same / total:.2%} of answers agree")


def _reading(answer: Mapping[str, object]) -> object:
    """What an answer decides: the choice, the side of 0.5 a noul falls on, or the most likely level."""
    if "choice" in answer:
        return answer["choice"]
    if "noul" in answer:
        return float(answer["noul"]) >= 0.5  # type: ignore[arg-type]
    probs = answer["probabilities"]
    assert isinstance(probs, Mapping)
    return max(probs, key=lambda k: float(probs[k]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", type=Path)
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=990)
    parser.add_argument("--fp32", type=Path)
    args = parser.parse_args()
    files = ModelFiles.read(args.model_dir)
    backend = ModelBackend(files)
    print(
        f"model {files.model_id}; held-out generated data: {args.episodes} episodes, seed {args.seed}; "
        f"encoder {ENCODER} on 2 threads"
    )
    seen = held_out(args.episodes, args.seed)
    figures(backend, seen)
    permutation(backend, seen, random.Random(0))
    if args.fp32:
        agreement(files, args.fp32, seen)


if __name__ == "__main__":
    main()
