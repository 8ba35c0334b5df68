"""Evaluation: the task suite, gold matching, and the oracle used to check the loop end to end."""
