"""The Starlette application: the page at ``/``, its static files, and the JSON API.

Routes (all ``GET``)::

    /                  the playground page
    /static/...        its JavaScript, CSS and icon (package files, no CDN)
    /api/solve         ?spec=&misere=0|1   exactly grundy solve --json
    /api/moves         ?spec=&misere=0|1&side=L|R   every legal move with its outcome, and
                       the board (side: who moves in a partisan position)
    /api/hint          ?spec=&misere=0|1&side=L|R   the best move for the player to move:
                       {"kind", "position", "words", "text"} (grundy.play.hint)
    /api/thermograph   ?spec=              the thermograph of a partisan position:
                       {"canonical", "pretty", "short", "mean", "temperature", "svg",
                       "why"} (why: the explanation with readable values)
    /api/mex           ?spec=              the options of one impartial position with their
                       values, and their mex: {"position", "options", "mex"}
    /api/formula       ?spec=NAME          the theorem behind a heap game's values, or null:
                       {"game", "formula"}
    /api/quotient      ?spec=&n=           the misère quotient of a position's heap game, with
                       the position's element (grundy quotient --json, less its table,
                       plus "position": {"heaps", "elements", "element", "in_p", "outcome"})
    /api/table         ?spec=&n=           exactly grundy table --json
    /api/table.csv     ?spec=&n=           exactly grundy table --csv, as a download
    /api/games                             exactly grundy games --json
    /api/health                            {"ok": true, "version": ..., "solvers": {...}}

The page, the catalog and health are answered by the server process itself. Every
other answer is computed in a solver process (:mod:`grundy.web.pool`): a fixed
number of them, each with a time limit and a memory cap; work past the pool is
refused at once with 503. The page's "Try these" examples are answered from a cache
(:mod:`grundy.web.examples`) that :func:`~grundy.web.server.serve` fills as the server
starts. A request stopped at its time limit is a 503 with ``{"error": "one line",
"kind": "time-limit"}`` (``"kind": "busy"`` when the server is too busy to take it). Bad
input is a 4xx with ``{"error": "one line"}``;
anything unexpected is a 500 with one line too (counted in
``app.state.unexpected_errors`` and logged with its traceback), never a
traceback in the answer. Every response carries the security headers of
:data:`SECURITY_HEADERS`.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app()) as client:
...     client.get("/api/solve", params={"spec": "nim 3 4 5"}).json()["outcome"]
...     r = client.get("/api/solve", params={"spec": "nim x"})
'N'
>>> r.status_code, "error" in r.json(), r.headers["x-content-type-options"]
(400, True, 'nosniff')
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import grundy
from grundy.web import service
from grundy.web.examples import ExampleCache
from grundy.web.limits import Limits, WebError, check_spec
from grundy.web.page import FEATURED, render_page
from grundy.web.pool import SolverPool

__all__ = ["SECURITY_HEADERS", "STATIC", "create_app"]

#: The page's JavaScript, CSS and icon.
STATIC = Path(__file__).parent / "static"

_LOG = logging.getLogger("grundy.web")

#: Sent with every response, the page, its files, the API and every error alike. The page
#: loads only its own script, style sheet and icon (``'self'``); boards are inline SVG
#: built by the script (``data:`` images allowed for nothing else); nothing may frame it.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}

_API_HEADERS = {"Cache-Control": "no-store"}

#: The query parameters passed on to a solver (the rest are ignored).
_PARAMETERS = ("spec", "misere", "side", "n")

Endpoint = Callable[[Request], Awaitable[Response]]
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[
    [Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]
]


def _error(
    status: int, message: str, retry_after: int | None = None, kind: str | None = None
) -> JSONResponse:
    # The security headers are set here too: a 500 from the catch-all is sent by Starlette's
    # outermost middleware, outside SecurityHeaders.
    headers = {**SECURITY_HEADERS, **_API_HEADERS}
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    body = {"error": message} if kind is None else {"error": message, "kind": kind}
    return JSONResponse(body, status_code=status, headers=headers)


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP response (set, never doubled)."""

    def __init__(self, app: ASGI) -> None:
        self.app = app
        self.raw = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
        self.names = {k for k, _ in self.raw}

    async def __call__(
        self,
        scope: Scope,
        receive: Callable[[], Awaitable[Message]],
        send: Callable[[Message], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() not in self.names
                ]
                message["headers"] = kept + self.raw
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(limits: Limits | None = None) -> Starlette:
    """The playground as an ASGI app (serve it with uvicorn, or test it with TestClient).

    Its solver processes (``app.state.pool``) start when first needed, or at once with
    ``app.state.pool.start()``; they stop when the app shuts down (its lifespan) or with
    ``app.state.pool.close()``. The examples' cache (``app.state.examples``) is filled by
    ``app.state.examples.fill()`` (:func:`~grundy.web.server.serve` starts it in the
    background); until then every question goes to the solvers.
    """
    bounds = limits or Limits()
    pool = SolverPool(bounds)
    examples = ExampleCache(pool, [spec for _, spec in FEATURED])
    # Enough threads for every request that may be waiting on a solver at once.
    threads = anyio.CapacityLimiter(bounds.quick_queue + bounds.quick_workers + bounds.workers + 8)
    games = json.dumps(service.games_json(), allow_nan=False)

    async def page(request: Request) -> Response:
        return HTMLResponse(render_page(bounds))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            pool.close()

    routes = [
        Route("/", page),
        *(Route(f"/api/{op}", _computed(op, bounds, pool, threads)) for op in _COMPUTED),
        Route("/api/games", _fixed(games)),
        Route("/api/health", _health(pool)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: _not_found, Exception: _unexpected},
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders)
    app.state.unexpected_errors = 0
    app.state.limits = bounds
    app.state.pool = pool
    app.state.examples = examples
    return app


#: The API routes answered by a solver process (or the examples' cache): /api/<op>.
_COMPUTED = (
    "solve",
    "moves",
    "hint",
    "thermograph",
    "mex",
    "formula",
    "quotient",
    "table",
    "table.csv",
)


def _computed(
    op: str, bounds: Limits, pool: SolverPool, threads: anyio.CapacityLimiter
) -> Endpoint:
    """The endpoint of /api/<op>: the spec checked here, the answer from the examples'
    cache (``app.state.examples``) or else from a solver."""

    async def endpoint(request: Request) -> Response:
        params = request.query_params
        query = {k: params[k] for k in _PARAMETERS if k in params}
        try:
            check_spec(query.get("spec"), bounds)  # refused here, before any solver
        except WebError as e:
            return _error(e.status, e.message)
        reply = request.app.state.examples.get(op, query)
        if reply is None:
            reply = await anyio.to_thread.run_sync(pool.run, op, query, limiter=threads)
        return _response(request, reply)

    return endpoint


def _response(request: Request, reply: dict[str, Any]) -> Response:
    """A solver's reply as a response: its JSON body or CSV download, its error, or a 500
    for a bug in the solver (counted and logged)."""
    if "bug" in reply:
        request.app.state.unexpected_errors += 1
        _LOG.error("unexpected error on %s: %s", request.url.path, reply.get("trace"))
        return _error(500, f"internal error ({reply['bug']}); the server is still up")
    status = int(reply["status"])
    if status != 200:
        return _error(status, str(reply["error"]), reply.get("retry_after"), reply.get("kind"))
    if "name" in reply:
        headers = {
            **_API_HEADERS,
            "Content-Disposition": f'attachment; filename="{reply["name"]}"',
        }
        return Response(reply["body"], media_type="text/csv; charset=utf-8", headers=headers)
    return Response(reply["body"], media_type="application/json", headers=_API_HEADERS)


def _fixed(text: str) -> Endpoint:
    """An endpoint that answers ``text`` (JSON) every time."""

    async def endpoint(request: Request) -> Response:
        return Response(text, media_type="application/json", headers=_API_HEADERS)

    return endpoint


def _health(pool: SolverPool) -> Endpoint:
    """The endpoint of /api/health: the version, the solvers' state, the examples cached."""

    async def health(request: Request) -> Response:
        body = {
            "ok": True,
            "version": grundy.__version__,
            "solvers": pool.stats(),
            "examples_cached": len(request.app.state.examples),
        }
        return Response(json.dumps(body), media_type="application/json", headers=_API_HEADERS)

    return health


async def _not_found(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


async def _unexpected(request: Request, exc: Exception) -> Response:
    request.app.state.unexpected_errors += 1
    _LOG.error("unexpected error on %s", request.url.path, exc_info=exc)
    return _error(500, f"internal error ({type(exc).__name__}); the server is still up")
