"""Every test writes the games it plays to a folder of its own, never to the home folder:
``ludoteca play`` saves each game to the XDG data folder (``terminal.saves``) unless told
``--no-save``, so ``XDG_DATA_HOME`` points into the test's temporary folder (programs the
test starts inherit it).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("xdg_data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder))
        yield folder
