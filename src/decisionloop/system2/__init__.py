"""System 2: who decides a held step (an LLM, else a person) and who approves a guarded call."""

from decisionloop.system2.llm import LlmSystem2, LlmWriter
from decisionloop.system2.terminal import Declining, TerminalPerson

__all__ = ["Declining", "LlmSystem2", "LlmWriter", "TerminalPerson"]
