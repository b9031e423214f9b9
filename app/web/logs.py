"""Secrets never reach a log: uvicorn's access log prints each request's path with its query string.

The game master's link is `/m/CODE?k=<secret>`; whoever reads `docker compose
logs` would run the game. The filter rewrites the value of `k` before any
handler formats the line, wherever the app is served (it is installed when
the app starts, after uvicorn has set up its loggers).
"""

from __future__ import annotations

import logging
import re

SECRET_QUERY = re.compile(r"([?&]k=)[^&\s\"]*")
HIDDEN = r"\1[hidden]"
LOGGERS = ("uvicorn.access", "uvicorn.error")


def hide(text: str) -> str:
    return SECRET_QUERY.sub(HIDDEN, text)


class HideSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide(a) if isinstance(a, str) else a for a in record.args)
        return True


def hide_secrets() -> None:
    """Install the filter on uvicorn's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideSecrets) for f in logger.filters):
            logger.addFilter(HideSecrets())
