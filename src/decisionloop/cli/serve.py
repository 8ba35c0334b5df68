"""``decisionloop serve-decisions``: the bundled decision model behind `/v1/systemone` on loopback."""

from __future__ import annotations

import os
from pathlib import Path

import click

from decisionloop.cli.common import notice, reports_errors
from decisionloop.core.errors import ConfigError
from decisionloop.settings import resolve, setting

SERVE_KEY_ENV = setting("serve_key").env


@click.command("serve-decisions")
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on (loopback by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=7789, show_default=True, help="0 picks a free port.")
@click.option(
    "--model-dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="A model directory from `decisionloop train --out` (default: the shipped model).",
)
@click.option("--threads", type=click.IntRange(1, 256), default=2, show_default=True, help="CPU threads for the model.")
@click.option(
    "--max-connections",
    type=click.IntRange(1),
    default=1024,
    show_default=True,
    help="Open connections held at most; at the cap a new one displaces the longest waiting for its headers.",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds a client may take to send a request's headers before it is answered 408 and dropped.",
)
@click.option(
    "--max-batch-requests",
    type=click.IntRange(1),
    default=256,
    show_default=True,
    help="Requests one /v1/systemone/batch may hold; more is refused with 413 batch_too_large.",
)
@reports_errors
def serve_decisions(
    host: str,
    port: int,
    model_dir: Path | None,
    threads: int,
    max_connections: int,
    header_timeout: float,
    max_batch_requests: int,
) -> None:
    """Serve the bundled decision model on POST /v1/systemone, /v1/systemone/batch and GET /v1/models.

    The wire format's JSON Schemas are at GET /v1/systemone/schema/{request,reply,batch-request,batch-reply}.json.

    Clients must send ``Authorization: Bearer <key>`` when DECISIONLOOP_SERVE_KEY is set (never a flag, so the
    key stays out of the process list and shell history).
    """
    from decisionloop.model.backend import ModelBackend, ModelFiles, has_model, shipped_dir
    from decisionloop.server import create_app
    from decisionloop.server.guard import ConnectionLimits
    from decisionloop.server.running import bind, is_loopback, server_for, url_of

    if not has_model(model_dir):
        where = str(model_dir or shipped_dir())
        raise ConfigError(
            f"no trained decision model in {where!r}: no trained model is shipped yet; train one with "
            "`decisionloop train --out DIR` and pass --model-dir DIR"
        )
    backend = ModelBackend(ModelFiles.read(model_dir), threads=threads)
    api_key = resolve("serve_key", os.environ) or None
    if not is_loopback(host):
        guard = "clients need the key" if api_key else f"anyone who can reach it may use it; set {SERVE_KEY_ENV}"
        notice(f"warning: listening on {host!r}, not loopback: {guard}")
    sock = bind(host, port)
    app = create_app(backend, api_key=api_key, max_batch_requests=max_batch_requests)
    limits = ConnectionLimits(max_connections=max_connections, header_timeout_s=header_timeout)
    keyed = "Bearer key required" if api_key else f"no key ({SERVE_KEY_ENV} unset)"
    click.echo(f"serving model {backend.model_id!r} at {url_of(sock)}/v1/systemone ({keyed}); Ctrl-C stops")
    try:
        server_for(app, limits=limits).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn shuts down cleanly, then re-raises Ctrl-C for the caller
        notice("stopped")
