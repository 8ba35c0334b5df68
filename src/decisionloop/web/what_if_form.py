"""The what-if forms of a decision: for each question it asked, pick another option and re-run from its step
(``POST /api/what-ifs``, sent by run.js)."""

from __future__ import annotations

from collections.abc import Mapping

from decisionloop.core.errors import WireError
from decisionloop.core.wire import question_from_wire
from decisionloop.loop.what_if import option_names
from decisionloop.web.html import esc, prob, tag
from decisionloop.web.loaded import Row, as_mapping
from decisionloop.web.options import level_label, readings


def what_if_forms(run_id: str, step: int, block: str, answers: Mapping[str, object], questions: Row) -> str:
    """A form per question ``block`` asked at ``step`` of run ``run_id``, and what a what-if does."""
    forms = [
        _form(run_id, step, block, qid, answers.get(qid), wire) for qid, wire in questions.items() if qid in answers
    ]
    replayed = (
        f"the steps before step {step + 1} are replayed from this one (their tools are not called again), "
        if step
        else ""
    )
    hint = (
        f"A new run: {replayed}this step takes the option you pick, and the run goes on live on the agent page, "
        "with the same dialogs and the same guard."
    )
    return tag("h4", "What if") + tag("p", esc(hint), class_="hint") + "".join(f for f in forms if f)


def _form(run_id: str, step: int, block: str, qid: str, answer: object, wire: object) -> str:
    """One question's options, the runner-up chosen, System 1's reading marked."""
    try:
        names = option_names(question_from_wire(wire))
    except WireError:
        return ""
    reading, options = readings(answer)
    legend = as_mapping(answer.get("legend")) if isinstance(answer, Mapping) else {}
    shown = {n: level_label(n, legend) if legend else n for n in names}  # a score's level by its legend, as readings
    probabilities = dict(options)

    def p_of(name: str) -> float:
        return probabilities.get(shown[name], 0.0)

    wanted = max((n for n in names if shown[n] != reading), key=p_of, default=None)
    choices = "".join(
        tag(
            "option",
            esc(f"{shown[n]} · {prob(p_of(n))}" + (" (System 1)" if shown[n] == reading else "")),
            value=n,
            selected=n == wanted,
        )
        for n in names
    )
    field = f"wi-{step}-{block}-{qid}".replace(":", "-").replace("_", "-")
    return tag(
        "form",
        tag("label", "What if ", tag("code", esc(qid)), " had been", for_=field),
        tag(
            "div",
            tag("select", choices, id=field, name="option"),
            tag("button", f"Re-run from step {step + 1}", type="submit", class_="primary"),
            class_="what-if-row",
        ),
        tag("p", "", class_="error", role="alert"),
        class_="what-if",
        data_run=run_id,
        data_step=str(step),
        data_block=block,
        data_question=qid,
    )
