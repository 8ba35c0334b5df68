"""Reading values out of words: dates and durations (``values.dates``) and number words (``values.numbers``)."""
