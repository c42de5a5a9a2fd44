"""``grundy serve [--host 127.0.0.1] [--port 8000] [--workers 2] [--memory 512]``: the web
playground in a browser.

Needs the ``web`` extra (Starlette and uvicorn): ``pip install -e ".[web]"`` in a checkout.
Without it the command says so in one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import sys
from typing import Any

from grundy.cli.common import EXIT_USAGE, add_command, integer_at_least, seconds

__all__ = ["register", "run"]

_INSTALL = (
    'grundy serve needs the web extra: pip install -e ".[web]" in a checkout of grundy '
    '(or: pip install "starlette>=1.10" "uvicorn>=0.30")'
)

#: Seconds one request may compute before it stops with a clear message.
DEFAULT_TIME_LIMIT = 5.0


def register(sub: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = add_command(
        sub,
        "serve",
        description="Serve the web playground, e.g.: grundy serve  (then open the address shown)",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    p.add_argument(
        "--port",
        type=integer_at_least(0, "a port", 65535),
        default=8000,
        help="port to listen on (default 8000; 0 picks a free one)",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds one request may compute (default {DEFAULT_TIME_LIMIT:g})",
    )
    p.add_argument(
        "--workers",
        type=integer_at_least(1, "a number of processes >= 1"),
        default=2,
        metavar="N",
        help="solver processes for long requests; more at once are refused (default 2)",
    )
    p.add_argument(
        "--memory",
        type=integer_at_least(64, "a number of MiB >= 64"),
        default=512,
        metavar="MIB",
        help="memory one request may use, in MiB (default 512)",
    )
    p.set_defaults(func=run)


def _shown(host: str) -> str:
    r"""``host`` as printable text (bytes that are not text shown as ``\xff``).

    >>> print(_shown("localhost"), _shown("\udcff"))
    localhost \xff
    """
    if host.isascii() and host.isprintable():
        return host
    return ascii(os.fsencode(host))[2:-1]


def _local(host: str) -> bool:
    """True when ``host`` is reachable from this machine only.

    >>> _local("127.0.0.1"), _local("localhost"), _local("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    try:
        import starlette  # noqa: F401, PLC0415 (lazy: the web extra)
        import uvicorn  # noqa: F401, PLC0415 (lazy: the web extra)
    except ImportError:
        print(f"grundy: error: {_INSTALL}", file=sys.stderr)
        return EXIT_USAGE
    from grundy import web  # noqa: PLC0415 (lazy: starlette)

    if args.port > 65535:
        print(f"grundy: error: --port must be from 0 to 65535, got {args.port}", file=sys.stderr)
        return EXIT_USAGE
    try:
        sock = web.bind(args.host, args.port)
    except OSError as e:
        why = e.strerror or str(e)
        print(
            f"grundy: error: cannot listen on {_shown(args.host)}:{args.port}: {why}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    except (ValueError, TypeError):  # not encodable as a host name, or a NUL byte
        print(
            f"grundy: error: --host '{_shown(args.host)}' is not a host name or address "
            "(expected e.g. 127.0.0.1, ::1 or localhost)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    url = web.url_of(sock)
    where = (
        "this machine only"
        if _local(args.host)
        else "reachable from other machines: anyone who can reach it can use it"
    )
    limits = web.Limits(
        time_limit=args.time_limit,
        workers=getattr(args, "workers", 2),
        memory_mb=getattr(args, "memory", 512),
    )
    app = web.create_app(limits)

    def announce() -> None:
        print(f"grundy: serving the playground at {url} ({where}); Ctrl-C stops", file=sys.stderr)

    # uvicorn stops cleanly on Ctrl-C, then passes it on: the normal end of a server.
    with sock, contextlib.suppress(KeyboardInterrupt):
        web.serve(app, sock, on_started=announce)
    print("grundy: the playground has stopped", file=sys.stderr)
    return 0
