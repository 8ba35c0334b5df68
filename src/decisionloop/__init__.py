"""decisionloop: typed decisions by a small local model, the unsure ones by an LLM or a person."""

__version__ = "0.1.0"

__all__ = ["__version__"]
