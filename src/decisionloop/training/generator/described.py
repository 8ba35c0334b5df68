"""People and companies described instead of named ("the inventor of the telephone", "the company that makes the
Walkman"): the goal holds a work, an invention or a product, never the name an encyclopedia lookup needs."""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.figures import PRODUCTS


@dataclass(frozen=True, slots=True, kw_only=True)
class Described:
    """A description (with its leading "the") and the real name it stands for; ``kind`` is person or org."""

    phrase: str
    real: str
    kind: str


_PEOPLE = """
the first woman to win two Nobel Prizes | Marie Curie
the physicist who isolated polonium and radium | Marie Curie
the inventor of the telephone | Alexander Graham Bell
the man who patented the first practical telephone | Alexander Graham Bell
the inventor of the printing press | Johannes Gutenberg
the goldsmith who brought movable type to Europe | Johannes Gutenberg
the chemist who developed pasteurisation | Louis Pasteur
the scientist behind the first rabies vaccine | Louis Pasteur
the monk who discovered the laws of inheritance | Gregor Mendel
the father of genetics | Gregor Mendel
the physicist who first observed X-rays | Wilhelm Röntgen
the chemist who drew up the periodic table | Dmitri Mendeleev
the painter of the Mona Lisa | Leonardo da Vinci
the artist who painted The Last Supper | Leonardo da Vinci
the painter of The Starry Night | Vincent van Gogh
the artist who painted Sunflowers | Vincent van Gogh
the painter of The Scream | Edvard Munch
the author of Frankenstein | Mary Shelley
the woman who wrote Frankenstein | Mary Shelley
the author of Don Quixote | Miguel de Cervantes
the inventor of the World Wide Web | Tim Berners-Lee
the computer scientist who invented the web | Tim Berners-Lee
the composer of The Four Seasons | Antonio Vivaldi
the astronomer who discovered the moons of Jupiter | Galileo Galilei
the author of Pride and Prejudice | Jane Austen
the novelist who wrote Emma | Jane Austen
the computer scientist behind COBOL | Grace Hopper
the author of Things Fall Apart | Chinua Achebe
the writer of One Hundred Years of Solitude | Gabriel García Márquez
the composer of Finlandia | Jean Sibelius
the explorer who first reached the South Pole | Roald Amundsen
the author of the Pippi Longstocking books | Astrid Lindgren
the director of Seven Samurai | Akira Kurosawa
the novelist who wrote The House of the Spirits | Isabel Allende
the chemist who took the X-ray photo of DNA | Rosalind Franklin
the mathematician who wrote the first computer program | Ada Lovelace
the inventor of the Difference Engine | Charles Babbage
the author of Independent People | Halldór Laxness
the architect who designed the buildings of Brasília | Oscar Niemeyer
the New Zealander who first climbed Everest | Edmund Hillary
the singer of Pata Pata | Miriam Makeba
the author of the Cairo Trilogy | Naguib Mahfouz
the writer of The Little Mermaid | Hans Christian Andersen
the founder of the Green Belt Movement | Wangari Maathai
"""
_MAKERS = (
    "the company that makes the {p}",
    "the maker of the {p}",
    "the firm behind the {p}",
    "the manufacturer of the {p}",
)

DESCRIBED: tuple[Described, ...] = (
    *(
        Described(phrase=phrase.strip(), real=real.strip(), kind="person")
        for phrase, _, real in (line.partition("|") for line in _PEOPLE.strip().splitlines())
    ),
    *(
        Described(phrase=m.format(p=p.name), real=p.maker, kind="org")
        for p in PRODUCTS
        if p.maker.split()[0].casefold() not in p.name.casefold()  # "the maker of the Nokia 3310" names it
        for m in _MAKERS
    ),
)
