"""Numbers: arithmetic expressions (also ones that need an amount from an observation) and quantities."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import islice, pairwise

from decisionloop.extract._chains import rate_chains
from decisionloop.extract._charges import overtime, with_fee
from decisionloop.extract._shares import BOTH_WAYS, MONEY_SIGN, MONEY_WORD, SIGN_CHARS, shares
from decisionloop.extract._text import FUNCTION, MAX_SPAN, NUM, NUM_START, Found, is_function
from decisionloop.extract._totals import total
from decisionloop.values.dates import ASKS_OF_A_DAY, SLASHED_DAY
from decisionloop.values.ingredients import INGREDIENT_AFTER
from decisionloop.values.numbers import POINT, ROUND_MODE, ROUND_PLACES, SCALE_WORD, SPELLED, SPELLED_WORD, read_number
from decisionloop.values.periods import period_factor
from decisionloop.values.quantity import (
    AMERICAN,
    BRITISH,
    UNIT_OF,
    cased_unit,
    factor,
    find_compounds,
    has_measure,
    kind_of,
    read_quantity,
    registry,
    unit_of,
)
from decisionloop.values.time_sums import CLOCK_UNIT, find_time_sums

PI = r"(?:\bpi\b|π)"  # an operand the calculator reads as the number ("pi times 4 squared")
# An operand: a number, maybe negative ("-3", "negative 3", "minus 5 plus 12"), maybe inside or after parentheses
# ("(3 + 4) * 2").
_OPERAND = rf"\(*(?:-|(?:negative|minus)\s+)?(?:{NUM}|{PI})\)*"
# Where a chain may start: at NUM_START, but not just after an opening parenthesis that could start it itself. A
# chain from there would be the same chain, tried once more, so a run of k parentheses before something that is
# no chain would cost k² steps.
_CHAIN_START = rf"{NUM_START}(?<!{NUM_START}\()"
# Spoken operators; the chains below want whitespace around them, so "xylophone" or "overtime" are not operators.
_OP_WORD = r"times|plus|minus|divided\s+by|multiplied\s+by|over|to\s+the\s+power(?:\s+of)?|x|mod|modulo"
# A chain of two or more operands joined by operators, ending at neither a letter nor a dot, so "2 x 4cm" and
# "3 - 4.x" are not arithmetic. In a goal the symbols may touch their operands (3*4, 2^10, 10-2); in an
# observation they need spaces around them, so a tool's "2026-01-05", "18-29" or "1/2 cup" stay what they are.
_TIGHT = re.compile(rf"(?i){_CHAIN_START}{_OPERAND}(?:(?:\s*[-+*/^×÷]\s*|\s+(?:{_OP_WORD})\s+){_OPERAND})+(?![\w.])")
_SPACED = re.compile(rf"(?i){_CHAIN_START}{_OPERAND}(?:(?:\s+[-+*/^×÷]\s+|\s+(?:{_OP_WORD})\s+){_OPERAND})+(?![\w.])")
# "18% of 2,450", "5 percent of 300": a percentage of a number, ending where the number does or where the
# arithmetic that goes on from it does ("25% of 200 plus 10", "15% of 80 plus 20% of 50"); of a percentage too
# ("20% of 20%", 0.04).
_PERCENT_OF = rf"{NUM}\s*(?:%|\s+percent)\s+of\s+(?:{NUM}\s*(?:%|\s+percent)\s+of\s+)*{NUM}"
_PERCENT = re.compile(
    rf"(?i){NUM_START}{_PERCENT_OF}"
    r"(?:\s*%|\s+percent\b)?"
    rf"(?:(?:\s*[-+*/^×÷]\s*|\s+(?:{_OP_WORD})\s+)(?:{_PERCENT_OF}|{_OPERAND}))*(?![\w.])"
)
# A chain that is a date, never arithmetic, when it is all there is: ISO or slashed dates (2026-01-05, 2026/1/5,
# 1/5/2027) and two two-digit numbers with a dash (09-25, the weather tool's day). So "12-34" is not offered,
# while "10-2" or "1/5" still are.
_DATE_LIKE = re.compile(r"\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/]\d{1,2}[-/]\d{2,4}|\d{2}-\d{2}")
# A currency sign an amount to work on may have ("divide ₦2.4 million by 16").
_SIGNED_MONEY = rf"(?:{MONEY_SIGN}\s*)?"
# Spoken forms of the calculator's operations, rewritten to its symbols ("multiply 3 by 4" → "3 * 4"). Each
# starts at a word and wants whitespace after its words, so "address 5 and 6" or "additive 5 and 6" are no sums.
_VERBAL: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"(?i)\b{pattern}"), template)
    for pattern, template in (
        (rf"multiply\s+{_SIGNED_MONEY}({NUM})\s+(?:by|and|with)\s+({NUM})", "{0} * {1}"),
        (rf"divide\s+{_SIGNED_MONEY}({NUM})\s+by\s+({NUM})", "{0} / {1}"),
        (rf"add\s+({NUM})\s+(?:and|to)\s+({NUM})", "{0} + {1}"),
        (rf"subtract\s+({NUM})\s+from\s+({NUM})", "{1} - {0}"),
        (rf"difference\s+between\s+({NUM})\s+and\s+({NUM})", "{0} - {1}"),
        (rf"({NUM})\s+squared", "{0}^2"),
        (rf"(?:the\s+)?square\s+of\s+({NUM})", "{0}^2"),
        (rf"(?:the\s+)?cube\s+of\s+({NUM})", "{0}^3"),
        (rf"({NUM})\s+(?:raised\s+)?to\s+the\s+(\d+)(?:st|nd|rd|th)(?:\s+power)?", "{0}^{1}"),
        (rf"({NUM})\s+(?:raised\s+)?to\s+the\s+(?:power\s+(?:of\s+)?)?(?:minus|negative)\s+({NUM})", "{0}^(-{1})"),
        (rf"({NUM})\s+cubed", "{0}^3"),
    )
)
# A percentage written after a number, not one of another amount ("15%", "15 percent", not "15% of 40").
_PERCENT_WORD = r"\s*(?:%|\s+percent\b)"
_PERCENT_ALONE = rf"{_PERCENT_WORD}(?!\s*of\b)"
# Where a goal's sentence ends, so "log 1000" is a logarithm and "log 5 hours of work" is not.
_ENDS = r"(?=\s*(?:[?.!,;]|$))"
# A tip or tax on an amount (group 1) at a rate (group 2): "the tip on a $120 bill at 20 percent".
_TIP_AT = (
    rf"(?:tip|tax|vat)\s+(?:on|for|of)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+){{0,2}}\s+at\s+"
    rf"({NUM})\s*(?:%|\s+percent)"
)
# A speed as people write it ("50 mph", "80 km/h", "60 miles an hour").
_SPEED = r"(?:mph|km/h|kph|kmh|(?:miles|km|kilomet(?:er|re)s)\s+(?:an|per)\s+hour)\b"
# What says a second discount is taken off what the first leaves ("then another", "and an extra").
_FURTHER = r"(?:then|and)\s+(?:then\s+)?(?:take\s+)?(?:an?\s+)?(?:another|extra|additional|further)"
# Further spoken forms: roots, fractions of a number and percentages of an amount ("15% tip on 86.40").
_SPOKEN: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"(?i)\b{pattern}(?![\w.])"), template)
    for pattern, template in (
        (rf"square\s+root\s+of\s+({NUM})", "√{0}"),
        (rf"sqrt(?:\s+of)?\s*\(?\s*({NUM})\s*\)?", "√{0}"),
        (rf"half\s+of\s+({NUM})", "{0} / 2"),
        # a sum divided among some, the change from a note, a percentage of an amount said as one's own
        (rf"divide\s+{_SIGNED_MONEY}({NUM})(?:\s+[a-z]+){{0,3}}?\s+(?:among|between|amongst)\s+({NUM})", "{0} / {1}"),
        (rf"change\s+from\s+(?:an?\s+)?{_SIGNED_MONEY}({NUM})(?:\s+[a-z]+)?\s+(?:if|when|for|on|after)\b[^.?!\d]{{0,40}}?"
         rf"{_SIGNED_MONEY}({NUM}){_ENDS}", "{0} - {1}"),
        (rf"({NUM})\s*(?:%|\s+percent)\s+of\s+(?:my|our|your|his|her|their|the|a|an)\s+{_SIGNED_MONEY}({NUM})",
         "{0}% of {1}"),
        (rf"(?<![\d.,])(0?\.\d+)\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0} × {1}"),  # "0.75 of 1,600"
        (rf"(?<![\d/.])(\d+)/(\d+)\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0}/{1} × {2}"),  # "3/4 of 60"
        (rf"(?:a\s+)?third\s+of\s+({NUM})", "{0} / 3"),
        (rf"(?:a\s+)?quarter\s+of\s+({NUM})", "{0} / 4"),
        (rf"(?:twice|double)\s+({NUM})", "2 × {0}"),
        # a recipe doubled or tripled: what it needs, so many times ("double a recipe that needs 3/4 cup sugar")
        (rf"double\s+(?:a|the|my|this)\s+recipe\b[^.?!\d]{{0,25}}?(\d+/\d+|{NUM})", "2 × {0}"),
        (rf"triple\s+(?:a|the|my|this)\s+recipe\b[^.?!\d]{{0,25}}?(\d+/\d+|{NUM})", "3 × {0}"),
        (rf"triple\s+({NUM})", "3 × {0}"),
        (rf"cube\s+root\s+of\s+({NUM})", "{0}^(1/3)"),
        # a number of thirds, quarters, fifths or tenths of an amount ("2 thirds of 90", "3 quarters of 60")
        (rf"(\d+)\s+thirds\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0}/3 × {1}"),
        (rf"(\d+)\s+(?:quarters|fourths)\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0}/4 × {1}"),
        (rf"(\d+)\s+fifths\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0}/5 × {1}"),
        (rf"(\d+)\s+tenths\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0}/10 × {1}"),
        # a total with a tip or tax, and what a discount saves ("the total with 20% tip on 45.50", "how much do i
        # save with 30% off 120")
        (rf"total\s+(?:with|including|incl\.?|plus|after)\s+(?:an?\s+|the\s+)?({NUM}){_PERCENT_WORD}\s+"
         rf"(?:tip|tax|vat|service\s+charge|gratuity)\s+(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})",
         "{1} + {0}% of {1}"),
        (rf"\bsav(?:e|ing|ings)\b[^.?!]{{0,20}}?\b({NUM}){_PERCENT_WORD}\s+off\s+(?:of\s+)?(?:an?\s+|the\s+)?"
         rf"{SIGN_CHARS}?\s*({NUM})", "{0}% of {1}"),
        # the discount on a price at a rate is what comes off it ("the discount on $80 at 25% off")
        (rf"discount\s+(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+)?\s+at\s+({NUM}){_PERCENT_WORD}",
         "{1}% of {0}"),
        # a price said first, then what is off it ("the jacket was $120 and it's 35% off")
        (rf"(?<={SIGN_CHARS})({NUM})\b[^.?!%$€£\d]{{0,25}}?\b({NUM}){_PERCENT_WORD}(?=\s+off\b(?!\s+(?:of\s+)?{SIGN_CHARS}?\s*\d))",
         "{0} - {1}% of {0}"),
        # the price after a discount ("price after 30% discount on 250")
        (rf"after\s+(?:an?\s+|the\s+)?({NUM}){_PERCENT_WORD}\s+(?:discount|off)\s+(?:on|of|from)\s+(?:an?\s+|the\s+)?"
         rf"{SIGN_CHARS}?\s*({NUM})", "{1} - {0}% of {1}"),
        # a price with a discount, or with a tax or tip added ("a $60 item with 15% discount", "60 with 8% tax")
        (rf"({NUM})(?:\s+[a-z]+)?\s+with\s+(?:an?\s+)?({NUM}){_PERCENT_WORD}\s+(?:discount|off)",
         "{0} - {1}% of {0}"),
        (rf"({NUM})(?:\s+[a-z]+)?\s+with\s+(?:an?\s+)?({NUM}){_PERCENT_WORD}\s+(?:sales\s+)?(?:tax|vat|tip)",
         "{0} + {1}% of {0}"),
        # remainders and logarithms, in the calculator's words
        (rf"remainder\s+(?:of|when|after)\s+({NUM})\s+(?:is\s+)?divided\s+by\s+({NUM})", "{0} mod {1}"),
        (rf"(?:natural\s+log(?:arithm)?|ln)\s+of\s+({NUM})", "ln {0}"),
        (rf"ln\s*\(\s*({NUM})\s*\)|ln\s+({NUM}){_ENDS}", "ln {0}"),
        (rf"log(?:arithm)?\s+of\s+({NUM})", "log {0}"),
        (rf"log\s*\(\s*({NUM})\s*\)|log\s+({NUM}){_ENDS}", "log {0}"),
        (rf"log(?:arithm)?\s*(?:base\s*|_)({NUM})\s+of\s+({NUM})", "log base {0} of {1}"),
        # a percentage more or less than an amount, an amount changed by a percentage
        (rf"({NUM}){_PERCENT_WORD}\s+(?:more|greater|higher|bigger|larger)\s+than\s+{SIGN_CHARS}?\s*({NUM})",
         "{1} + {0}% of {1}"),
        (rf"({NUM}){_PERCENT_WORD}\s+(?:less|fewer|lower|smaller|cheaper)\s+than\s+{SIGN_CHARS}?\s*({NUM})",
         "{1} - {0}% of {1}"),
        (rf"({NUM})\s+(?:increased|raised|marked\s+up)\s+by\s+({NUM}){_PERCENT_ALONE}", "{0} + {1}% of {0}"),
        (rf"({NUM})\s+(?:decreased|reduced|lowered|cut|discounted)\s+by\s+({NUM}){_PERCENT_ALONE}",
         "{0} - {1}% of {0}"),
        # what share of a whole a part is, in percent ("what percentage is 25 of 200", "15 out of 60 as a percentage")
        (rf"what\s+percent(?:age)?\s+is\s+({NUM})\s+(?:of|out\s+of)\s+({NUM})", "{0} / {1} × 100"),
        (rf"what\s+percent(?:age)?\s+of\s+({NUM})\s+is\s+({NUM})", "{1} / {0} × 100"),
        (rf"({NUM})\s+is\s+what\s+percent(?:age)?\s+of\s+({NUM})", "{0} / {1} × 100"),
        (rf"({NUM})\s+out\s+of\s+({NUM})\s+(?:as\s+an?\s+|in\s+)?percent(?:age)?", "{0} / {1} × 100"),
        (rf"({NUM})\s+out\s+of\s+({NUM})\b[^.?!%\d]{{0,40}}?\b(?:as\s+an?|in)\s+percent(?:age)?", "{0} / {1} × 100"),
        # a part said as a percentage of a whole ("45 as a percentage of 60")
        (rf"({NUM})\s+(?:as\s+an?\s+|in\s+)percent(?:age)?\s+of\s+{SIGN_CHARS}?\s*({NUM})", "{0} / {1} × 100"),
        # the change from one amount to another, in percent ("percentage change from 200 to 150", "what percent
        # did it go up from 50 to 65", "from 50 to 65 in percent")
        (rf"percent(?:age)?\s+(?:change|increase|decrease|difference|growth|rise|drop|fall|gain|loss)\s+"
         rf"(?:from|between|of)\s+{SIGN_CHARS}?\s*({NUM})\s+(?:to|and)\s+{SIGN_CHARS}?\s*({NUM})",
         "({1} - {0}) / {0} × 100"),
        (rf"what\s+percent(?:age)?\s+(?:[a-z']+\s+){{0,5}}?from\s+{SIGN_CHARS}?\s*({NUM})\s+to\s+{SIGN_CHARS}?\s*({NUM})",
         "({1} - {0}) / {0} × 100"),
        (rf"from\s+{SIGN_CHARS}?\s*({NUM})\s+to\s+{SIGN_CHARS}?\s*({NUM})\s+(?:in|as\s+an?)\s+percent(?:age)?",
         "({1} - {0}) / {0} × 100"),
        # the same asked after it ("my salary went from 41,000 to 44,500. what percentage raise is that")
        (rf"from\s+{SIGN_CHARS}?\s*({NUM})\s+to\s+{SIGN_CHARS}?\s*({NUM})[^\d%]{{0,12}}?\bwhat\s+(?:is\s+the\s+)?"
         rf"percent(?:age)?\s+(?:change|increase|decrease|difference|growth|rise|drop|fall|gain|loss|raise|cut|jump)\b",
         "({1} - {0}) / {0} × 100"),
        # a tip or a tax said as a percentage of what it is on ("a 20 dollar tip on 150 in percent")
        (rf"{SIGN_CHARS}?({NUM})(?:\s+{MONEY_WORD})?\s+(?:tip|tax|discount)\s+(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})"
         rf"(?:\s+[a-z]+)?\s+(?:as\s+an?\s+|in\s+)percent(?:age)?", "{0} / {1} × 100"),
        # a fraction or a decimal said as a percentage ("1/8 as a percent", "0.75 in percent"); not a whole number
        # ("150 in percent" is no share of anything)
        (rf"((?<![\d,])\d*\.\d+|{NUM}\s*/\s*{NUM})\s+(?:as\s+an?\s+|in\s+|(?:in)?to\s+(?:an?\s+)?)percent(?:age)?",
         "{0} × 100"),
        # a fraction, then asked as a percentage a few words on ("43/50, what is that as a percentage", "17/20 in
        # maths, what percent is that")
        (rf"({NUM}\s*/\s*{NUM})(?:(?!\bof\b)[^.?!\d%/]){{1,30}}?\b(?:(?:as|in|(?:in)?to)\s+(?:an?\s+)?percent(?:age)?"
         rf"|what\s+percent(?:age)?\b)", "{0} × 100"),
        (rf"({NUM})\s+(?:divided\s+by|over)\s+({NUM})\s+(?:as\s+an?\s+|in\s+|to\s+(?:an?\s+)?)percent(?:age)?",
         "{0} / {1} × 100"),
        (rf"({NUM})\s*(?:%|\s+percent)\s+(?:(?:sales|income|capital\s+gains)\s+)?"
         rf"(?:tip|tax|discount|interest|commission|service\s+charge|vat|gst|hst|gratuity|cash\s*back|deposit)\s+"
         rf"(?:on|of|for|from)\s+(?:an?\s+|the\s+)?{_SIGNED_MONEY}({NUM})", "{0}% of {1}"),
        # simple interest over some years ("5 percent interest on 2000 for 3 years": a year's interest, 3 times)
        (rf"({NUM})\s*(?:%|\s+percent)\s+(?:(?:a|per)\s+year\s+|annual\s+|yearly\s+)?(?:simple\s+)?interest\s+"
         rf"(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+)?\s+(?:for|over)\s+({NUM})\s+years?",
         "{0}% of {1} × {2}"),
        # compound interest over some years ("compound interest on 1000 at 5% for 10 years": what it earns; "1000 at
        # 5% compounded annually for 10 years": what it grows to)
        (rf"compound(?:ed)?\s+interest\s+(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})\s+at\s+({NUM})"
         rf"\s*(?:%|\s+percent)(?:\s+(?:a|per)\s+year|\s+annually|\s+yearly)?\s+(?:for|over)\s+({NUM})\s+years?",
         "{0} × (1 + {1}%)^{2} - {0}"),
        (rf"({NUM})\s*(?:%|\s+percent)\s+(?:annual\s+|yearly\s+)?compound(?:ed)?\s+interest\s+(?:on|of|for)\s+"
         rf"(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})\s+(?:for|over)\s+({NUM})\s+years?",
         "{1} × (1 + {0}%)^{2} - {1}"),
        (rf"{SIGN_CHARS}?({NUM})\s+(?:invested\s+)?at\s+({NUM})\s*(?:%|\s+percent)\s+compounded\s+(?:annually|yearly)\s+"
         rf"(?:for|over|after)\s+({NUM})\s+years?", "{0} × (1 + {1}%)^{2}"),
        # a percentage of an amount named before it is given ("15% of my salary of 52000", "10% of the bill, $85")
        (rf"({NUM})\s*(?:%|\s+percent)\s+of\s+(?:(?:my|our|your|his|her|their|the|a|an)\s+)?(?:[a-z]+\s+){{0,2}}"
         rf"[a-z]+(?:\s+(?:of|at)|,)\s+{SIGN_CHARS}?\s*({NUM})", "{0}% of {1}"),
        # a percentage of an amount, then added to it or taken off it ("12 percent of 87.50 and then add that to it")
        (rf"({NUM}){_PERCENT_WORD}\s+of\s+{SIGN_CHARS}?\s*({NUM}),?\s+(?:and\s+)?(?:then\s+)?add\s+(?:that|it|this|the\s+result)"
         rf"(?:\s+(?:to\s+(?:it|that|the\s+(?:total|amount|price|bill|original))|on|back))?", "{1} + {0}% of {1}"),
        (rf"({NUM}){_PERCENT_WORD}\s+of\s+{SIGN_CHARS}?\s*({NUM}),?\s+(?:and\s+)?(?:then\s+)?(?:take|subtract)\s+"
         rf"(?:that|it|this|the\s+result)\s+(?:off|from\s+(?:it|that|the\s+(?:total|amount|price|bill|original)))",
         "{1} - {0}% of {1}"),
        # a percentage of an amount, and the amount again ("12% of 850 plus the 850")
        (rf"({NUM}){_PERCENT_WORD}\s+of\s+{SIGN_CHARS}?\s*({NUM})\s+(?:plus|\+|and)\s+(?:the\s+)?(?:original\s+)?"
         rf"{SIGN_CHARS}?\s*(\2)", "{1} + {0}% of {1}"),
        # a percentage added to an amount ("add 7% tax to $19.99")
        (rf"add\s+({NUM}){_PERCENT_WORD}(?:\s+(?:sales\s+)?(?:tax|vat|tip|interest))?\s+to\s+{SIGN_CHARS}?\s*({NUM})",
         "{1} + {0}% of {1}"),
        # one discount after another ("25% off 79.95 then another 10% off", "40% off and then an extra 15% off on a
        # $200 coat"): the second is off what the first leaves
        (rf"({NUM}){_PERCENT_WORD}\s+off\s+(?:of\s+)?(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})[^.?!\d%]{{0,30}}?\b"
         rf"{_FURTHER}\s+({NUM}){_PERCENT_WORD}(?:\s+off)?", "{1} × (1 - {0}%) × (1 - {2}%)"),
        (rf"({NUM}){_PERCENT_WORD}\s+off\b[^.?!\d%]{{0,20}}?\b{_FURTHER}\s+({NUM}){_PERCENT_WORD}\s+off\s+(?:(?:on|of|from)\s+)?"
         rf"(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})", "{2} × (1 - {0}%) × (1 - {1}%)"),
        # a price with a percentage off is what is left to pay ("20% off 150" → 120), as shops mean it
        (rf"({NUM})\s*(?:%|\s+percent)\s+off\s+(?:of\s+)?(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})",
         "{1} - {0}% of {1}"),
        # a tip or tax on an amount at a rate ("the tip on a $120 bill at 20 percent")
        (_TIP_AT, "{1}% of {0}"),
        # a tip or tax at a rate on an amount, said as an order ("tip 15% on 42", "tax 8% on $19.99")
        (rf"(?:tip|tax)\s+({NUM}){_PERCENT_WORD}\s+(?:on|of|for)\s+(?:an?\s+|the\s+)?{SIGN_CHARS}?\s*({NUM})",
         "{0}% of {1}"),
        # and split some ways: each one's share of the tip ("the tip on a $120 bill at 18 percent split 4 ways")
        (rf"{_TIP_AT},?\s+split\s+(?:(?:in|into)\s+)?({NUM})\s+ways", "{1}% of {0} / {2}"),
        # a sum split some ways ("split 90 dollars three ways")
        (rf"split\s+(?:(?:a|the)\s+)?{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+)?\s+(?:in\s+|into\s+)?({NUM})\s+ways",
         "{0} / {1}"),
        # a sum split between people or parts ("split a $120 bill between 4 people")
        (rf"split\s+(?:(?:a|the|our|my)\s+)?{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+){{0,2}}\s+(?:between|among|by|into|across)\s+({NUM})",
         "{0} / {1}"),
        # a percentage added to or taken from an amount is a percentage of that amount ("200 minus 15%" → 170)
        # ("5-7%" is a range, so a dash wants a space before it)
        (rf"({NUM})(?:\s+{MONEY_WORD})?(?:\s*\+\s*|\s+plus\s+)({NUM}){_PERCENT_ALONE}", "{0} + {1}% of {0}"),
        (rf"({NUM})(?:\s+-\s*|\s+(?:minus|less)\s+)({NUM}){_PERCENT_ALONE}", "{0} - {1}% of {0}"),
        (rf"(?:increase|raise)\s+({NUM})\s+by\s+({NUM}){_PERCENT_ALONE}", "{0} + {1}% of {0}"),
        (rf"(?:decrease|reduce|lower|cut)\s+({NUM})\s+by\s+({NUM}){_PERCENT_ALONE}", "{0} - {1}% of {0}"),
        # hours worked at an hourly rate ("40 hours a week at $25 an hour": what the week pays)
        (rf"({NUM})\s+hours?(?:\s+(?:a|per|each)\s+(?:day|week|month))?\s+at\s+{SIGN_CHARS}?\s*({NUM})(?:\s+[a-z]+)?\s*"
         rf"(?:an|per|each|/)\s*(?:hour|hr)", "{0} × {1}"),
        (rf"{SIGN_CHARS}?({NUM})(?:\s+[a-z]+)?\s*(?:an|per|/)\s*(?:hour|hr)\b[^.?!]{{0,30}}?\b(?:for|in|over)\s+({NUM})\s+hours?",
         "{0} × {1}"),
        # a number of things at a price each ("3 pizzas at 12.99 each", "4 tickets at $35 each")
        (rf"({NUM})\s+(?:[a-z]+\s+){{0,2}}?(?:at|for|@)\s+{SIGN_CHARS}?\s*({NUM})\s+"
         r"(?:each|apiece|a\s+piece|a\s+head|per\s+(?:head|person))", "{0} × {1}"),
        # a distance at a speed, and a speed for a time ("150 miles at 50 mph": hours; "60 mph for 2.5 hours")
        (rf"({NUM})\s+(?:miles|mi|km|kilomet(?:er|re)s)\s+at\s+({NUM})\s*{_SPEED}", "{0} / {1}"),
        (rf"({NUM})\s*{_SPEED}[^.?!]{{0,30}}?\b(?:in|for)\s+({NUM})\s+hours?", "{0} × {1}"),
        # a distance at a pace ("5 miles in minutes at 10 minute pace", "10k at a 6 minute per km pace")
        (rf"({NUM})\s*(?:miles|mi|km|kilomet(?:er|re)s|k)\b[^.?!]{{0,20}}?\bat\s+(?:an?\s+)?({NUM})[\s-]*"
         rf"min(?:ute)?s?(?:\s*(?:per|/|a)\s*(?:mile|mi|km|kilomet(?:er|re)))?\s+pace", "{0} × {1}"),
        (rf"({NUM})\s+factorial", "{0}!"),
        (rf"factorial\s+of\s+({NUM})", "{0}!"),
        (rf"({NUM})\s*(?:%|\s+percent)\s+of\s+{SIGN_CHARS}\s*({NUM})", "{0}% of {1}"),
    )
)  # fmt: skip
# A number below zero squared or cubed ("-3 squared"): the number with its sign, as people mean it, (-3)^2.
_SIGNED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?i)(?<![\w.)\-])(-{NUM})\s+squared\b"), "({0})^2"),
    (re.compile(rf"(?i)(?<![\w.)\-])(-{NUM})\s+cubed\b"), "({0})^3"),
)
_TEMPLATES: dict[re.Pattern[str], str] = dict((*_VERBAL, *_SPOKEN, *_SIGNED))
# A step that goes on from a computation: "then multiply by 3", ", and then subtract 2", "then square it", and
# the whole of it raised ("all squared").
# Keyed by the step's words, or by its verb alone ("multiply it by", "raise to the power of").
_STEP_OPS = {
    "multiply": "×", "times": "×", "multiplied by": "×", "divide": "÷", "divided by": "÷",
    "add": "+", "plus": "+", "subtract": "-", "minus": "-", "take away": "-", "raise": "^", "to the power of": "^",
}  # fmt: skip
_THEN = re.compile(
    rf"""(?ix) \s*,?\s* (?:
        (?P<all> all \s+ (?:squared|cubed) )  # "3 plus 4 all squared"
      |
      (?:and\s+)? then \s+ (?:
        (?P<squared> square\s+(?:it|that|the\s+result) | (?:it\s+)?squared )
      | (?P<times> double | triple | halve ) \s+ (?:it|that|the\s+result)  # "then double it"
      | split \s+ (?:it\s+|that\s+|the\s+(?:result|total|lot)\s+)? (?:(?:between|among|by|into)\s+)? (?P<split> \d+ )
        (?:\s+ways\b|(?=\s+[a-z]+)|(?![\w.]))  # "then split between 3", "then split it 4 ways"
      | (?P<op> (?:multiply|divide|raise)(?:\s+it)?\s+(?:by|to\s+the\s+power\s+of) | times | plus | minus
               | multiplied\s+by | divided\s+by | add | subtract | take\s+away | to\s+the\s+power\s+of )
        \s+ (?P<n> {NUM}) (?P<pct> \s*% | \s+percent\b )? (?:\s+(?:to|from)\s+(?:it|that|the\s+result))? (?![\w.])
      )
    |
      and \s+ (?P<op2> add | subtract | take\s+away | (?:multiply|divide)(?:\s+it)?\s+by )  # "double 45 and add 10"
        \s+ (?P<n2> {NUM}) (?:\s+(?:to|from)\s+(?:it|that|the\s+result))? (?![\w.])
    )"""
)
_MAX_STEPS = 8
# How a goal asks for a result rounded, before or after its arithmetic (the calculator reads these words).
_ROUND_MODE = rf"(?:\s+{ROUND_MODE})?"
_ROUND_PLACES = rf"\s+to\s+{ROUND_PLACES}"
_ROUND_BEFORE = re.compile(rf"(?i)\bround{_ROUND_MODE}\s+\Z")
_ROUND_REACH = 24  # characters before an expression where "round off " may stand (more spaces are not read)
_ROUND_AFTER = re.compile(rf"(?i)(?:,?\s+rounded{_ROUND_MODE}(?:{_ROUND_PLACES})?|{_ROUND_PLACES})(?![\w.])")
# A number to round, alone ("round 3.14159 to 2 decimal places"), not the first operand of arithmetic.
_ROUND_NUMBER = re.compile(rf"(?i)\bround{_ROUND_MODE}\s+(?P<n>{NUM})(?:{_ENDS}|(?={_ROUND_PLACES}))")
# Whether an expression is a computation (not one number or root), so a step that binds tighter wraps it.
_HAS_OPERATOR = re.compile(rf"(?i)[-+*/×÷^%]|\b(?:{_OP_WORD}|of)\b")
# The operands of "multiply 3 by 4" in the goal's own words ("3 by 4"), next to the "3 * 4" rewrite above; the
# second number must end there ("multiply 3 by 4.5" gives "3 by 4.5", "by 4x" nothing).
_BY = re.compile(rf"(?i)\bmultiply\s+({NUM}\s+by\s+{NUM})(?![\w.])")
_OPS = {"times": "*", "multiplied by": "*", "divided by": "/", "plus": "+", "minus": "-"}
# The operator words that join a named amount and a number in the goal patterns below.
_OP_NAME = r"times|multiplied\s+by|divided\s+by|plus|minus"
_FACTORS = {"twice": "2 * {n}", "double": "2 * {n}", "triple": "3 * {n}", "half": "{n} / 2"}
Hole = tuple[str, str]  # the expression with "{n}" where the amount goes, and the goal words that name the amount


def _op(name: str) -> str:
    return _OPS[" ".join(name.casefold().split())]


# Goal arithmetic where one operand is named, not given ("15% of the population of X", "twice the height of Y").
# Each pattern wants words, not a number, where the operand goes ("15% of 300" and "3 times 4" are plain
# arithmetic, read above) and gives those words as the hint.
_HOLES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Hole]], ...] = (
    (  # "15% of the population of Lyon"
        re.compile(rf"(?i){NUM_START}({NUM})\s*(?:%|\s+percent)\s+of\s+(?!\s*-?\d)(.+)"),
        lambda m: (f"{m[1]}% of {{n}}", m[2]),
    ),
    (  # "twice the height of the Eiffel Tower", "half of X"
        re.compile(r"(?i)\b(twice|double|triple|half)\s+(?:of\s+)?(?!\s*\d)(.+)"),
        lambda m: (_FACTORS[m[1].casefold()], m[2]),
    ),
    (  # "the population of Lyon times 3": the name is the digit-free run before the operator word. It starts
        # only where a digit-free run does (at the start or after a digit): the leftmost match always does, and
        # trying every position inside a long run without an operator would take time quadratic in its length.
        re.compile(rf"(?i)(?<!\D)(\D+?)\s+({_OP_NAME})\s+({NUM})(?![\w.])"),
        lambda m: (f"{{n}} {_op(m[2])} {m[3]}", m[1]),
    ),
    (  # "3 times the height of X"
        re.compile(rf"(?i){NUM_START}({NUM})\s+({_OP_NAME})\s+(?!\s*-?\d)(.+)"),
        lambda m: (f"{m[1]} {_op(m[2])} {{n}}", m[3]),
    ),
    (  # "divide the population of X by 4"
        re.compile(rf"(?i)\b(multiply|divide)\s+(?!\d)(.+?)\s+by\s+({NUM})(?![\w.])"),
        lambda m: (f"{{n}} {'*' if m[1].casefold() == 'multiply' else '/'} {m[3]}", m[2]),
    ),
)
# How many phrases of each _HOLES kind a goal has filled: a goal asks for one or two computations, and without a
# bound a long goal repeating one would cost its length times the observations'.
_HOLES_PER_GOAL = 8
# An amount in an observation, maybe with a scale word (2.1 million). It must stand alone: not followed by
# letters, a range, a date or a time, so "5km", "18–29" or "2026-01-05" give no amount, nor the 9 of "9:30".
_AMOUNT = re.compile(rf"{NUM_START}({NUM})(?:\s+(thousand|million|billion|trillion))?(?![\w\-–/:])")
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_AMOUNTS_PER_OBSERVATION = 3
# The words of a hint that can locate an amount: three letters or more, so "of" or "X" place nothing.
_HINT_WORD = re.compile(r"\w{3,}")
# A number and what may be its unit, which pint then has to accept (quantities() tries the longest words first).
QUANTITY = re.compile(
    rf"""
    (?<![\w.,\-–/]) (-?{NUM})  # a number of its own, as at NUM_START
    (\s?)                      # at most one space before the unit, kept so the span is as written
    (
        °\s?[CFKcfk]\b | °     # 38°C, 100 ° F, 100°f, 90°
      | [^\W\d_][^\s,;:()\[\]]* (?: \s+ [^\W\d_][^\s,;:()\[\]]* ){{0,3}}
                               # or up to four words that start with a letter (km/h, mph, degrees Fahrenheit,
                               # oz per square yard);
                               # punctuation ends them, so "5 km, then" offers "5 km"
    )
    """,
    re.VERBOSE,
)
# Letters after a number that are not units although pint reads them as one (9am, 15th, 2 are).
_NOT_UNITS = (FUNCTION - {"per"}) | {"am", "pm", "st", "nd", "rd", "th", "x"}


# Arithmetic that goes on from a spoken operation ("… plus 10", "… * 3", "… plus $10", its sign left out).
# An operand there may be squared or cubed in words, which the calculator reads ("… minus 5 squared").
_CONTINUED = re.compile(
    rf"(?i)(?:(?:\s*[-+*/^×÷]\s*|\s+(?:{_OP_WORD})\s+){SIGN_CHARS}?{_OPERAND}(?:\s*%|\s+percent\b)?"
    rf"(?:\s+(?:squared|cubed|factorial)\b)?)+(?![\w./])"
    r"(?!\s+of\b)"  # not the "plus 1/2" of "… plus 1/2 of 50", which is an operation of its own
)
# An operation on numbers listed ("the average of 4, 8 and 15", "the sum of 1, 2, 3 and 4", "the product of 6 and
# 7"): the mean is their sum over their count.
# An amount in a list, maybe with its currency sign.
_ITEM = rf"{SIGN_CHARS}?{NUM}"
_LISTED = re.compile(
    rf"(?i)\b(?P<op>average|avg|mean|sum|total|product)(?:\s+of|(?:\s+[a-z]+){{0,2}}\s*:)\s+"
    rf"(?P<items>(?:{_ITEM},?\s+)+(?:and\s+)?{_ITEM})"
    r"(?![\w.])"
)
# Three or more amounts to add ("add 14.99 19.50 7.25 and 3.80", "add up 12, 8 and 30"); two are "add 17 and 25".
_ADD_LISTED = re.compile(
    rf"(?i)\badd(?:\s+up)?\s+(?P<items>{_ITEM}(?:,?\s+{_ITEM})+,?\s+and\s+{_ITEM}"
    rf"|{_ITEM}(?:,?\s+{_ITEM}){{2,}})(?![\w.])"
)
# Amounts listed and then asked the total of ("I spent 45, 32 and 18, how much in total"): their sum.
_LISTED_TOTAL = re.compile(
    rf"(?i)(?<![\w.,])(?P<items>{_ITEM}(?:,?\s+{_ITEM})*,?\s+and\s+{_ITEM})(?:\s+[a-z]+)?,?\s+"
    r"(?:how\s+much|what(?:'s|’s|\s+is))\s+(?:(?:is\s+)?(?:that|it)\s+)?(?:in\s+total|altogether|all\s+together)\b"
)
# Amounts listed and then asked their average or total ("£420 £385 and £460, whats the average", "spent £23.40,
# £8.99 and £6.50 today, add it up", "worked 6.5, 8, 7.25 and 4 hours this week, total hours").
_LISTED_MEAN = re.compile(
    rf"(?i)(?<![\w.,])(?P<items>{_ITEM}(?:,?\s+{_ITEM})*,?\s+and\s+{_ITEM}"
    rf"|{_ITEM}(?:,\s*{_ITEM}){{2,}})(?:\s+[a-z]+){{0,3}},?\s+"
    r"(?:(?:what(?:'s|’s|\s+is|s)?|whats)\s+(?:the|their|my|our)\s+(?P<op>average|mean|total|sum)\b"
    r"|(?P<mean>average|avg|mean)\b|(?:add\s+(?:it|them|that|those)\s+up|total)(?=\s*(?:[?.!]|hours?\b|$)))"
)
_LISTED_ITEM = re.compile(NUM)
# An amount at a rate for one period asked for another ("if I save 200 a month, how much in a year" → 200 × 12,
# "52000 a year, how much per month" → 52000 / 12): only periods a whole number of divides, and no hours (a working
# day is no 24 hours).
_SPAN = r"(?:day|week|fortnight|month|year)"
_RATE = re.compile(
    rf"(?i)(?<![\w.,]){SIGN_CHARS}?(?P<n>{NUM})(?:\s+[a-z]+)?\s+(?:a|an|per|each|every)\s+(?P<per>{_SPAN})\b"
    rf"[^.?!]{{0,40}}?(?:\b(?:in|per|for|over|a|an|each|every)\s+(?:a\s+|one\s+|1\s+|the\s+(?:first\s+)?)?"
    rf"(?P<asked>{_SPAN})\b|\b(?P<adverb>annually|yearly|monthly|weekly|fortnightly|daily)\b)"
)
# A span of time asked by its adverb ("what's that annually").
_ADVERB_SPAN = {
    "annually": "year",
    "yearly": "year",
    "monthly": "month",
    "weekly": "week",
    "fortnightly": "fortnight",
    "daily": "day",
}
# A further period asked after the first ("… a fortnight and a year").
_MORE_ASKED = re.compile(
    rf"(?i)\s*(?:,|and|or|&)\s*(?:(?:in|per|for|over|a|an|each|every)\s+)?(?:a\s+|one\s+|the\s+)?(?P<asked>{_SPAN})\b"
)
_LISTED_MAX_ITEMS = 20
# A number and an operator before an operation in words ("3 times the sum of 4 and 5").
_LEAD = re.compile(
    rf"(?i)(?<![\w.,\-–/])(?<!of )(?P<n>{NUM}|{PI})\s*(?:(?P<sign>[-+*/×÷])\s*|\s(?P<op>{_OP_NAME})\s+(?:the\s+)?)\Z"
)


# A rate per one of a unit ("15 mg/kg", "0.14 per kWh", "2.99/lb", "3.89 a gallon", "2.3 miles a day"), and an
# amount of a unit ("68 kg", "875 kWh", "30 days"), which the rate is of where the units are one.
_PER_UNIT = re.compile(
    rf"(?i)(?<![\w.,:]){SIGN_CHARS}?(?P<rate>{NUM})\s*(?:[^\W\d_]+\s*)?(?:/|\s(?:per|an?)\s)\s*(?P<unit>[^\W\d_]+)\b"
)
_UNIT_AMOUNT = re.compile(rf"(?i)(?<![\w.,/:$€£])(?P<n>{NUM})\s*(?P<unit>[^\W\d_]+)\b")
# What a price per unit may be of in another unit of its kind: a weight, a length, an area, a volume (not a time:
# a working day is no 24 hours).
_BOUGHT_BY = frozenset(("[mass]", "[length]", "[length] ** 2", "[length] ** 3"))
# The minutes after a number of hours ("3 hours 45 min", "2 hrs and 30 minutes").
_AND_MINUTES = re.compile(r"(?i)\s*(?:and\s+)?(?P<m>[0-5]?\d)\s*(?:minutes|minute|mins|min|m)\b")


def _per_unit(text: str) -> Iterator[tuple[int, int, str]]:
    """An amount times the rate per one of its unit, spanning both ("patient weighs 68 kg, dose is 15 mg/kg" → "68 ×
    15", "2.3 miles a day … in 30 days" → "30 × 2.3"); none for a distance each way ("27 miles to the airport and
    back, 45p a mile" is no 27 × 45)."""
    if BOTH_WAYS.search(text) is not None:
        return
    for rate in _PER_UNIT.finditer(text):
        unit = _unit_key(rate["unit"])
        for amount in _UNIT_AMOUNT.finditer(text):
            if rate.start() <= amount.start() < rate.end():
                continue
            n, amount_end, amounts = amount["n"], amount.end(), _unit_key(amount["unit"])
            if amounts != unit:  # an amount in another unit of the same kind: "350 grams" at 18.90 per kg
                times = factor(amounts, unit) if kind_of(unit) in _BOUGHT_BY else None
                if times is None:
                    continue
                n = f"{n} × {times:.10g}"
            if unit == "hour" and (minutes := _AND_MINUTES.match(text, amount_end)) is not None:
                n, amount_end = f"({n} + {minutes['m']} / 60)", minutes.end()  # "3 hours 45 min"
            start, end = min(rate.start(), amount.start()), max(rate.end(), amount_end)
            yield start, end, f"{n} × {rate['rate']}"


# A part of a part of an amount ("half of a third of 90", "a quarter of half of 200").
_PART = r"(?:(?:a|one)\s+)?(?:half|third|quarter)"
_PART_OF_PART = re.compile(
    rf"(?i)\b(?P<outer>{_PART})\s+of\s+(?P<inner>{_PART})\s+of\s+{SIGN_CHARS}?(?P<n>{NUM})(?![\w.])"
)
_DIVISOR = {"half": 2, "third": 3, "quarter": 4}


# A total that includes a tax at a rate ("119 including 19% VAT", "gross price incl. VAT is 1,190 with 19% vat"), in a
# goal that asks what it was before the tax ("the net amount", "without VAT", "excluding tax", "pre-tax").
_GROSS = (
    re.compile(
        rf"(?i){SIGN_CHARS}?(?P<n>{NUM})\s*(?:{SIGN_CHARS}|eur|euros?|dollars?|pounds?)?\s+(?:incl\.?|including|inc\.?|inclusive\s+of|"
        rf"with|gross\s+(?:of|with))\s+(?:an?\s+|the\s+)?(?P<rate>{NUM}){_PERCENT_WORD}\s+(?:sales\s+)?(?:vat|tax|gst|hst)\b"
    ),
    re.compile(
        rf"(?i)\b(?:incl\.?|including|inc\.?|gross)\b[^.?!\d]{{0,30}}?{SIGN_CHARS}?(?P<n>{NUM})(?![\d%])[^.?!\d%]{{0,15}}?"
        rf"(?P<rate>{NUM}){_PERCENT_WORD}"
    ),
    re.compile(  # "if the total is €61.50 and vat is 23%"
        rf"(?i)\btotal\s+(?:is|was|of|came\s+to)\s+{SIGN_CHARS}?(?P<n>{NUM})(?![\d%])[^.?!\d%]{{0,25}}?\b(?:vat|tax|gst|hst)\s+"
        rf"(?:is|was|at|of)\s+(?P<rate>{NUM}){_PERCENT_WORD}"
    ),
)
_ASKS_NET = re.compile(r"(?i)\b(?:net|without|excl\.?|excluding|ex|before|pre-?(?:tax|vat))\b")


def _gross(text: str) -> re.Match[str] | None:
    """Where a total that includes a tax is said (its amount ``n`` and the tax's ``rate``), when the goal asks for
    the amount before it: "119 including 19% VAT, price without VAT?" asks 119 / (1 + 19%), not 119 plus 19%."""
    if _ASKS_NET.search(text) is None:
        return None
    return next((m for p in _GROSS if (m := p.search(text)) is not None), None)


def _part_of_part(m: re.Match[str]) -> str:
    """The amount divided by the inner part, then by the outer one: "half of a third of 90" → "90 / 3 / 2"."""
    inner, outer = (_DIVISOR[m[g].split()[-1].casefold()] for g in ("inner", "outer"))
    return f"{m['n']} / {inner} / {outer}"


def _all_taken(text: str, readings: Sequence[str]) -> bool:
    """Whether one of ``readings`` takes every number ``text`` gives, or a plain chain of arithmetic does."""
    given = set(_LISTED_ITEM.findall(text))
    chains = [m.group() for m in _TIGHT.finditer(text)]
    return any(set(_operands(r)) >= given for r in (*readings, *chains))


def _operands(expression: str) -> list[str]:
    """An expression's numbers as written, sorted: "85 × 3.5" and "3.5 × 85" have the same."""
    return sorted(_LISTED_ITEM.findall(expression))


def _unit_key(word: str) -> str:
    """A unit's word as one key for its forms, the unit a quantity of it is in ("lbs", "pound" and "pounds" →
    "pound"; "hr" and "hours" → "hour"; "kilos" → "kilogram"), or the word without a plural's "s" where it makes
    no quantity ("servings" → "serving")."""
    folded = word.casefold()
    if folded in UNIT_OF:
        return UNIT_OF[folded]
    read = read_quantity(f"1 {folded}")
    if read is not None:
        return read[1]
    return folded[:-1] if folded.endswith("s") and len(folded) > 2 else folded


def _at_rates(text: str, m: re.Match[str]) -> Iterator[tuple[int, int, str]]:
    """An amount at a rate for one period, for each period asked ("200 a month" in a year: "200 × 12"; "650 a week,
    how much a fortnight and a year": "650 × 2" and "650 × 52", the second spanning the first, so the extractor keeps
    it alone), spanning the rate and the period; none where the periods are one or no whole number of one makes the
    other."""
    asked, end = [m["asked"] or _ADVERB_SPAN[m["adverb"].casefold()]], m.end()
    while (more := _MORE_ASKED.match(text, end)) is not None:
        asked.append(more["asked"])
        end = more.end()
    for i, span in enumerate(asked):
        factor = period_factor(m["per"].casefold(), span.casefold())
        if factor:
            yield m.start(), m.end() if i == 0 else end, f"{m['n']} {factor}"


def _listed(m: re.Match[str]) -> str | None:
    """The listed operation written out, or None for one number or too many to write out."""
    items = [n.replace(",", "") for n in _LISTED_ITEM.findall(m["items"])]
    if not 2 <= len(items) <= _LISTED_MAX_ITEMS:
        return None
    groups = m.groupdict()
    op = (groups.get("op") or groups.get("mean") or "sum").casefold()
    if op == "product":
        return " × ".join(items)
    return " + ".join(items) if op in ("sum", "total") else f"({' + '.join(items)}) / {len(items)}"


_DIGIT = re.compile(r"\d")
# A number in words or with a scale word ("seven", "twenty-five", "a dozen", "1 million"), which the calculator
# reads only in digits.
# A whole number and a half or a quarter ("3 and a half", "two and a quarter", "1 and three quarters") is read too.
_WORDED = re.compile(
    rf"(?i)(?<![\w-])(?:(?P<whole>{NUM}|{SPELLED})\s+and\s+(?P<part>a\s+half|a\s+quarter|three\s+quarters)|{POINT}"
    rf"|{SPELLED}|{NUM}\s+{SCALE_WORD})(?![\w-])"
)
_AND_A_PART = {"half": 0.5, "quarter": 0.25, "quarters": 0.75}
# Whether a text has a number word at all, so that most goals skip the slower reading above.
_ANY_WORDED = re.compile(rf"(?i)\b(?:{SPELLED_WORD}|{SCALE_WORD}|half|quarters?|point)\b")


def expressions(text: str, *, goal: bool) -> Iterator[Found]:
    """Arithmetic in ``text``: chains (1,250 times 12), percentages (18% of 2,450), spoken operations, and in a
    goal the steps that follow one ("add 17 and 25 then multiply by 3" → "(17 + 25) × 3"). In a goal, arithmetic
    on numbers written in words or with a scale word is offered in digits ("seven times eight" → "7 times 8",
    "1 million divided by 12" → "1000000 divided by 12", "half of 3 and a half" → "3.5 / 2")."""
    if goal:  # "90 minutes after 10:45" → "10:45 + 90 minutes", which the calculator reads
        yield from ((sum_, "expression") for sum_ in find_time_sums(text))
    digits = numbers_in_digits(text) if goal else text
    # the reading in digits has every computation of the text's own digits, and none that cuts a number in words
    # short ("half of 3" of "half of 3 and a half")
    yield from _expressions(digits, goal=goal)


def numbers_in_digits(text: str) -> str:
    """``text`` with its numbers in words or with a scale word in digits ("seven times 1 million" → "7 times
    1000000", "3 and a half" → "3.5"); words that make no one number stay as written."""
    text = _THOUSANDS.sub(lambda m: _plain(float(m[1]) * 1000), text) if _THOUSANDS.search(text) else text
    return _WORDED.sub(_in_digits, text) if _ANY_WORDED.search(text) else text


# Thousands written with a k ("52k a year", "3.5k"): the calculator reads only digits.
_THOUSANDS = re.compile(r"(?i)(?<![\w.,])(\d+(?:\.\d+)?)k(?!\w)")


def _plain(value: float) -> str:
    """A number as the calculator reads it: whole without its ".0"."""
    return str(int(value)) if value == int(value) else str(value)


def _in_digits(m: re.Match[str]) -> str:
    """A number in words or with a scale word, in digits; words that make no one number, as written."""
    whole = m["whole"]
    value = read_number(m.group()) if whole is None else read_number(whole)
    if value is None:
        return m.group()
    if whole is not None:
        value += _AND_A_PART[m["part"].split()[-1].casefold()]
    return _plain(value)


# A product written as dimensions are ("7x8") that a goal asks the value of and nothing else ("what's 7x8?").
_ASKED_PRODUCT = re.compile(
    r"(?i)\s*(?:what(?:'s|’s|\s+is)|whats|calculate|compute|how\s+much\s+is)\s+"
    r"(?P<product>\d+(?:\.\d+)?\s*x\s*\d+(?:\.\d+)?)\s*[?.!]*\s*$"
)


def _expressions(text: str, *, goal: bool) -> Iterator[Found]:
    if not _DIGIT.search(text):  # every form below has a number in digits
        return
    chain = _TIGHT if goal else _SPACED
    percents = list(_PERCENT.finditer(text))
    spoken = [
        _continued(text, m, template.format(*(g for g in m.groups() if g is not None)), goal)
        for pattern, template in _TEMPLATES.items()
        for m in pattern.finditer(text)
    ]
    listed = (*_LISTED.finditer(text), *_LISTED_TOTAL.finditer(text), *_LISTED_MEAN.finditer(text))
    listed += tuple(_ADD_LISTED.finditer(text)) if goal else ()
    spoken += [_continued(text, m, done, goal) for m in listed if (done := _listed(m)) is not None]
    if goal:  # a question asked of an amount at a rate, and an amount of what a rate is per
        spoken += [reading for m in _RATE.finditer(text) for reading in _at_rates(text, m)]
        spoken += [p for p in _per_unit(text) if not any(_operands(p[2]) == _operands(w[2]) for w in spoken)]
        spoken += [(m.start(), m.end(), _part_of_part(m)) for m in _PART_OF_PART.finditer(text)]
        if (gross := _gross(text)) is not None:  # the amount before a tax that a total includes: not plus it
            added = f"{gross['n']} + {gross['rate']}% of {gross['n']}"
            spoken = [w for w in spoken if w[2] != added] + [(*gross.span(), f"{gross['n']} / (1 + {gross['rate']}%)")]
    # a money word problem's arithmetic, read as the goal asks it, in place of other readings of its numbers
    # ("22% tax on 3400, what's my take home" is 3400 less the tax, not the tax)
    asked = [*shares(text), *rate_chains(text), *overtime(text)] if goal else []
    asked += list(with_fee(text, [*spoken, *asked])) if goal else []
    taken = [w[2] for w in (*spoken, *asked)] + [m.group() for m in percents]
    if goal and not _all_taken(text, taken) and (reading := total(text)) is not None:
        asked.append(reading)  # an everyday sum no reading above takes every number of
    if asked:
        read = [set(_operands(expr)) for _, _, expr in asked]
        spoken = [w for w in spoken if not any(set(_operands(w[2])) <= r for r in read)] + asked
        percents = [m for m in percents if set(_operands(m.group())) not in read]
    if goal:  # two spoken operations joined by an operator are one sum ("1/4 of 100 plus 1/2 of 50")
        spoken = _joined(text, spoken)
    # one spoken operation inside another's arithmetic ("5 squared" of "7 squared minus 5 squared") is a part of it
    spoken = [w for w in spoken if not any(o[0] <= w[0] and w[1] <= o[1] and o[:2] != w[:2] for o in spoken)]
    # so is a percentage of an amount inside a spoken operation on it ("12% of 87.50" of "12% of 87.50, then add
    # that to it")
    percents = [
        m for m in percents if not any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b, _ in spoken)
    ]
    # and a chain inside a percentage's arithmetic ("200 plus 10" of "25% of 200 plus 10") or inside a spoken
    # operation ("200 minus 15" of "200 minus 15 percent", "3/4" of "3/4 of 60")
    wholes = [(m.start(), m.end()) for m in percents] + [(start, end) for start, end, _ in spoken]
    chains = [
        m
        for m in chain.finditer(text)
        if not any(a <= m.start() and m.end() <= b for a, b in wholes) and not _on_the_clock(text, m)
    ]
    for m in (*chains, *percents):
        expr = _balanced(m.group().strip())
        # a month and a day with a slash ("9/11") in a goal that asks of a day is a date (``extract._dates``)
        if not (_DATE_LIKE.fullmatch(expr) or (SLASHED_DAY.fullmatch(expr) and ASKS_OF_A_DAY.search(text))):
            yield from _with_steps(text, m.start(), m.end(), _fractions_whole(expr) if goal else expr, goal)
    for m in _BY.finditer(text):
        yield m.group(1), "expression"
    for start, end, expr in spoken:
        yield from _with_steps(text, start, end, expr, goal)
    if goal:
        for m in _ROUND_NUMBER.finditer(text):
            yield from _with_steps(text, m.start("n"), m.end(), m["n"], goal)
        if (product := _ASKED_PRODUCT.match(text)) is not None:
            yield product["product"], "expression"


