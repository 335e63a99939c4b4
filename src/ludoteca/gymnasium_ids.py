"""The Gymnasium ids of the games (``adapters.gymnasium_env``'s), registered as soon as
both ``ludoteca`` and ``gymnasium`` are imported, in either order, without importing
either early.

``import ludoteca`` calls :func:`install` (this module imports only ``sys``, so that
``import ludoteca`` imports nothing else): if Gymnasium is already imported the ids are
registered at once; otherwise a finder on ``sys.meta_path`` waits for Gymnasium's own import
and registers them right after it. Registration only records the entry point as a string
(``ludoteca.adapters.gymnasium_env:LudotecaGymEnv``), so neither NumPy nor the adapter is
imported before ``gymnasium.make`` asks for one of these ids, and ``import ludoteca`` (the
terminal's and the server's start) costs nothing more. Gymnasium 1.x has no plugin entry
points (they were removed in 1.0), so a package registers its environments on import, as
``ale_py`` and ``minigrid`` do:

>>> import gymnasium
>>> import ludoteca
>>> env = gymnasium.make("ludoteca/Tacocat-v0", opponents="greedy")

or, without importing ``ludoteca`` first, ``gymnasium.make("ludoteca:ludoteca/Tacocat-v0")``
(Gymnasium's ``module:id`` form imports the module).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

ENV_IDS: dict[str, str] = {
    "tacocat": "ludoteca/Tacocat-v0",
    "dweebies": "ludoteca/Dweebies-v0",
    "tile_up": "ludoteca/TileUp-v0",
    "mystery_date": "ludoteca/MysteryDate-v0",
}
"""The Gymnasium id of each game."""

ENTRY_POINT = "ludoteca.adapters.gymnasium_env:LudotecaGymEnv"


def register(gymnasium: Any) -> None:
    """Register every game's id with the imported ``gymnasium`` module (once each)."""
    for game_id, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game_id": game_id})


class _AfterGymnasium:
    """A ``sys.meta_path`` finder that finds nothing itself.

    When ``gymnasium`` is about to be imported, it lets the other finders find it and has
    its module registered right after the module has run. It is no
    ``importlib.abc.MetaPathFinder`` subclass: importing ``importlib.abc`` would cost
    ``import ludoteca`` more than all the rest.
    """

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        import importlib.util  # noqa: PLC0415 (only when Gymnasium is imported)

        _uninstall()
        spec = importlib.util.find_spec(fullname)
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def run_then_register(module: ModuleType) -> None:
            run(module)
            register(module)

        loader.exec_module = run_then_register  # type: ignore[method-assign]
        return spec


_FINDER = _AfterGymnasium()


def _uninstall() -> None:
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def install() -> None:
    """Register now if Gymnasium is imported, else as soon as it is (see the docstring)."""
    gymnasium = sys.modules.get("gymnasium")
    if gymnasium is not None and hasattr(gymnasium, "register"):
        register(gymnasium)
    elif _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
