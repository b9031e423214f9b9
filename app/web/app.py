"""The FastAPI application: migrate on start, re-arm running games, mount the routers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.responses import Response

from app.live.games import Games
from app.live.pubsub import make_pubsub
from app.settings import Settings
from app.store.database import make_engine, migrate
from app.store.repository import Repository
from app.web.deps import PageError, flash
from app.web.headers import SecurityHeaders
from app.web.i18n import LanguageMiddleware, t
from app.web.presenter import HtmlPresenter
from app.web.ratelimit import Limiter
from app.web.routes import health, home, legacy, moderator, screen, table
from app.web.templating import STATIC

log = logging.getLogger(__name__)


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
        engine = make_engine(settings.database_url)
        await asyncio.to_thread(migrate, engine)
        pubsub = make_pubsub(settings.pubsub)
        await pubsub.connect()
        games = Games(Repository(engine), lambda game: HtmlPresenter(game.pages), pubsub)
        app.state.engine = engine
        app.state.games = games
        app.state.limiter = Limiter(settings.rate_capacity, settings.rate_per_second)
        # Joins and PIN recoveries per address: roomy for a venue, slow for a PIN guesser.
        app.state.door_limiter = Limiter(30, 1.0)
        app.state.settings = settings
        rearmed = await games.rearm_recent(settings.rearm_hours)
        if rearmed:
            log.info("re-armed %d running game(s): %s", len(rearmed), ", ".join(rearmed))
        app.state.ready = True
        sweeper = asyncio.create_task(_sweep(games, settings.idle_unload_s))
        try:
            yield
        finally:
            app.state.ready = False
            sweeper.cancel()
            await games.close()
            await pubsub.disconnect()
            engine.dispose()

    app = FastAPI(title="Deux Rois — game nights", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.ready = False
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for module in (health, home, table, moderator, screen, legacy):
        app.include_router(module.router)

    @app.exception_handler(PageError)
    async def page_error(request: Request, exc: PageError) -> Response:
        return flash(exc.message, exc.status_code, request)

    @app.exception_handler(RequestValidationError)
    async def bad_input(request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's default is an English JSON dump; people get one line in their language.
        return flash(t("error.bad_input"), 422, request)

    return app
