"""Evaluation: the teacher-forced and free-running protocols, metrics, gate tuning, reports, BFCL, and the
ReAct comparison; gold traces come from ``gold/``."""
