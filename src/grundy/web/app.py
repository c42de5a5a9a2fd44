"""The Starlette application: the page at ``/``, its static files, and the JSON API.

Routes (all ``GET``)::

    /                  the playground page
    /static/...        its JavaScript, CSS and icon (package files, no CDN)
    /api/solve         ?spec=&misere=0|1   exactly grundy solve --json
    /api/moves         ?spec=&misere=0|1&side=L|R   every legal move with its outcome, and
                       the board (side: who moves in a partisan position)
    /api/table         ?spec=&n=           exactly grundy table --json
    /api/table.csv     ?spec=&n=           exactly grundy table --csv, as a download
    /api/games                             exactly grundy games --json
    /api/health                            {"ok": true, "version": ...}

Work runs in a worker thread (off the event loop) under the request's time
budget. Bad input is a 4xx with ``{"error": "one line"}``; anything unexpected
is a 500 with one line too (counted in ``app.state.unexpected_errors``), never
a traceback.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/solve", params={"spec": "nim 3 4 5"}).json()["outcome"]
'N'
>>> r = client.get("/api/solve", params={"spec": "nim x"})
>>> r.status_code, "error" in r.json()
(400, True)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import grundy
from grundy.web import service
from grundy.web.limits import Limits
from grundy.web.page import render_page

__all__ = ["STATIC", "create_app"]

#: The page's JavaScript, CSS and icon.
STATIC = Path(__file__).parent / "static"

_LOG = logging.getLogger("grundy.web")

_API_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
_PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

Endpoint = Callable[[Request], Awaitable[Response]]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_API_HEADERS)


def create_app(limits: Limits | None = None) -> Starlette:
    """The playground as an ASGI app (serve it with uvicorn, or test it with TestClient)."""
    bounds = limits or Limits()

    def api(
        work: Callable[[QueryParams], Any], render: Callable[[Any], Response] | None = None
    ) -> Endpoint:
        def job(query: QueryParams) -> Any:
            data = work(query)
            # Rendering a large table costs time too: it happens in the worker thread.
            return render(data) if render else json.dumps(data, allow_nan=False)

        async def endpoint(request: Request) -> Response:
            try:
                out = await run_in_threadpool(job, request.query_params)
            except Exception as exc:
                mapped = service.error_for(exc, bounds)
                if mapped is None:
                    raise  # a bug: the catch-all handler answers one line
                return _error(*mapped)
            if isinstance(out, Response):
                return out
            return Response(out, media_type="application/json", headers=_API_HEADERS)

        return endpoint

    def csv_response(data: tuple[str, str]) -> Response:
        name, text = data
        headers = {**_API_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="text/csv; charset=utf-8", headers=headers)

    async def page(request: Request) -> Response:
        return HTMLResponse(render_page(bounds), headers=_PAGE_HEADERS)

    async def not_found(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, str(exc.detail))

    async def unexpected(request: Request, exc: Exception) -> Response:
        app.state.unexpected_errors += 1
        _LOG.error("unexpected error on %s", request.url.path, exc_info=exc)
        return _error(500, f"internal error ({type(exc).__name__}); the server is still up")

    routes = [
        Route("/", page),
        Route(
            "/api/solve", api(lambda q: service.solve_json(q.get("spec"), q.get("misere"), bounds))
        ),
        Route(
            "/api/moves",
            api(
                lambda q: service.moves_json(q.get("spec"), q.get("misere"), bounds, q.get("side"))
            ),
        ),
        Route("/api/table", api(lambda q: service.table_json(q.get("spec"), q.get("n"), bounds))),
        Route(
            "/api/table.csv",
            api(lambda q: service.table_csv(q.get("spec"), q.get("n"), bounds), csv_response),
        ),
        Route("/api/games", api(lambda q: service.games_json())),
        Route("/api/health", api(lambda q: {"ok": True, "version": grundy.__version__})),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: not_found, Exception: unexpected},
    )
    app.state.unexpected_errors = 0
    app.state.limits = bounds
    return app
