"""One model directory whose named questions are answered by another model's head: the base model's files, and
each other head beside them (``head_<question>.npz``), named in ``config.json``'s ``heads`` with its feature
version, temperatures and model id; the manifest lists every file with its sha256 and size, and each head's
training. Both models must share the encoder (the same sentence embeddings feed every head).

Choose the heads by validation figures (``bench tools`` on validation parts, the dev split), never by a test
part; then tune the combined model's gates (``decisionloop eval --model-dir OUT --tune …``).

Usage: python scripts/combine_heads.py BASE --head tool=OTHER --out OUT
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

from decisionloop import __version__
from decisionloop.model.backend import CONFIG, ENCODER, HEAD, MANIFEST, TOKENIZER, ModelFiles

_COPIED = (ENCODER, TOKENIZER, HEAD, "learning_curve.json")


def combine(base: Path, heads: dict[str, Path], out: Path) -> dict[str, object]:
    """Write the combined model to ``out``; returns its config. ValueError when the encoders differ."""
    config = json.loads((base / CONFIG).read_text(encoding="utf-8"))
    manifest = json.loads((base / MANIFEST).read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    for name in _COPIED:
        if (base / name).is_file():
            shutil.copy(base / name, out / name)
    entries, trained, encoder = [], {}, _sha256(base / ENCODER)
    for question, other in heads.items():
        if _sha256(other / ENCODER) != encoder:
            raise ValueError(f"{other} has another encoder than {base}; its head reads other embeddings")
        files = ModelFiles.read(other)
        name = f"head_{question}.npz"
        shutil.copy(other / HEAD, out / name)
        entries.append(
            {
                "file": name,
                "questions": [question],
                "feature_version": files.config["feature_version"],
                "temperatures": files.config.get("temperatures", {}),
                "model_id": files.model_id,
            }
        )
        other_manifest = json.loads((other / MANIFEST).read_text(encoding="utf-8"))
        trained[question] = {"model_id": files.model_id, "training": other_manifest.get("training", {})}
    stamp = f"decisionloop-{__version__}-{datetime.now(UTC):%Y%m%d%H%M}"
    combined = {**config, "model_id": stamp, "base_model_id": config.get("model_id"), "heads": entries}
    (out / CONFIG).write_text(json.dumps(combined, indent=2) + "\n", encoding="utf-8")
    names = [ENCODER, TOKENIZER, HEAD, CONFIG, *(str(e["file"]) for e in entries)]
    listed = {n: {"bytes": (out / n).stat().st_size, "sha256": _sha256(out / n)} for n in names}
    written = {**manifest, "model_id": stamp, "files": listed, "heads": trained}
    (out / MANIFEST).write_text(json.dumps(written, indent=2) + "\n", encoding="utf-8")
    return combined


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path, help="the model whose head answers every other question")
    parser.add_argument("--head", action="append", required=True, metavar="QUESTION=DIR", help="repeatable")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    heads: dict[str, Path] = {}
    for item in args.head:
        question, sep, where = item.partition("=")
        if not sep or not question or not where:
            parser.error(f"--head takes QUESTION=DIR, e.g. tool=models/a, got {item!r}")
        heads[question] = Path(where)
    try:
        combined = combine(args.base, heads, args.out)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"{args.out}: {combined['model_id']}, heads {', '.join(heads)} beside {args.base}'s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
