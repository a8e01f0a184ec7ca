"""Persistence in TinyDB: crash-safe storage, one set of files per game, replays, verification and
exports. No game rules live here; everything about a game comes from :mod:`core`.
"""
from saves.atomic import AtomicJSONStorage, atomic_write_bytes, atomic_write_text
from saves.errors import GameLocked, SaveError, UnknownGame
from saves.store import GameStore, GameSummary, StoredGame, default_data_dir

__all__ = ["AtomicJSONStorage", "GameLocked", "GameStore", "GameSummary", "SaveError", "StoredGame",
           "UnknownGame", "atomic_write_bytes", "atomic_write_text", "default_data_dir"]
