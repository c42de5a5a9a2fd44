"""The web playground under pressure: cheap and expensive requests mixed, from many threads.

Starts ``grundy serve`` in a child process on a free port of 127.0.0.1, sends
``--requests`` requests from ``--threads`` threads (one keep-alive connection each),
about a quarter of them expensive (searches that run to the time limit, partisan
boards, loopy games, a table too slow for the budget), the rest cheap (health, the
catalog, small solves and move lists, bad input). It samples the memory of the
server and its solver processes while it runs, and prints::

    statuses of cheap and of expensive requests
    cheap latency: median, 95th percentile, max
    peak resident memory of the server and its solvers, against its stated budget

    python bench/web_pressure.py                        # 3,000 requests from 50 threads
    python bench/web_pressure.py --requests 600 --threads 20
    python bench/web_pressure.py --cold                 # no warm-up round first

Its baseline is the same run before the solver pool (issue 21): cheap requests waited
6.8 s at the median and 46 s at the 95th percentile, 288 answered 500, and the server
grew to 21.9 GB. :func:`pressure` is used by the slow test suite.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

__all__ = ["PressureReport", "mixed", "pressure", "server_process", "tree_rss"]

#: Expensive questions (the issue's own, and the page's examples at their hardest).
EXPENSIVE = [
    ("/api/solve", {"spec": "domineering:9x9"}),
    ("/api/solve", {"spec": "domineering:5x5"}),
    ("/api/solve", {"spec": "connect4:5x4"}),
    ("/api/solve", {"spec": "chomp:9x9"}),
    ("/api/solve", {"spec": "fibonacci 398"}),
    ("/api/solve", {"spec": "fibonacci 399"}),
    ("/api/solve", {"spec": 'cgt "*42"'}),
    ("/api/solve", {"spec": "cutcake 7x9"}),
    ("/api/moves", {"spec": "connect4:5x4"}),
    ("/api/table", {"spec": "nim", "n": "100000"}),
]


def mixed(count: int, seed: int = 0) -> list[tuple[str, str]]:
    """``count`` requests as ``(kind, path)``: kind ``cheap`` or ``expensive``."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    for _ in range(count):
        roll = rng.randrange(100)
        if roll < 25:
            path, query = rng.choice(EXPENSIVE)
            out.append(("expensive", path + "?" + urlencode(query)))
        elif roll < 40:
            out.append(("cheap", "/api/health"))
        elif roll < 50:
            out.append(("cheap", "/api/games"))
        elif roll < 70:
            heaps = " ".join(str(rng.randrange(1, 60)) for _ in range(rng.randrange(1, 5)))
            out.append(("cheap", "/api/solve?" + urlencode({"spec": "nim " + heaps})))
        elif roll < 78:
            spec = f"kayles {rng.randrange(1, 200)} + nim {rng.randrange(9)}"
            out.append(("cheap", "/api/solve?" + urlencode({"spec": spec})))
        elif roll < 85:
            out.append(("cheap", "/api/moves?" + urlencode({"spec": "tictactoe x...o...."})))
        elif roll < 90:
            spec = f"wythoff {rng.randrange(30)} {rng.randrange(30)}"
            out.append(("cheap", "/api/solve?" + urlencode({"spec": spec})))
        elif roll < 95:
            out.append(("cheap", "/api/table?" + urlencode({"spec": "kayles", "n": "300"})))
        else:
            out.append(("cheap", "/api/solve?" + urlencode({"spec": "nim x"})))
    return out


@dataclass
class PressureReport:
    """What a run saw."""

    sent: int = 0
    statuses: dict[str, Counter[int]] = field(
        default_factory=lambda: {"cheap": Counter(), "expensive": Counter()}
    )
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {"cheap": [], "expensive": []}
    )
    failures: list[str] = field(default_factory=list)
    by_route: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0
    peak_rss_mb: float = 0.0
    budget_mb: float = 0.0
    alive_at_end: bool = False
    solvers: dict[str, int] = field(default_factory=dict)
    cheap_refusals: list[str] = field(default_factory=list)
    timeline: list[tuple[float, str, float]] = field(default_factory=list)

    def percentile(self, kind: str, q: float) -> float:
        """The ``q`` quantile (0..1) of the latencies of ``kind``, in seconds."""
        lat = sorted(self.latencies[kind]) or [0.0]
        return lat[min(len(lat) - 1, int(q * len(lat)))]

    def bad_statuses(self) -> list[int]:
        """Statuses that must never be seen: 5xx other than 503, or no answer (-1)."""
        every = self.statuses["cheap"] + self.statuses["expensive"]
        return sorted(s for s in every if s == -1 or (s >= 500 and s != 503))

    def summary(self) -> str:
        """A few lines for a person."""
        cheap = self.latencies["cheap"] or [0.0]
        return "\n".join(
            [
                f"{self.sent:,} requests in {self.seconds:.1f} s",
                f"cheap: statuses {dict(sorted(self.statuses['cheap'].items()))}; latency "
                f"median {statistics.median(cheap) * 1000:.0f} ms, 95th percentile "
                f"{self.percentile('cheap', 0.95) * 1000:.0f} ms, "
                f"max {max(cheap) * 1000:.0f} ms",
                f"expensive: statuses {dict(sorted(self.statuses['expensive'].items()))}; "
                f"latency median {statistics.median(self.latencies['expensive'] or [0]):.2f} s",
                f"peak resident memory of the server and its solvers: {self.peak_rss_mb:,.0f} MiB"
                f" (budget {self.budget_mb:,.0f} MiB); alive at the end: {self.alive_at_end}",
                f"solvers: {self.solvers}",
                *(
                    f"  {route}: {len(lat)} requests, median "
                    f"{statistics.median(lat) * 1000:.0f} ms, 95th percentile "
                    f"{sorted(lat)[int(0.95 * len(lat))] * 1000:.0f} ms"
                    for route, lat in sorted(self.by_route.items())
                ),
                *(f"  failure: {line}" for line in self.failures[:10]),
                *(f"  cheap request refused: {line}" for line in self.cheap_refusals[:5]),
            ]
        )


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                found += [int(x) for x in f.read().split()]
        except (OSError, ValueError):
            pass
    return found


