"""The LLM as System 2: it plans held steps (what it cannot decide is decided as without it) and writes the answer."""

from __future__ import annotations

import time
from collections.abc import Sequence

from decisionloop.core.errors import GeneratorError
from decisionloop.core.records import Call
from decisionloop.core.vocab import FINISH, LlmPurpose
from decisionloop.driver import System2
from decisionloop.llm.chat import Chat
from decisionloop.llm.planner import PlannerInput, call_record, failed_call, plan
from decisionloop.llm.trust import DEFAULT_TRUST, Trust, proposals_of
from decisionloop.llm.writer import evidence_lines, write_answer
from decisionloop.loop.requests import Draft, LlmUse, NeedAnswer, NeedResolution, Resolution, step_views


class LlmSystem2:
    """Plans a held step with the LLM. A step the LLM does not decide (its reply unusable, its call failed, its
    choice not taken by ``trust``) is decided as it would be without the LLM: by ``person`` when there is one, else
    by System 1's own proposal (checked by the loop like any call), so a failing LLM does no harm.

    The LLM is asked only what ``trust`` could take: the stop check only where System 1 proposed to stop (else its
    yes could not be taken), and nothing where System 1 proposed no tool the policy could let the LLM choose, or
    where the server was found to give no log-probabilities and the policy needs them."""

    def __init__(self, chat: Chat, *, person: System2 | None = None, trust: Trust = DEFAULT_TRUST) -> None:
        self._chat = chat
        self._person = person
        self._trust = trust
        self._unscored = False  # a reply came without log-probabilities: no choice of this LLM can be taken

    def resolve(self, request: NeedResolution) -> Resolution:
        """A call or finish from the LLM where ``trust`` takes it (the call whose reply decided marked used), else
        what the person says, else System 1's proposal."""
        proposals = proposals_of(request.suggestion.tools, stop=request.suggestion.stop)
        unasked = self._not_asked(proposals)
        if unasked is not None:
            return self._without_llm(request, f"the LLM was not asked: {unasked}", LlmUse())
        check_stop = self._trust.may_take(FINISH, proposals)
        result = plan(self._chat, _planner_input(request), check_stop=check_stop)
        use = result.use
        if result.failed:
            return self._without_llm(request, result.error or "the LLM failed", use)
        if result.error is not None:
            return self._without_llm(request, f"the LLM's reply was unusable ({result.error})", use)
        self._unscored = self._unscored or (self._trust.needs_p and not result.scored)
        action = FINISH if result.finish else result.call.tool if result.call is not None else ""
        if not self._trust.takes(action, result.p, proposals):
            return self._not_taken(request, action, result.p, use)
        if result.finish:
            return Resolution(kind="finish", by="llm", detail=result.reason, llm=use.used())
        if result.call is None:
            return self._without_llm(request, "the LLM's reply named no call", use)
        suggested = request.suggestion
        strays = self._trust.strays(result.call, suggested.call, suggested.sure_args, suggested.spans)
        if strays:
            said = _values_of(result.call, strays)
            return self._without_llm(request, f"the LLM's {said} is none of the values found, not taken", use)
        call, kept = self._trust.call_taken(result.call, suggested.call, suggested.sure_args)
        detail = result.reason
        if kept:
            kept_note = f"System 1's sure values kept over the LLM's {_values_of(result.call, kept)}"
            detail = f"{detail}; {kept_note}" if detail else kept_note
        return Resolution(kind="call", by="llm", call=call, detail=detail, llm=use.used())

    def _not_asked(self, proposals: tuple[str, ...]) -> str | None:
        """Why no answer of the LLM could be taken on this step, if none could."""
        if not self._trust.may_take_any(proposals):
            return f"System 1 proposed no tool it could choose ({self._trust.describe()})"
        if self._unscored:
            return f"its server gives no log-probabilities, and {self._trust.describe()}"
        return None

    def _not_taken(self, request: NeedResolution, action: str, p: float | None, use: LlmUse) -> Resolution:
        sure = "p unknown" if p is None else f"p = {p:.2f}"
        why = f"the LLM chose {action} ({sure}), not taken: {self._trust.describe()}"
        return self._without_llm(request, why, use)

    def _without_llm(self, request: NeedResolution, why: str, use: LlmUse) -> Resolution:
        """The step as it is decided without the LLM: by the person, else by System 1's proposal."""
        if self._person is not None:
            answer = self._person.resolve(request)
            detail = f"{why}; {answer.detail}" if answer.detail else why
            return Resolution(kind=answer.kind, by=answer.by, call=answer.call, detail=detail, llm=use)
        proposal = request.suggestion  # nobody to ask (bench compare, a script): as System 1 alone would go on
        if proposal.stop:
            return Resolution(kind="finish", by="system1", detail=f"{why}; System 1's proposal to stop stands", llm=use)
        if proposal.call is not None:
            said = f"{why}; System 1's proposal stands"
            return Resolution(kind="call", by="system1", call=proposal.call, detail=said, llm=use)
        return Resolution(
            kind="stop", by="code", detail=f"{why}, System 1 proposed nothing, and no person can decide", llm=use
        )


def _values_of(call: Call, slots: Sequence[str]) -> str:
    """The call's values of ``slots`` as a note quotes them: ``place='Atlantis', days='3'``."""
    return ", ".join(f"{slot}={call.args.get(slot, '')!r}" for slot in slots)


def _planner_input(request: NeedResolution) -> PlannerInput:
    return PlannerInput(
        goal=request.goal,
        steps=step_views(request.history),
        tools=request.tools,
        suggestions=request.suggestion.tools,
        unsure=[h.detail for h in request.holds],
        spans=request.suggestion.spans,
        conversation=request.conversation,
    )


class LlmWriter:
    """Writes the answer from the evidence only; a failed call falls back to the template answer."""

    def __init__(self, chat: Chat, *, instruction: str) -> None:
        self._chat = chat
        self._instruction = instruction

    def write(self, request: NeedAnswer) -> Draft:
        """The LLM's draft, or the template when the LLM cannot answer; its call not marked used (the loop knows
        whether the draft is shown)."""
        evidence = evidence_lines(step_views(request.evidence))
        purpose: LlmPurpose = "direct" if request.direct else "revision" if request.revise is not None else "answer"
        started = time.perf_counter()
        try:
            reply = write_answer(
                self._chat,
                self._instruction,
                request.goal,
                evidence,
                request.revise,
                rejected=request.rejected,
                direct=request.direct,
                conversation=request.conversation,
            )
        except GeneratorError as err:
            failed = failed_call(purpose, self._chat.name, err, (time.perf_counter() - started) * 1000.0)
            return Draft(text=request.template, by="template", llm=LlmUse(made=(failed,)))
        made = call_record(purpose, reply, (time.perf_counter() - started) * 1000.0)
        return Draft(text=reply.text.strip(), by="llm", llm=LlmUse(made=(made,)))
