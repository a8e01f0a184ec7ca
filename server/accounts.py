"""Accounts of the SSH server: who may log in, with which keys, to which seats; one-time invite
codes; and the rate limit on failed logins.

An account has a name (its SSH user name), a role (``gm`` or ``player``), the public keys that log
it in, an optional password (only used when the host allows passwords), and its seats (a game id
and a seat name each). Accounts and invites live in ``<data dir>/server/accounts.json``, a TinyDB
database written atomically by :class:`saves.atomic.AtomicJSONStorage`.

An invite code is shown once, when it is made; only its SHA-256 is kept. Redeeming it (the first
login, with a public key proved in the same connection) registers the key for the account and gives
it the invite's seat; a used, revoked or expired code never works again.

>>> accounts = Accounts(path)                                   # doctest: +SKIP
>>> code = accounts.invite("ann", game="raw-1", seat="al")      # doctest: +SKIP
>>> accounts.redeem("ann", code, key="ssh-ed25519 AAAA...")     # doctest: +SKIP
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import Query, TinyDB
from tinydb.table import Document

from core.errors import HolotableError
from saves.atomic import AtomicJSONStorage, remove_stale_temps
from saves.errors import SaveError

GM_ROLE = "gm"
PLAYER_ROLE = "player"
ROLES = (GM_ROLE, PLAYER_ROLE)
SCHEMA = 1
TABLES = {"accounts", "invites", "meta", "notices", "channels"}  # the tables of accounts.json (channels: server.notify)
ACCOUNT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 symbols, no 0/O or 1/I: 5 bits each
CODE_GROUPS = 4
CODE_GROUP_LEN = 4  # 16 symbols: 80 bits
INVITE_DAYS = 14.0
PASSWORD_MIN = 12
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}


class AccountError(HolotableError):
    """An account operation was refused; the message says why and what would do."""


@dataclass(frozen=True)
class SeatRef:
    """A seat held by an account: a game id and a seat name."""

    game: str
    seat: str

    def label(self) -> str:
        """``raw-20250131-3fa9c2/al``."""
        return f"{self.game}/{self.seat}"


@dataclass(frozen=True)
class Account:
    """One account, as stored."""

    name: str
    role: str
    keys: tuple[str, ...]
    seats: tuple[SeatRef, ...]
    has_password: bool
    created: float

    @property
    def is_gm(self) -> bool:
        """Whether this is a GM account (GM of every game on this server)."""
        return self.role == GM_ROLE


@dataclass(frozen=True)
class Invite:
    """An invite as stored (never the code itself)."""

    account: str
    role: str
    game: str | None
    seat: str | None
    created: float
    expires: float
    used: float | None
    revoked: bool
    second_key: bool = False

    def open(self, now: float) -> bool:
        """Whether the invite may still be redeemed."""
        return self.used is None and not self.revoked and now < self.expires


# -- names, codes, keys ----------------------------------------------------------------------------
def check_name(name: str) -> str:
    """``name`` if it is a fit account name (a lower-case letter, then up to 31 of a-z 0-9 - _).

    Raises AccountError quoting the name otherwise.
    """
    if not ACCOUNT_NAME.match(name or ""):
        raise AccountError(f"account name {name!r}: use a lower-case letter, then up to 31 of a-z, 0-9, '-' or '_'")
    return name


def new_code() -> str:
    """A fresh invite code like ``K7QM-3XPA-TR9D-WC2F`` (80 random bits)."""
    symbols = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUPS * CODE_GROUP_LEN))
    return "-".join(symbols[i:i + CODE_GROUP_LEN] for i in range(0, len(symbols), CODE_GROUP_LEN))


def normalize_code(text: str) -> str:
    """A typed code without spaces and dashes, upper-cased (``k7qm 3xpa-...`` -> ``K7QM3XPA...``)."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())


def code_hash(code: str) -> str:
    """The stored form of an invite code: SHA-256 of its normalized text."""
    return hashlib.sha256(normalize_code(code).encode("ascii", "replace")).hexdigest()


