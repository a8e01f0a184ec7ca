"""Accounts, invites, the rate limit and the host key, without a network."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import asyncssh
import pytest

from server.accounts import (AccountError, Accounts, RateLimiter, code_hash, hash_password, normalize_key,
                             password_matches)
from server.ssh import HostKeyError, load_host_key


def key_line() -> str:
    return asyncssh.generate_private_key("ssh-ed25519").export_public_key("openssh").decode()


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_invite_code_registers_a_key_once_and_gives_the_seat(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    code = accounts.invite("ann", game="war-1", seat="al")
    key = normalize_key(key_line())
    assert accounts.invite_open("ann", code), "a fresh code should be open"
    assert accounts.invite_open("ann", code.lower().replace("-", " ")), "a code typed in lower case with spaces is the same code"
    assert not accounts.invite_open("bob", code), "a code belongs to one account"
    invite = accounts.redeem("ann", code, key=key)
    assert invite is not None and invite.used is not None, "redeeming should mark the code used"
    account = accounts.get("ann")
    assert account is not None and account.keys == (key,), f"the key should be registered: {account}"
    assert [s.label() for s in account.seats] == ["war-1/al"], f"the seat should be given: {account.seats}"
    assert accounts.redeem("ann", code, key=normalize_key(key_line())) is None, "a used code must not work again"
    assert accounts.get("ann").keys == (key,), "a refused redemption must change nothing"  # type: ignore[union-attr]


def test_the_code_itself_is_never_stored(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    code = accounts.invite("ann", game="war-1", seat="al")
    text = (tmp_path / "accounts.json").read_text()
    assert code not in text and code.replace("-", "") not in text, "the file must hold only the code's hash"
    assert code_hash(code) in text, "the code's hash is what is kept"
    assert stat.S_IMODE(os.stat(tmp_path / "accounts.json").st_mode) == 0o600, "the accounts file is private"


def test_expired_revoked_and_keyless_redemptions_are_refused(tmp_path: Path) -> None:
    clock = Clock()
    accounts = Accounts(tmp_path / "accounts.json", clock=clock)
    old = accounts.invite("ann", game="war-1", seat="al", days=1)
    new = accounts.invite("ann", game="war-1", seat="al", days=1)
    assert not accounts.invite_open("ann", old), "a new invite for the same seat revokes the old one"
    assert accounts.redeem("ann", new) is None, "a redemption registering nothing is refused"
    clock.now += 2 * 86400
    assert accounts.redeem("ann", new, key=normalize_key(key_line())) is None, "an expired code is refused"


def test_a_seat_has_one_holder(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    accounts.create("ann")
    accounts.create("bob")
    accounts.grant_seat("ann", "war-1", "al")
    accounts.grant_seat("bob", "war-1", "al")
    assert accounts.holder("war-1", "al").name == "bob", "granting a held seat moves it"  # type: ignore[union-attr]
    assert accounts.get("ann").seats == (), "the old holder loses it"  # type: ignore[union-attr]


def test_accounts_survive_reopening_and_refuse_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "accounts.json"
    accounts = Accounts(path)
    accounts.create("ann")
    accounts.add_key("ann", key_line())
    accounts.close()
    again = Accounts(path)
    assert again.get("ann") is not None and len(again.get("ann").keys) == 1  # type: ignore[union-attr]
    json.loads(path.read_text())
    path.write_text('{"accounts": {"1": {"name": "ann"')
    with pytest.raises(Exception, match="truncated|corrupt"):
        Accounts(path)
    assert path.read_text().startswith('{"accounts"'), "a damaged accounts file must never be overwritten"


def test_names_and_keys_are_checked(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    for bad in ("", "Ann", "a b", "../x", "x" * 40, "1abc"):
        with pytest.raises(AccountError, match="account name"):
            accounts.create(bad)
    accounts.create("ann")
    with pytest.raises(AccountError, match="not an SSH public key"):
        accounts.add_key("ann", "ssh-ed25519 AAAAnot-a-key")


def test_ensure_gm_prints_a_code_until_the_gm_has_a_key(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    first = accounts.ensure_gm("gm")
    assert first is not None and accounts.get("gm").is_gm, "the first start makes the GM and a code"  # type: ignore[union-attr]
    second = accounts.ensure_gm("gm")
    assert second is not None and second != first and not accounts.invite_open("gm", first), \
        "until the GM logs in, each start replaces the code (only its hash was kept)"
    accounts.redeem("gm", second, key=normalize_key(key_line()))
    assert accounts.ensure_gm("gm") is None, "once the GM has a key no code is made"
    assert accounts.ensure_gm("gm", fresh=True) is not None, "unless asked for"


def test_passwords_hash_with_salt(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "accounts.json")
    accounts.create("ann")
    with pytest.raises(AccountError, match="12 characters"):
        accounts.set_password("ann", "short")
    accounts.set_password("ann", "a long enough secret")
    assert accounts.password_allowed("ann", "a long enough secret")
    assert not accounts.password_allowed("ann", "a long enough secreT")
    assert not accounts.password_allowed("nobody", "a long enough secret")
    assert "a long enough secret" not in (tmp_path / "accounts.json").read_text()
    a, b = hash_password("same"), hash_password("same")
    assert a["hash"] != b["hash"] and password_matches(a, "same") and password_matches(b, "same")


def test_rate_limiter_blocks_an_address_after_failures_then_forgets() -> None:
    clock = Clock()
    limiter = RateLimiter(max_failures=3, window=60, clock=clock)
    assert not limiter.failed("10.0.0.1") and not limiter.failed("10.0.0.1")
    assert limiter.failed("10.0.0.1"), "the third failure blocks"
    assert limiter.blocked("10.0.0.1") and not limiter.blocked("10.0.0.2"), "only that address is blocked"
    clock.now += 61
    assert not limiter.blocked("10.0.0.1"), "failures older than the window are forgotten"


def test_rate_limiter_memory_is_bounded() -> None:
    limiter = RateLimiter(max_failures=3, window=60, max_addresses=100)
    for n in range(5000):
        limiter.failed(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
    assert len(list(limiter.addresses())) == 100, "a flood of addresses must not grow the limiter without bound"


def test_host_key_is_made_once_private_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "server" / "host_ed25519_key"
    key, made = load_host_key(path)
    assert made and stat.S_IMODE(os.stat(path).st_mode) == 0o600, "the host key is made with mode 0600"
    again, made_again = load_host_key(path)
    assert not made_again and again.get_fingerprint() == key.get_fingerprint(), "the host key is reused"
    os.chmod(path, 0o644)
    with pytest.raises(HostKeyError, match="readable by others"):
        load_host_key(path)
