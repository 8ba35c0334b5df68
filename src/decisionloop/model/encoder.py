"""The sentence encoder: all-MiniLM-L6-v2 as int8 ONNX, mean-pooled and normalised, with a cache of recent texts.

Texts repeat a lot within a run (the goal, tool descriptions, question wordings), so each is embedded once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from tokenizers import Tokenizer

DIM = 384
MAX_TOKENS = 128
BATCH = 16
Vectors = npt.NDArray[np.float32]


class Encoder:
    """Embeds texts with the shipped ONNX encoder on ``threads`` CPU threads."""

    def __init__(self, model: Path, tokenizer: Path, *, threads: int = 2, cache_size: int = 8192) -> None:
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # idle encoder threads must not spin: the head's numpy work runs right after on the same cores
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._tokenizer.no_padding()  # the file pads every text to 128 tokens; batches pad to their longest
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._cache: OrderedDict[str, Vectors] = OrderedDict()
        self._cache_size = cache_size

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One normalised 384-d row per text (an empty text gives a zero row)."""
        missing = list(dict.fromkeys(t for t in texts if t and t not in self._cache))
        missing.sort(key=len)
        for start in range(0, len(missing), BATCH):
            chunk = missing[start : start + BATCH]
            for text, row in zip(chunk, self._run(chunk), strict=True):
                self._remember(text, row)
        zero = np.zeros(DIM, dtype=np.float32)
        rows = [self._cache[t] if t else zero for t in texts]
        for t in texts:
            if t:
                self._cache.move_to_end(t)
        return np.stack(rows) if rows else np.zeros((0, DIM), dtype=np.float32)

    def forget(self) -> None:
        """Drop every cached embedding (a training pass embeds each text once; no need to keep them)."""
        self._cache.clear()

    def _run(self, texts: list[str]) -> Vectors:
        encoded = self._tokenizer.encode_batch(texts)
        width = max(len(e.ids) for e in encoded)
        ids = np.zeros((len(texts), width), dtype=np.int64)
        mask = np.zeros((len(texts), width), dtype=np.int64)
        for i, e in enumerate(encoded):
            ids[i, : len(e.ids)] = e.ids
            mask[i, : len(e.ids)] = e.attention_mask
        out = self._session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        return np.asarray(out, dtype=np.float32)

    def _remember(self, text: str, row: Vectors) -> None:
        self._cache[text] = row
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
