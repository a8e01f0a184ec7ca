"""Secrets that open a seat's view (a PIN) or the GM's (a passphrase) at a shared terminal.

A secret is never kept: only a *seal* is, ``{"kdf": "scrypt", "n", "r", "p", "salt", "hash"}``,
made with :func:`hashlib.scrypt` and a random salt, so a save file that is copied does not give
the PINs away cheaply. Pure computation: nothing here reads or writes anything.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from core.errors import SetupError

# scrypt's cost: 16 MiB of memory and some tens of milliseconds per try on a small machine
N, R, P = 2**14, 8, 1
MAX_LENGTH = 64


def check_secret(secret: str, what: str = "PIN") -> str:
    """``secret`` if it can be a PIN or passphrase: 1 to 64 printable characters, not only spaces.

    Raises SetupError saying what a secret may hold.
    """
    if not isinstance(secret, str) or not secret.strip() or len(secret) > MAX_LENGTH or \
            any(ord(ch) < 32 or 0x7F <= ord(ch) <= 0x9F for ch in secret):
        raise SetupError(f"a {what} is 1 to {MAX_LENGTH} printable characters (not only spaces)")
    return secret


def seal(secret: str, what: str = "PIN") -> dict[str, Any]:
    """A salted scrypt seal of ``secret``. Raises SetupError for a secret that cannot be one."""
    check_secret(secret, what)
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=N, r=R, p=P, dklen=32)
    return {"kdf": "scrypt", "n": N, "r": R, "p": P, "salt": salt.hex(), "hash": digest.hex()}


def opens(sealed: Any, secret: str) -> bool:
    """Whether ``secret`` opens ``sealed`` (a seal from :func:`seal`). A damaged seal opens nothing."""
    if not isinstance(secret, str) or not isinstance(sealed, dict) or sealed.get("kdf") != "scrypt":
        return False
    try:
        n, r, p = int(sealed["n"]), int(sealed["r"]), int(sealed["p"])
        salt, want = bytes.fromhex(sealed["salt"]), bytes.fromhex(sealed["hash"])
        if not (2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 16) or not want:
            return False
        got = hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=len(want), maxmem=2**28)
    except (KeyError, TypeError, ValueError):
        return False
    return hmac.compare_digest(got, want)
