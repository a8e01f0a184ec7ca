"""Fixtures for the server tests: a real SSH server on 127.0.0.1 port 0, with a game and accounts."""
from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import AsyncIterator

import pytest

from server_helpers import Table, start_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """A running server: game ``war-1`` (al and bo played by ann and bob, cy and di bots), GM ``gm``."""
    streams = sys.stdout, sys.stderr
    served = await start_table(tmp_path / "data")
    try:
        yield served
    finally:
        await served.server.close()
        sys.stdout, sys.stderr = streams


@pytest.fixture(autouse=True)
def server_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The server's log records at INFO and above."""
    caplog.set_level(logging.INFO, logger="holotable.server")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return caplog
