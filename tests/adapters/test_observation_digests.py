"""Every encoding's observations, drafts and masks are pinned bit for bit.

Seeded random matches of every encoded game and player count (each Tile Up board size) are
played; at every state, for every seat, the vectors an agent can be handed — the encoded
view (raw, with each draft on the way to the chosen action, and scaled), the state
writer's buffers (raw and scaled, written in sequence) and the action masks — are hashed.
The digests were taken from the code before the encoders shared one layout and one writer
per observation: a change to any entry of any vector fails here, so a re-layout of the
encoders cannot change what an agent sees.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from encoding_checks import match_states

from ludoteca.adapters import encodings
from ludoteca.engine import registry

CASES: dict[str, tuple[str, tuple[int, ...], dict[str, Any], int]] = {
    "tacocat": ("tacocat", (2,), {}, 6),
    "dweebies": ("dweebies", (2, 3, 4, 5, 6), {}, 1),
    "mystery_date": ("mystery_date", (2, 3, 4), {}, 2),
    "tile_up-9": ("tile_up", (2,), {"board_size": 9}, 1),
    "tile_up-11": ("tile_up", (2, 3, 4), {}, 1),
    "tile_up-13": ("tile_up", (3,), {"board_size": 13, "allow_mirror": True}, 1),
}

DIGESTS = {
    "tacocat": "8023f45b9cf794bd0cbb34c1174bb2613c6df64ac5f0c11a99d5695afdbb2e54",
    "dweebies": "e1cb7af927f2676ac821e3ed4d4d30a18022e51c23c018df472530a0d93d6a3c",
    "mystery_date": "afb085d4e518ed8335f811c2bf81c0ee01128da90856f45abd8eb5d21ccf9fcf",
    "tile_up-9": "aec456501f6beafb66a6a1135ead583a86df10fe0789440be9fbf579ff1b3a54",
    "tile_up-11": "901ea9ded7498032777a0fab9732ef0fb964c7a041d1f73e8607663d6aa758b3",
    "tile_up-13": "29728535a1b84df8c3ddd49a898b807abb8e5dd19767ee985c5795299c387da0",
}
"""SHA-256 of every vector of :func:`digest`, taken before the re-layout (see above)."""

_EVERY = {"tile_up": 4, "dweebies": 2}
"""Hash one state in this many (long matches)."""


def digest(case: str) -> str:
    """The SHA-256 of every vector the encoding gives over the case's seeded matches."""
    game_id, counts, options, matches = CASES[case]
    game = registry.make(game_id)
    hashed = hashlib.sha256()
    for players in counts:
        enc = encodings.make(game_id, players, options)
        scaled = encodings.Observer(enc, scaled=True)
        writers = [encodings.state_observer(enc, players, scaled=s) for s in (False, True)]
        picker = random.Random(players)
        for match in range(matches):
            states = match_states(game, players, 100 * players + match, picker, options)
            for step, state in enumerate(states):
                if step % _EVERY.get(game_id, 1) == 0:
                    _hash_state(hashed, game, enc, scaled, writers, state, players)
    return hashed.hexdigest()


def _hash_state(
    hashed: Any,
    game: Any,
    enc: Any,
    scaled: encodings.Observer,
    writers: list[Any],
    state: Any,
    players: int,
) -> None:
    actors = game.actors(state)
    for seat in range(players):
        view = game.view(state, seat)
        hashed.update(enc.observation(view, ()).tobytes())
        hashed.update(scaled.base(view).tobytes())
        for writer in writers:
            if writer is not None:
                hashed.update(writer.base(state, seat).tobytes())
        if seat not in actors:
            continue
        legal = game.legal_actions(state, seat)
        action = legal[(7 * seat + len(legal)) % len(legal)]
        numbers = (
            enc.encode(action, view)
            if game.info.id in ("dweebies", "mystery_date")
            else (enc.encode(action))
        )
        draft: tuple[int, ...] = ()
        for number in numbers:
            hashed.update(enc.action_mask(view, legal, draft).tobytes())
            decoded = enc.decode(number, view, legal, draft)
            if decoded.action is not None:
                assert decoded.action == action
                break
            draft = decoded.draft
            hashed.update(enc.observation(view, draft).tobytes())
            hashed.update(scaled.with_draft(view, scaled.base(view), draft).tobytes())


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_encoded_vectors_are_the_pinned_ones(case: str) -> None:
    assert digest(case) == DIGESTS[case]


if __name__ == "__main__":  # prints the digests (to pin them after a deliberate change)
    for name in sorted(CASES):
        print(f'    "{name}": "{digest(name)}",')
