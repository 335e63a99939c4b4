"""Frames between workers travel bundled, one Redis message per worker and round
(``cluster.relay``): a bundle gives back exactly the frames put in, whatever they hold."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.web.cluster import relay


@given(st.lists(st.text()))
def test_a_bundle_gives_back_its_frames(frames: list[str]) -> None:
    assert relay.unbundle(relay.bundle(frames)) == frames


def test_frames_keep_their_newlines_and_headers() -> None:
    frames = [
        relay.frame({"op": "out", "sock": "s1"}, '{"type":"state"}'),
        relay.frame({"op": "in", "from": "w2", "sock": "s2"}, "a socket's text\nwith a newline ñ"),
        relay.frame({"op": "shut", "sock": "s3"}),
    ]
    got = [relay.parse(item) for item in relay.unbundle(relay.bundle(frames))]
    assert got == [
        ({"op": "out", "sock": "s1"}, '{"type":"state"}'),
        ({"op": "in", "from": "w2", "sock": "s2"}, "a socket's text\nwith a newline ñ"),
        ({"op": "shut", "sock": "s3"}, ""),
    ]


@pytest.mark.parametrize("data", ["5\nabc", "x\nabc", "abc", "-1\n", "3\nabc4\nab"])
def test_a_message_that_is_not_a_bundle_is_refused(data: str) -> None:
    with pytest.raises(ValueError):
        relay.unbundle(data)
