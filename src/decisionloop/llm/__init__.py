"""The generator (LLM): the chat seam, System 2's planner for held steps, and the answer writer."""

from decisionloop.llm.chat import Chat, ChatMessage, ChatReply, ChatRequest, HttpChat, Role, ScriptedChat
from decisionloop.llm.planner import Plan, PlannerInput, parse_plan, plan, planner_messages, stop_check
from decisionloop.llm.writer import answer_messages, evidence_lines, write_answer

__all__ = [
    "Chat",
    "ChatMessage",
    "ChatReply",
    "ChatRequest",
    "HttpChat",
    "Plan",
    "PlannerInput",
    "Role",
    "ScriptedChat",
    "answer_messages",
    "evidence_lines",
    "parse_plan",
    "plan",
    "planner_messages",
    "stop_check",
    "write_answer",
]
