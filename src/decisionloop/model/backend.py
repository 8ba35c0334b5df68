"""The bundled decision model as a decision backend: every question of a request answered locally, no network.

The shipped files live in ``decisionloop/model/files``: the int8 ONNX encoder and its tokenizer, the head's
weights, ``config.json`` (temperatures, feature version) and ``manifest.json`` (sha256 and size of every file,
the training configuration). Only onnxruntime, tokenizers and numpy are needed.

A model may answer some questions with other heads: ``config.json``'s ``heads`` lists each such head's file,
the question ids it answers (pick_tool's ``tool``; an id ending in ``*`` names every id it starts, as ``arg:*``
names every slot's question), its feature version and temperatures, and the id of the model it came from
(``scripts/combine_heads.py`` writes them). The ids are a request's own question ids, as training names its
families, so a head trained for one decision is asked that decision only. When several heads name a question
they answer it together, as an ensemble: each scores the options at its own temperature and the probabilities
are averaged, so where the heads disagree the top probability drops and the gate holds the step. ``head.npz``
answers every question no entry names (an entry may name ``head.npz`` itself to join an ensemble). A slot's
probabilities are then weighed by what the heads do not read (``value_priors``: places, values given by name).

An entry may also name a ``catalogue``: the option texts ("name: description") of the tools it was trained for.
It answers a choice only when every option offered (NONE aside) is one of them, or an argument of one of them,
and then the heads of the same question without a catalogue stand aside: a head trained on the built-in tools'
everyday goals decides among the built-in tools and their arguments, and a catalogue nobody wrote for it (a
user's tools, BFCL, Seal-Tools) is decided as before.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from decisionloop.core.backend import BackendReply, DecisionRequest, Usage
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.model.encoder import Encoder
from decisionloop.model.features import (
    FEATURE_VERSION,
    NONE,
    READABLE_VERSIONS,
    Framed,
    frame,
    inputs,
    lexical_width,
    texts_of,
)
from decisionloop.model.head import Head
from decisionloop.model.value_priors import in_goal_order, reweigh, slot_of

ENCODER = "encoder.int8.onnx"
TOKENIZER = "tokenizer.json"
HEAD = "head.npz"
CONFIG = "config.json"
MANIFEST = "manifest.json"
THRESHOLDS = "thresholds.json"


def shipped_dir() -> Path:
    """Where the package keeps the model files."""
    return Path(str(resources.files("decisionloop.model").joinpath("files")))


def model_thresholds(directory: Path | None = None) -> dict[str, float]:
    """The gate values tuned on the dev split for this model (``thresholds.json`` beside it), or none."""
    from decisionloop.spec.thresholds import read_thresholds

    path = (directory or shipped_dir()) / THRESHOLDS
    return read_thresholds(path) if path.is_file() else {}


def has_model(directory: Path | None = None) -> bool:
    """Whether a complete model (encoder, tokenizer, head, config) is in ``directory`` (default: the shipped one)."""
    where = directory or shipped_dir()
    return all((where / name).is_file() for name in (ENCODER, TOKENIZER, HEAD, CONFIG))


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadEntry:
    """One head of a model directory: its file, the questions it answers (empty: every other), its feature
    version and temperatures."""

    file: str
    questions: frozenset[str]
    feature_version: int
    temperatures: Mapping[str, float]
    catalogue: frozenset[str] | None = None

    def answers(self, qid: str) -> bool:
        """Whether this head answers question ``qid``: the head of every other question (no ids) answers all;
        ``arg:*`` names every id that starts with ``arg:``."""
        return not self.questions or any(
            qid == q or (q.endswith("*") and qid.startswith(q[:-1])) for q in self.questions
        )

    def admits(self, framed: Framed) -> bool:
        """Whether ``framed`` offers options of this head's catalogue and no other but NONE, or is about a tool of
        it (an argument's question); always, without a catalogue."""
        if self.catalogue is None:
            return True
        if framed.tool:
            return framed.tool in self.catalogue
        offered = [t for n, t in zip(framed.names, framed.texts, strict=True) if n != NONE]
        return bool(offered) and all(t in self.catalogue for t in offered)


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelFiles:
    """A model directory, read."""

    directory: Path
    config: Mapping[str, object]

    @property
    def model_id(self) -> str:
        """``decisionloop-<version>`` as recorded with every decision."""
        return str(self.config.get("model_id", "decisionloop-unknown"))

    @classmethod
    def read(cls, directory: Path | None = None) -> ModelFiles:
        """The model in ``directory``; ConfigError lists what is missing."""
        where = directory or shipped_dir()
        missing = [n for n in (ENCODER, TOKENIZER, HEAD, CONFIG) if not (where / n).is_file()]
        if missing:
            raise ConfigError(f"no decision model in {str(where)!r}: missing {', '.join(missing)}; train one first")
        config = json.loads((where / CONFIG).read_text(encoding="utf-8"))
        files = cls(directory=where, config=config)
        for entry in files.heads:
            if not (where / entry.file).is_file():
                raise ConfigError(f"the model in {str(where)!r} lacks the head {entry.file!r} its config.json names")
        return files

    @property
    def heads(self) -> tuple[HeadEntry, ...]:
        """The heads of the config, those for named questions first, then ``head.npz`` for every other one;
        ConfigError for a ``heads`` entry that is not one, or a head of a feature version this cannot read."""
        found = []
        for raw in _listed(self.config.get("heads", []), self.directory):
            questions = raw.get("questions")
            if not isinstance(raw.get("file"), str) or not isinstance(questions, list) or not questions:
                raise ConfigError(
                    f"{str(self.directory / CONFIG)!r}: each of 'heads' names its 'file' and its 'questions', got "
                    f"{raw!r:.120}"
                )
            named = frozenset(map(str, questions))
            entry = self._entry(str(raw["file"]), named, raw.get("feature_version"), raw.get("temperatures"))
            found.append(replace(entry, catalogue=self._catalogue(raw.get("catalogue"))))
        main = self._entry(HEAD, frozenset(), self.config.get("feature_version"), self.config.get("temperatures"))
        return (*found, main)

    def _catalogue(self, value: object) -> frozenset[str] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise ConfigError(
                f"{str(self.directory / CONFIG)!r}: a head's 'catalogue' lists the option texts it was trained "
                f"for, got {value!r:.120}"
            )
        return frozenset(value)

    def _entry(self, file: str, questions: frozenset[str], version: object, temperatures: object) -> HeadEntry:
        if not isinstance(version, int) or version not in READABLE_VERSIONS:
            raise ConfigError(
                f"the model in {str(self.directory)!r} was trained on feature version {version!r}, this "
                f"decisionloop reads versions {', '.join(map(str, READABLE_VERSIONS))} (it trains version "
                f"{FEATURE_VERSION}); retrain it with decisionloop train"
            )
        kept = dict(temperatures) if isinstance(temperatures, Mapping) else {}
        return HeadEntry(file=file, questions=questions, feature_version=version, temperatures=kept)


def _listed(value: object, where: Path) -> list[Mapping[str, object]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise ConfigError(f"{str(where / CONFIG)!r}: 'heads' must be a list of objects, got {value!r:.120}")
    return value


class ModelBackend:
    """Answers typed questions with the local model on ``threads`` CPU threads."""

    def __init__(self, files: ModelFiles | None = None, *, threads: int = 2) -> None:
        self._files = files or ModelFiles.read()
        where = self._files.directory
        self._encoder = Encoder(where / ENCODER, where / TOKENIZER, threads=threads)
        self._heads = tuple((e, Head.load(where / e.file, e.temperatures)) for e in self._files.heads)

    @property
    def name(self) -> str:
        """``model``: the bundled decision model."""
        return "model"

    @property
    def model_id(self) -> str:
        """The model's id, recorded with every decision."""
        return self._files.model_id

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Answer every question; an internal failure is a BackendError (the decision then fails closed)."""
        return self.decide_many([request])[0]

    def decide_many(self, requests: Sequence[DecisionRequest]) -> list[BackendReply]:
        """Answer several requests with one encoder pass over all their new texts (the server's micro-batches)."""
        started = time.perf_counter()
        try:
            framed = [self._framed(r) for r in requests]
            self._encoder.embed([t for one in framed for f in one.values() for t in texts_of(f)])
            answers = [self._answers(one) for one in framed]
        except (ValueError, RuntimeError) as err:
            raise BackendError(self.name, "server", f"the local model failed: {err}") from err
        latency_ms = (time.perf_counter() - started) * 1000.0
        model = self.model_id
        return [
            BackendReply(answers=a, backend=self.name, model=model, latency_ms=latency_ms, usage=Usage())
            for a in answers
        ]

    def answer(self, request: DecisionRequest) -> dict[str, object]:
        """The wire answers, one per question."""
        framed = self._framed(request)
        self._encoder.embed([t for f in framed.values() for t in texts_of(f)])
        return self._answers(framed)

    @staticmethod
    def _framed(request: DecisionRequest) -> dict[str, Framed]:
        return {qid: frame(request.state, q) for qid, q in request.questions.items()}

    def _answers(self, framed: Mapping[str, Framed]) -> dict[str, object]:
        weighed: dict[str, npt.NDArray[np.float64]] = {}
        slots = {s: f.question for qid, f in framed.items() if (s := slot_of(qid)) is not None}
        for qid, f in framed.items():
            members = self._members(qid, f)
            # one set of rows at the newest version the heads read; an older head reads their first columns
            rows = inputs(f, self._encoder, version=max(e.feature_version for e, _ in members))
            found = []
            for entry, head in members:
                lexical = rows.lexical[:, : lexical_width(entry.feature_version)]
                found.append(head.probabilities(head.scores_of(rows.shared, rows.options, lexical), f.kind))
            mean = np.mean(found, axis=0)
            weighed[qid] = reweigh(qid, f.names, mean, f.roles.get("goal", ""), f.question, slots)
        goal = next((f.roles.get("goal", "") for f in framed.values()), "")
        weighed.update(in_goal_order({qid: (framed[qid].names, p) for qid, p in weighed.items()}, goal))
        return {qid: _wire(f.kind, f.names, weighed[qid]) for qid, f in framed.items()}

    def _members(self, qid: str, framed: Framed) -> list[tuple[HeadEntry, Head]]:
        """The heads that answer ``qid``: the named heads whose catalogue holds every option offered, else every
        other named head that names it, else the head of every other question."""
        named = [(e, h) for e, h in self._heads if e.questions and e.answers(qid) and e.admits(framed)]
        within = [(e, h) for e, h in named if e.catalogue is not None]
        return within or named or [self._heads[-1]]


def _wire(kind: str, names: tuple[str, ...], p: np.ndarray) -> dict[str, object]:
    probs = {n: float(v) for n, v in zip(names, p, strict=True)}
    if kind == "noul":
        return {"type": "noul", "noul": probs["true"]}
    if kind == "score":
        return {"type": "score", "probabilities": probs}
    choice = max(probs, key=probs.__getitem__)
    return {"type": "choice", "choice": choice, "probabilities": probs}
