"""The generator's data files (``data/``; what each holds: data/README.md), read by the one loader."""

from __future__ import annotations

from decisionloop.core.tables import Tables

DATA = Tables("decisionloop.training.generator")
rows = DATA.rows
load = DATA.load
cells = DATA.cells
data_files = DATA.files
data_dir = DATA.folder
