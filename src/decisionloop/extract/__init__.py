"""Candidate extraction (no model): spans from the goal and observations, and the options they give a slot."""

from decisionloop.extract.candidates import Candidate, extract
from decisionloop.extract.slots import slot_options

__all__ = ["Candidate", "extract", "slot_options"]
