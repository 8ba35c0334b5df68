"""Build the decision backend a user asked for: a `/v1/systemone` server with retry and a rule-judge fallback."""

from __future__ import annotations

from collections.abc import Callable

from decisionloop.backends.fallback import FallbackBackend
from decisionloop.backends.http import HttpBackend
from decisionloop.backends.retry import RetryingBackend
from decisionloop.backends.rules import RuleJudge
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import ConfigError
from decisionloop.http_json import RetryPolicy

Notice = Callable[[str], None]


def build_backend(
    *,
    url: str | None,
    model: str | None,
    api_key: str | None,
    timeout_s: float,
    on_notice: Notice | None = None,
    probe: bool = False,
) -> DecisionBackend:
    """``url`` given: that server, retried, falling back to the rule judge; else the bundled decision model (the
    rule judge when no trained model is shipped, or when ``url`` is ``rules``).

    With ``probe``, a server that cannot be reached at all is a ConfigError now, before anything runs: a person
    who named a server wants its decisions, not the rule judge's (which escalates everything). A server that goes
    away during a run is still retried and then replaced by the rule judge, with a notice.
    """
    if not url or url == "rules":
        return _local(on_notice, rules=url == "rules")
    http = HttpBackend(base_url=url, model=model or None, api_key=api_key or None, timeout_s=timeout_s)
    why = http.unreachable() if probe else None
    if why is not None:
        http.close()
        raise ConfigError(
            f"cannot reach the decision server at {url} ({why}); start one with `decisionloop serve-decisions`, "
            "or leave out --decisions and DECISIONLOOP_DECISIONS_URL to use the bundled model"
        )

    def report_retry(err: Exception, attempt: int, wait_s: float) -> None:
        if on_notice is not None:
            on_notice(f"↻ {http.name}: {err}; retry {attempt} in {wait_s:.1f} s")

    retrying = RetryingBackend(http, RetryPolicy(), on_retry=report_retry)
    return FallbackBackend([retrying, RuleJudge()], on_fallback=on_notice)


def _local(on_notice: Notice | None, *, rules: bool) -> DecisionBackend:
    from decisionloop.model.backend import ModelBackend, has_model

    if not rules and has_model():
        return ModelBackend()
    if on_notice is not None:
        why = "asked for" if rules else "no trained decision model is shipped"
        on_notice(f"using the rule judge ({why}; demo only): every decision escalates")
    return RuleJudge()
