"""axe-core (vendored, tests/e2e/vendor/) run on a page in the browser: what a person with poor eyes,
a screen reader or a noisy dark room would stumble on. Imported as `axe` (tests/e2e is on sys.path).

The source goes in through the DevTools protocol (`page.evaluate`), which the pages' Content-Security-Policy
(`script-src 'self'`) does not govern, so the page is checked exactly as it is served.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe-4.14.1.min.js"
FAILING = ("serious", "critical")  # what fails a test; "minor" and "moderate" are reported, not fatal


@dataclass(frozen=True)
class Finding:
    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"[{self.impact}] {self.rule}: {self.help} ({', '.join(self.targets[:4])})"


def scan(page: Page) -> list[Finding]:
    """Every axe violation on the page as it stands (hidden parts are not looked at, as axe does)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    raw: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const out = await axe.run(document, {resultTypes: ["violations"]});
            return out.violations.map(v => ({id: v.id, impact: v.impact || "minor", help: v.help,
                                             targets: v.nodes.map(n => n.target.join(" "))}));
        }"""
    )
    return [Finding(v["id"], v["impact"], v["help"], tuple(v["targets"])) for v in raw]


def failing(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.impact in FAILING]
