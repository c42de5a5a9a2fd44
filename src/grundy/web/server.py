"""Running the playground with uvicorn: in the foreground (``grundy serve``) or in a
background thread on a free port (tests and benchmarks).

The socket is bound before uvicorn starts, so a port in use is a plain
:class:`OSError` for the caller, and port 0 picks a free port whose number
is known at once.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

__all__ = ["bind", "serve", "serving", "url_of"]


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
        log_level=log_level,
        access_log=access_log,
        lifespan="off",
        timeout_graceful_shutdown=5,
    )


def serve(
    app: Any,
    sock: socket.socket,
    *,
    log_level: str = "info",
    on_started: Callable[[], None] | None = None,
) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C (uvicorn handles the signal and stops cleanly)."""
    server = uvicorn.Server(_config(app, log_level, access_log=True))
    if on_started is not None:
        threading.Thread(target=_when_started, args=(server, on_started), daemon=True).start()
    server.run(sockets=[sock])


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
