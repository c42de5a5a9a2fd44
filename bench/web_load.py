"""Load test of the web playground: many threads, hundreds of requests in flight, all answered.

Starts ``grundy serve`` (the app under uvicorn) in a child process on a free
port of 127.0.0.1, fires a mix of requests (solve, moves, tables, the catalog,
and bad input that must get a 4xx) from many client threads at once, checks
every answer, and prints the throughput::

    python bench/web_load.py                     # 2,000 requests from 200 threads
    python bench/web_load.py --requests 5000 --threads 300

:func:`run_load` is also used by the test suite against an in-process server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

__all__ = ["LoadReport", "mixed_requests", "run_load"]


def mixed_requests(count: int, seed: int = 0) -> list[tuple[str, int]]:
    """``count`` request paths with the status each must get."""
    rng = random.Random(seed)
    out: list[tuple[str, int]] = []
    for _ in range(count):
        kind = rng.randrange(10)
        if kind < 3:
            heaps = " ".join(str(rng.randrange(1, 40)) for _ in range(rng.randrange(1, 6)))
            out.append(("/api/solve?" + urlencode({"spec": "nim " + heaps}), 200))
        elif kind == 3:
            spec = f"kayles {rng.randrange(1, 300)} + nim {rng.randrange(0, 9)}"
            out.append(("/api/solve?" + urlencode({"spec": spec, "misere": "0"}), 200))
        elif kind == 4:
            out.append(("/api/moves?" + urlencode({"spec": "tictactoe x...o...."}), 200))
        elif kind == 5:
            out.append(("/api/moves?" + urlencode({"spec": f"nim {rng.randrange(1, 30)} 7"}), 200))
        elif kind == 6:
            out.append(("/api/table?" + urlencode({"spec": "kayles", "n": "500"}), 200))
        elif kind == 7:
            out.append(("/api/games", 200))
        elif kind == 8:
            out.append(("/api/solve?" + urlencode({"spec": "nim x"}), 400))
        else:
            out.append(("/api/table?" + urlencode({"spec": "kayles", "n": "10000000"}), 413))
    return out


@dataclass
class LoadReport:
    """What a load run saw."""

    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def throughput(self) -> float:
        """Answered requests per second."""
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        """One paragraph for a person."""
        lat = sorted(self.latencies) or [0.0]
        p50 = statistics.median(lat)
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
        return (
            f"{self.sent:,} requests, {len(self.latencies):,} answered in {self.seconds:.2f} s: "
            f"{self.throughput:,.0f} requests/s; latency median {p50 * 1000:.0f} ms, "
            f"99th percentile {p99 * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms; "
            f"statuses {dict(sorted(self.statuses.items()))}; wrong answers: {len(self.wrong)}"
        )


def run_load(base_url: str, requests: int, threads: int, *, seed: int = 0) -> LoadReport:
    """Send ``requests`` requests from ``threads`` threads (one keep-alive connection each),
    all threads starting together; check each status and that each body is JSON."""
    parts = urlsplit(base_url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    work = mixed_requests(requests, seed)
    report = LoadReport(sent=len(work))
    lock = threading.Lock()
    start_line = threading.Barrier(threads + 1)

    def worker(mine: list[tuple[str, int]]) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=60)
        start_line.wait()
        for path, expected in mine:
            t0 = time.perf_counter()
            try:
                conn.request("GET", path)
                resp = conn.getresponse()
                body = resp.read()
                json.loads(body)
                status, problem = resp.status, None
                if status != expected:
                    problem = f"{path}: {status} (expected {expected}): {body[:200]!r}"
            except (OSError, http.client.HTTPException, ValueError) as e:
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=60)
                status, problem = -1, f"{path}: {type(e).__name__}: {e}"
            took = time.perf_counter() - t0
            with lock:
                report.statuses[status] += 1
                if problem:
                    report.wrong.append(problem)
                if status > 0:
                    report.latencies.append(took)
        conn.close()

    pool = [
        threading.Thread(target=worker, args=(work[i::threads],), daemon=True)
        for i in range(threads)
    ]
    for t in pool:
        t.start()
    start_line.wait()
    begun = time.perf_counter()
    for t in pool:
        t.join()
    report.seconds = time.perf_counter() - begun
    return report


_CHILD = """
import sys
from grundy.web import bind, create_app, serve, url_of
sock = bind("127.0.0.1", 0)
print(url_of(sock), flush=True)
serve(create_app(), sock, log_level="warning")
"""


def main(argv: list[str] | None = None) -> int:
    """Serve in a child process, load it, print the report; exit 1 on any wrong answer."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--threads", type=int, default=200)
    args = p.parse_args(argv)
    child = subprocess.Popen([sys.executable, "-c", _CHILD], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        url = child.stdout.readline().strip()
        warm = run_load(url, 50, 5, seed=1)  # compiled kernels load on first use
        report = run_load(url, args.requests, args.threads)
    finally:
        child.terminate()
        child.wait(timeout=30)
    print(f"warm-up: {warm.summary()}")
    print(f"load ({args.threads} threads): {report.summary()}")
    for line in report.wrong[:10]:
        print("  wrong:", line)
    return 1 if report.wrong or warm.wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
