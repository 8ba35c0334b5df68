"""Eval JSONs for the re-routing and Evaluate page tests: the dev split teacher-forced on a noisy oracle, whose
confidence varies by task and which picks a wrong tool confidently on some, so every threshold moves something."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from functools import cache

from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.evaluate.evaluation import EvalConfig, Evaluation, eval_json, eval_text, evaluate
from decisionloop.gold.oracle import OracleBackend
from decisionloop.gold.suite import Task, demo_suite_path
from decisionloop.tools.catalog import SIDE_EFFECTS

GATES = {"pick_tool.tool": 0.7, "pick_args.arg": 0.7}


class NoisyOracle:
    """The oracle's answers with the chosen option's probability set per task (0.55–0.99), and on every fifth
    task a wrong tool picked at 0.9."""

    def __init__(self, task: Task) -> None:
        self._oracle = OracleBackend(task, side_effects=SIDE_EFFECTS)
        self._seed = zlib.crc32(task.id.encode())

    @property
    def name(self) -> str:
        """``noisy-oracle``."""
        return "noisy-oracle"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """The oracle's reply, its choices made less sure (or wrong)."""
        reply = self._oracle.decide(request)
        answers = {qid: self._noisy(qid, a) for qid, a in reply.answers.items()}
        return BackendReply(answers=answers, backend=self.name, model=reply.model, latency_ms=1.0 + self._seed % 7)

    def _noisy(self, qid: str, answer: object) -> object:
        if not isinstance(answer, Mapping) or "choice" not in answer:
            return answer
        probabilities = answer["probabilities"]
        assert isinstance(probabilities, Mapping)
        names = list(probabilities)
        choice = str(answer["choice"])
        top = 0.55 + (self._seed + len(qid)) % 45 / 100
        if qid == "tool" and self._seed % 5 == 0 and len(names) > 1:
            choice, top = next(n for n in names if n != choice), 0.9
        rest = (1.0 - top) / (len(names) - 1) if len(names) > 1 else 0.0
        return {"choice": choice, "probabilities": {n: top if n == choice else rest for n in names}}


def noisy(task: Task) -> DecisionBackend:
    """A NoisyOracle for ``task``."""
    return NoisyOracle(task)


@cache
def noisy_evaluation() -> Evaluation:
    """The dev split teacher-forced on the noisy oracle under GATES (computed once per test session)."""
    return evaluate(EvalConfig(suite=demo_suite_path(), backend="noisy-oracle", gates=GATES, backends=noisy))


def noisy_eval_text() -> str:
    """The eval JSON ``decisionloop eval --json`` would write for ``noisy_evaluation``."""
    return eval_text(eval_json(noisy_evaluation()))
