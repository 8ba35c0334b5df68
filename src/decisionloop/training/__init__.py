"""Training the decision model: the synthetic episode generator (``generator/``) and the fitting path (examples
through the loop's own frames, dataset, fit, pipeline, journal feedback). Needs torch: pip install
'decisionloop[train]'; never imported at run time."""
