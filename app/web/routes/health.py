"""GET /healthz: 200 once the database is migrated and answers."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse

router = APIRouter()


def _ping(request: Request) -> None:
    with request.app.state.engine.connect() as conn:
        conn.execute(text("SELECT 1"))


@router.get("/healthz")
async def healthz(request: Request) -> JSONResponse:
    if not getattr(request.app.state, "ready", False):
        return JSONResponse({"status": "starting"}, status_code=503)
    try:
        await asyncio.to_thread(_ping, request)
    except Exception as exc:
        return JSONResponse({"status": "database unavailable", "error": type(exc).__name__}, status_code=503)
    return JSONResponse({"status": "ok"})
