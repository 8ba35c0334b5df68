"""One model directory whose named questions are answered by other heads: the base model's encoder, tokenizer
and main head, and each named head beside them (``head_<question>.npz``), listed in ``config.json``'s ``heads``
with its questions, feature version, temperatures and model id; the manifest lists every file with its sha256
and size, and each head's training. All models must share the encoder (the same sentence embeddings feed every
head).

``--head QUESTION=SOURCE`` is repeatable. SOURCE is a model directory (its head for QUESTION, as that model
answers it: the heads it names for it, else its main head) or one head file inside a model directory
(``DIR/head_tool.npz``, ``DIR/head.npz``). Naming one question several times makes an ensemble: the heads answer
it together, their probabilities averaged (``model/backend.py``). A QUESTION ending in ``*`` names every question
id it starts (``arg:*``: every slot). A head whose bytes are already in OUT (the base's ``head.npz`` among them)
is named, not copied again. The base's own named heads are not kept: name them with ``--head``.

``--builtin-head QUESTION=SOURCE`` (repeatable) names a head for the built-in tools only: its entry carries their
option texts as its ``catalogue``, so it answers a choice among built-in tools alone, and the ``--head`` heads of
the same question answer every other catalogue (``model/backend.py``).

Choose the heads by validation figures (``bench tools`` on validation parts, the dev split), never by a test
part; then tune the combined model's gates (``decisionloop eval --model-dir OUT --tune …``).

``--int8`` stores every head's first layer as int8 with a scale per column (``model/head.py``): a head takes about
0.8 MB instead of 1.9, and its decisions stay those of the float16 head but for a rare one near a tie (the bundled
model's heads so converted: the dev split unchanged, one item of 82 to 85 moved on each validation part).

Usage: python scripts/combine_heads.py BASE --head tool=OTHER [--head tool=BASE/head.npz …] --out OUT [--int8]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from decisionloop import __version__
from decisionloop.core.errors import ConfigError
from decisionloop.model.backend import CONFIG, ENCODER, HEAD, MANIFEST, TOKENIZER, HeadEntry, ModelFiles
from decisionloop.model.features import option_text
from decisionloop.model.head import Head
from decisionloop.tools.builtin import builtin_tools

_COPIED = (ENCODER, TOKENIZER, HEAD, "learning_curve.json")


def combine(
    base: Path,
    heads: Sequence[tuple[str, Path]],
    out: Path,
    *,
    int8: bool = False,
    builtin: Sequence[tuple[str, Path]] = (),
) -> dict[str, object]:
    """Write the combined model to ``out``; returns its config. ``builtin`` heads answer among the built-in tools
    only. ValueError when an encoder differs from the base's or a source is no head."""
    config = json.loads((base / CONFIG).read_text(encoding="utf-8"))
    manifest = json.loads((base / MANIFEST).read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    for name in _COPIED:
        if (base / name).is_file():
            shutil.copy(base / name, out / name)
    encoder = _sha256(base / ENCODER)
    stored = {_sha256(out / HEAD): HEAD}
    entries: list[dict[str, object]] = []
    trained: dict[str, object] = {}
    catalogue = builtin_catalogue()
    for question, source, only in [*((q, w, False) for q, w in heads), *((q, w, True) for q, w in builtin)]:
        directory = source.parent if source.is_file() else source
        if _sha256(directory / ENCODER) != encoder:
            raise ValueError(f"{directory} has another encoder than {base}; its head reads other embeddings")
        files = ModelFiles.read(directory)
        for entry in _heads_of(files, question, source):
            digest = _sha256(directory / entry.file)
            name = stored.get(digest) or _free_name(out, question)
            if name not in stored.values():
                shutil.copy(directory / entry.file, out / name)
                stored[digest] = name
            entries.append(
                {
                    "file": name,
                    "questions": [question],
                    "feature_version": entry.feature_version,
                    "temperatures": dict(entry.temperatures),
                    "model_id": files.model_id,
                    **({"catalogue": catalogue} if only else {}),
                }
            )
            other_manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
            trained[name] = {"model_id": files.model_id, "training": _training_of(other_manifest, entry.file)}
    if int8:  # each head's first layer as int8 (model/head.py): about 0.8 MB a head instead of 1.9
        for name in dict.fromkeys([HEAD, *(str(e["file"]) for e in entries)]):
            Head.load(out / name, {}).save(out / name, int8=True)
    stamp = f"decisionloop-{__version__}-{datetime.now(UTC):%Y%m%d%H%M}"
    combined = {**config, "model_id": stamp, "base_model_id": config.get("model_id"), "heads": entries}
    (out / CONFIG).write_text(json.dumps(combined, indent=2) + "\n", encoding="utf-8")
    names = [ENCODER, TOKENIZER, HEAD, CONFIG, *dict.fromkeys(str(e["file"]) for e in entries if e["file"] != HEAD)]
    listed = {n: {"bytes": (out / n).stat().st_size, "sha256": _sha256(out / n)} for n in names}
    written = {**manifest, "model_id": stamp, "files": listed, "heads": trained}
    (out / MANIFEST).write_text(json.dumps(written, indent=2) + "\n", encoding="utf-8")
    return combined


def builtin_catalogue() -> list[str]:
    """The option texts of the built-in tools as pick_tool offers them (``model.features.option_text``)."""
    return [option_text(t.id, t.description) for t in builtin_tools()]


def _heads_of(files: ModelFiles, question: str, source: Path) -> list[HeadEntry]:
    """The heads ``source`` gives for ``question``: the one file named, or those its model answers it with."""
    if source.is_file():
        found = [e for e in reversed(files.heads) if e.file == source.name][:1]
        if not found:
            raise ValueError(f"{source} is no head of the model in {files.directory} (its config.json names none)")
        return found
    named = [e for e in files.heads if e.questions and e.answers(question)]
    return named or [files.heads[-1]]


def _training_of(manifest: dict[str, object], file: str) -> object:
    """How ``file`` was trained, as its model's manifest says (a head it took from elsewhere, or its own)."""
    heads = manifest.get("heads")
    if isinstance(heads, dict) and isinstance(heads.get(file), dict):
        return heads[file].get("training", {})
    return manifest.get("training", {})


def _free_name(out: Path, question: str) -> str:
    """``head_<question>.npz`` (``arg:*`` → ``head_arg.npz``), numbered when that name is taken."""
    slug = re.sub(r"[^0-9A-Za-z]+", "_", question).strip("_") or "named"
    name, n = f"head_{slug}.npz", 1
    while (out / name).exists():
        n += 1
        name = f"head_{slug}_{n}.npz"
    return name


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path, help="the model whose head answers every other question")
    parser.add_argument("--head", action="append", required=True, metavar="QUESTION=SOURCE", help="repeatable")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--int8", action="store_true", help="store every head's first layer as int8 (smaller)")
    parser.add_argument(
        "--builtin-head", action="append", default=[], metavar="QUESTION=SOURCE", help="for the built-in tools only"
    )
    args = parser.parse_args(argv)
    heads = [_named(parser, "--head", item) for item in args.head]
    builtin = [_named(parser, "--builtin-head", item) for item in args.builtin_head]
    try:
        combined = combine(args.base, heads, args.out, int8=args.int8, builtin=builtin)
    except (ValueError, OSError, ConfigError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    named = ", ".join([*(f"{q}={w}" for q, w in heads), *(f"{q}={w} (built-in tools)" for q, w in builtin)])
    print(f"{args.out}: {combined['model_id']}, heads {named} beside {args.base}'s")
    return 0


def _named(parser: argparse.ArgumentParser, flag: str, item: str) -> tuple[str, Path]:
    question, sep, where = item.partition("=")
    if not sep or not question or not where:
        parser.error(f"{flag} takes QUESTION=SOURCE, e.g. tool=models/a, got {item!r}")
    return question, Path(where)


if __name__ == "__main__":
    raise SystemExit(main())