def tree_rss(pid: int) -> float:
    """Resident memory (MiB) of process ``pid`` and all its descendants (Linux ``/proc``)."""
    total, todo, seen = 0, [pid], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        total += _rss_kb(p)
        todo += _children(p)
    return total / 1024


@contextmanager
def server_process(*args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``grundy serve --port 0 ARGS...`` in a child process: ``(base URL, process)``."""
    src = Path(__file__).resolve().parents[1] / "src"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]),
    }
    drain: threading.Thread | None = None
    child = subprocess.Popen(
        [sys.executable, "-m", "grundy", "serve", "--port", "0", *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert child.stderr is not None
        line = ""
        while "serving the playground" not in line:
            line = child.stderr.readline()
            if not line:
                raise RuntimeError("the server ended before it said where it serves")
        url = line.split(" at ", 1)[1].split()[0]
        # Drain the server's log so that it never blocks on a full pipe.
        drain = threading.Thread(target=child.stderr.read, daemon=True)
        drain.start()
        yield url, child
    finally:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if drain is not None:
            drain.join(timeout=10)
        if child.stderr is not None:
            child.stderr.close()


def _wait_ready(host: str, port: int, seconds: float = 180) -> None:
    """Wait until every solver process of the server is up (``/api/health``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(host, port, timeout=30)
            conn.request("GET", "/api/health")
            solvers = json.loads(conn.getresponse().read()).get("solvers", {})
            conn.close()
            lanes = ("quick", "long")
            if all(solvers.get(f"{n}_ready") == solvers.get(f"{n}_processes") for n in lanes):
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError("the server's solvers did not start")


def pressure(
    url: str,
    pid: int,
    requests: int,
    threads: int,
    *,
    budget_mb: float,
    seed: int = 0,
    warm_up: bool = True,
) -> PressureReport:
    """Send the mix to the server at ``url`` (process ``pid``), sampling its memory.

    It starts once the server's solvers are all up and, with ``warm_up``, after one
    round that asks each expensive question once (from as many threads), so that the
    figures are those of a server that has met them before (it remembers which requests
    need the long lane).
    """
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    _wait_ready(host, port)
    if warm_up:
        _once_each(host, port)
    work = mixed(requests, seed)
    report = PressureReport(sent=len(work), budget_mb=budget_mb)
    lock = threading.Lock()
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            rss = tree_rss(pid)
            with lock:
                report.peak_rss_mb = max(report.peak_rss_mb, rss)
            done.wait(0.2)

    def worker(mine: list[tuple[str, str]]) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=120)
        for kind, path in mine:
            t0 = time.perf_counter()
            try:
                conn.request("GET", path)
                resp = conn.getresponse()
                body = resp.read()
                status = resp.status
                if path.startswith("/api/") and not path.startswith("/api/table.csv"):
                    json.loads(body)
                problem = (
                    f"{path}: {status} {body[:200]!r}" if status >= 500 and status != 503 else None
                )
                if status == 503 and kind == "cheap":
                    with lock:
                        report.cheap_refusals.append(f"{path}: {body[:120]!r}")
            except (OSError, http.client.HTTPException, ValueError) as e:
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=120)
                status, problem = -1, f"{path}: {type(e).__name__}: {e}"
            took = time.perf_counter() - t0
            with lock:
                report.statuses[kind][status] += 1
                report.latencies[kind].append(took)
                report.timeline.append((t0 - begun, kind, took))
                route = kind + " " + path.split("?")[0]
                report.by_route.setdefault(route, []).append(took)
                if problem:
                    report.failures.append(problem)
        conn.close()

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    begun = time.perf_counter()
    pool = [
        threading.Thread(target=worker, args=(work[i::threads],), daemon=True)
        for i in range(threads)
    ]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    report.seconds = time.perf_counter() - begun
    done.set()
    sampler.join()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("GET", "/api/health")
        resp = conn.getresponse()
        report.alive_at_end = resp.status == 200
        report.solvers = json.loads(resp.read()).get("solvers", {})
        conn.close()
    except OSError:
        report.alive_at_end = False
    return report


def _once_each(host: str, port: int) -> None:
    """Ask each expensive question once, all at the same time; wait for the answers."""

    def ask(path: str, query: dict[str, str]) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=120)
        try:
            conn.request("GET", path + "?" + urlencode(query))
            conn.getresponse().read()
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()

    threads = [threading.Thread(target=ask, args=item) for item in EXPENSIVE]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main(argv: list[str] | None = None) -> int:
    """Serve in a child process, put it under pressure, print the report; exit 1 on a
    5xx other than 503, a lost request, or a dead server."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--requests", type=int, default=3000)
    p.add_argument("--threads", type=int, default=50)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--cold", action="store_true", help="no warm-up round: expensive questions met first here"
    )
    args = p.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from grundy.web import Limits

    budget = float(Limits().memory_budget_mb())
    with server_process() as (url, child):
        report = pressure(
            url,
            child.pid,
            args.requests,
            args.threads,
            budget_mb=budget,
            seed=args.seed,
            warm_up=not args.cold,
        )
    print(report.summary())
    bad = report.bad_statuses() or not report.alive_at_end
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
