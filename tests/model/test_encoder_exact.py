"""The shipped encoder embeds a text the same on every CPU: its int8 weights are stored unsigned, so onnxruntime
multiplies them with its exact uint8 × uint8 kernels, not the uint8 × int8 ones that saturate on CPUs with AVX2 but
no VNNI (there, the signed weights gave rows off by up to .02, and other decisions). ``encoder_reference.json``
holds two embeddings as the exact integer arithmetic gives them (scripts/export_encoder.py), to four places."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from decisionloop.model.backend import ENCODER, TOKENIZER, shipped_dir
from decisionloop.model.encoder import Encoder

REFERENCE = Path(__file__).with_name("encoder_reference.json")


def test_the_shipped_encoder_gives_the_exact_embeddings_on_this_cpu() -> None:
    reference: dict[str, list[float]] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    encoder = Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER)
    got = encoder.embed(list(reference))
    want = np.asarray(list(reference.values()), dtype=np.float32)
    assert float(np.abs(got - want).max()) < 1e-3
