"""decisionloop's tests."""
