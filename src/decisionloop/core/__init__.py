"""The records and seams every layer shares: questions, answers, decisions, run records, the backend and tool
seams, the `/v1/systemone` wire format and its schemas, the vocabulary, the error tree. Imports nothing else of
decisionloop."""
