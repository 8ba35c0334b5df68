"""Training the decision model (needs torch: pip install 'decisionloop[train]'); never imported at run time."""
