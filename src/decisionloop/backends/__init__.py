"""Decision backends behind one small Protocol."""

from decisionloop.backends.base import BackendReply, DecisionBackend, DecisionRequest, State, Usage
from decisionloop.backends.fallback import FallbackBackend
from decisionloop.backends.http import HttpBackend
from decisionloop.backends.retry import RetryingBackend, RetryPolicy
from decisionloop.backends.scripted import ScriptedBackend

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