# An amount of clock time right after a sum's last number ("3 plus 2 hours"): the sum is one on the clock.
_TIME_AFTER = re.compile(rf"(?i)\s*(?:{CLOCK_UNIT})\b")
_ADDS = re.compile(r"(?i)[+\-−]|\b(?:plus|minus)\b")


def _on_the_clock(text: str, chain: re.Match[str]) -> bool:
    """Whether ``chain`` adds or takes off a number that an amount of clock time follows ("quarter past 3 plus 2
    hours" is no 3 plus 2): a sum on the clock, which ``find_time_sums`` reads, or none."""
    return _TIME_AFTER.match(text, chain.end()) is not None and _ADDS.search(chain.group()) is not None


_JOIN = re.compile(rf"(?i)\s*(?:(?P<sign>[-+*/×÷])|(?P<op>{_OP_NAME}))\s*(?:the\s+)?")


def _joined(text: str, spoken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``spoken`` with each two operations that only an operator stands between written as one, each in its
    parentheses ("1/4 of 100 plus 1/2 of 50" → "(1/4 × 100) plus (1/2 × 50)"), beside them."""
    ordered = sorted(spoken)
    joined = []
    for (start, end, first), (after, stop, second) in pairwise(ordered):
        between = _JOIN.fullmatch(text, end, after) if end <= after else None
        if between is not None:
            op = between["sign"] or " ".join(between["op"].casefold().split())
            joined.append((start, stop, f"({first}) {op} ({second})"))
    return spoken + joined


# A fraction written tight ("1/2") after a spaced operator that multiplies or divides: one number, as people
# mean it.
_TIGHT_FRACTION = re.compile(r"(?i)((?:\s[*×÷/x]|\s(?:times|multiplied\s+by|divided\s+by|over))\s+)(\d+/\d+)(?![\d/.])")


def _fractions_whole(expr: str) -> str:
    """``expr`` with each fraction written tight after a spaced operator in parentheses: "6 divided by 1/2" is 6
    divided by a half, 12, not 6 divided by 1, then by 2."""
    return _TIGHT_FRACTION.sub(lambda m: f"{m[1]}({m[2]})", expr)


def _continued(text: str, m: re.Match[str], expr: str, goal: bool) -> tuple[int, int, str]:
    """Where a spoken operation starts and ends in a goal and what it computes, with the arithmetic before it and
    after it ("3 times the sum of 4 and 5" → "3 times (4 + 5)", "15 squared plus 10" → "(15^2) plus 10", "square
    root of 2 times 3" → "√2 times 3"): it alone is not what such a goal asks for."""
    if not goal:
        return m.start(), m.end(), expr
    start, end, whole = m.start(), m.end(), f"({expr})" if _HAS_OPERATOR.search(expr) else expr
    lead = _LEAD.search(text, 0, start)
    more = _CONTINUED.match(text, end)
    if lead is None and more is None:
        return start, end, expr
    if lead is not None:
        start, whole = lead.start(), f"{lead['n']} {lead['op'] or lead['sign']} {whole}"
    if more is not None:
        end, whole = more.end(), f"{whole}{re.sub(SIGN_CHARS, '', more.group())}"  # "plus $10": plus 10
    return start, end, whole


def _with_steps(text: str, start: int, end: int, expr: str, goal: bool) -> Iterator[Found]:
    """``expr``, or when the goal goes on with "then …" steps or says how to round the result, the whole
    computation instead: the first part alone is not what such a goal asks for."""
    if not goal:
        yield expr, "expression"
        return
    steps, end = _then_steps(text, end, expr)
    whole = _rounded(text, start, end, steps)
    yield next((e for e in (whole, steps) if len(e) <= MAX_SPAN), expr), "expression"


def _then_steps(text: str, end: int, expr: str) -> tuple[str, int]:
    """``expr`` with each step that follows it at ``end`` applied, the earlier result in parentheses if needed,
    and where the last step ends."""
    for _ in range(_MAX_STEPS):
        m = _THEN.match(text, end)
        if m is None:
            break
        op, operand = _step(m)
        if m["pct"] and op in ("+", "-"):  # "then add 8.875% tax": a percentage of what it is added to
            expr = f"({expr}) × (1 {op} {operand}%)"
        elif m["pct"]:
            expr = f"({expr}) {op} {operand}%"
        else:
            tighter = op in ("×", "÷", "^") and _HAS_OPERATOR.search(expr) is not None
            expr = f"({expr}) {op} {operand}" if tighter else f"{expr} {op} {operand}"
        end = m.end()
    return expr, end


def _rounded(text: str, start: int, end: int, expr: str) -> str:
    """``expr`` with the goal's words on rounding it before and after it, which the calculator reads ("round
    3.14159 to 2 decimal places", "100 divided by 3 rounded to the nearest tenth"); ``expr`` when there are none."""
    before = _ROUND_BEFORE.search(text, max(0, start - _ROUND_REACH), start)
    after = _ROUND_AFTER.match(text, end)
    if before is None and after is None:
        return expr
    return f"{before.group() if before else ''}{expr}{after.group() if after else ''}"


def _step(m: re.Match[str]) -> tuple[str, str]:
    if m["all"]:
        return "^", "3" if m["all"].casefold().endswith("cubed") else "2"
    if m["squared"]:
        return "^", "2"
    if m["times"]:
        return {"double": ("×", "2"), "triple": ("×", "3"), "halve": ("÷", "2")}[m["times"].casefold()]
    if m["split"]:
        return "÷", m["split"]
    words = (m["op"] or m["op2"]).casefold().split()
    return _STEP_OPS.get(" ".join(words)) or _STEP_OPS[words[0]], m["n"] or m["n2"]


def _balanced(expr: str) -> str:
    while expr.startswith("(") and expr.count("(") > expr.count(")"):
        expr = expr[1:]
    while expr.endswith(")") and expr.count(")") > expr.count("("):
        expr = expr[:-1]
    return expr


def hole_expressions(goal: str, observations: Sequence[tuple[int, str]]) -> Iterator[tuple[str, int]]:
    """Goal arithmetic with an operand to fill in, filled with amounts from each (index, observation).

    Only the first few such phrases of each kind are filled (_HOLES_PER_GOAL), since each one reads every
    observation.
    """
    for pattern, hole in _HOLES:
        for m in islice(pattern.finditer(goal), _HOLES_PER_GOAL):
            expression, hint = hole(m)
            for index, text in observations:
                for amount in _amounts(text, hint):
                    yield expression.format(n=amount), index


def _amounts(text: str, hint: str) -> list[str]:
    """Amounts in an observation: one right after a colon first, then by closeness to a preceding hint word.

    Where each hint word occurs is found once, so each amount costs a lookup, not a search of the text before it.
    """
    words = {w for w in _HINT_WORD.findall(hint.casefold()) if not is_function(w)}
    folded = text.casefold()
    # The end of every occurrence of a hint word (also overlapping ones), sorted.
    ends = sorted(end for w in words for end in _ends(folded, w))
    found: list[tuple[int, int, str]] = []
    for m in _AMOUNT.finditer(text):
        start = m.start()
        # The latest end of a hint word at or before the amount: one that lies wholly in the text before it.
        latest = bisect_right(ends, start)
        distance = start - ends[latest - 1] if latest else len(text)
        if _after_colon(folded, start):
            distance = 0
        found.append((distance, start, _scaled(m.group(1), m.group(2))))
    return [amount for _, _, amount in sorted(found)[:_AMOUNTS_PER_OBSERVATION]]


def _ends(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at >= 0:
        yield at + len(word)
        at = text.find(word, at + 1)


def _after_colon(text: str, start: int) -> bool:
    """Whether the last character before ``start`` that is not whitespace is a colon."""
    k = min(start, len(text)) - 1
    while k >= 0 and text[k].isspace():
        k -= 1
    return k >= 0 and text[k] == ":"


def _scaled(number: str, scale: str | None) -> str:
    if scale is None:
        return number
    value = float(number.replace(",", "")) * _SCALE[scale.casefold()]
    return f"{value:,.0f}"


_DEGREE_LETTER = re.compile(r"° ?([CFKcfk])?")  # "° F", "°f": pint reads only "°F"


# Words before a unit that say whose measure it is (``tools.local`` reads a British one as pint's imperial one).
_SYSTEM_WORD = re.compile(rf"(?i){BRITISH}|{AMERICAN}")


def is_unit(phrase: str) -> bool:
    """Whether pint reads ``phrase`` as a unit of something other than time (degrees Fahrenheit, mph, m)."""
    return _measures(phrase) == "other"


def is_time_unit(phrase: str) -> bool:
    """Whether pint reads ``phrase`` as a unit of time (hours, minutes, s, days)."""
    return _measures(phrase) == "time"


@lru_cache(maxsize=4096)
def _measures(phrase: str) -> str | None:
    """What pint reads ``phrase`` as a unit of: "time", "other", or None when it is no unit to offer."""
    words = phrase.split()
    if len(words) > 1 and _SYSTEM_WORD.fullmatch(words[0]):  # "US cups", "imperial gallons": cups, gallons
        return _measures(" ".join(words[1:]))
    if not words or any(w.casefold() in _NOT_UNITS for w in words):
        return None
    if phrase in ("f", "F"):  # Fahrenheit's letter, which pint does not read ("68f", "20 c in f")
        return "other"
    if cased_unit(phrase) is not None:  # "15 kpa", "3.7 kw", "25 Nm" (values.quantity)
        return "other"
    if phrase.casefold() in UNIT_OF:  # words unit_convert reads that pint does not ("3 kilos", "5 kms", "3 wks")
        return "time" if UNIT_OF[phrase.casefold()] == "week" else "other"
    if words[0].casefold() in ("degree", "degrees") and len(words) > 1:
        if len(words) > 2:
            return None
        words = [words[1].casefold()]
        if words[0] in ("f", "c", "k"):  # "32 degrees f": the scale's letter, which pint reads otherwise or not
            return "other"
    ureg = registry()
    for attempt in (" ".join(words), "_".join(words), " ".join(words).casefold()):
        try:
            units = ureg.parse_units(_DEGREE_LETTER.sub(lambda m: "°" + (m.group(1) or "").upper(), attempt))
            # Inside the try: a product with a logarithmic unit ("km oct" is kilometre times octave) parses
            # but makes no plain quantity, and pint raises AttributeError asking for its dimensionality.
            dims = ureg.Quantity(1, units).dimensionality
        except Exception:  # pint raises many error types (undefined unit, syntax, tokenizer) for non-units
            continue
        if dims == {"[time]": 1}:
            return "time"
        return "other" if has_measure(units, bool(dims)) else None
    return None


def quantities(text: str) -> Iterator[Found]:
    """Numbers with a unit of measurement (100°F, 60 mph, 20 degrees Fahrenheit, 330 m), and the number of one whose
    unit is glued to it ("5C", "6cm"), which is not a number of its own; a quantity in two units ("6 ft 2 in",
    "5'11\"", "7 pounds 4 ounces") whole, and not its larger part alone; an amount of an ingredient with it ("3 cups
    of flour", "2 sticks of butter"), which converts between a volume and a weight."""
    compounds = find_compounds(text, time=False)
    yield from ((c.group(), "quantity") for c in compounds)
    yield from ((m.group(), "quantity") for m in _STICKS.finditer(text))
    parts = [*compounds, *find_compounds(text, time=True)]  # the "15m" of "2h 15m" is no 15 metres either
    for m, span in measured(QUANTITY, text, is_unit):
        if any(c.start() <= m.start() < c.end() for c in parts):
            continue
        span = of_ingredient(text, m, span)
        if _negated(text, m.start()):
            span = f"-{span}"
        if len(span) <= MAX_SPAN:
            yield span, "quantity"
        if not m.group(2):  # glued ("5C", "6cm"): the number alone is not found as a number of its own
            yield m.group(1), "number"


def of_ingredient(text: str, m: re.Match[str], span: str) -> str:
    """``span``, an amount ``m`` found, with the ingredient it is of after it where the goal names a unit of the
    other kind, a weight for a volume or a volume for a weight ("3 cups of flour in grams" → "3 cups of flour"): it
    converts only through what the ingredient weighs (``values.ingredients``). "250 grams of butter in ounces" is
    250 grams."""
    of = INGREDIENT_AFTER.match(text, m.start() + len(span))
    if of is None:
        return span
    read = read_quantity(span)
    kind = kind_of(read[1]) if read is not None else None
    other = {_MASS: _VOLUME, _VOLUME: _MASS}.get(kind or "")
    rest = f"{text[: m.start()]} {text[of.end() :]}"
    named = (kind_of(u) for w in _UNIT_WORD.findall(rest) if (u := unit_of(w)) is not None)
    return f"{span}{of.group()}" if other is not None and other in named else span


_MASS, _VOLUME = "[mass]", "[length] ** 3"
_UNIT_WORD = re.compile(r"(?i)\b[a-z]+(?:\s+oz)?\b")


# Sticks of butter, which a recipe measures in ("2 sticks of butter"): an amount of butter unit_convert weighs.
_STICKS = re.compile(rf"(?i){NUM_START}{NUM}\s+sticks?\s+of\s+butter\b")
# "minus" or "negative" right before an amount, with the word before it (when there is one).
_NEGATIVE = re.compile(r"(?i)(?:(?P<before>\S+)\s+)?(?:minus|negative)\s+\Z")


def _negated(text: str, start: int) -> bool:
    """Whether the amount at ``start`` is said to be below zero ("minus 40 c"), not taken from a number before it
    ("100 minus 40 c" is arithmetic)."""
    m = _NEGATIVE.search(text, max(0, start - MAX_SPAN), start)
    return m is not None and not (m["before"] and _DIGIT.search(m["before"]))


def measured(
    pattern: re.Pattern[str], text: str, accepts: Callable[[str], bool]
) -> Iterator[tuple[re.Match[str], str]]:
    """Each amount ``pattern`` finds (its groups: the amount, the space after it, the words that may be its unit)
    with the longest run of those words that ``accepts`` takes as a unit: the match and the span as written. An
    amount that arithmetic goes on from ("15 minutes times 4") is none: converting it alone answers another
    question."""
    for m in pattern.finditer(text):
        words = [w.rstrip(".!?") for w in m.group(3).split()]
        for n in range(len(words), 0, -1):
            unit = " ".join(words[:n])
            # A unit too long to offer is not asked of pint, whose parsing of a long string is slow.
            if unit and len(unit) <= MAX_SPAN and accepts(unit):
                span = f"{m.group(1)}{m.group(2)}{unit}"
                if not _GOES_ON.match(text, m.start() + len(span)):
                    yield m, span
                break


# Arithmetic going on from an amount: an operator and a number ("… times 4", "… * 3", "… divided by 2").
_GOES_ON = re.compile(r"(?i)\s*(?:[*×/÷x]|\b(?:times|multiplied\s+by|divided\s+by))\s*\d")
