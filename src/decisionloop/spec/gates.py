"""Gate overrides: ``block.question=value`` and ``block.question[i]=value`` move a policy threshold.

Tiers are a question's thresholded rules in file order; the bare key is tier 0. Overrides apply all or
nothing: any unknown block, question or tier, any value outside its range, or any override that puts one tier
out of order (so it would never fire) refuses the whole set, listing what is valid. A threshold at the bottom of
its range (``top >= 0``) makes every later rung unreachable. The τ sweep and the tuner end there on purpose
(automate every step), so such an override applies, but each rung it cuts off becomes a problem of the returned
spec naming the gate, the rung and the values: ``decisionloop spec --gate`` shows it and exits 1.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Mapping

from decisionloop.core.errors import GateError, Problem
from decisionloop.spec.compiler import threshold_problem
from decisionloop.spec.model import Block, Rule, Spec
from decisionloop.spec.predicates import Prob, Score, Top, with_threshold
from decisionloop.spec.reach import Unreachable, unreachable_rules

_KEY = re.compile(r"^([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?:\[(\d+)\])?$")


def tiers(block: Block) -> dict[str, list[Rule]]:
    """Each question's thresholded rules in file order."""
    found: dict[str, list[Rule]] = {}
    for rule in block.policy:
        if isinstance(rule.predicate, Top | Prob | Score):
            found.setdefault(rule.predicate.question, []).append(rule)
    return found


def gate_keys(spec: Spec) -> list[str]:
    """Every legal override key: bare for a single tier, ``q[i]`` for each tier of a ladder."""
    return list(effective_thresholds(spec))


def block_thresholds(block: Block) -> dict[str, float]:
    """The threshold each of the block's gate keys compares against now."""
    return {key: rule.threshold if rule.threshold is not None else math.nan for key, rule in _keyed_rules(block)}


def effective_thresholds(spec: Spec) -> dict[str, float]:
    """The threshold every gate key compares against now, after overrides; recorded with every run."""
    return {key: value for block in spec.blocks for key, value in block_thresholds(block).items()}


def threshold_ranges(spec: Spec) -> dict[str, tuple[float, float]]:
    """The values each gate key may take: [0, 1] for a probability, [0, levels − 1] for a score."""
    return {
        key: (0.0, float(len(block.question(rule.predicate.question).options) - 1))
        if isinstance(rule.predicate, Score)
        else (0.0, 1.0)
        for block in spec.blocks
        for key, rule in _keyed_rules(block)
        if isinstance(rule.predicate, Top | Prob | Score)
    }


def parse_assignments(items: Iterable[str]) -> dict[str, float]:
    """Read ``key=value`` texts (flags, or the comma-split env var); later keys win."""
    values: dict[str, float] = {}
    errors: list[str] = []
    for item in items:
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            errors.append(f"cannot read {item!r}; write block.question=value, e.g. pick_tool.tool=0.7")
            continue
        try:
            values[key] = float(raw)
        except ValueError:
            errors.append(f"value of {key!r} must be a number, got {raw!r}")
    if errors:
        raise GateError(errors)
    return values


def split_env(text: str) -> list[str]:
    """Split ``DECISIONLOOP_GATES='k=v,k=v'`` into assignments, ignoring blanks."""
    return [part for part in (p.strip() for p in text.split(",")) if part]


def apply_gates(spec: Spec, overrides: Mapping[str, float]) -> Spec:
    """A spec with the overridden thresholds, and the rungs they cut off among its problems; GateError (nothing
    applied) if any override cannot apply."""
    if not overrides:
        return spec
    errors: list[str] = []
    changes: dict[tuple[str, int], float] = {}
    for key, value in overrides.items():
        located = _locate(spec, key, errors)
        if located is not None:
            changes[(located[0].id, located[1])] = value
            _check_value(located[0], located[1], key, value, errors)
    blocks = tuple(_rewrite(block, changes) for block in spec.blocks)
    for block in blocks:
        dead = [d for d in unreachable_rules(block.policy) if d.cause == "covered"]
        errors += [_unreachable_text(block, d, overrides) for d in dead]
    if errors:
        raise GateError(errors)
    applied = tuple(sorted({**dict(spec.overrides), **overrides}.items()))
    earlier = _cut_off(spec.blocks, dict(spec.overrides))
    kept = [p for p in spec.problems if p not in earlier]
    problems = tuple(sorted((*kept, *_cut_off(blocks, dict(applied))), key=lambda p: p.line))
    return dataclasses.replace(spec, blocks=blocks, overrides=applied, problems=problems)


