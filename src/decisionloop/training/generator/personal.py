"""The user's own facts, kept in their notes, and the questions that ask for them ("where is my …", "when is my …",
"what's my … code", "which day is my …", "did I write down …"): answered by a note search, never by the web.

A question may add where the thing belongs ("at work", "for the gym"); the search still looks for the thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.texts import NoteText

Ask = str  # "where", "where_plural", "when", "code", "day"


@dataclass(frozen=True, slots=True, kw_only=True)
class Personal:
    """A note with a personal fact, how a question asks for it, and the settings a question may add."""

    note: NoteText
    ask: Ask
    tails: tuple[str, ...] = ()


def _n(text: str, keys: str, ask: Ask, tails: str = "") -> Personal:
    """A personal note; ``keys`` and ``tails`` separated by "|"."""
    return Personal(
        note=NoteText(text=text, keys=tuple(keys.split("|"))),
        ask=ask,
        tails=tuple(tails.split("|")) if tails else (),
    )


PERSONAL: tuple[Personal, ...] = (
    _n("Gym locker is in the second row, number 214", "locker|gym locker", "where", "at the gym"),
    _n("My desk at work is on the fourth floor by the window", "desk", "where", "at work|at the office"),
    _n("Reading glasses are in the bedside table", "reading glasses", "where_plural"),
    _n("Passport is in the top drawer of the filing cabinet", "passport", "where"),
    _n("The spare car key hangs in the hall cupboard", "spare car key|car key", "where", "at home"),
    _n("Birth certificate is in the green folder", "birth certificate", "where"),
    _n("Gym bag is in the boot of the car", "gym bag", "where"),
    _n("The emergency torch is under the stairs", "emergency torch|torch", "where", "at home"),
    _n("Work laptop charger is in the second desk drawer", "laptop charger|charger", "where", "at work"),
    _n("Winter tyres are stored at the garage on Mill Road", "winter tyres", "where_plural"),
    _n("Swimming goggles are in the side pocket of the gym bag", "swimming goggles|goggles", "where_plural"),
    _n("Physio session on Tuesday at 4:30pm", "physio session|physio", "when"),
    _n("Haircut booked for Saturday at 11am", "haircut", "when"),
    _n("Eye test at the optician on June 12 at 2pm", "eye test", "when"),
    _n("Car inspection is booked for October 3", "car inspection", "when"),
    _n("Team review at work is on the 18th at 10am", "team review", "when", "at work"),
    _n("Job interview on Wednesday at 9:15", "job interview|interview", "when"),
    _n("Personal training session at the gym on Mondays at 7am", "training session", "when", "at the gym"),
    _n("Boiler service booked for the 22nd between 8 and 12", "boiler service", "when", "at home"),
    _n("Annual review with my manager is on November 4", "annual review", "when", "at work"),
    _n("Gym locker code is 4471", "locker code", "code", "for the gym|at the gym"),
    _n("Employee number at work is E-20931", "employee number", "code", "at work"),
    _n("Home wifi password is birch-lantern-82", "wifi password", "code", "at home"),
    _n("Alarm code for the house is 6012", "alarm code", "code", "at home|for the house"),
    _n("Library card number is 22906714", "library card number|library card", "code"),
    _n("Bike lock combination is 3-9-1-5", "bike lock combination|bike lock", "code"),
    _n("Badge number at the office is 5530", "badge number|badge", "code", "at work|at the office"),
    _n("Frequent flyer number is SK 4418273", "frequent flyer number", "code"),
    _n("Parcel locker pickup code is 93-22-1", "pickup code|parcel pickup code", "code"),
    _n("Guest wifi at work is Orchard-Guest, password tulip77", "guest wifi password|guest wifi", "code", "at work"),
    _n("Chess club meets on Thursdays at 7pm", "chess club", "day"),
    _n("Choir practice is every Monday evening", "choir practice|choir", "day"),
    _n("Pottery class is on Wednesday nights", "pottery class|pottery", "day"),
    _n("Five-a-side football is on Sunday mornings", "five-a-side football|football", "day"),
    _n("Spin class at the gym is on Tuesdays and Fridays", "spin class", "day", "at the gym"),
    _n("Stand-up meeting at work is on Mondays at 9", "stand-up meeting", "day", "at work"),
    _n("Climbing session is every other Friday", "climbing session|climbing", "day"),
    _n("Language exchange meets on Tuesday evenings at the library", "language exchange", "day"),
    _n("Yoga at the gym moved to Thursday mornings", "yoga session", "day", "at the gym|for the gym"),
)
ASKS: dict[Ask, tuple[str, ...]] = {
    "where": (
        "Where is my {k}{t}?",
        "Where did I put my {k}{t}?",
        "Where's my {k}{t}?",
        "Where did I leave my {k}{t}?",
        "Where do I keep my {k}{t}?",
        "I can't find my {k}{t} - where is it?",
    ),
    "where_plural": (
        "Where are my {k}{t}?",
        "Where did I put my {k}{t}?",
        "Where did I leave my {k}{t}?",
        "Where do I keep my {k}{t}?",
    ),
    "when": (
        "When is my {k}{t}?",
        "What time is my {k}{t}?",
        "When's my {k}{t}?",
        "What day is my {k}{t}?",
        "Do you know when my {k}{t} is?",
        "Remind me of the date of my {k}{t}",
    ),
    "code": (
        "What's my {k}{t}?",
        "What is my {k}{t} again?",
        "I forgot my {k}{t} - what is it?",
        "Can you look up my {k}{t}?",
        "What was my {k}{t}?",
    ),
    "day": (
        "Which day is my {k}{t}?",
        "What day is {k}{t} on?",
        "On which day is my {k}{t}?",
        "When do I have {k}{t}?",
    ),
}
WRITTEN: tuple[str, ...] = (
    "Did I write down {d} {k}{t}?",
    "Did I make a note of {d} {k}{t}?",
    "Have I saved {d} {k}{t} somewhere?",
    "Do my notes mention {d} {k}{t}?",
    "Is {d} {k}{t} in my notes?",
    "Did I jot down {d} {k}{t} anywhere?",
)
