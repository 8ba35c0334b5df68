"""The agent loop: frames, the step generator and its typed requests."""
