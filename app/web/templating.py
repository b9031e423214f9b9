"""One Jinja environment (sync: pushes render inside the hub's fan-out, no awaits)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from pathlib import Path
from types import BuiltinMethodType, FunctionType
from typing import Any

import orjson
from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup

from app.games import GAMES
from app.kernel.lru import LRU
from app.web.i18n import LANG, pick, say, t, t_or

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"


def _json_attr(value: Any) -> Markup:
    """JSON for an HTML attribute (hx-vals): escaped by autoescape once, here made a str."""
    return Markup.escape(orjson.dumps(value).decode())


def _action_command(action: Mapping[str, Any], value: Any = None) -> dict[str, Any]:
    """A legal action's command (kernel LegalAction.command) from its JSON form in a view."""
    body: dict[str, Any] = {"type": action["type"], **(action.get("fixed") or {})}
    if value is not None and action.get("field"):
        body[action["field"]] = value
    return body


# Kept fragments: a room-mate's box, a moment, a pending request (~0.75 KB of HTML, ~1.3 KB with its key). A
# phone reads ~10 of them a push, and a push comes to each phone every few seconds: at 100 games (5,200
# phones, 54,000 fragments alive) 2,048 were pushed out before their phone came back, and every push made
# its phone's moments again (2.9 -> 5.0 ms of CPU a tap over 90 s). A bound, not a size: one game fills a few hundred.
FRAGMENTS = 65_536


# By language and the digest of a block's inputs (keep), or language, item template and inputs (kept_each).
_FRAGMENTS: LRU[tuple[str, bytes] | tuple[str, str, bytes, bytes], Markup] = LRU(FRAGMENTS)


def forget_fragments() -> None:
    """Empty the kept fragments (a benchmark replaying the same taps twice starts each pass cold)."""
    _FRAGMENTS.clear()


def inputs_digest(raw: bytes) -> bytes:
    """128 bits of a block's JSON inputs: what kept HTML is found by (the inputs would weigh as much as it)."""
    return hashlib.blake2b(raw, digest_size=16).digest()


def kept_json(raw: bytes) -> bytes:
    """`orjson.dumps`'s bytes copied to their own size, for JSON that is kept (a key, a cache's value). orjson
    3.12 and later hand back their working buffer, at least 4 KiB whatever the JSON: the kept fragments' keys
    (~0.1-0.3 KB of JSON each) held 8 KiB a connected phone at 20 games (tracemalloc, docs/performance.md)."""
    return bytes(memoryview(raw))


def _compact(html: str) -> Markup:
    """Kept HTML at one byte a character: characters past Latin-1 (an icon, a typographic apostrophe) as
    numeric references, which the browser reads as the characters themselves. Python stores a str at the width
    of its widest character: one emoji made a 0.75 KB moment weigh 3 KB. (Only for HTML without a script or
    a style, where references are not read: kept fragments have none.)"""
    return Markup(html.encode("latin-1", "xmlcharrefreplace").decode("latin-1"))


def _keep(*inputs: Any, caller: Callable[[], str]) -> Markup:
    """`{% call keep(a, b) %}...{% endcall %}`: the block's HTML, rendered once for these inputs (JSON) in
    this language, and kept. Only for a block that reads nothing but its inputs (and the language): a line of the
    dashboard's roster stays the same through most taps. A list of such blocks goes through `kept_each`."""
    key = (LANG.get(), inputs_digest(orjson.dumps(inputs)))
    html: Markup | None = _FRAGMENTS.get(key)
    if html is None:
        html = _FRAGMENTS[key] = _compact(caller())
    return html


def _kept_each(template: str, items: Iterable[Any], **context: Any) -> Markup:
    """`{{ kept_each("game/partials/x_item.html", items, a=...) }}`: each item rendered by its own template (as
    `item`, beside `context`), once for its inputs in this language, and kept with `keep`'s blocks. The loop
    runs here, not in Jinja: a `{% call keep %}` an item cost ~11 µs on a hit (a macro made, the inputs dumped,
    the loop's bookkeeping), this ~3, and a phone's 16 moments or the dashboard's 40 waits render after every
    tap that adds one. Same rule as `keep`: the item's template reads nothing but `item`, `context` and the
    language."""
    lang = LANG.get()
    loaded = _template(template)
    fragments = _FRAGMENTS
    # The context once for every item: a phone's room (~0.9 KB with its roster) was dumped with each moment.
    # Its digest in the keys, not itself: each list's copy of it stayed in the key of each of its items.
    shared = inputs_digest(orjson.dumps(context))
    parts: list[str] = []
    for item in items:
        # The inputs themselves, not their digest: an item's JSON (~0.3 KB) weighs less than its HTML, and
        # hashing it is a fifth of what a blake2b of it costs.
        key = (lang, template, shared, orjson.dumps(item))
        html: Markup | None = fragments.get(key)
        if html is None:
            html = _compact(loaded.render(item=item, **context))
            fragments[(lang, template, shared, kept_json(key[3]))] = html
        parts.append(html)
    # Every part is Markup already: joined as plain strings, not escaped again one by one.
    return Markup("\n".join(parts))


