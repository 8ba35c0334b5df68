"""Show a compiled spec to people (text lines) and programs (JSON)."""

from __future__ import annotations

from decisionloop.spec.gates import block_thresholds, effective_thresholds
from decisionloop.spec.model import Block, Spec


def spec_lines(spec: Spec) -> list[str]:
    """The headline, the effective gates and one paragraph per block."""
    lines = [f"{spec.path}: {spec.headline()}"]
    if spec.overrides:
        applied = ", ".join(f"{k}={v:g}" for k, v in spec.overrides)
        lines.append(f"gates overridden: {applied}")
    for block in spec.blocks:
        lines.append("")
        lines.extend(_block_lines(block))
    return lines


def _block_lines(block: Block) -> list[str]:
    gate = "  [authorisation gate]" if block.is_gate else ""
    lines = [f"{block.id}  ({block.kind}, {block.position}){gate}", f"  {block.purpose}"]
    if block.dynamic is not None:
        d = block.dynamic
        lines.append(f"  options built in code: {d.provider}(ctx: {', '.join(d.cells)}) → {d.output}")
    for q in block.questions:
        options = ", ".join(o.name if q.type != "score" else (o.criteria or "").split(":")[0] for o in q.options)
        lines.append(f"  asks {q.id} ({q.type}): {q.ask}" + (f"  [{options}]" if options else ""))
    for rule in block.policy:
        lines.append(f"    {rule.text}")
    return lines


def spec_json(spec: Spec) -> dict[str, object]:
    """Everything ``decisionloop spec --json`` prints; stable keys."""
    return {
        "path": spec.path,
        "ok": spec.ok,
        "headline": spec.headline(),
        "gates": effective_thresholds(spec),
        "overridden": dict(spec.overrides),
        "blocks": [_block_json(b) for b in spec.blocks],
        "generator": spec.generator,
        "problems": [{"line": p.line, "message": p.message} for p in spec.problems],
    }


def _block_json(block: Block) -> dict[str, object]:
    dynamic = block.dynamic
    return {
        "id": block.id,
        "line": block.line,
        "kind": block.kind,
        "position": block.position,
        "purpose": block.purpose,
        "gate": block.is_gate,
        "dynamic": None
        if dynamic is None
        else {"provider": dynamic.provider, "cells": list(dynamic.cells), "output": dynamic.output, "why": dynamic.why},
        "questions": [
            {
                "id": q.id,
                "type": q.type,
                "ask": q.ask,
                "line": q.line,
                "options": [{"name": o.name, "criteria": o.criteria} for o in q.options],
            }
            for q in block.questions
        ],
        "policy": [{"line": r.line, "rule": r.text, "action": r.action} for r in block.policy],
        "thresholds": block_thresholds(block),
    }
