"""``python -m decisionloop.training.generator [N] [SEED]``: generate N episodes (default 5,000), print figures."""

from __future__ import annotations

import sys
import time

from decisionloop.training.generator.generate import generate
from decisionloop.training.generator.stats import summarise


def main(argv: list[str]) -> int:
    """Generate, time and summarise."""
    n = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 0
    start = time.perf_counter()
    episodes = generate(n, seed)
    seconds = time.perf_counter() - start
    print(f"generated {n} episodes (seed {seed}) in {seconds:.1f} s ({n / seconds:.0f} per second)")
    print("\n".join(summarise(episodes).lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