def _game_globals() -> dict[str, Any]:
    """Every game's template helpers; two games offering one name is a mistake caught at start-up."""
    out: dict[str, Any] = {}
    for game in GAMES.values():
        for name, fn in game.template_globals.items():
            if name in out:
                raise ValueError(f"template helper {name!r} is offered by two games")
            out[name] = fn
    return out


class _QuickCalls(Context):
    """A template's call of a shared helper (`t`, `say`, `keep`...) or of a builtin method (a view's
    `v.get`) goes straight to it: Jinja first asks every callable, twice, whether it wants the context
    passed in (a few hundred calls a tap). Other callables (macros, helpers that do want it) ask as before."""

    def call(__self, __obj: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        kind = type(__obj)
        if kind is BuiltinMethodType or (kind is FunctionType
                                         and __obj in getattr(__self.environment, "plain_helpers", ())):
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined("value was undefined because a callable raised a"
                                                    " StopIteration exception")
        return super().call(__obj, *args, **kwargs)


class _FlatGlobals(Environment):
    """Each template's globals as a plain dict, not Jinja's ChainMap over the environment's: every render
    copies them into its context, and a ChainMap copies key by key through both maps (12 of a small
    region's 14 µs went there). The environment's globals are all set in make_environment, before any
    template loads, and never change after, which is what a snapshot needs."""

    context_class = _QuickCalls
    plain_helpers: frozenset[Callable[..., Any]] = frozenset()  # its global functions that take no context
    loaded: dict[str, Template]  # by name, as loaded (make_environment)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> Template:
        """A template by name from a plain dict: Jinja's own cache makes a weak reference and takes a lock on
        every lookup, and a template's `{% from %}` and `{% include %}` look up at each render (a phone's
        moments, a few dozen times a tap). Templates never reload (auto_reload=False)."""
        if globals:
            return super()._load_template(name, globals)
        loaded = self.loaded.get(name)
        if loaded is None:
            loaded = self.loaded[name] = super()._load_template(name, None)
        return loaded

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`r.kind` on a view's dict, without the AttributeError Jinja raises and catches first (a few hundred
        times a tap). The same answer: a plain dict has no attribute but its methods, which still win."""
        if type(obj) is dict and attribute in obj and attribute not in _DICT_ATTRIBUTES:
            return obj[attribute]
        return super().getattr(obj, attribute)


_DICT_ATTRIBUTES = frozenset(dir(dict))


def make_environment() -> _FlatGlobals:
    env = _FlatGlobals(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,  # a typo in a template fails the tests, not a phone
        trim_blocks=True,
        lstrip_blocks=True,
        # Templates do not change under a running server: no stat() of each file on every render
        # (two per region per push). A restart picks up an edit.
        auto_reload=False,
    )
    env.globals.update(t=t, t_or=t_or, pick=pick, say=say, lang=lambda: LANG.get(), action_command=_action_command,
                       keep=_keep, kept_each=_kept_each,
                       **_game_globals())
    env.filters["json_attr"] = _json_attr
    env.loaded = {}
    env.plain_helpers = frozenset(fn for fn in env.globals.values()
                                  if type(fn) is FunctionType and getattr(fn, "jinja_pass_arg", None) is None)
    return env


ENV = make_environment()


def preload() -> int:
    """Compile every template now, at start-up (about 2 s, 5 MB): otherwise the first phones of each game
    wait for it, and the memory shows up as theirs. Returns how many."""
    names = ENV.list_templates(extensions=["html"])
    for name in names:
        ENV.get_template(name)
    return len(names)


_LOADED = ENV.loaded  # templates never reload (auto_reload=False): no trip through Jinja's locked LRU


def _template(name: str) -> Template:
    return _LOADED.get(name) or ENV.get_template(name)


def render(template: str, **context: Any) -> str:
    return _template(template).render(**context)
