"""The records and seams every layer shares: questions, answers, decisions, run records, the backend and tool
seams, the vocabulary, the error tree. Imports nothing else of decisionloop."""
