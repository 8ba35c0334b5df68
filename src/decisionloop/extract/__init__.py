"""Candidate extraction (no model): spans from the goal and observations, and the options they give a slot."""

from decisionloop.extract._numbers import is_time_unit, numbers_in_digits
from decisionloop.extract._text import is_function, occurrences
from decisionloop.extract.candidates import Candidate, extract
from decisionloop.extract.slots import accepted_kinds, slot_options
from decisionloop.values.places import is_city, is_country

__all__ = [
    "Candidate",
    "accepted_kinds",
    "extract",
    "is_city",
    "is_country",
    "is_function",
    "is_time_unit",
    "numbers_in_digits",
    "occurrences",
    "slot_options",
]
