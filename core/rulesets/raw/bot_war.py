"""How the Republic at War bot sees the war as a whole: when to press for victory, when to concede.

Read from the seat's :class:`~core.rulesets.raw.bot_board.Board` alone (its view), so every teammate's
bot reaches the same judgement from the same facts, and a game replays exactly from its seed.

- **Pressing** (:func:`pressing`): the other team is down to a few worlds while ours hold most of the
  galaxy. Supremacy needs every world outside our starting set (RAW-VP-02), so the last worlds must
  be taken: the bot then values the enemy's remaining worlds far above anything else, expects less
  unseen fleet there (its own fleet is in orbit to see soon enough), and stops wandering.
- **Boldness** (:func:`boldness`): the longer the war lasts, the less unseen enemy fleet the bot
  fears at a world it cannot see. A war that drags on is one whose plan is not working; growing
  bolder with the turn changes the plan without any memory of past turns (no stalemate loops).
- **Concession** (:func:`hopeless`): a team reduced to a handful of worlds against a team holding
  several times as many cannot come back; nor can a team that is still clearly behind after a long
  war of attrition (the margin it takes shrinks as the turns go by: holding less than two fifths of
  the worlds held by turn 48, and in a stalemate that lasts, down to a tenth fewer and three worlds
  behind by turn 80). Its bot then acknowledges the other team's supremacy (RAW-GAME-05;
  the Grand Admiral's vote, or a majority of the team, ends the game at once, RAW-GAP-41).
"""
from __future__ import annotations

from typing import Any

#: the other team holds at most this many worlds (and ours many times more): take them
PRESS_WORLDS = 8
#: a team holding at most this many worlds, against HOPELESS_RATIO times as many, concedes
HOPELESS_WORLDS = 8
HOPELESS_RATIO = 5.0
#: after HOPELESS_FROM the ratio it takes falls by one every ATTRITION turns, to LONG_WAR_RATIO (and any world count);
#: then more slowly, by one every STALEMATE turns, to LAST_RATIO, with the other team LAST_MARGIN worlds ahead at least
ATTRITION = 8
LONG_WAR_RATIO = 1.5
STALEMATE = 80
LAST_RATIO = 1.1
LAST_MARGIN = 3
#: never concede before this turn (the rules have no clock; a bot gives an early game its chance)
HOPELESS_FROM = 20
#: from this turn on the bot grows bolder each turn, down to BOLDEST times the unseen fleet it fears
BOLD_FROM = 40
BOLD_OVER = 60
BOLDEST = 0.35


def worlds(board: Any) -> tuple[int, int]:
    """(worlds our team holds, worlds we know the other team holds)."""
    return len(board.team_planets), len(board.enemy_planets)


def pressing(board: Any) -> bool:
    """Whether the other team is down to its last few worlds while ours hold far more."""
    ours, theirs = worlds(board)
    return 0 < theirs <= PRESS_WORLDS and ours >= 3 * theirs


def boldness(board: Any) -> float:
    """How much of the usual unseen enemy fleet to expect at a world we cannot see (1.0 early on)."""
    late = max(0, board.turn - BOLD_FROM) / BOLD_OVER
    scale = max(BOLDEST, 1.0 - (1.0 - BOLDEST) * late)
    if pressing(board):
        scale = min(scale, 0.5)
    return scale


def hopeless(board: Any) -> bool:
    """Whether our team cannot win any more: no world and no ship left, or a handful of worlds against
    many times as many, once the game has had its chance (turn HOPELESS_FROM)."""
    ours, theirs = worlds(board)
    ships = any(board.types[u["type"]].kind == "ship" for u in board.units.values() if u["owner"] in board.team)
    if ours == 0 and not ships and board.turn > 1:
        return True
    if board.turn < HOPELESS_FROM:
        return False
    if ours <= HOPELESS_WORLDS and theirs >= HOPELESS_RATIO * max(1, ours):
        return True
    ratio = HOPELESS_RATIO - (board.turn - HOPELESS_FROM) / ATTRITION
    if ratio < LONG_WAR_RATIO:  # a stalemate: the war has gone on for long with no end in sight
        settled = HOPELESS_FROM + (HOPELESS_RATIO - LONG_WAR_RATIO) * ATTRITION
        ratio = max(LAST_RATIO, LONG_WAR_RATIO - (board.turn - settled) / STALEMATE)
    return theirs >= ratio * max(1, ours) and theirs - ours >= LAST_MARGIN
