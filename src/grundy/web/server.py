"""Running the playground with uvicorn: in the foreground (``grundy serve``) or in a
background thread on a free port (tests and benchmarks).

The socket is bound before uvicorn starts, so a port in use is a plain
:class:`OSError` for the caller, and port 0 picks a free port whose number
is known at once.

Slow clients: a connection must send a request's headers within
:attr:`~grundy.web.limits.Limits.header_timeout` seconds of connecting (or of
its previous answer), else it is closed (:class:`HeaderTimeoutProtocol`; uvicorn's
own ``timeout_keep_alive`` only covers a connection that sends nothing at all after
an answer). At most :data:`MAX_CONNECTIONS` connections are served at once; past
that uvicorn answers 503.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from grundy.web.limits import Limits

__all__ = ["MAX_CONNECTIONS", "HeaderTimeoutProtocol", "bind", "serve", "serving", "url_of"]

#: Connections served at once; more are answered 503 by uvicorn.
MAX_CONNECTIONS = 1000


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are not complete
    within :attr:`header_timeout` seconds of its start (or of the previous answer)."""

    header_timeout = Limits.header_timeout
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._arm()  # the next request's headers have the same time

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def _protocol(limits: Limits) -> type[HeaderTimeoutProtocol]:
    return type(
        "HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": limits.header_timeout}
    )


def _limits(app: Any) -> Limits:
    found = getattr(getattr(app, "state", None), "limits", None)
    return found if isinstance(found, Limits) else Limits()


def _close_pool(app: Any) -> None:
    pool = getattr(getattr(app, "state", None), "pool", None)
    if pool is not None:
        pool.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    """The page's address for a bound socket, e.g. ``http://127.0.0.1:8000/``."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _config(app: Any, log_level: str, access_log: bool) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        http=_protocol(_limits(app)),
        log_level=log_level,
        access_log=access_log,
        lifespan="off",
        timeout_graceful_shutdown=5,
        limit_concurrency=MAX_CONNECTIONS,
    )


def serve(
    app: Any,
    sock: socket.socket,
    *,
    log_level: str = "info",
    on_started: Callable[[], None] | None = None,
) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C (uvicorn handles the signal and stops cleanly);
    its solver processes start at once and stop at the end, and the cache of the page's
    examples fills in the background."""
    server = uvicorn.Server(_config(app, log_level, access_log=True))
    if on_started is not None:
        threading.Thread(target=_when_started, args=(server, on_started), daemon=True).start()
    pool = getattr(getattr(app, "state", None), "pool", None)
    if pool is not None:
        pool.start()
    examples = getattr(getattr(app, "state", None), "examples", None)
    if examples is not None:
        examples.fill_in_background()  # the "Try these" examples, answered ahead
    try:
        server.run(sockets=[sock])
    finally:
        _close_pool(app)


def _when_started(server: uvicorn.Server, then: Callable[[], None]) -> None:
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if server.started:
        then()


@contextmanager
def serving(app: Any, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` from a background thread; yields the base URL and always stops the server.

    >>> import urllib.request, json
    >>> from grundy.web import create_app
    >>> with serving(create_app()) as url:
    ...     json.load(urllib.request.urlopen(url + "api/health"))["ok"]
    True
    """
    sock = bind(host, port)
    server = uvicorn.Server(_config(app, "warning", access_log=False))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="grundy-web", daemon=True
    )
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield url_of(sock)
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        sock.close()
        _close_pool(app)
