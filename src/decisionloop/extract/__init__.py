"""Candidate extraction (no model): spans from the goal and observations, and the options they give a slot."""

from decisionloop.extract._names import is_city, is_country
from decisionloop.extract.candidates import Candidate, extract
from decisionloop.extract.slots import accepted_kinds, slot_options

__all__ = ["Candidate", "accepted_kinds", "extract", "is_city", "is_country", "slot_options"]
