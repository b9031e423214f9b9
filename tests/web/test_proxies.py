"""Client addresses behind a reverse proxy (issue 13, item 3), through a real `deuxrois serve`.

The test plays the proxy: it connects from 127.0.0.1 and sends the headers nginx
sends. Forwarded headers are believed only from TRUSTED_PROXIES (none by
default); nginx's `$proxy_add_x_forwarded_for` keeps what the client wrote on
the left, so the address is read from the right. The PIN limit also holds per
seat, however many addresses the guesser has.
"""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from live_server import Served
from live_server import create_game as create_live_game

from app.settings import Settings


def _spoofed() -> str:
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


@pytest.fixture
def seated(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[httpx2.Client, str]]:
    """A server with the environment the test names, a game on it and one seat, "Marie"."""
    env: dict[str, str] = request.param
    server = Served(tmp_path, f"sqlite:///{tmp_path / 'proxies.db'}", env).start()
    try:
        with httpx2.Client(base_url=server.url) as client:
            code, _ = create_live_game(client)
            joined = client.post(f"/g/{code}/join", data={"name": "Marie"}, headers={"x-forwarded-for": "192.0.2.10"})
            assert joined.status_code == 200
            client.cookies.clear()
            yield client, code
    finally:
        server.stop()


def _guess(client: httpx2.Client, code: str, forwarded: str) -> int:
    pin = f"{secrets.randbelow(10**6):06d}"
    response = client.post(f"/g/{code}/recover", data={"name": "Marie", "pin": pin}, headers={"x-forwarded-for": forwarded})
    client.cookies.clear()
    return response.status_code


# What the old documentation set (FORWARDED_ALLOW_IPS=*) no longer opens anything.
BEHIND_NGINX = {"TRUSTED_PROXIES": "127.0.0.1", "FORWARDED_ALLOW_IPS": "*"}


@pytest.mark.parametrize("seated", [BEHIND_NGINX], indirect=True)
def test_a_client_cannot_choose_its_address_through_the_proxy(seated: tuple[httpx2.Client, str]) -> None:
    client, code = seated
    # nginx appends the real peer (203.0.113.7) to whatever the client sent.
    statuses = [_guess(client, code, f"{_spoofed()}, 203.0.113.7") for _ in range(12)]
    assert statuses[:5] == [403] * 5  # wrong PINs, checked
    assert 429 in statuses  # then the limit: every try came from the same real address


@pytest.mark.parametrize("seated", [{}], indirect=True)
def test_without_trusted_proxies_forwarded_headers_are_ignored(seated: tuple[httpx2.Client, str]) -> None:
    client, code = seated
    statuses = [_guess(client, code, _spoofed()) for _ in range(12)]
    assert 429 in statuses  # all from 127.0.0.1, whatever the header says


@pytest.mark.parametrize("seated", [BEHIND_NGINX], indirect=True)
def test_the_pin_limit_holds_per_seat_whatever_the_address(seated: tuple[httpx2.Client, str]) -> None:
    client, code = seated
    # A guesser with a new real address for every try (a botnet, IPv6 addresses).
    statuses = [_guess(client, code, _spoofed()) for _ in range(8)]
    assert statuses[:5] == [403] * 5 and statuses[5:] == [429] * 3
    refused = client.post(f"/g/{code}/recover", data={"name": "Marie", "pin": "000000"},
                          headers={"x-forwarded-for": _spoofed()})
    assert "Trop d'essais pour cette place" in html.unescape(refused.text)


@pytest.mark.parametrize("seated", [BEHIND_NGINX], indirect=True)
def test_the_scheme_comes_from_the_proxy(seated: tuple[httpx2.Client, str]) -> None:
    client, _ = seated
    created = client.post("/games", data={"rounds": "5"}, headers={"x-forwarded-proto": "https", "host": "jeu.example.org"},
                          follow_redirects=True)  # post, redirect, get: the created page
    assert re.search(r"https://jeu\.example\.org/g/[A-Z]{4}", created.text)


def test_a_wildcard_or_a_typo_refuses_to_start() -> None:
    with pytest.raises(ValueError, match="choose its own address"):
        Settings(trusted_proxies="*")
    with pytest.raises(ValueError, match="not an IP address"):
        Settings(trusted_proxies="127.0.0.1, nginx")
    assert Settings(trusted_proxies="127.0.0.1, 172.16.0.0/12, ::1").proxies == ["127.0.0.1", "172.16.0.0/12", "::1"]
    assert Settings().proxies == []
