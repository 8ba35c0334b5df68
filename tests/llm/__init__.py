"""Tests of the generator seam, the planner and the answer writer."""
