"""Ask a backend the questions of one or more blocks in one request, validate every answer, apply the policies.

Fail closed: a backend error, a missing answer, an answer of the wrong type, an option that was not offered, or
a reply the backend itself marks degraded never yields an automatic decision. Such a decision comes back
``degraded`` with action ``escalate``; what the policy would have said is kept as ``proposed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from decisionloop.core.answers import Answer, ChoiceAnswer, InvalidAnswerError, parse_answer
from decisionloop.core.backend import BackendReply, BatchDecisionBackend, DecisionBackend, DecisionRequest
from decisionloop.core.decision import Decision
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import Question, question_problem
from decisionloop.core.tool import NONE
from decisionloop.core.vocab import FAIL_CLOSED
from decisionloop.spec.gates import block_thresholds
from decisionloop.spec.model import Block
from decisionloop.spec.policy import Outcome, evaluate
from decisionloop.spec.predicates import Picked


@dataclass(frozen=True, slots=True, kw_only=True)
class Ask:
    """One block's questions for one step. ``templates`` maps a question id to the block question it
    instantiates (``arg:place`` → ``arg``); ids missing from it are the block question itself. ``optional``
    names the questions whose NONE means "leave it out" (an optional argument): the rules that act on NONE do not
    apply to them, the others (a confidence threshold) still do."""

    block: Block
    state: Mapping[str, object]
    questions: Mapping[str, Question]
    templates: Mapping[str, str] = field(default_factory=dict)
    optional: frozenset[str] = frozenset()

    def template(self, qid: str) -> str:
        """The block question that ``qid`` asks."""
        return self.templates.get(qid, qid)


def decide(backend: DecisionBackend, ask: Ask, *, timeout_s: float = 30.0) -> Decision:
    """Decide one block."""
    return decide_batch(backend, [ask], timeout_s=timeout_s)[0]


def decide_batch(backend: DecisionBackend, asks: Sequence[Ask], *, timeout_s: float = 30.0) -> list[Decision]:
    """Decide several blocks with one backend request: states merged, question ids kept distinct."""
    return list(answer_batch(backend, asks, timeout_s=timeout_s).decisions)


@dataclass(frozen=True, slots=True, kw_only=True)
class Answered:
    """One request's raw reply (or the error instead of one) and the decisions made from it.

    Keeping the reply lets a different gate setting be applied later without asking the backend again.
    """

    backend: str
    reply: BackendReply | None
    error: BackendError | None
    decisions: tuple[Decision, ...]

    def rejudged(self, asks: Sequence[Ask]) -> list[Decision]:
        """The decisions the same reply gives for ``asks`` (the same questions under other thresholds)."""
        if self.reply is None:
            assert self.error is not None
            return [_unavailable(ask, self.backend, self.error) for ask in asks]
        return [judge(ask, self.reply) for ask in asks]


def answer_batch(backend: DecisionBackend, asks: Sequence[Ask], *, timeout_s: float = 30.0) -> Answered:
    """Like ``decide_batch``, keeping the raw reply."""
    request = _request(asks, timeout_s)
    try:
        reply = backend.decide(request)
    except BackendError as err:
        return _failed(backend.name, asks, err)
    decisions = tuple(judge(ask, reply) for ask in asks)
    return Answered(backend=backend.name, reply=reply, error=None, decisions=decisions)


def answer_groups(
    backend: DecisionBackend, groups: Sequence[Sequence[Ask]], *, timeout_s: float = 30.0
) -> list[Answered]:
    """Each group (asks that share a frame) answered; all groups in one call when the backend takes several
    requests at once (the bundled model, a server's batch endpoint), else one request per group."""
    if len(groups) < 2 or not isinstance(backend, BatchDecisionBackend):
        return [answer_batch(backend, g, timeout_s=timeout_s) for g in groups]
    try:
        replies = backend.decide_many([_request(g, timeout_s) for g in groups])
        if len(replies) != len(groups):
            raise BackendError(backend.name, "malformed", f"{len(replies)} replies to {len(groups)} requests")
    except BackendError as err:
        return [_failed(backend.name, g, err) for g in groups]
    return [
        Answered(backend=backend.name, reply=r, error=None, decisions=tuple(judge(a, r) for a in g))
        for g, r in zip(groups, replies, strict=True)
    ]


def _failed(backend: str, asks: Sequence[Ask], err: BackendError) -> Answered:
    decisions = tuple(_unavailable(ask, backend, err) for ask in asks)
    return Answered(backend=backend, reply=None, error=err, decisions=decisions)


def _request(asks: Sequence[Ask], timeout_s: float) -> DecisionRequest:
    return DecisionRequest(state=_merged_state(asks), questions=_all_questions(asks), timeout_s=timeout_s)


def _all_questions(asks: Sequence[Ask]) -> dict[str, Question]:
    questions: dict[str, Question] = {}
    for ask in asks:
        for qid, question in ask.questions.items():
            if qid in questions:
                raise ValueError(f"question id {qid!r} is asked by two blocks in one batch; ids must be distinct")
            if (problem := question_problem(question)) is not None:
                raise ValueError(f"{ask.block.id}.{qid} cannot be asked: {problem}")
            if ask.template(qid) not in ask.block.question_ids:
                raise ValueError(f"{qid!r} instantiates {ask.template(qid)!r}, which {ask.block.id!r} does not ask")
            questions[qid] = question
    if not questions:
        raise ValueError("nothing to ask: a batch needs at least one question")
    return questions


def _merged_state(asks: Sequence[Ask]) -> dict[str, object]:
    state: dict[str, object] = {}
    for ask in asks:
        for key, value in ask.state.items():
            if key in state and state[key] != value:
                raise ValueError(f"frames of one batch disagree on {key!r}; ask these blocks separately")
            state[key] = value
    return state


def _unavailable(ask: Ask, backend: str, err: BackendError) -> Decision:
    return Decision(
        block=ask.block.id,
        action=FAIL_CLOSED,
        proposed=FAIL_CLOSED,
        reasons=(f"{backend} unavailable ({err}); never decided automatically",),
        answers={},
        problems={qid: "no answer: backend unavailable" for qid in ask.questions},
        degraded=True,
        backend=backend,
        model="",
        latency_ms=0.0,
        usage=None,
        warnings=(),
        thresholds=block_thresholds(ask.block),
    )


def judge(ask: Ask, reply: BackendReply) -> Decision:
    """Validate ``reply``'s answers to ``ask`` and apply the block's policy (also to stored replies, offline)."""
    answers, problems = _validated(ask, reply.answers)
    outcome = _combined(ask, answers)
    reasons = [outcome.reason]
    reasons += [f"{qid}: {why}" for qid, why in problems.items()]
    if reply.degraded:
        reasons.append(f"degraded answer from {reply.backend}; never decided automatically")
    degraded = reply.degraded or bool(problems)
    return Decision(
        block=ask.block.id,
        action=FAIL_CLOSED if degraded else outcome.action,
        proposed=outcome.action,
        reasons=tuple(reasons),
        answers=answers,
        problems=problems,
        degraded=degraded,
        backend=reply.backend,
        model=reply.model,
        latency_ms=reply.latency_ms,
        usage=reply.usage,
        warnings=reply.warnings,
        thresholds=block_thresholds(ask.block),
        margin=outcome.margin,
    )


def _validated(ask: Ask, raw: Mapping[str, object]) -> tuple[dict[str, Answer], dict[str, str]]:
    answers: dict[str, Answer] = {}
    problems: dict[str, str] = {}
    for qid, question in ask.questions.items():
        if qid not in raw:
            problems[qid] = "no answer"
            continue
        try:
            answers[qid] = parse_answer(raw[qid], question)
        except InvalidAnswerError as err:
            problems[qid] = f"unusable answer: {err}"
    return answers, problems


def _combined(ask: Ask, answers: Mapping[str, Answer]) -> Outcome:
    """One outcome per binding of block questions to asked ids; they must agree or the block escalates."""
    bindings = _bindings(ask)
    outcomes = [
        (
            label,
            evaluate(_policy_for(ask, binding, answers), {t: answers[q] for t, q in binding.items() if q in answers}),
        )
        for label, binding in bindings
    ]
    if len(outcomes) == 1:
        return outcomes[0][1]
    reason = "; ".join(f"{label}: {o.reason}" for label, o in outcomes)
    actions = {o.action for _, o in outcomes}
    margins = [o.margin for _, o in outcomes if o.margin is not None]
    action = actions.pop() if len(actions) == 1 else FAIL_CLOSED
    return Outcome(action=action, reason=reason, margin=min(margins) if margins else None)


def _policy_for(ask: Ask, binding: Mapping[str, str], answers: Mapping[str, Answer]) -> Block:
    """The block, without its rules on NONE where an optional question was answered NONE (it is left out)."""
    left_out = [q for q in binding.values() if q in ask.optional and _picked(answers.get(q)) == NONE]
    if not left_out:
        return ask.block
    kept = tuple(r for r in ask.block.policy if not (isinstance(r.predicate, Picked) and r.predicate.option == NONE))
    return replace(ask.block, policy=kept)


def _picked(answer: Answer | None) -> str | None:
    return answer.choice if isinstance(answer, ChoiceAnswer) else None


def _bindings(ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """Static questions bind to themselves; a question asked once per slot yields one binding per slot."""
    instances: dict[str, list[str]] = {}
    for qid in ask.questions:
        instances.setdefault(ask.template(qid), []).append(qid)
    repeated = [t for t, ids in instances.items() if len(ids) > 1]
    if not repeated:
        return [("", {t: ids[0] for t, ids in instances.items()})]
    if len(repeated) > 1 or len(instances) > 1:
        raise ValueError(f"{ask.block.id!r}: only a single-question block may be asked once per slot")
    return [(qid, {repeated[0]: qid}) for qid in instances[repeated[0]]]