def _cut_off(blocks: Iterable[Block], overrides: Mapping[str, float]) -> list[Problem]:
    """The rungs that a threshold at the bottom of its range cuts off, each a problem at the rung's line."""
    return [
        Problem(d.rule.line, _unreachable_text(block, d, overrides))
        for block in blocks
        for d in unreachable_rules(block.policy)
        if d.cause != "covered"
    ]


def _unreachable_text(block: Block, dead: Unreachable, overrides: Mapping[str, float]) -> str:
    moved = ", ".join(f"{k}={v:g}" for k, v in overrides.items() if k.split(".")[0] == block.id)
    said = f"{moved + ': ' if moved else ''}rule '{dead.rule.text}' of {block.id!r} would never fire; {dead.why}"
    if dead.cause == "covered":
        return f"{said}; tiers on one question must stay strictly ordered (an earlier tier stricter than a later one)"
    keys = {id(rule): key for key, rule in _keyed_rules(block)}
    named = [keys[id(r)] for r in (dead.always or (dead.rule,)) if id(r) in keys]
    if len(dead.always) == 2:
        return f"{said}; move {' or '.join(named)} so that together they leave a range uncovered"
    return f"{said}; give {named[0]} a value above 0" if named else said


def _keyed_rules(block: Block) -> list[tuple[str, Rule]]:
    """Each thresholded rule with its gate key: bare for a single tier, ``q[i]`` for each tier of a ladder."""
    return [
        (f"{block.id}.{qid}" if len(rules) == 1 else f"{block.id}.{qid}[{i}]", rule)
        for qid, rules in tiers(block).items()
        for i, rule in enumerate(rules)
    ]


def _locate(spec: Spec, key: str, errors: list[str]) -> tuple[Block, int] | None:
    """The block and the index into its policy that ``key`` names; else an error listing the valid keys."""
    valid = ", ".join(gate_keys(spec))
    m = _KEY.match(key)
    if m is None:
        errors.append(f"cannot read gate key {key!r}; write block.question or block.question[i]; known: {valid}")
        return None
    block_id, qid, tier = m.group(1), m.group(2), int(m.group(3) or 0)
    block = next((b for b in spec.blocks if b.id == block_id), None)
    if block is None:
        errors.append(
            f"unknown block {block_id!r} in {key!r}; blocks: {', '.join(b.id for b in spec.blocks)}; "
            f"known keys: {valid}"
        )
        return None
    ladder = tiers(block).get(qid)
    if ladder is None:
        errors.append(
            f"unknown gate {key!r}: block {block_id!r} has no threshold on question {qid!r}; known keys: {valid}"
        )
        return None
    if tier >= len(ladder):
        errors.append(
            f"unknown tier in {key!r}: {block_id}.{qid} has tiers [0..{len(ladder) - 1}]; known keys: {valid}"
        )
        return None
    return block, block.policy.index(ladder[tier])


def _check_value(block: Block, index: int, key: str, value: float, errors: list[str]) -> None:
    predicate = block.policy[index].predicate
    assert isinstance(predicate, Top | Prob | Score)
    problem = threshold_problem(with_threshold(predicate, value), block.question(predicate.question))
    if problem is not None:
        errors.append(f"{key}={value:g}: {problem}")


def _rewrite(block: Block, changes: Mapping[tuple[str, int], float]) -> Block:
    policy = list(block.policy)
    for (block_id, index), value in changes.items():
        if block_id == block.id:
            rule = policy[index]
            assert isinstance(rule.predicate, Top | Prob | Score)
            policy[index] = dataclasses.replace(rule, predicate=with_threshold(rule.predicate, value))
    return dataclasses.replace(block, policy=tuple(policy))
