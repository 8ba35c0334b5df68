"""The decision server: any decision backend behind `/v1/systemone`, with micro-batching of concurrent requests."""

from decisionloop.core.backend import BatchDecisionBackend
from decisionloop.server.app import create_app, served_model_id
from decisionloop.server.batching import BatchStats, MicroBatcher

__all__ = ["BatchDecisionBackend", "BatchStats", "MicroBatcher", "create_app", "served_model_id"]
