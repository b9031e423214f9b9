"""A long-running server's heap: short collector pauses, and freed memory given back.

A full (oldest-generation) collection walks every tracked object: with dozens of games loaded it
paused the server 44-95 ms several times a minute (the whole latency tail of a quiet game). Game
states, their logs, templates and imported code live as long as the process or their game, so
after start-up and after each game is loaded they are frozen (`gc.freeze`): later collections walk
only what came since. Frozen objects are still freed by reference counting when their game
unloads; only cyclic garbage frozen with them stays, and loads are rare enough that this is small.

The youngest generation is collected after 20,000 new objects, not Python's 700 (`space_collections`):
a tap makes a few thousand dicts and lists (views, regions' inputs) that die with it, and at 700 the
collector ran several times within each tap, found them still alive and promoted them, so the oldest
generation filled with the dead and its full walks (70-110 ms at ten games, every 15-20 s) followed. At
20,000 a collection mostly finds a tap's garbage already freed: at ten games 0.5 -> 0.1 ms of collecting
an action and no full collection in 90 s; a young collection takes 11-16 ms, up to ~30 ms after a minute
of one negotiation (Deux Rois copies its round into a new tuple with each event: docs/performance.md).

Memory, with glibc's allocator (the Docker image, Debian, most Linux): a phone's first page is tens of
kilobytes rendered, compressed and freed at once, and the store's threads allocate in arenas of their
own, so a burst of attaches left freed memory scattered over several arenas that the process kept
(about 40 KiB a phone, measured in docs/performance.md). `tune_for_server` keeps one arena (threads
here mostly wait on the database, under the GIL anyway), and after each burst of attaches the
freed pages go back to the system (`malloc_trim`, well under a millisecond). Elsewhere both do nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc

RELEASE_AFTER_S = 1.0  # after the last attach of a burst (a reconnect storm, a game's phones joining)
_M_ARENA_MAX = -8  # mallopt's parameter, from glibc's malloc.h
# gc.set_threshold: new objects before the youngest generation is collected; young collections before the
# middle one is; middle ones before the oldest may be (Python's own rule then also waits for a quarter more
# old objects than the last full collection left).
COLLECT_AFTER = (20_000, 20, 10)

_libc: ctypes.CDLL | None = None
_pending: asyncio.TimerHandle | None = None
releases = 0  # how many times freed memory was given back (the tests read it)


def settle() -> None:
    """Freeze what is alive now (call once the process or a game has finished loading)."""
    gc.freeze()


def space_collections() -> None:
    """The collector's thresholds for a server (COLLECT_AFTER); a test process keeps Python's."""
    gc.set_threshold(*COLLECT_AFTER)


def tune_for_server() -> bool:
    """One malloc arena for the process and freed memory released after bursts; call before any thread
    starts. False where the allocator is not glibc's (nothing changes then)."""
    global _libc
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt, trim = libc.mallopt, libc.malloc_trim
    except (OSError, AttributeError):  # musl, macOS: no mallopt / malloc_trim
        return False
    if not mallopt(_M_ARENA_MAX, 1):
        return False
    trim.argtypes = [ctypes.c_size_t]
    _libc = libc
    return True


def release_soon() -> None:
    """Give freed memory back to the system RELEASE_AFTER_S after the last of a burst of calls."""
    global _pending
    if _libc is None:
        return
    if _pending is not None:
        _pending.cancel()
    with contextlib.suppress(RuntimeError):  # no running loop: nothing was rendered here
        _pending = asyncio.get_running_loop().call_later(RELEASE_AFTER_S, release)


def release() -> None:
    global _pending, releases
    _pending = None
    if _libc is not None:
        _libc.malloc_trim(0)
        releases += 1
