"""`langgraph dev` on the repository's `langgraph.json`, on a fresh database, for one test module.

Strict msgpack on, the Postgres checkpointer of `checkpointer.path`, the scripted demo agents,
everything on 127.0.0.1; the server is stopped by its process-group id at the end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import httpx
import pytest

from tests.conftest import fresh_database
from tests.processes import HANG, free_port

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "langgraph.json"


class Server(NamedTuple):
    url: str
    log: Path
    database: str


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"langgraph dev exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(f"{url}/ok", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    pytest.fail(f"langgraph dev did not answer /ok within {HANG:.0f} s:\n{log.read_text()[-4000:]}")


@contextmanager
def langgraph_dev(
    pg_server: str,
    *,
    prefix: str = "studio",
    env: Mapping[str, str] | None = None,
    graphs: Mapping[str, str] | None = None,
    store: Mapping[str, object] | None = None,
) -> Iterator[Server]:
    """A running `langgraph dev` (plus `env` in its environment, `graphs` beside the
    repository's in the served config, and `store` as its `store` section: an index) until
    the block ends."""
    port = free_port()
    with (
        tempfile.TemporaryDirectory(prefix="council-langgraph-dev-") as tmp,
        fresh_database(pg_server, prefix=prefix) as uri,
    ):
        workdir = Path(tmp)  # the server keeps .langgraph_api here; not pytest's pruned tmp dirs
        log = workdir / "server.log"
        config = json.loads(CONFIG.read_text())
        config["graphs"].update(graphs or {})
        if store is not None:
            config["store"] = dict(store)
        served = workdir / "langgraph.json"
        served.write_text(json.dumps(config))
        server_env = {k: v for k, v in os.environ.items() if k != "COUNCIL_MODEL"}
        server_env.update(
            COUNCIL_DATABASE_URL=uri,
            LANGGRAPH_STRICT_MSGPACK="true",
            LANGGRAPH_CLI_NO_ANALYTICS="1",
            LANGGRAPH_NO_VERSION_CHECK="true",
            LANGSMITH_TRACING="false",
            TMPDIR=str(workdir),
            COUNCIL_PIPELINE_REPO=str(workdir / "billing"),  # the demo's, with the server's dir
        )
        server_env.update(env or {})
        command = [  # this interpreter, not the `langgraph` script (its shebang may be stale)
            sys.executable,
            "-m",
            "langgraph_cli",
            "dev",
            "--config",
            str(served),
            "--no-browser",
            "--no-reload",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        with log.open("wb") as out:
            proc = subprocess.Popen(
                command, cwd=workdir, env=server_env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(url, proc, log)
            yield Server(url, log, uri)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
