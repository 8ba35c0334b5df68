"""The agent page: the goal box, the presets, run and stop, the live trace and the answer card, and the three
dialogs (a held step, a guarded call, the agent's question); agent.js fills them from the run's events, and
follows a run already going (a what-if started on a run's page) when the page is opened for it."""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.web.html import esc, page, tag

_LEGEND = (("system1", "System 1"), ("llm", "LLM"), ("person", "person"), ("code", "code"))


def agent_page(
    *,
    csrf: str,
    presets: Sequence[str],
    about: Sequence[tuple[str, str]],
    live: str | None = None,
    notice: str | None = None,
) -> str:
    """The whole agent page; ``live``: the id of a run going in this server, to follow; ``notice``: why not."""
    body = tag(
        "div",
        tag("section", _controls(presets, about), class_="panel controls", aria_label="Run the agent"),
        tag("section", _trace(notice), class_="panel trace-pane", aria_label="The run", data_live=live),
        class_="agent",
    )
    return page(
        "Agent", body + _held_dialog() + _guard_dialog() + _ask_dialog(), csrf=csrf, active="/", scripts=["agent.js"]
    )


def _controls(presets: Sequence[str], about: Sequence[tuple[str, str]]) -> str:
    form = tag(
        "form",
        tag("label", "Goal", for_="goal"),
        tag(
            "textarea",
            id="goal",
            name="goal",
            rows="3",
            maxlength="4000",
            required=True,
            placeholder="What is 7,200 divided by 16?",
        ),
        tag(
            "div",
            tag("button", "Run", type="submit", id="run", class_="primary"),
            tag("button", "Stop", type="button", id="stop", disabled=True),
            class_="buttons",
        ),
        tag("p", "Ctrl+Enter runs. Nothing that changes anything runs without your OK.", class_="hint"),
        id="run-form",
    )
    buttons = "".join(
        tag("li", tag("button", "▶ " + esc(goal), type="button", class_="preset", data_goal=goal)) for goal in presets
    )
    preset_part = (
        tag("h2", "Presets")
        + tag("p", "Recorded goals: they run offline, as decisionloop demo runs them.", class_="hint")
        + tag("ul", buttons, class_="presets")
        if presets
        else ""
    )
    legend = "".join(tag("li", tag("span", esc(label), class_=f"who who-{key}")) for key, label in _LEGEND)
    facts = "".join(tag("dt", esc(k)) + tag("dd", esc(v)) for k, v in about)
    return (
        form
        + preset_part
        + tag("h2", "Who decided")
        + tag("ul", legend, class_="legend")
        + (tag("h2", "This server") + tag("dl", facts, class_="facts") if about else "")
    )


def _trace(notice: str | None) -> str:
    return (
        (tag("p", esc(notice), class_="notice bad", role="alert") if notice else "")
        + tag(
            "p",
            "Type a goal or pick a preset; each step appears here as the loop decides it.",
            id="empty",
            class_="hint",
        )
        + tag(
            "div",
            tag("span", "", id="waiting-text"),
            tag("button", "Open the dialog", type="button", id="reopen"),
            id="waiting",
            class_="waiting",
            role="status",
            hidden=True,
        )
        + tag("div", "", id="answer", class_="answer-card", hidden=True, aria_live="polite", tabindex="-1")
        + tag("ol", "", id="trace", class_="trace", aria_live="polite")
    )


def _dialog(dialog_id: str, title: str, content: str) -> str:
    return tag(
        "dialog",
        tag("h2", esc(title), id=f"{dialog_id}-title"),
        content,
        tag("p", "", class_="error", role="alert"),
        id=dialog_id,
        aria_labelledby=f"{dialog_id}-title",
    )


def _held_dialog() -> str:
    form = tag(
        "form",
        tag("div", "", class_="why"),
        tag("fieldset", tag("legend", "Tool"), tag("div", "", class_="tools"), class_="tool-pick"),
        tag("div", "", class_="slots"),
        tag(
            "div",
            tag("button", "Run this step", type="submit", value="call", class_="primary"),
            tag("button", "Finish now", type="button", value="finish"),
            tag("button", "Stop the run", type="button", value="stop", class_="danger"),
            class_="buttons",
        ),
        method="dialog",
    )
    return _dialog("held-dialog", "System 1 is not sure: you decide this step", form)


def _guard_dialog() -> str:
    content = tag(
        "div",
        tag("p", "", class_="call mono"),
        tag("p", "", class_="effect"),
        tag("p", "The agent never runs a call that changes something without asking.", class_="hint"),
        tag(
            "div",
            tag("button", "Refuse", type="button", value="refuse", class_="primary", autofocus=True),
            tag("button", "Allow once", type="button", value="allow"),
            tag("button", "Allow this tool for this run", type="button", value="trust"),
            class_="buttons",
        ),
    )
    return _dialog("guard-dialog", "Allow this call?", content)


def _ask_dialog() -> str:
    form = tag(
        "form",
        tag("label", "", for_="ask-text", class_="question"),
        tag("input", id="ask-text", name="text", autocomplete="off"),
        tag(
            "div",
            tag("button", "Answer", type="submit", class_="primary"),
            tag("button", "Skip", type="button", value="skip"),
            class_="buttons",
        ),
        method="dialog",
    )
    return _dialog("ask-dialog", "The agent has a question", form)
