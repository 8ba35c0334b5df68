"""Decision backends behind the core.backend Protocol: HTTP, retrying, fallback, the rule judge, scripted, factory."""

from decisionloop.backends.fallback import FallbackBackend
from decisionloop.backends.http import HttpBackend
from decisionloop.backends.retry import RetryingBackend
from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest, State, Usage
from decisionloop.http_json import RetryPolicy

__all__ = [
    "BackendReply",
    "DecisionBackend",
    "DecisionRequest",
    "FallbackBackend",
    "HttpBackend",
    "RetryPolicy",
    "RetryingBackend",
    "ScriptedBackend",
    "State",
    "Usage",
]
