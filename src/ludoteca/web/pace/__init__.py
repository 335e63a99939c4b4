"""A room's pace: live, or correspondence with a deadline per move kept by the server.

``pace.rules`` reads and checks a room's pace (hours per move, the policy at the deadline,
vacation days); ``pace.clock`` is the server's clock for deadlines (with a test-only offset);
``pace.scheduler`` wakes at the next stored deadline or alarm and hands the room to its
pace; ``pace.texts`` holds what people read about it. The room's part that keeps the clocks
of one room is ``room.pacing``.
"""