def normalize_key(text: str) -> str:
    """An OpenSSH public key line as ``<algorithm> <base64>`` (no comment).

    Raises AccountError if ``text`` is not a public key.
    """
    import asyncssh
    try:
        key = asyncssh.import_public_key(text.strip())
    except (asyncssh.KeyImportError, ValueError, TypeError) as exc:
        raise AccountError(f"not an SSH public key ({exc}); give a line like 'ssh-ed25519 AAAA... you@host'") from None
    return " ".join(key.export_public_key("openssh").decode("ascii").split()[:2])


def key_fingerprint(key_line: str) -> str:
    """The SHA256 fingerprint of a normalized key line (``SHA256:...``), for logs and listings."""
    import asyncssh
    try:
        return str(asyncssh.import_public_key(key_line).get_fingerprint("sha256"))
    except (asyncssh.KeyImportError, ValueError, TypeError):
        return "?"


def hash_password(password: str, salt: bytes | None = None) -> dict[str, Any]:
    """A salted scrypt hash of ``password`` as stored."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, dklen=32, **SCRYPT)
    return {"salt": salt.hex(), "hash": digest.hex(), **SCRYPT}


def password_matches(stored: dict[str, Any] | None, password: str) -> bool:
    """Whether ``password`` matches a stored hash (False for none). Never raises."""
    if not stored:
        return False
    try:
        digest = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(stored["salt"]), dklen=32,
                                n=int(stored["n"]), r=int(stored["r"]), p=int(stored["p"]))
        return hmac.compare_digest(digest.hex(), str(stored["hash"]))
    except (KeyError, ValueError, TypeError, MemoryError):
        return False


# -- the accounts database ---------------------------------------------------------------------------
class Accounts:
    """Every account and invite of one server, in one TinyDB file written atomically.

    All methods are synchronous and quick (the file is small and cached); the server calls them
    from its event loop. Every change is on disk before the method returns.
    """

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        """Open (or start) the database at ``path``; its folder is made (mode 0700) if missing.

        Raises SaveError if the file is there but damaged (it is never overwritten then).
        """
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.clock = clock
        remove_stale_temps(self.path.parent, self.path.name)  # left by a writer killed mid-write
        self.db = TinyDB(self.path, storage=AtomicJSONStorage)
        data = self.db.storage.read()  # a damaged file is refused now, not at the first login
        if data is not None and (set(data) - TABLES or not all(
                isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
                for table in data.values())):
            raise SaveError(f"{self.path} is not a holotable accounts file (it holds other tables than "
                            f"{', '.join(sorted(TABLES))}); move it away and the server starts a new one")
        self._accounts = self.db.table("accounts")
        self._invites = self.db.table("invites")
        self._notices = self.db.table("notices")
        meta = self.db.table("meta")
        if not meta.all():
            meta.insert({"schema": SCHEMA})

    def close(self) -> None:
        """Let the file go."""
        self.db.close()

    def _batch(self) -> Any:
        return self.db.storage.batch()

    # -- reading ----------------------------------------------------------------------------------
    def _doc(self, name: str) -> Document | None:
        found = self._accounts.search(Query().name == name)
        return found[0] if found else None

    @staticmethod
    def _account(doc: dict[str, Any]) -> Account:
        return Account(doc["name"], doc["role"], tuple(doc.get("keys", [])),
                       tuple(SeatRef(s["game"], s["seat"]) for s in doc.get("seats", [])),
                       bool(doc.get("password")), float(doc.get("created", 0.0)))

    def get(self, name: str) -> Account | None:
        """The account called ``name``, or None."""
        doc = self._doc(name)
        return None if doc is None else self._account(doc)

    def all(self) -> list[Account]:
        """Every account, by name."""
        return sorted((self._account(d) for d in self._accounts.all()), key=lambda a: a.name)

    def gms(self) -> list[Account]:
        """The GM accounts."""
        return [a for a in self.all() if a.is_gm]

    def holder(self, game: str, seat: str) -> Account | None:
        """The account holding ``seat`` of ``game``, or None."""
        for account in self.all():
            if SeatRef(game, seat) in account.seats:
                return account
        return None

    def key_allowed(self, name: str, key_line: str) -> bool:
        """Whether the normalized public key ``key_line`` logs ``name`` in."""
        doc = self._doc(name)
        return doc is not None and key_line in doc.get("keys", [])

    def password_allowed(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s password (slow on purpose: scrypt). Never raises."""
        doc = self._doc(name)
        if doc is None or not doc.get("password"):
            password_matches(_DUMMY_HASH, password)  # the same work for an unknown account
            return False
        return password_matches(doc["password"], password)

    def invites(self, name: str | None = None) -> list[Invite]:
        """Invites (of ``name``, or all), newest first."""
        docs = self._invites.all() if name is None else self._invites.search(Query().account == name)
        return sorted((self._invite(d) for d in docs), key=lambda i: -i.created)

    @staticmethod
    def _invite(doc: dict[str, Any]) -> Invite:
        return Invite(doc["account"], doc["role"], doc.get("game"), doc.get("seat"), float(doc["created"]),
                      float(doc["expires"]), doc.get("used"), bool(doc.get("revoked")), bool(doc.get("second_key")))

    def _matching_invite(self, name: str, code: str) -> Document | None:
        wanted = code_hash(code)
        now = self.clock()
        found = None
        for doc in self._invites.search(Query().account == name):
            if hmac.compare_digest(str(doc["hash"]), wanted) and self._invite(doc).open(now):
                found = doc
        return found

    def invite_open(self, name: str, code: str) -> bool:
        """Whether ``code`` is an open invite of ``name`` (nothing changes)."""
        return self._matching_invite(name, code) is not None

    # -- changing ---------------------------------------------------------------------------------
    def create(self, name: str, role: str = PLAYER_ROLE) -> Account:
        """Make an account with no keys and no seats. Raises AccountError for a taken or unfit name."""
        check_name(name)
        if role not in ROLES:
            raise AccountError(f"role {role!r}: roles are {', '.join(ROLES)}")
        if self._doc(name) is not None:
            raise AccountError(f"there is already an account {name!r}")
        self._accounts.insert({"name": name, "role": role, "keys": [], "seats": [], "password": None,
                               "created": self.clock()})
        account = self.get(name)
        assert account is not None
        return account

    def invite(self, name: str, *, role: str = PLAYER_ROLE, game: str | None = None, seat: str | None = None,
               days: float = INVITE_DAYS, second_key: bool = False) -> str:
        """A fresh one-time code that registers a key for account ``name`` (made if missing) and, with
        ``game`` and ``seat``, gives it that seat. Earlier open invites for the same seat (or, for
        a seatless invite, of the same account) are revoked. Once the account has a key, a code
        registers another key only when the GM approved it (``second_key``, or a GM invite).
        Returns the code (shown once).

        Raises AccountError for an unfit name or role.
        """
        check_name(name)
        if role not in ROLES:
            raise AccountError(f"role {role!r}: roles are {', '.join(ROLES)}")
        if (game is None) != (seat is None):
            raise AccountError("an invite names both a game and a seat, or neither")
        code = new_code()
        now = self.clock()
        with self._batch():
            if self._doc(name) is None:
                self.create(name, role)
            for doc in self._invites.all():
                same_seat = game is not None and doc.get("game") == game and doc.get("seat") == seat
                same_plain = game is None and doc.get("game") is None and doc["account"] == name
                if (same_seat or same_plain) and doc.get("used") is None and not doc.get("revoked"):
                    self._invites.update({"revoked": True}, doc_ids=[doc.doc_id])
            self._invites.insert({"hash": code_hash(code), "account": name, "role": role, "game": game,
                                  "seat": seat, "created": now, "expires": now + days * 86400,
                                  "used": None, "revoked": False, "second_key": second_key})
        return code

    def redeem(self, name: str, code: str, *, key: str | None = None,
               password: dict[str, Any] | None = None) -> Invite | None:
        """Use ``code`` for ``name``: register ``key`` (a normalized key line) and/or ``password`` (a
        stored hash), give the invite's seat (taking it from any other holder) and mark the code
        used. Returns the invite, or None (and changes nothing) if the code is not an open invite
        of ``name`` or there is nothing to register.
        """
        if key is None and password is None:
            return None
        doc = self._matching_invite(name, code)
        if doc is None:
            return None
        invite = self._invite(doc)
        existing = self._doc(name)
        if (existing is not None and (existing.get("keys") or existing.get("password"))
                and not invite.second_key and invite.role != GM_ROLE):
            return None  # the account has its key: a second one needs the GM's approval (or the first key)
        with self._batch():
            account = self._doc(name)
            if account is None:
                self.create(name, invite.role)
                account = self._doc(name)
            assert account is not None
            changes: dict[str, Any] = {}
            if key is not None and key not in account.get("keys", []):
                changes["keys"] = [*account.get("keys", []), key]
            if password is not None:
                changes["password"] = password
            if invite.role == GM_ROLE and account["role"] != GM_ROLE:
                changes["role"] = GM_ROLE
            if changes:
                self._accounts.update(changes, doc_ids=[account.doc_id])
            if invite.game is not None and invite.seat is not None:
                self.grant_seat(name, invite.game, invite.seat)
            now = self.clock()
            self._invites.update({"used": now}, doc_ids=[doc.doc_id])
            # every seat still waiting for this account is its own now, and those codes are retired
            for other in self._invites.search(Query().account == name):
                if other.doc_id != doc.doc_id and self._invite(other).open(now):
                    if other.get("game") is not None and other.get("seat") is not None:
                        self.grant_seat(name, other["game"], other["seat"])
                    self._invites.update({"used": now, "bound": True}, doc_ids=[other.doc_id])
            if key is not None and "keys" in changes:
                self.notice(name, f"a key was added to {name}'s account ({key_fingerprint(key)}) with an invite "
                                  f"code" + (f" for seat {invite.game}/{invite.seat}" if invite.game else ""))
        return self._invite(self._invites.get(doc_id=doc.doc_id))  # type: ignore[arg-type]

    # -- notices for the GM -----------------------------------------------------------------------
    def notice(self, name: str, text: str) -> None:
        """Keep a notice for the GM about account ``name`` (a key added, say)."""
        self._notices.insert({"account": name, "text": text, "when": self.clock(), "read": False})

    def notices(self, unread: bool = True) -> list[dict[str, Any]]:
        """The GM's notices (only those not yet read, by default), oldest first."""
        docs = [dict(d) for d in self._notices.all() if not unread or not d.get("read")]
        return sorted(docs, key=lambda d: float(d.get("when", 0.0)))

    def mark_notices_read(self) -> None:
        """Every notice has been shown to the GM."""
        self._notices.update({"read": True})

    def grant_seat(self, name: str, game: str, seat: str) -> None:
        """Give ``seat`` of ``game`` to ``name`` (taking it from any other holder). Raises AccountError."""
        ref = {"game": game, "seat": seat}
        with self._batch():
            target = self._doc(name)
            if target is None:
                raise AccountError(f"no account {name!r}")
            for doc in self._accounts.all():
                if doc["name"] != name and ref in doc.get("seats", []):
                    self._accounts.update({"seats": [s for s in doc["seats"] if s != ref]}, doc_ids=[doc.doc_id])
            if ref not in target.get("seats", []):
                self._accounts.update({"seats": [*target.get("seats", []), ref]}, doc_ids=[target.doc_id])

    def revoke_seat(self, name: str, game: str, seat: str) -> bool:
        """Take ``seat`` of ``game`` from ``name``; whether it held it."""
        doc = self._doc(name)
        ref = {"game": game, "seat": seat}
        if doc is None or ref not in doc.get("seats", []):
            return False
        self._accounts.update({"seats": [s for s in doc["seats"] if s != ref]}, doc_ids=[doc.doc_id])
        return True

    # -- last seen --------------------------------------------------------------------------------
    def record_seen(self, game: str, seat: str, when: float) -> bool:
        """Keep ``when`` (seconds since the epoch) as the last time ``seat`` of ``game`` was seen, with
        the account holding that seat; whether one holds it (else nothing is kept).

        Raises SaveError if the file cannot be written.
        """
        ref = {"game": game, "seat": seat}
        for doc in self._accounts.all():
            if ref in doc.get("seats", []):
                seen = dict(doc.get("seen") or {})
                seen[f"{game}/{seat}"] = float(when)
                self._accounts.update({"seen": seen}, doc_ids=[doc.doc_id])
                return True
        return False

    def last_seen(self) -> dict[tuple[str, str], float]:
        """When each held seat was last seen, as kept with the account holding it now:
        (game, seat) -> seconds since the epoch. A seat given to another account starts unseen."""
        found: dict[tuple[str, str], float] = {}
        for doc in self._accounts.all():
            seen = doc.get("seen")
            for key, when in (seen.items() if isinstance(seen, dict) else []):
                game, _, seat = str(key).rpartition("/")
                if (game and seat and isinstance(when, (int, float)) and not isinstance(when, bool)
                        and {"game": game, "seat": seat} in doc.get("seats", [])):
                    found[(game, seat)] = max(float(when), found.get((game, seat), 0.0))
        return found

    def add_key(self, name: str, key_text: str) -> str:
        """Register a public key (an OpenSSH line) for ``name``; returns its normalized form.

        Raises AccountError for an unknown account or a text that is not a key.
        """
        key = normalize_key(key_text)
        doc = self._doc(name)
        if doc is None:
            raise AccountError(f"no account {name!r}")
        if key not in doc.get("keys", []):
            had = bool(doc.get("keys"))
            self._accounts.update({"keys": [*doc.get("keys", []), key]}, doc_ids=[doc.doc_id])
            if had:
                self.notice(name, f"a key was added to {name}'s account ({key_fingerprint(key)})")
        return key

    def remove_keys(self, name: str) -> int:
        """Forget every key of ``name`` (a lost laptop); returns how many there were."""
        doc = self._doc(name)
        if doc is None:
            raise AccountError(f"no account {name!r}")
        count = len(doc.get("keys", []))
        self._accounts.update({"keys": []}, doc_ids=[doc.doc_id])
        return count

    def set_password(self, name: str, password: str) -> None:
        """Set ``name``'s password (used only where the host allows passwords). Raises AccountError."""
        if len(password) < PASSWORD_MIN:
            raise AccountError(f"a password needs at least {PASSWORD_MIN} characters")
        doc = self._doc(name)
        if doc is None:
            raise AccountError(f"no account {name!r}")
        self._accounts.update({"password": hash_password(password)}, doc_ids=[doc.doc_id])

    def ensure_gm(self, name: str = "gm", fresh: bool = False) -> str | None:
        """Make sure a GM account exists. Returns a new one-time GM invite code when the GM cannot
        log in yet (no GM has a key: a code made earlier is revoked and replaced, since only its
        hash was kept) or when ``fresh`` asks for one (to register another key); else None.
        """
        gms = self.gms()
        if gms and any(a.keys or a.has_password for a in gms) and not fresh:
            return None
        target = name if not gms or any(a.name == name for a in gms) else gms[0].name
        return self.invite(target, role=GM_ROLE)


