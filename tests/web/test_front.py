"""The front end's contract: a complete catalogue, vendored files only, no role in ids or classes, a phone page."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import create_game, join

from app.games.deuxrois.cards import CARDS
from app.web.i18n import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
KEY_USE = re.compile(r"""\bt\(\s*["']([a-z_.]+)["']""")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in [*TEMPLATES.rglob("*.html"), *(ROOT / "app" / "web").rglob("*.py")]:
        keys |= set(KEY_USE.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_used_is_in_the_catalogue_in_both_languages() -> None:
    # A key ending in "." is a prefix completed at render time (t("phase." ~ x) goes through t_or).
    missing = {k for k in used_keys() if not k.endswith(".")} - set(CATALOGUE)
    assert not missing
    for key, (fr, en) in CATALOGUE.items():
        assert fr.strip() and en.strip(), key
        # The same placeholders in both languages.
        assert set(re.findall(r"{(\w+)}", fr)) == set(re.findall(r"{(\w+)}", en)), key


def test_pages_load_only_vendored_files_never_a_cdn() -> None:
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["'](https?:)?//""", text), path
    vendor = ROOT / "static" / "vendor"
    readme = (vendor / "README.md").read_text(encoding="utf-8")
    for f in vendor.iterdir():
        if f.name != "README.md":
            assert f"`{f.name}`" in readme, f"{f.name} is not recorded in static/vendor/README.md"


def test_no_template_names_a_role_in_an_id_or_class() -> None:
    roles = {c.key for c in CARDS.values()}
    for path in TEMPLATES.rglob("*.html"):
        for attr in re.findall(r'\b(?:id|class)="([^"]*)"', path.read_text(encoding="utf-8")):
            words = set(re.split(r"[\s_-]+", attr.lower()))
            assert not words & roles, (path, attr)


def test_the_phone_page_is_made_for_a_phone(client: TestClient) -> None:
    code, _ = create_game(client)
    p, _ = join(client, code, "Alice")
    page = p.get(f"/g/{code}").text
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in page
    assert "/static/vendor/htmx-2.0.11.min.js" in page and "/static/js/app.js" in page
    for asset in ("/static/vendor/htmx-2.0.11.min.js", "/static/vendor/htmx-ext-ws-2.0.4.js",
                  "/static/vendor/pico-2.1.1.min.css", "/static/js/app.js", "/static/css/app.css"):
        assert p.get(asset).status_code == 200, asset
    assert 'id="awake-hint"' in page  # shown by app.js when no wake lock can be had
    screen = client.get(f"/s/{code}").text
    assert f"/g/{code}" in screen and "<svg" in screen


def test_pages_carry_security_headers(client: TestClient) -> None:
    response = client.get("/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
