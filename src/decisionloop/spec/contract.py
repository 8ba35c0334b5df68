"""What the loop's code reads from DECISION.md, checked against the file at load.

A mismatch (a renamed question, a changed type, a provider the code does not have) fails startup with both
sides listed, instead of becoming a decision the code never reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from decisionloop.core.errors import Problem
from decisionloop.core.questions import QuestionType
from decisionloop.spec.model import Block, Spec
from decisionloop.spec.vocab import DynamicOutput, Kind


@dataclass(frozen=True, slots=True, kw_only=True)
class Provider:
    """A dynamic-options provider the code implements, and the ctx cells it reads."""

    name: str
    output: DynamicOutput
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockContract:
    """What the code expects of one block."""

    kind: Kind
    questions: Mapping[str, QuestionType]
    provider: Provider | None = None
    levels: Mapping[str, int] = field(default_factory=dict)


DEFAULT_CONTRACT: Mapping[str, BlockContract] = {
    "needs_tool": BlockContract(kind="noul", questions={"needs_tool": "noul"}),
    "pick_tool": BlockContract(
        kind="choice",
        questions={"tool": "choice"},
        provider=Provider(name="tool_options", output="options", cells=("tools", "steps")),
    ),
    "pick_args": BlockContract(
        kind="choice",
        questions={"arg": "choice"},
        provider=Provider(name="slot_options", output="slots", cells=("tool", "candidates")),
    ),
    "grade_risk": BlockContract(kind="mixed", questions={"risk": "score", "needs_auth": "noul"}, levels={"risk": 4}),
    "step_ok": BlockContract(kind="noul", questions={"ok": "noul"}),
    "is_done": BlockContract(kind="noul", questions={"done": "noul"}),
    "can_deliver": BlockContract(kind="mixed", questions={"deliverable": "noul", "unsupported": "noul"}),
}


def contract_problems(spec: Spec, contract: Mapping[str, BlockContract] = DEFAULT_CONTRACT) -> list[Problem]:
    """Every difference between what the code reads and what the file declares, with both sides."""
    problems: list[Problem] = []
    by_id = {b.id: b for b in spec.blocks}
    for block_id, expected in contract.items():
        block = by_id.get(block_id)
        if block is None:
            problems.append(
                Problem(
                    1,
                    f"the code reads block {block_id!r}, which the file does not define; "
                    f"code reads: {', '.join(contract)}; file has: {', '.join(by_id)}",
                )
            )
        else:
            problems.extend(_block_problems(block, expected))
    for block in spec.blocks:
        if block.id not in contract:
            problems.append(
                Problem(block.line, f"block {block.id!r} is not read by the code; code reads: {', '.join(contract)}")
            )
    return problems


def _block_problems(block: Block, expected: BlockContract) -> list[Problem]:
    problems: list[Problem] = []
    declared = {q.id: q.type for q in block.questions}
    if declared != dict(expected.questions):
        problems.append(
            Problem(
                block.line,
                f"block {block.id!r}: the code reads {_describe(expected.questions)}, "
                f"the file declares {_describe(declared)}",
            )
        )
    if block.kind != expected.kind:
        problems.append(
            Problem(
                block.line,
                f"block {block.id!r}: the code expects 'kind: {expected.kind}', the file says 'kind: {block.kind}'",
            )
        )
    for qid, count in expected.levels.items():
        if qid in declared and len(block.question(qid).options) != count:
            problems.append(
                Problem(
                    block.question(qid).line,
                    f"question {qid!r}: the code reads {count} levels, "
                    f"the file writes {len(block.question(qid).options)}",
                )
            )
    problems.extend(_provider_problems(block, expected.provider))
    return problems


def _provider_problems(block: Block, provider: Provider | None) -> list[Problem]:
    dynamic = block.dynamic
    if provider is None and dynamic is None:
        return []
    if provider is None:
        assert dynamic is not None
        return [
            Problem(
                dynamic.line,
                f"block {block.id!r}: the file asks for provider {dynamic.provider!r}, but "
                "the code builds no options for this block",
            )
        ]
    line = dynamic.line if dynamic else block.line
    declared = (dynamic.provider, dynamic.output, dynamic.cells) if dynamic else None
    wanted = (provider.name, provider.output, provider.cells)
    if declared is None or declared[:2] != wanted[:2] or set(declared[2]) != set(wanted[2]):
        code = f"{provider.name}(ctx: {', '.join(provider.cells)}) → {provider.output}"
        file = f"{dynamic.provider}(ctx: {', '.join(dynamic.cells)}) → {dynamic.output}" if dynamic else "nothing"
        return [Problem(line, f"block {block.id!r}: the code provides 'dynamic: {code}', the file declares {file}")]
    return []


def _describe(questions: Mapping[str, QuestionType]) -> str:
    return ", ".join(f"{qid} ({qtype})" for qid, qtype in questions.items()) or "no questions"
