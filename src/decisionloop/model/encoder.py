"""The sentence encoder: all-MiniLM-L6-v2 as int8 ONNX, mean-pooled and normalised, with a cache of recent texts.

Texts repeat a lot within a run (the goal, tool descriptions, question wordings), so each is embedded once. The
cache keeps the most recently used texts, bounded both by count and by bytes (text plus vector), since one long
state can be megabytes: at most ``CACHE_ENTRIES`` texts and ``CACHE_BYTES`` bytes by default.

Each text is run on its own. The int8 model quantises its activations with one scale per run, so a text run in a
batch gets a vector that depends on its neighbours (cosine .992 on average against the text alone); run alone, a
text has one vector, in training, at run time and on replay. It costs about 40% more encoder time than batches of
16 (1,500 Seal-Tools texts: 1.6 s against 1.2 s on 2 cores).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from sys import getsizeof

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from tokenizers import Tokenizer

DIM = 384
MAX_TOKENS = 128
CACHE_ENTRIES = 8192
CACHE_BYTES = 64 * 1024 * 1024
Vectors = npt.NDArray[np.float32]


class TextCache:
    """Embeddings of recently used texts, least recently used dropped first, within ``entries`` and ``max_bytes``.

    An entry's bytes are its text's size in memory plus its vector's; an entry over ``max_bytes`` on its own is
    not kept (rather than emptying the cache to make room for it).
    """

    def __init__(self, *, entries: int = CACHE_ENTRIES, max_bytes: int = CACHE_BYTES) -> None:
        self._rows: OrderedDict[str, Vectors] = OrderedDict()
        self._entries = entries
        self._max_bytes = max_bytes
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._rows)

    @property
    def nbytes(self) -> int:
        """The bytes of every entry kept: texts and vectors."""
        return self._bytes

    def get(self, text: str) -> Vectors | None:
        """The cached vector of ``text``, now the most recently used; None if it is not cached."""
        row = self._rows.get(text)
        if row is not None:
            self._rows.move_to_end(text)
        return row

    def put(self, text: str, row: Vectors) -> None:
        """Keep ``row`` (copied, so a whole batch is never kept alive by one row) as the most recent entry."""
        self._drop(text)
        kept = np.array(row, dtype=np.float32)
        size = _entry_bytes(text, kept)
        if size > self._max_bytes:
            return
        self._rows[text] = kept
        self._bytes += size
        while len(self._rows) > self._entries or self._bytes > self._max_bytes:
            self._drop(next(iter(self._rows)))

    def clear(self) -> None:
        """Drop every entry."""
        self._rows.clear()
        self._bytes = 0

    def _drop(self, text: str) -> None:
        row = self._rows.pop(text, None)
        if row is not None:
            self._bytes -= _entry_bytes(text, row)


def _entry_bytes(text: str, row: Vectors) -> int:
    return getsizeof(text) + row.nbytes


class Encoder:
    """Embeds texts with the shipped ONNX encoder on ``threads`` CPU threads."""

    def __init__(
        self,
        model: Path,
        tokenizer: Path,
        *,
        threads: int = 2,
        cache_size: int = CACHE_ENTRIES,
        cache_bytes: int = CACHE_BYTES,
    ) -> None:
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # idle encoder threads must not spin: the head's numpy work runs right after on the same cores
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._tokenizer.no_padding()  # the file pads every text to 128 tokens; a text alone needs none
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self.cache = TextCache(entries=cache_size, max_bytes=cache_bytes)

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One normalised 384-d row per text (an empty text gives a zero row)."""
        known = {t: row for t in dict.fromkeys(texts) if t and (row := self.cache.get(t)) is not None}
        known.update((t, self._run(t)) for t in dict.fromkeys(texts) if t and t not in known)
        zero = np.zeros(DIM, dtype=np.float32)
        rows = [known[t] if t else zero for t in texts]
        for t in texts:  # in order, so the last use is the most recent
            if t and self.cache.get(t) is None:
                self.cache.put(t, known[t])
        return np.stack(rows) if rows else np.zeros((0, DIM), dtype=np.float32)

    def forget(self) -> None:
        """Drop every cached embedding (a training pass embeds each text once; no need to keep them)."""
        self.cache.clear()

    def _run(self, text: str) -> Vectors:
        encoded = self._tokenizer.encode(text)
        ids = np.asarray([encoded.ids], dtype=np.int64)
        mask = np.asarray([encoded.attention_mask], dtype=np.int64)
        out = self._session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        return np.asarray(out[0], dtype=np.float32)
