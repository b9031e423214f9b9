"""The FastAPI application: migrate on start, re-arm running games, mount the routers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.live import heap
from app.live.games import Games
from app.live.pubsub import make_pubsub
from app.settings import Settings
from app.store.database import make_engine, migrate
from app.store.repository import Repository
from app.web import templating
from app.web.actions import refusal
from app.web.deps import PageError, flash
from app.web.headers import SecurityHeaders
from app.web.i18n import DEFAULT, LanguageMiddleware, speaking, t
from app.web.limits import BodyLimit
from app.web.logs import hide_secrets
from app.web.presenter import HtmlPresenter
from app.web.ratelimit import Limiter
from app.web.routes import health, home, legacy, moderator, screen, table
from app.web.templating import STATIC

log = logging.getLogger(__name__)
# Starlette's refusals by status, as keys of the shared words (others: error.http).
HTTP_ERRORS = {400: "error.bad_input", 404: "error.not_found", 405: "error.method"}


async def _sweep(games: Games, idle_s: float) -> None:
    """Every minute (or sooner for short idle limits), unload games nobody is using."""
    while True:
        await asyncio.sleep(min(60.0, idle_s))
        try:
            await games.sweep(idle_s)
        except Exception:
            log.exception("sweeping idle games failed")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_secrets()  # uvicorn has set up its loggers by now: its access log never prints ?k=
        if settings.freeze_heap:
            heap.tune_for_server()  # before the store's first thread
            heap.space_collections()
        engine = make_engine(settings.database_url)
        await asyncio.to_thread(migrate, engine)
        pubsub = make_pubsub(settings.pubsub, settings.prefix)
        await pubsub.connect()
        repo = Repository(engine)
        games = Games(repo, HtmlPresenter.of, pubsub, settings.freeze_heap)
        app.state.engine = engine
        app.state.games = games
        app.state.limiter = Limiter(settings.rate_capacity, settings.rate_per_second)
        # Joins and PIN recoveries per address: roomy for a venue, slow for a PIN guesser.
        app.state.door_limiter = Limiter(30, 1.0)
        app.state.settings = settings
        if settings.forwarded_allow_ips and not settings.proxies:
            log.warning("FORWARDED_ALLOW_IPS is no longer read: set TRUSTED_PROXIES to your reverse proxy's address "
                        "(docs/self-hosting.md); until then every client is seen as the proxy")
        rearmed = await games.rearm_recent(settings.rearm_hours)
        if rearmed:
            log.info("re-armed %d running game(s): %s", len(rearmed), ", ".join(rearmed))
        if settings.freeze_heap:
            # The server's own start-up (tests keep theirs short): every template compiled before the heap
            # is frozen, so no phone waits for one and the first game's phones do not carry it.
            await asyncio.to_thread(templating.preload)
            heap.settle()  # code, templates and the re-armed games stay: out of the collector's walks
        app.state.ready = True
        sweeper = asyncio.create_task(_sweep(games, settings.idle_unload_s))
        try:
            yield
        finally:
            app.state.ready = False
            sweeper.cancel()
            await games.close()
            await pubsub.disconnect()
            repo.close()
            engine.dispose()

    # The API description is for tools (schemathesis); a public server does not hand out its map. FastAPI's
    # OpenTelemetry is off: the server exports none, and left on it looks for a provider on every request.
    app = FastAPI(title="Deux Rois — game nights", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/openapi.json" if settings.openapi else None,
                  telemetry={"tracing": False, "metrics": False, "logs": False})
    app.state.ready = False
    # Outermost last: security headers on everything, the language for every answer, then the body limit.
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(SecurityHeaders, hsts=settings.secure_cookies)
    if settings.proxies:
        # Only these peers may say who the client is: X-Forwarded-For is read from the right, up to the
        # first address that is not one of them (what the client wrote itself sits left of it), and
        # X-Forwarded-Proto gives the scheme. Outermost, so that every layer sees the real client.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.proxies)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.router.routes.extend([*table.TAPS, *moderator.TAPS])  # before the routers: a tap is found first
    for module in (health, home, table, moderator, screen, legacy):
        app.include_router(module.router)

    @app.exception_handler(PageError)
    async def page_error(request: Request, exc: PageError) -> Response:
        return flash(exc.message, exc.status_code, request)

    @app.exception_handler(RequestValidationError)
    async def bad_input(request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's default is an English JSON dump; people get one line in their language.
        return refusal(request, 422, "bad_input", t("error.bad_input"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # Starlette's own refusals (unknown address, wrong method, a malformed form) say it in English
        # JSON ({"detail": "Not Found"}); a phone gets the same line in its language as every other error.
        key = HTTP_ERRORS.get(exc.status_code, "error.http")
        response = refusal(request, exc.status_code, f"http_{exc.status_code}", t(key, status=exc.status_code))
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        # Outside the language middleware: the language it chose is still in the request's state.
        with speaking(request.scope.get("state", {}).get("lang", DEFAULT)):
            return refusal(request, 500, "server_error", t("error.server"))

    return app
