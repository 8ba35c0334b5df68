"""Pieces several test packages share (a loopback HTTP server, scripted answers, journal rows); not tests."""
