"""Views: runs, decisions and benchmark figures as lines for people and JSON for programs."""