_DUMMY_HASH = hash_password("not a password", b"holotable-dummy!")


# -- the rate limit ---------------------------------------------------------------------------------
class RateLimiter:
    """Failed logins per address: after ``max_failures`` within ``window`` seconds, every login from
    that address is refused until the oldest failure is older than the window.

    Remembers at most ``max_addresses`` addresses (the least recently failing are forgotten first),
    so a flood of addresses cannot grow it without bound.
    """

    def __init__(self, max_failures: int = 10, window: float = 300.0, max_addresses: int = 10000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_failures = max_failures
        self.window = window
        self.max_addresses = max_addresses
        self.clock = clock
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, address: str) -> deque[float] | None:
        times = self._failures.get(address)
        if times is None:
            return None
        cutoff = self.clock() - self.window
        while times and times[0] <= cutoff:
            times.popleft()
        if not times:
            del self._failures[address]
            return None
        return times

    def blocked(self, address: str) -> bool:
        """Whether logins from ``address`` are refused now."""
        times = self._recent(address)
        return times is not None and len(times) >= self.max_failures

    def failed(self, address: str) -> bool:
        """Count a failed login from ``address``; returns whether it is blocked now."""
        times = self._recent(address)
        if times is None:
            times = self._failures[address] = deque(maxlen=self.max_failures)
        times.append(self.clock())
        self._failures.move_to_end(address)
        while len(self._failures) > self.max_addresses:
            self._failures.popitem(last=False)
        return len(times) >= self.max_failures

    def addresses(self) -> Iterator[str]:
        """The addresses with recent failures."""
        return iter(list(self._failures))
