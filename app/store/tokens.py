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


def _pad(key: str, size: int) -> bytes:
    """`size` bytes of keystream from a secret key (HMAC-SHA256 in counter mode)."""
    out = b""
    block = 0
    while len(out) < size:
        out += hmac.new(key.encode(), f"moderator-link:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return out[:size]


def seal(secret: str, key: str) -> str:
    """`secret` readable only with `key` (a session's cookie value, random and used for this one seal)."""
    data = secret.encode()
    return bytes(a ^ b for a, b in zip(data, _pad(key, len(data)), strict=True)).hex()


def unseal(sealed: str, key: str) -> str | None:
    try:
        data = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(data, _pad(key, len(data)), strict=True)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
