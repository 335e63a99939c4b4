"""People at the web table: who you are without a password, your games, your record.

``profiles`` is who a browser's person is (a profile made on the first visit, kept by an
httpOnly cookie; :func:`profiles.person_of` answers "who is this request's person");
``passkeys`` and ``mail`` sign another device in (WebAuthn, or a one-time link by e-mail);
``records`` keeps the opt-in ratings; ``texts`` holds what a person reads. The tables are
``store.people``. This package imports the store and the wire, never a room.
"""
