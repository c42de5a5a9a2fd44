"""The web playground: ``grundy serve`` (solve, play and see, in a browser).

A thin front end over grundy's public API, built on Starlette and served by
uvicorn (the ``web`` extra: ``pip install -e ".[web]"`` in a checkout). The JSON API is the
command line's (``/api/solve`` is ``grundy solve --json``); the page at ``/``
is plain HTML, JavaScript and CSS from ``grundy/web/static``.

Importing this package is cheap: Starlette loads only when an app is made.

>>> from grundy.web import Limits
>>> Limits().spec_chars
2000
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.web.limits import Limits, WebError
from grundy.web.service import warm_up

if TYPE_CHECKING:
    from grundy.web.app import create_app
    from grundy.web.server import bind, serve, serving, url_of

__all__ = ["Limits", "WebError", "bind", "create_app", "serve", "serving", "url_of", "warm_up"]


def __getattr__(name: str) -> Any:
    # Starlette and uvicorn load on first use, so that the package imports without them.
    if name == "create_app":
        from grundy.web.app import create_app  # noqa: PLC0415 (lazy: starlette)

        return create_app
    if name in ("bind", "serve", "serving", "url_of"):
        from grundy.web import server  # noqa: PLC0415 (lazy: uvicorn)

        return getattr(server, name)
    raise AttributeError(f"module 'grundy.web' has no attribute {name!r}")
