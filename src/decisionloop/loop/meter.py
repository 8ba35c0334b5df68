"""Accounting of one run: decisions vs LLM calls (by purpose), the decisions' share of the time, tokens, who decided
each step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from decisionloop.core.decision import Decision
from decisionloop.core.records import StepRecord
from decisionloop.core.vocab import DECIDERS, LLM_PURPOSES
from decisionloop.loop.requests import LlmUse


@dataclass(frozen=True, slots=True, kw_only=True)
class MeterStats:
    """The figures printed after a run. Token totals are lower bounds when some replies did not report usage."""

    decisions: int
    requests: int
    decision_ms: float
    degraded: int
    escalated: int
    model_calls: int
    model_ms: float
    wall_ms: float
    decision_input_tokens: int
    decision_output_tokens: int
    model_input_tokens: int
    model_output_tokens: int
    requests_without_usage: int
    deciders: Mapping[str, int]
    llm_purposes: Mapping[str, int] = field(default_factory=dict)  # LLM calls by what they were for
    llm_used: int = 0  # LLM calls whose reply was used

    @property
    def ratio(self) -> float | None:
        """Decisions per LLM call; None when there was no LLM call (not infinity: it goes into JSON)."""
        return self.decisions / self.model_calls if self.model_calls else None

    @property
    def decision_share(self) -> float:
        """Share of the time spent deciding and calling models that went to decisions (1 when nothing ran)."""
        total = self.decision_ms + self.model_ms
        return self.decision_ms / total if total > 0 else 1.0

    def lines(self) -> list[str]:
        """What a person reads after a run."""
        ratio = f"{self.ratio:.1f}:1" if self.ratio is not None else f"{self.decisions}:0"
        who = ", ".join(f"{name} {n}" for name, n in self.deciders.items() if n) or "no step was decided"
        usage = "" if not self.requests_without_usage else f" ({self.requests_without_usage} requests without usage)"
        purposes = ", ".join(f"{name.replace('_', ' ')} {n}" for name, n in self.llm_purposes.items() if n)
        llm = [f"LLM calls: {purposes}; {self.llm_used} of {self.model_calls} replies used"] if purposes else []
        return [
            f"{self.decisions} decisions in {self.requests} requests / {self.decision_ms:.0f} ms · "
            f"{self.model_calls} LLM calls / {self.model_ms:.0f} ms · decisions:LLM calls = {ratio}",
            f"decision time = {self.decision_share:.0%} of model time · wall clock {self.wall_ms:.0f} ms · "
            f"{self.escalated} escalated, {self.degraded} degraded",
            f"tokens: decisions {self.decision_input_tokens} in / {self.decision_output_tokens} out{usage}; "
            f"LLM {self.model_input_tokens} in / {self.model_output_tokens} out",
            *llm,
            f"steps decided by: {who}",
        ]

    def to_json(self) -> dict[str, object]:
        """Every figure, JSON-ready."""
        return {
            "decisions": self.decisions,
            "requests": self.requests,
            "decision_ms": round(self.decision_ms, 3),
            "degraded": self.degraded,
            "escalated": self.escalated,
            "model_calls": self.model_calls,
            "model_ms": round(self.model_ms, 3),
            "wall_ms": round(self.wall_ms, 3),
            "ratio": self.ratio,
            "decision_share": self.decision_share,
            "decision_input_tokens": self.decision_input_tokens,
            "decision_output_tokens": self.decision_output_tokens,
            "model_input_tokens": self.model_input_tokens,
            "model_output_tokens": self.model_output_tokens,
            "requests_without_usage": self.requests_without_usage,
            "deciders": dict(self.deciders),
            "llm_purposes": dict(self.llm_purposes),
            "llm_used": self.llm_used,
        }


@dataclass(slots=True)
class Meter:
    """Collects figures while a run goes; ``stats`` freezes them."""

    decisions: list[Decision] = field(default_factory=list)
    requests: int = 0
    decision_ms: float = 0.0
    decision_tokens: list[int] = field(default_factory=lambda: [0, 0])
    requests_without_usage: int = 0
    llm: list[LlmUse] = field(default_factory=list)

    def add_request(self, decisions: Sequence[Decision]) -> None:
        """One round trip to the decision backend that answered ``decisions`` (latency and usage counted once)."""
        if not decisions:
            return
        self.requests += 1
        self.decisions += decisions
        first = decisions[0]
        self.decision_ms += first.latency_ms
        if first.usage is None or first.usage.input_tokens is None:
            self.requests_without_usage += 1
        else:
            self.decision_tokens[0] += first.usage.input_tokens
            self.decision_tokens[1] += first.usage.output_tokens or 0

    def add_llm(self, use: LlmUse) -> None:
        """LLM calls made by System 2 or the answer writer."""
        if use.calls:
            self.llm.append(use)

    def stats(self, steps: Sequence[StepRecord], wall_ms: float) -> MeterStats:
        """The figures of the run so far."""
        deciders = Counter(s.decided_by for s in steps)
        made = [c for u in self.llm for c in u.made]
        purposes = Counter(c.purpose for c in made)
        return MeterStats(
            decisions=len(self.decisions),
            requests=self.requests,
            decision_ms=self.decision_ms,
            degraded=sum(d.degraded for d in self.decisions),
            escalated=sum(d.escalated for d in self.decisions),
            model_calls=sum(u.calls for u in self.llm),
            model_ms=sum(u.ms for u in self.llm),
            wall_ms=wall_ms,
            decision_input_tokens=self.decision_tokens[0],
            decision_output_tokens=self.decision_tokens[1],
            model_input_tokens=sum(u.input_tokens or 0 for u in self.llm),
            model_output_tokens=sum(u.output_tokens or 0 for u in self.llm),
            requests_without_usage=self.requests_without_usage,
            deciders={name: deciders.get(name, 0) for name in DECIDERS},
            llm_purposes={name: purposes.get(name, 0) for name in LLM_PURPOSES},
            llm_used=sum(c.used for c in made),
        )
