"""Examples as arrays: every distinct text embedded once (with the shipped int8 encoder, as at run time) and each
question stored as indices into that table plus its lexical facts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from decisionloop.model.encoder import DIM, Encoder
from decisionloop.model.features import N_LEXICAL, facts, texts_of
from decisionloop.model.head import bucket
from decisionloop.training.examples import Example

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
CHUNK = 256


@dataclass(frozen=True, slots=True, kw_only=True)
class Encoded:
    """``table[0]`` is the empty text (zeros). Per question: 5 shared indices, its option indices (padded with 0
    up to ``width``), lexical facts, a mask of real options, the label, its family and calibration bucket."""

    table: Floats
    shared: Ints
    options: Ints
    lexical: Floats
    mask: npt.NDArray[np.bool_]
    labels: Ints
    families: tuple[str, ...]
    buckets: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.labels)

    def subset(self, rows: Ints) -> Encoded:
        """The questions at ``rows`` (sharing the table)."""
        return Encoded(
            table=self.table,
            shared=self.shared[rows],
            options=self.options[rows],
            lexical=self.lexical[rows],
            mask=self.mask[rows],
            labels=self.labels[rows],
            families=tuple(self.families[i] for i in rows),
            buckets=tuple(self.buckets[i] for i in rows),
        )


def encode(
    examples: Sequence[Example], encoder: Encoder, progress: Callable[[int, int], None] | None = None
) -> Encoded:
    """Embed every distinct text and lay the questions out as padded index arrays."""
    index = {"": 0}
    for example in examples:
        for text in texts_of(example.framed):
            index.setdefault(text, len(index))
    texts = list(index)
    table = np.zeros((len(texts), DIM), dtype=np.float32)
    for start in range(1, len(texts), CHUNK):
        chunk = texts[start : start + CHUNK]
        table[start : start + len(chunk)] = encoder.embed(chunk)
        encoder.forget()
        if progress is not None:
            progress(min(start + CHUNK, len(texts)), len(texts))
    return _layout(examples, index, table)


def _layout(examples: Sequence[Example], index: dict[str, int], table: Floats) -> Encoded:
    width = max(len(e.framed.names) for e in examples)
    n = len(examples)
    shared = np.zeros((n, 5), dtype=np.int64)
    options = np.zeros((n, width), dtype=np.int64)
    lexical = np.zeros((n, width, N_LEXICAL), dtype=np.float32)
    mask = np.zeros((n, width), dtype=bool)
    for i, example in enumerate(examples):
        ids = [index[t] for t in texts_of(example.framed)]
        k = len(example.framed.names)
        shared[i] = ids[:5]
        options[i, :k] = ids[5:]
        lexical[i, :k] = facts(example.framed, table[ids[1]], table[ids[5:]])
        mask[i, :k] = True
    return Encoded(
        table=table,
        shared=shared,
        options=options,
        lexical=lexical,
        mask=mask,
        labels=np.asarray([e.label for e in examples], dtype=np.int64),
        families=tuple(e.question for e in examples),
        buckets=tuple(bucket(e.framed.kind, len(e.framed.names)) for e in examples),
    )
