"""Game codes, secret tokens and PINs: only their hashes are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No I, O, 0 or 1: a code is read aloud across a noisy room and typed on phones.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: str) -> str | None:
    """An upper-cased code if it can be one, else None (never raises on user input)."""
    code = raw.strip().upper()
    if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def hash_pin(game_id: int, player_id: str, pin: str) -> str:
    # Salted by seat so equal PINs differ; brute force is held back by the rate limit.
    return hashlib.sha256(f"{game_id}:{player_id}:{pin}".encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)
