"""The checks every request passes before the app sees it: the Host header, the optional token, the CSRF token on
anything that changes state, and a bound on the body.

- Host: only the names the server was bound to (and, bound to a wildcard, IP literals and localhost) are served;
  a page on another domain that resolves to 127.0.0.1 (DNS rebinding) gets 400.
- Token (``--token``): every request carries it as ``Authorization: Bearer …``, the ``dl_token`` cookie, or once
  as ``?token=…``, which sets the cookie and redirects to the same URL without it; else 401.
- CSRF: every POST, PUT, PATCH and DELETE carries the server's secret as the ``X-CSRF-Token`` header or the
  ``csrf`` form field, and an ``Origin``, when sent, of this server; else 403.
- Body: at most ``max_body`` bytes (``max_upload`` on the ``upload_paths``, where an eval JSON is sent), by
  Content-Length or as it arrives; else 413.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlencode, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf"
TOKEN_COOKIE = "dl_token"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
_WILDCARDS = frozenset({"0.0.0.0", "::", ""})
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_FORM = "application/x-www-form-urlencoded"
# Every response: nothing loads from or connects to anywhere but this server, and no page frames it.
_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Policy:
    """What the checks accept: host names, the CSRF secret, the optional token, the largest body."""

    hosts: frozenset[str]
    csrf: str
    token: str | None = None
    max_body: int = 65_536
    upload_paths: frozenset[str] = frozenset({"/api/evals"})
    max_upload: int = 16 * 2**20
    any_ip: bool = False  # bound to a wildcard address: any IP literal is this machine's

    def body_limit(self, path: str) -> int:
        """The largest body a request to ``path`` may carry."""
        return self.max_upload if path in self.upload_paths else self.max_body

    def allows_host(self, header: str) -> bool:
        """Whether a Host (or Origin) ``host[:port]`` names this server."""
        name = _host_name(header)
        if name in self.hosts:
            return True
        return self.any_ip and _is_ip(name)


def bound_hosts(host: str, extra: Iterable[str] = ()) -> tuple[frozenset[str], bool]:
    """The host names a server bound to ``host`` answers to, and whether any IP literal is one of its own."""
    names = {host.strip("[]").lower(), *(e.lower() for e in extra)}
    wildcard = host in _WILDCARDS
    if wildcard or host.strip("[]") in LOOPBACK_NAMES or _is_loopback(host):
        names.update(LOOPBACK_NAMES)
    return frozenset(n for n in names if n), wildcard


def is_loopback(host: str) -> bool:
    """Whether binding to ``host`` keeps the server on this machine."""
    return host.strip("[]").lower() == "localhost" or _is_loopback(host)


class Guarded:
    """ASGI middleware applying a Policy to every HTTP request."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        headers = _headers(scope)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _plain(send, *refusal)
            return
        given = _query_token(scope)
        if self.policy.token is not None and given is not None and hmac.compare_digest(given, self.policy.token):
            await _redirect_setting_cookie(scope, send, self.policy.token)
            return
        if scope["method"] in _SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        limit = self.policy.body_limit(scope["path"])
        body = await _read_body(receive, limit, headers)
        if body is None:
            await _plain(send, 413, f"the request body is over {limit} bytes; send less")
            return
        if not self._csrf_ok(headers, body):
            await _plain(send, 403, "missing or wrong CSRF token; reload the page and try again")
            return
        await self.app(scope, _replay(body), send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not self.policy.allows_host(host):
            return 400, f"unknown Host {host!r}: this server answers only to {', '.join(sorted(self.policy.hosts))}"
        if self.policy.token is not None and not self._token_ok(scope, headers):
            return 401, "this server needs its token: open the URL it printed (…?token=…), or send Authorization"
        if scope["method"] not in _SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and not self.policy.allows_host(urlsplit(origin).netloc):
                return 403, f"a request from {origin!r} may not change anything here"
        return None

    def _token_ok(self, scope: Scope, headers: dict[str, str]) -> bool:
        assert self.policy.token is not None
        given = [_bearer(headers.get("authorization", "")), _cookie(headers.get("cookie", "")), _query_token(scope)]
        return any(g is not None and hmac.compare_digest(g, self.policy.token) for g in given)

    def _csrf_ok(self, headers: dict[str, str], body: bytes) -> bool:
        given = headers.get(CSRF_HEADER)
        if given is None and headers.get("content-type", "").split(";")[0].strip() == _FORM:
            fields = parse_qs(body.decode("utf-8", "replace")).get(CSRF_FIELD, [])
            given = fields[0] if fields else None
        return given is not None and hmac.compare_digest(given, self.policy.csrf)


def _host_name(header: str) -> str:
    """``host`` of ``host:port`` or ``[v6]:port``, lower-cased."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _bearer(value: str) -> str | None:
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _cookie(value: str) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(value)
    except Exception:  # a malformed cookie header is no token
        return None
    morsel = jar.get(TOKEN_COOKIE)
    return morsel.value if morsel is not None else None


def _query_token(scope: Scope) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return values[0] if values else None


async def _read_body(receive: Receive, limit: int, headers: dict[str, str]) -> bytes | None:
    """The whole body, or None once it is over ``limit`` (by Content-Length or as it arrives)."""
    declared = headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """A receive that hands the app the body already read, then waits like the real one would."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *_HEADERS]}
        await send(message)

    return sending


async def _plain(send: Send, status: int, text: str) -> None:
    body = f"{text}\n".encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _redirect_setting_cookie(scope: Scope, send: Send, token: str) -> None:
    """``?token=`` once: the cookie carries it from now on, and the URL shown no longer does."""
    query = [(k, v) for k, vs in parse_qs(scope.get("query_string", b"").decode("latin-1")).items() for v in vs]
    rest = urlencode([(k, v) for k, v in query if k != "token"])
    location = scope.get("root_path", "") + scope["path"] + (f"?{rest}" if rest else "")
    cookie = f"{TOKEN_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/"
    headers = [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1"))]
    await send({"type": "http.response.start", "status": 303, "headers": [*headers, (b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})
