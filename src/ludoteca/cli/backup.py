"""``ludoteca backup`` and ``ludoteca restore``: a store copied while its server runs, and
a copy read back into a new store (``web.store.backup``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli import host_messages as _host_messages  # noqa: F401 (the texts used here)
from ludoteca.cli.errors import fail
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang
from ludoteca.engine.i18n import msg
from ludoteca.web.store import DEFAULT_DB, hide_password
from ludoteca.web.store.backup import BackupError
from ludoteca.web.store.backup import backup as take_backup
from ludoteca.web.store.backup import restore as restore_backup


@app.command(help=help_text("backup"), options_metavar=OPTIONS_METAVAR)
def backup(
    out: Annotated[Path, typer.Option("--out", help=help_text("backup_out"), metavar=meta("file"))],
    db: Annotated[
        str | None, typer.Option("--db", help=help_text("backup_db"), metavar="URL")
    ] = None,
    lang: LangOption = None,
) -> None:
    """Copy the store ``--db`` into the new file ``--out`` while its server runs."""
    chosen = chosen_lang(lang)
    store_url = db or os.environ.get("LUDOTECA_DB") or DEFAULT_DB
    shown = hide_password(store_url)
    try:
        info = take_backup(store_url, out)
    except BackupError as error:
        fail(msg(f"cli.host.backup.{error.code}", db=shown, detail=error.detail).text(chosen))
    counts = {"rooms": info.rooms, "actions": info.actions, "size": info.size}
    typer.echo(msg("cli.host.backed_up", db=shown, out=str(out), **counts).text(chosen))


@app.command(help=help_text("restore"), options_metavar=OPTIONS_METAVAR)
def restore(
    file: Annotated[
        Path,
        typer.Argument(help=help_text("restore_file"), metavar=meta("file"), show_default=False),
    ],
    db: Annotated[str, typer.Option("--db", help=help_text("restore_db"), metavar="URL")],
    lang: LangOption = None,
) -> None:
    """Restore the backup ``FILE`` into the new store ``--db``."""
    chosen = chosen_lang(lang)
    shown = hide_password(db)
    try:
        info = restore_backup(file, db)
    except BackupError as error:
        fail(msg(f"cli.host.backup.{error.code}", db=shown, detail=error.detail).text(chosen))
    counts = {"rooms": info.rooms, "actions": info.actions}
    typer.echo(msg("cli.host.restored", file=str(file), db=shown, **counts).text(chosen))
