"""Every request's checks: Host (DNS rebinding), the token, CSRF on changes, the body bound, the headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from decisionloop.web import bound_hosts, create_app, is_loopback
from decisionloop.web.security import TOKEN_COOKIE
from tests.support.web import CSRF, DIVIDE, config

START = {"goal": DIVIDE, "preset": False}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(config(tmp_path)))


def test_a_page_is_served_to_its_own_host_with_a_policy_that_keeps_every_request_here(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert f'<meta name="csrf-token" content="{CSRF}">' in response.text


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "attacker.test:7799", ""])
def test_another_host_is_refused_with_400_dns_rebinding(client: TestClient, host: str) -> None:
    response = client.get("/", headers={"host": host})
    assert response.status_code == 400
    assert f"unknown Host {host!r}" in response.text


@pytest.mark.parametrize("host", ["127.0.0.1:7799", "localhost:7799", "[::1]:7799", "testserver"])
def test_the_loopback_names_with_a_port_are_this_server(client: TestClient, host: str) -> None:
    assert client.get("/spec", headers={"host": host}).status_code == 200


def test_a_post_without_the_csrf_token_is_refused_with_403(client: TestClient) -> None:
    response = client.post("/api/runs", json=START)
    assert response.status_code == 403
    assert "CSRF" in response.text


def test_a_post_with_a_wrong_csrf_token_is_refused(client: TestClient) -> None:
    assert client.post("/api/runs", json=START, headers={"x-csrf-token": "guess"}).status_code == 403


def test_the_csrf_token_may_come_as_a_form_field(client: TestClient) -> None:
    # The form reaches the app (which wants JSON and says so), past the CSRF check.
    assert client.post("/api/runs", data={"csrf": CSRF, "goal": DIVIDE}).status_code == 400
    assert client.post("/api/runs", data={"csrf": "nope", "goal": DIVIDE}).status_code == 403


def test_every_state_changing_endpoint_needs_the_token(client: TestClient) -> None:
    for path in ("/api/runs", "/api/runs/x/answer", "/api/runs/x/stop"):
        assert client.post(path, json={}).status_code == 403, path


def test_a_post_from_another_origin_is_refused_even_with_the_token(client: TestClient) -> None:
    headers = {"x-csrf-token": CSRF, "origin": "http://evil.example"}
    response = client.post("/api/runs", json=START, headers=headers)
    assert response.status_code == 403
    assert "'http://evil.example' may not change anything" in response.text


def test_a_body_over_the_bound_is_refused_with_413_by_its_length(client: TestClient) -> None:
    big = {"goal": "x" * 70_000}
    response = client.post("/api/runs", json=big, headers={"x-csrf-token": CSRF})
    assert response.status_code == 413


def test_a_chunked_body_over_the_bound_is_refused_as_it_arrives(client: TestClient) -> None:
    def chunks() -> object:
        for _ in range(20):
            yield b"x" * 8192

    response = client.post("/api/runs", content=chunks(), headers={"x-csrf-token": CSRF})  # type: ignore[arg-type]
    assert response.status_code == 413


def test_with_a_token_every_request_needs_it(tmp_path: Path) -> None:
    client = TestClient(create_app(config(tmp_path, token="s3cret")))
    assert client.get("/").status_code == 401
    assert client.get("/static/style.css").status_code == 401
    assert client.get("/", headers={"authorization": "Bearer wrong"}).status_code == 401
    assert client.get("/", headers={"authorization": "Bearer s3cret"}).status_code == 200


def test_the_token_in_the_url_once_sets_a_cookie_and_leaves_the_url(tmp_path: Path) -> None:
    client = TestClient(create_app(config(tmp_path, token="s3cret")))
    first = client.get("/runs?token=s3cret&search=gym", follow_redirects=False)
    assert first.status_code == 303
    assert first.headers["location"] == "/runs?search=gym"
    assert f"{TOKEN_COOKIE}=s3cret" in first.headers["set-cookie"]
    assert "HttpOnly" in first.headers["set-cookie"]
    assert "SameSite=Strict" in first.headers["set-cookie"]
    assert client.get("/runs?search=gym").status_code == 200  # the cookie carries it now
    assert client.get("/?token=wrong", follow_redirects=False).status_code == 200  # the cookie still holds


def test_a_token_does_not_replace_the_csrf_check(tmp_path: Path) -> None:
    client = TestClient(create_app(config(tmp_path, token="s3cret")), headers={"authorization": "Bearer s3cret"})
    assert client.post("/api/runs", json=START).status_code == 403


def test_bound_hosts_are_the_loopback_names_for_loopback_and_ip_literals_for_a_wildcard() -> None:
    assert bound_hosts("127.0.0.1") == (frozenset({"127.0.0.1", "localhost", "::1"}), False)
    names, any_ip = bound_hosts("0.0.0.0")
    assert any_ip
    assert "localhost" in names
    assert bound_hosts("192.168.1.5")[0] == frozenset({"192.168.1.5"})
    assert is_loopback("127.0.0.1")
    assert is_loopback("::1")
    assert is_loopback("localhost")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("192.168.1.5")
