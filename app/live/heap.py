"""A long-running server's heap: short collector pauses, and freed memory given back.

A full (oldest-generation) collection walks every tracked object: with dozens of games loaded it
paused the server 44-95 ms several times a minute (the whole latency tail of a quiet game). Game
states, their logs, templates and imported code live as long as the process or their game, so
after start-up and after each game is loaded they are frozen (`gc.freeze`): later collections walk
only what came since. Frozen objects are still freed by reference counting when their game
unloads; only cyclic garbage frozen with them stays (see below).

What survives a young collection is frozen at once (`space_collections`): it has lived through one
collection, and what lives that long here (games' events, kept regions, sockets) mostly lives on. Left to
the collector's generations it was walked again and again: at 100 games (200 taps a second) a middle
collection took 170-240 ms every ~17 s, and a full one ~800 ms. Frozen, it is walked once. The young
generation is collected after 5,000 new objects, not Python's 700 (at 700 the collector ran several times
within each tap) nor 20,000 (at 100 games each such collection took 25-60 ms, where a tap waits on it): at
5,000 a collection takes 0.5-20 ms. Only a reference cycle that lived through a collection and became
garbage later stays frozen: a connection's objects are freed by reference counting (test_freed_connections),
and when the last game of the process is unloaded, all of it is collected once (`collect_all`), with no
game waiting.

Started by an allocation, a young collection lands inside a tap, and at one game it was that game's whole
tail. So once the loop has been quiet a moment after a fan-out (`busy`), the youngest generation is
collected there if it is three quarters full: between taps, where no phone waits for it. The collector's
own rule stays, for a loop that never rests.

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
# gc.set_threshold: new objects before the youngest generation is collected. The other two still come due as
# Python counts, but find their generations empty (each collection's survivors are frozen): ~1 ms at 100 games.
COLLECT_AFTER = (5_000, 20, 10)
PYTHONS = (700, 10, 10)
# After a fan-out, a loop quiet this long has sent its frames and waits for the next request.
IDLE_AFTER_S = 0.01
EARLY = 0.75  # of the youngest generation's threshold: collected early, in a quiet moment, past this

_libc: ctypes.CDLL | None = None
_pending: asyncio.TimerHandle | None = None
_quiet_check: asyncio.TimerHandle | None = None
_quiet_loop: asyncio.AbstractEventLoop | None = None
_last_busy = 0.0
releases = 0  # how many times freed memory was given back (the tests read it)
quiet_collections = 0  # young collections made in a quiet moment (the tests read it)


def settle() -> None:
    """Freeze what is alive now (call once the process or a game has finished loading)."""
    gc.freeze()


def space_collections() -> None:
    """The collector's pace for a server: COLLECT_AFTER, and the survivors of each collection frozen. A test
    process keeps Python's (`pythons_collections`)."""
    gc.set_threshold(*COLLECT_AFTER)
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


def pythons_collections() -> None:
    """Python's own pace again, nothing frozen."""
    with contextlib.suppress(ValueError):
        gc.callbacks.remove(_freeze_survivors)
    gc.set_threshold(*PYTHONS)
    gc.unfreeze()


def _freeze_survivors(phase: str, _info: dict[str, int]) -> None:
    if phase == "stop":
        gc.freeze()  # a move of the generations' lists, whatever their length


def collect_all() -> None:
    """Collect everything once, frozen or not (a moment when no game is loaded): a cycle that became garbage
    after it was frozen goes then. What is left is frozen again (`_freeze_survivors`)."""
    gc.unfreeze()
    gc.collect()


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


def busy() -> None:
    """A fan-out just ran: once the loop has been quiet IDLE_AFTER_S, collect the youngest generation early
    if it is past EARLY of its threshold. One timer at a time, and only while there is work: an idle server
    is not woken. Only under the server's pace (`space_collections`): a test process keeps Python's."""
    global _last_busy, _quiet_check, _quiet_loop
    if _freeze_survivors not in gc.callbacks:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    _last_busy = loop.time()
    # (A check armed on another loop, closed since, would never come: tests run one loop after another.)
    if _quiet_check is None or _quiet_loop is not loop:
        _quiet_loop, _quiet_check = loop, loop.call_later(IDLE_AFTER_S, _when_quiet, loop)


def _when_quiet(loop: asyncio.AbstractEventLoop) -> None:
    global _quiet_check, quiet_collections
    if loop is not _quiet_loop:
        return
    waited = loop.time() - _last_busy
    if waited < IDLE_AFTER_S:  # another fan-out since: wait for its quiet moment
        _quiet_check = loop.call_later(IDLE_AFTER_S - waited, _when_quiet, loop)
        return
    _quiet_check = None
    if gc.get_count()[0] >= gc.get_threshold()[0] * EARLY:
        gc.collect(0)  # its survivors frozen, as after any collection (space_collections)
        quiet_collections += 1
