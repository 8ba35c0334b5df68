"""The built-in tools as the decision model sees them: ids, option texts, slots and side effects.

Ids and slots follow the layaAgent tool set, so its task suite runs unchanged; the runners live elsewhere and
are bound to these specs in ``builtin.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.core.questions import Option
from decisionloop.core.tool import Risk, Runner, Slot, SpanKind, Tool
from decisionloop.core.vocab import ASK_USER, FINISH

WIKIDATA_PROPERTIES: tuple[tuple[str, str, str], ...] = (
    ("population", "P1082", "population"),
    ("capital", "P36", "capital city"),
    ("country", "P17", "country it is in"),
    ("head_of_government", "P6", "head of government, e.g. prime minister or mayor"),
    ("ceo", "P169", "chief executive officer"),
    ("founded", "P571", "date founded or created"),
    ("founder", "P112", "founder"),
    ("official_language", "P37", "official language"),
    ("currency", "P38", "currency"),
    ("area", "P2046", "area"),
    ("height", "P2048", "height"),
)
UNITS: tuple[tuple[str, str], ...] = (
    ("km", "kilometers"),
    ("mi", "miles"),
    ("m", "meters"),
    ("ft", "feet"),
    ("kg", "kilograms"),
    ("lb", "pounds"),
    ("l", "liters"),
    ("gal", "gallons"),
    ("C", "degrees Celsius"),
    ("F", "degrees Fahrenheit"),
    ("km/h", "km per hour"),
    ("mph", "miles per hour"),
)
WHEN: tuple[tuple[str, str], ...] = (
    ("today", "today"),
    ("tomorrow", "tomorrow"),
    ("weekend", "the coming weekend"),
    ("week", "the next days"),
)


def _fixed(pairs: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    return tuple(Option(name=key, criteria=label) for key, label in pairs)


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolSpec:
    """A tool without its runner."""

    id: str
    description: str
    slots: tuple[Slot, ...] = ()
    side_effect: str | None = None
    risk: Risk = 0
    timeout_s: float | None = None

    def bind(self, run: Runner) -> Tool:
        """The runnable tool."""
        return Tool(
            id=self.id,
            description=self.description,
            slots=self.slots,
            run=run,
            side_effect=self.side_effect,
            risk=self.risk,
            timeout_s=self.timeout_s,
        )


_NAMED: tuple[SpanKind, ...] = ("proper", "place", "person", "org", "topic")
SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(
        id="wiki_lookup",
        description="Read the encyclopedia article about a person, place, thing or event",
        slots=(
            Slot(
                name="topic",
                instruction="Which topic should be looked up in the encyclopedia?",
                kinds=(*_NAMED, "noun"),
                none="None of these is the right topic to look up",
            ),
        ),
        timeout_s=25.0,
    ),
    ToolSpec(
        id="wikidata_fact",
        description="Look up one fact about a named thing, such as its population, capital, CEO, founder or height",
        slots=(
            Slot(
                name="entity",
                instruction="Which named thing is the fact about?",
                kinds=_NAMED,
                none="None of these is the thing the fact is about",
            ),
            Slot(
                name="property",
                instruction="Which fact about it is needed?",
                fixed=tuple(Option(name=k, criteria=label) for k, _, label in WIKIDATA_PROPERTIES),
            ),
        ),
        timeout_s=25.0,
    ),
    ToolSpec(
        id="weather",
        description="Get the weather forecast for a place and time",
        slots=(
            Slot(
                name="place",
                instruction="Which place should the weather forecast be for?",
                kinds=("place", "proper"),
                none="None of these is the right place",
            ),
            Slot(name="when", instruction="Which days should the forecast cover?", fixed=_fixed(WHEN)),
        ),
        timeout_s=25.0,
    ),
    ToolSpec(
        id="calculator",
        description="Do arithmetic or percentages on numbers from the goal or a result",
        slots=(
            Slot(
                name="expression",
                instruction="Which arithmetic expression should be calculated?",
                kinds=("expression",),
                none="None of these is the calculation that is needed",
            ),
        ),
    ),
    ToolSpec(
        id="unit_convert",
        description="Convert a quantity from one unit of measurement to another",
        slots=(
            Slot(
                name="quantity",
                instruction="Which quantity should be converted?",
                kinds=("quantity",),
                none="None of these is the quantity to convert",
            ),
            Slot(name="to_unit", instruction="Which unit should the quantity be converted to?", fixed=_fixed(UNITS)),
        ),
    ),
    ToolSpec(
        id="date_math",
        description="Work out a date by adding or subtracting days, weeks or months",
        slots=(
            Slot(
                name="date",
                instruction="Which date is the starting point?",
                kinds=("date",),
                extra=("today",),
                none="None of these is the starting date",
            ),
            Slot(
                name="offset",
                instruction="How much time should be added or subtracted?",
                kinds=("duration",),
                none="None of these is the amount of time",
            ),
        ),
    ),
    ToolSpec(
        id="note_save",
        description="Save something the user asks to remember for later",
        slots=(
            Slot(
                name="text",
                instruction="What exactly should be saved as a note?",
                kinds=("clause",),
                none="None of these is what should be saved",
            ),
        ),
        side_effect="saves a note",
        risk=1,
    ),
    ToolSpec(
        id="note_search",
        description="Search the user's saved notes for something they told you before",
        slots=(
            Slot(
                name="query",
                instruction="What should the saved notes be searched for?",
                kinds=("noun", "topic", "proper"),
                none="None of these is what to search for",
            ),
        ),
    ),
    ToolSpec(
        id="note_delete",
        description="Delete saved notes the user no longer wants",
        slots=(
            Slot(
                name="query",
                instruction="Which saved notes should be deleted?",
                kinds=("noun", "topic", "proper"),
                extra=("all notes",),
                none="None of these says which notes to delete",
            ),
        ),
        side_effect="permanently deletes saved notes",
        risk=3,
    ),
    ToolSpec(
        id="send_message",
        description="Send a message or email to a person on the user's behalf",
        slots=(
            Slot(
                name="to",
                instruction="Who should the message go to?",
                kinds=("person", "proper"),
                none="None of these is the person to send it to",
            ),
            Slot(
                name="text",
                instruction="What should the message say?",
                kinds=("clause",),
                none="None of these is what the message should say",
            ),
        ),
        side_effect="sends a message to another person (simulated: nothing is actually sent)",
        risk=2,
    ),
    ToolSpec(id=ASK_USER, description="Ask the user to clarify when the goal leaves out who, what or where"),
    ToolSpec(id=FINISH, description="Stop, because the information gathered already answers the goal"),
)
WORKSPACE_SPECS: tuple[ToolSpec, ...] = (
    ToolSpec(id="list_dir", description="List the files in the working directory", timeout_s=5.0),
    ToolSpec(
        id="read_file",
        description="Read the contents of one file in the working directory",
        slots=(
            Slot(
                name="path",
                instruction="Which file should be read?",
                kinds=("file",),
                none="None of these is the file to read",
            ),
        ),
        timeout_s=5.0,
    ),
    ToolSpec(
        id="write_file",
        description="Create a file or replace its contents in the working directory",
        slots=(
            Slot(
                name="path",
                instruction="Which file should be written?",
                kinds=("file",),
                none="None of these is the file to write",
            ),
            Slot(
                name="content",
                instruction="What should the file contain?",
                kinds=("clause",),
                none="None of these is the content to write",
            ),
        ),
        side_effect="writes a file in the working directory",
        risk=1,
    ),
    ToolSpec(
        id="move_file",
        description="Move or rename a file in the working directory",
        slots=(
            Slot(
                name="path",
                instruction="Which file should be moved?",
                kinds=("file",),
                none="None of these is the file to move",
            ),
            Slot(
                name="to",
                instruction="Where should it be moved to?",
                kinds=("file",),
                none="None of these is the new name",
            ),
        ),
        side_effect="moves a file in the working directory",
        risk=2,
    ),
    ToolSpec(
        id="delete_file",
        description="Delete one file in the working directory",
        slots=(
            Slot(
                name="path",
                instruction="Which file should be deleted?",
                kinds=("file",),
                none="None of these is the file to delete",
            ),
        ),
        side_effect="deletes a file in the working directory",
        risk=3,
    ),
)


SIDE_EFFECTS: frozenset[str] = frozenset(s.id for s in SPECS + WORKSPACE_SPECS if s.side_effect)


def spec(tool_id: str) -> ToolSpec:
    """The spec of a built-in tool; KeyError lists them."""
    for s in (*SPECS, *WORKSPACE_SPECS):
        if s.id == tool_id:
            return s
    raise KeyError(f"no built-in tool {tool_id!r}; tools: {', '.join(s.id for s in (*SPECS, *WORKSPACE_SPECS))}")
