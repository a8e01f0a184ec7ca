"""The crash log keeps an exception's type and stack, never its message unless it is one of our own
errors (written for players): a message can quote the game's state, a hidden base or a secret."""
from __future__ import annotations

import io
import logging
from pathlib import Path

from core.console import Console, demo_line
from core.errors import OrderError
from core.session import Session
from tui.crash import SafeFormatter, crash_report, write_crash_log

SECRET = "base-at-Dantooine-PIN-4711"


def _deep(secret: str) -> None:
    raise KeyError(secret)


def _raise_chain() -> None:
    try:
        _deep(SECRET)
    except KeyError as exc:
        raise RuntimeError(f"while reading {SECRET}") from exc


def _caught(fn) -> BaseException:  # type: ignore[no-untyped-def]
    try:
        fn()
    except BaseException as exc:  # noqa: BLE001 - the test wants it
        return exc
    raise AssertionError("it did not raise")


def test_a_secret_in_an_exception_message_never_reaches_the_log(tmp_path: Path) -> None:
    error = _caught(_raise_chain)
    error.add_note(f"note: {SECRET}")
    path = write_crash_log(error, tmp_path)
    assert path is not None
    log = path.read_text()
    assert SECRET not in log and "Dantooine" not in log and "4711" not in log, log
    assert "RuntimeError (message left out" in log and "KeyError (message left out" in log
    assert "direct cause" in log, "the chain is kept, by type and stack"
    assert "in _raise_chain" in log and "in _deep" in log and 'test_crash_log.py", line' in log, "file, line, function"
    assert "1 note(s) left out" in log


def test_implicit_chains_and_groups_are_cleaned_too() -> None:
    def during() -> None:
        try:
            raise ValueError(SECRET)
        except ValueError:
            raise TypeError(f"also {SECRET}")

    group = ExceptionGroup("several", [_caught(during), _caught(lambda: _deep(SECRET))])
    text = crash_report(_caught(lambda: (_ for _ in ()).throw(group)))
    assert SECRET not in text, text
    assert "During handling of the above exception" in text and "TypeError" in text and "ValueError" in text
    assert "KeyError" in text and "+-- 2 --" in text


def test_our_own_errors_keep_their_message_written_for_players() -> None:
    text = crash_report(_caught(lambda: (_ for _ in ()).throw(OrderError("'jump X Y': no system 'Y'"))))
    assert "OrderError: 'jump X Y': no system 'Y'" in text


def test_the_server_log_formats_exceptions_the_same_way() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(SafeFormatter("%(levelname)s %(message)s"))
    logger = logging.getLogger("holotable.test.crash")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            _raise_chain()
        except RuntimeError:
            logger.exception("command failed")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "command failed" in text and "RuntimeError (message left out" in text and SECRET not in text, text


def test_the_console_answers_an_internal_error_by_its_type_only(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    console = Console()
    assert console.handle(demo_line("raw", "crash") + " reproducible=yes").ok

    def broken(self, actor, seat, text, run_bots=True):  # type: ignore[no-untyped-def]
        raise RuntimeError(f"state says {SECRET}")
    monkeypatch.setattr(Session, "order", broken)
    answer = console.handle("as you build Kuat GF")
    assert not answer.ok and answer.error == "internal error: RuntimeError; the game is unchanged"
    assert SECRET not in answer.as_json()
