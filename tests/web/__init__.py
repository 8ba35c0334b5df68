"""Tests of the web app: its checks, its API and pages, the live runs and the browser."""
