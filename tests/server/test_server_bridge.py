"""The adapter between an SSH channel and Textual, piece by piece: colours per client, bounded
window sizes, frames dropped (never queued) for a client that does not read, rate-limited input."""
from __future__ import annotations

import asyncio
from typing import Callable

from server.bridge import (INPUT_HIGH, MAX_HEIGHT, MAX_WIDTH, ChannelTerminal, ColourDepth, clamp_size,
                           color_system_for)


class FakeChannel:
    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.buffered = 0
        self.reading = True

    def write(self, data: bytes) -> None:
        self.sent.append(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True


class FakeDriver:
    def __init__(self) -> None:
        self.fed: list[str] = []
        self.repaints = 0

    def feed(self, text: str) -> None:
        self.fed.append(text)

    def after_input(self, callback: Callable[[], None]) -> None:
        asyncio.get_running_loop().call_soon(callback)

    def repaint(self) -> None:
        self.repaints += 1

    def resized(self, width: int, height: int) -> None:
        pass


def test_colour_depth_follows_the_clients_terminal_type() -> None:
    assert color_system_for("xterm-256color") == "256"
    assert color_system_for("xterm") == "standard" and color_system_for("screen") == "standard"
    assert color_system_for("xterm-direct") == "truecolor"
    assert color_system_for("xterm", {"COLORTERM": "truecolor"}) == "truecolor"
    assert color_system_for("dumb") is None
    frame = "\x1b[1;38;2;255;0;0;48;5;236mhi\x1b[0m"
    assert ColourDepth("truecolor")(frame) == frame
    assert ColourDepth("256")(frame) == "\x1b[1;38;5;196;48;5;236mhi\x1b[0m"
    assert ColourDepth("standard")(frame) == "\x1b[1;31;100mhi\x1b[0m"
    assert ColourDepth(None)(frame) == "\x1b[1mhi\x1b[0m", "no colour at all for a dumb terminal"
    assert ColourDepth(None)("\x1b[38;2;1;2;3mx") == "x", "a colour-only SGR vanishes (it must not become a reset)"


def test_a_client_cannot_ask_for_a_gigantic_screen() -> None:
    assert clamp_size(100000, 100000) == (MAX_WIDTH, MAX_HEIGHT)
    assert clamp_size(0, 0) == (80, 24), "an unknown size is the classic 80x24"
    assert clamp_size(3, 1) == (20, 6)


def test_frames_are_dropped_while_the_client_is_not_reading_then_repainted_once() -> None:
    channel = FakeChannel()
    terminal = ChannelTerminal(channel, (80, 24), "xterm-256color", high_water=1000)
    driver = FakeDriver()
    terminal.driver = driver  # type: ignore[assignment]
    terminal.send("frame 1")
    terminal.pause_writing()
    for n in range(100):
        terminal.send(f"frame {n + 2}" * 100)
    assert [d.decode() for d in channel.sent] == ["frame 1"], "nothing is queued while the channel is paused"
    assert terminal.dropped_frames == 100
    terminal.resume_writing()
    terminal.resume_writing()
    assert driver.repaints == 1, "after catching up the screen is drawn again, once"
    channel.buffered = 5000
    terminal.send("frame 200")
    assert terminal.dropped_frames == 101, "a buffer past the high-water mark drops frames too"


async def test_input_is_handed_over_in_pieces_at_a_bounded_rate() -> None:
    channel = FakeChannel()
    terminal = ChannelTerminal(channel, (80, 24), "xterm", input_rate=20000.0, input_burst=2000.0)
    driver = FakeDriver()
    terminal.feed(b"typed before the app started")
    assert driver.fed == [] and terminal.waiting_input > 0, "input waits for the driver"
    terminal.driver = driver  # type: ignore[assignment]
    terminal.pump()
    assert "".join(driver.fed) == "typed before the app started"
    driver.fed.clear()
    terminal.feed(b"x" * (INPUT_HIGH * 2))
    assert not channel.reading, "a flood stops the channel reading"
    assert max(len(piece) for piece in driver.fed) <= 64, "the app gets one piece at a time"
    loop = asyncio.get_running_loop()
    start = loop.time()
    while terminal.waiting_input:
        await asyncio.sleep(0.01)
    elapsed = loop.time() - start
    taken = len("".join(driver.fed))
    assert taken == INPUT_HIGH * 2 and channel.reading, "everything arrives in the end and reading resumes"
    assert taken <= 2000 + 20000 * elapsed + 64, f"no faster than the rate: {taken} characters in {elapsed:.2f}s"


async def test_input_after_the_channel_closed_is_ignored() -> None:
    terminal = ChannelTerminal(FakeChannel(), (80, 24), "xterm")
    driver = FakeDriver()
    terminal.driver = driver  # type: ignore[assignment]
    terminal.close()
    terminal.feed(b"late")
    terminal.send("late frame")
    assert driver.fed == [] and terminal.bytes_sent == 0


