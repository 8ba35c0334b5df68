"""The command line: one module per command group, views that render runs, decisions and figures, and options
built from the settings table."""

from decisionloop.cli.main import main, run

__all__ = ["main", "run"]
