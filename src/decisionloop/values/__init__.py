"""Reading values out of words: dates and durations, numbers, percentages and money, quantities, typed slot values."""
