"""The web app: the agent with its held-step and guard dialogs and live trace, the sessions, the spec, Evaluate."""

from decisionloop.web.app import WebConfig, create_app, new_secret
from decisionloop.web.evals import EvalRunner
from decisionloop.web.live import LiveRun, LiveRuns, Opened, RunOpener
from decisionloop.web.person import WebPerson
from decisionloop.web.security import Policy, bound_hosts, is_loopback
from decisionloop.web.spec_page import SpecView

__all__ = [
    "EvalRunner",
    "LiveRun",
    "LiveRuns",
    "Opened",
    "Policy",
    "RunOpener",
    "SpecView",
    "WebConfig",
    "WebPerson",
    "bound_hosts",
    "create_app",
    "is_loopback",
    "new_secret",
]
