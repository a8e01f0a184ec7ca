"""A small terminal emulator for the server tests: enough of VT100/xterm to read what Textual draws
(cursor moves, erases, text), so a test can assert what a client's screen shows and what it does
not. Colours and modes are accepted and ignored; the bell is counted.
"""
from __future__ import annotations

import codecs
import re

from rich.cells import get_character_cell_size

CSI = re.compile(r"\x1b\[([?<>=]?)([0-9;:]*)([ -/]*)([@-~])")
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
OTHER_ESC = re.compile(r"\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMNOPZc\\]")


class Screen:
    """A grid of cells fed with what a server sends."""

    def __init__(self, width: int = 120, height: int = 40) -> None:
        self.width = width
        self.height = height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = 0
        self.y = 0
        self.bells = 0
        self.received = 0
        self.alternate = False
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._pending = ""

    def feed(self, data: bytes | str) -> None:
        """Take what the server sent."""
        text = data if isinstance(data, str) else self._decode(data)
        self.received += len(text)
        text = self._pending + text
        self._pending = ""
        i = 0
        n = len(text)
        while i < n:
            ch = text[i]
            if ch == "\x1b":
                match = CSI.match(text, i) or OSC.match(text, i) or OTHER_ESC.match(text, i)
                if match is None:
                    if n - i < 64:  # an escape sequence cut in two: wait for the rest
                        self._pending = text[i:]
                        return
                    i += 1
                    continue
                if match.re is CSI:
                    self._csi(match.group(1), match.group(2), match.group(4))
                i = match.end()
                continue
            if ch == "\x07":
                self.bells += 1
            elif ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.y = min(self.height - 1, self.y + 1)
            elif ch == "\b":
                self.x = max(0, self.x - 1)
            elif ch >= " ":
                self._put(ch)
            i += 1

    def _put(self, ch: str) -> None:
        cells = get_character_cell_size(ch)
        if cells == 0:
            return
        if self.x < self.width and 0 <= self.y < self.height:
            self.rows[self.y][self.x] = ch
            if cells == 2 and self.x + 1 < self.width:
                self.rows[self.y][self.x + 1] = ""
        self.x = min(self.width, self.x + cells)

    def _csi(self, private: str, params: str, final: str) -> None:
        if private == "?":
            if final in "hl" and "1049" in params.split(";"):
                self.alternate = final == "h"
                if self.alternate:
                    self.rows = [[" "] * self.width for _ in range(self.height)]
            return
        if private:
            return
        numbers = [int(p) if p.isdigit() else 0 for p in params.replace(":", ";").split(";")] if params else []

        def arg(index: int, default: int) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y = min(self.height - 1, arg(0, 1) - 1)
            self.x = min(self.width - 1, arg(1, 1) - 1)
        elif final == "A":
            self.y = max(0, self.y - arg(0, 1))
        elif final == "B":
            self.y = min(self.height - 1, self.y + arg(0, 1))
        elif final == "C":
            self.x = min(self.width - 1, self.x + arg(0, 1))
        elif final == "D":
            self.x = max(0, self.x - arg(0, 1))
        elif final == "G":
            self.x = min(self.width - 1, arg(0, 1) - 1)
        elif final == "d":
            self.y = min(self.height - 1, arg(0, 1) - 1)
        elif final == "K":
            mode = arg(0, 0)
            row = self.rows[self.y]
            start, end = (self.x, self.width) if mode == 0 else (0, self.x + 1) if mode == 1 else (0, self.width)
            for col in range(start, min(end, self.width)):
                row[col] = " "
        elif final == "J":
            mode = arg(0, 0)
            if mode == 2 or mode == 3:
                self.rows = [[" "] * self.width for _ in range(self.height)]
            elif mode == 0:
                self._csi("", "0", "K")
                for row in self.rows[self.y + 1:]:
                    row[:] = [" "] * self.width
        elif final == "X":
            for col in range(self.x, min(self.width, self.x + arg(0, 1))):
                self.rows[self.y][col] = " "

    def resize(self, width: int, height: int) -> None:
        """The window changed size (content is kept where it fits)."""
        rows = [[" "] * width for _ in range(height)]
        for y in range(min(height, self.height)):
            for x in range(min(width, self.width)):
                rows[y][x] = self.rows[y][x]
        self.width, self.height, self.rows = width, height, rows

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join("".join(row).rstrip() for row in self.rows)
