"""Where a table's deals and computer players get their randomness.

A seed below 2**128 is a shared one (an offline deal code, a test): deal ``n`` is shuffled
with ``seed + n - 1`` and the computer player of seat ``s`` draws from ``seed * 10 + s``, as
they always were, so that a deal code gives the same deal for ever.

A seed of 128 bits or more is a secret key (an online table's, :func:`secret_seed`): every
deal's shuffle and every computer player's generator is seeded with 256 bits of SHA-256 of
the key and what it is for, so that no deal tells anything of the next one, nor of the
players' generators, and nobody who does not hold the key can search for it.

>>> deal_seed(7, 3), player_seed(7, 2)
(9, 72)
>>> key = secret_seed()
>>> key.bit_length() > 128
True
>>> deal_seed(key, 2) - deal_seed(key, 1) != 1
True
"""

from __future__ import annotations

import hashlib
import secrets

SECRET_BITS = 256
"""The bits of an online table's key."""
SHARED_BELOW = 1 << 128
"""Seeds below this are shared ones, used as they are."""


def secret_seed() -> int:
    """A new key from the system's cryptographic source (at least 2**128, 256 random bits)."""
    return SHARED_BELOW + secrets.randbits(SECRET_BITS)


def is_secret(seed: int) -> bool:
    return seed >= SHARED_BELOW


def _derive(seed: int, purpose: str) -> int:
    key = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    return int.from_bytes(hashlib.sha256(key + b"\0" + purpose.encode()).digest(), "big")


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (1 for the first)."""
    return _derive(seed, f"deal {deal}") if is_secret(seed) else seed + deal - 1


def player_seed(seed: int, seat: int) -> int:
    """The seed of the generator of the computer player (or stand-in) of ``seat``."""
    return _derive(seed, f"player {seat}") if is_secret(seed) else seed * 10 + seat
