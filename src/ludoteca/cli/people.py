"""``ludoteca people games NAME``: for the host, every game of the people with that name,
read from the store (``--db``, else ``LUDOTECA_DB``), most urgent first, as their My games
page shows them (``web.routes.my_games``).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from ludoteca.cli.errors import fail
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.people import texts as _people_texts  # noqa: F401 (the texts used here)
from ludoteca.web.store import DEFAULT_DB, hide_password

people_app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.add_typer(
    people_app,
    name="people",
    help=help_text("people"),
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=meta("command"),
)


@people_app.command("games", help=help_text("people_games"), options_metavar=OPTIONS_METAVAR)
def games(
    name: Annotated[
        str,
        typer.Argument(help=help_text("people_name"), metavar=meta("person"), show_default=False),
    ],
    db: Annotated[
        str | None, typer.Option("--db", help=help_text("people_db"), metavar="URL")
    ] = None,
    lang: LangOption = None,
) -> None:
    """List the games of every person called ``NAME`` (compared without case or spaces)."""
    from ludoteca.web.people.profiles import Profiles  # noqa: PLC0415 (only this command)
    from ludoteca.web.room.hall import Rooms  # noqa: PLC0415
    from ludoteca.web.routes.my_games import my_games  # noqa: PLC0415
    from ludoteca.web.store import open_store  # noqa: PLC0415
    from ludoteca.web.store.backup import is_postgres, sqlite_path  # noqa: PLC0415

    chosen = chosen_lang(lang)
    store_url = db or os.environ.get("LUDOTECA_DB") or DEFAULT_DB
    path = sqlite_path(store_url)
    if not is_postgres(store_url) and not Path(path).is_file():  # never made by a look-up
        fail(
            msg("web.bad_store", db=store_url, detail=msg("cli.people.no_file").text(chosen)).text(
                chosen
            )
        )
    try:
        store = open_store(store_url)
    except Exception as error:  # sqlite3 and psycopg raise their own error types
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        fail(msg("web.bad_store", db=hide_password(store_url), detail=detail).text(chosen))
    try:
        profiles = Profiles(store)  # type: ignore[arg-type]
        found = profiles.named(name)
        if not found:
            fail(msg("cli.people.nobody", name=name[:40]).text(chosen))
        hall = Rooms(store)
        for person in found:
            rows = asyncio.run(my_games({}, hall, profiles, person, chosen))
            typer.echo(msg("cli.people.heading", name=person.name, n=len(rows)).text(chosen))
            for row in rows:
                typer.echo("  " + line(row, chosen))
    finally:
        store.close()


def line(row: dict[str, Any], lang: Lang) -> str:
    """One game of a person, for the host: phase, game, opponents, turn or record, link."""
    others = ", ".join(
        msg("cli.people.bot", name=o["name"]).text(lang) if o["bot"] else o["name"]
        for o in row["others"]
    )
    parts = [msg(f"cli.people.phase.{phase(row)}").text(lang), row["game_name"]]
    if others:
        parts.append(msg("cli.people.against", names=others).text(lang))
    if row["status"] == "playing" and not row["your_move"] and row["to_move"]:
        parts.append(msg("cli.people.to_move", names=", ".join(row["to_move"])).text(lang))
    if row["your_move"] and row["time_left_ms"] is not None:
        minutes = max(0, round(row["time_left_ms"] / 60_000))
        parts.append(msg("cli.people.left", minutes=minutes).text(lang))
    for game in row["record"][:3]:
        result = msg(f"cli.people.result.{game['result']}").text(lang)
        parts.append(msg("cli.people.record", n=game["game_no"], result=result).text(lang))
    parts.append(row["url"])
    return " · ".join(parts)


def phase(row: dict[str, Any]) -> str:
    """``your_move``, ``waiting``, ``lobby`` or ``finished``."""
    if row["status"] == "playing":
        return "your_move" if row["your_move"] else "waiting"
    return "lobby" if row["status"] == "lobby" else "finished"
