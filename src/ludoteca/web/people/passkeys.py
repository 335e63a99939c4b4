"""Passkeys: another device signs in to a profile with WebAuthn (the ``webauthn`` package).

Two ceremonies, each in two steps (the challenge is stored for two minutes under a random
key and spent once, so any worker of a cluster can finish what another began):

- registration, by a signed-in person: :func:`registration_options`, then
  :func:`register` checks the authenticator's answer and stores the public key;
- sign-in, by anyone: :func:`sign_in_options` (a discoverable credential: no name is
  asked), then :func:`authenticate` checks the signature with the stored public key and
  answers whose passkey it is.

The relying party is the site: its id is the host name of the configured public URL (or of
the request's own origin), and the browser's answer must come from that origin.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ludoteca.engine.i18n import msg
from ludoteca.web.people.profiles import Person, Profiles, now_ms
from ludoteca.web.store.people import PasskeyRow
from ludoteca.web.wire.client import RoomError

CHALLENGE_MS = 120_000
"""How long a ceremony's challenge stays good."""
RP_NAME = "Ludoteca"


@dataclass(frozen=True, slots=True)
class Party:
    """The relying party of a request: its id (a host name) and origin."""

    id: str
    origin: str

    @staticmethod
    def of(origin: str) -> Party:
        """The party of ``https://host[:port]``."""
        return Party(urlsplit(origin).hostname or "", origin)


def _refused(detail: str) -> RoomError:
    return RoomError("bad_passkey", msg("web.people.bad_passkey", detail=detail[:120]))


def registration_options(profiles: Profiles, party: Party, person: Person) -> dict[str, Any]:
    """Begin registering a passkey for ``person``: ``{"key", "options"}`` (the options as
    ``navigator.credentials.create`` takes them, in WebAuthn's JSON form).
    """
    known = profiles.rows.passkeys_of(person.id)
    options = generate_registration_options(
        rp_id=party.id,
        rp_name=RP_NAME,
        user_id=person.id.encode("utf-8"),
        user_name=person.name,
        user_display_name=person.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(key.credential_id)) for key in known
        ],
    )
    key = secrets.token_urlsafe(16)
    challenge = bytes_to_base64url(options.challenge)
    profiles.rows.add_challenge(key, challenge, person.id, now_ms() + CHALLENGE_MS)
    return {"key": key, "options": json.loads(options_to_json(options))}


def register(
    profiles: Profiles, party: Party, person: Person, key: object, credential: object
) -> None:
    """Finish registering: check the authenticator's answer and store its public key.

    Raises:
        RoomError: ``bad_passkey`` (unknown or spent challenge, or an answer that does
            not verify).
    """
    challenge = _challenge(profiles, key)
    if challenge is None or challenge[1] != person.id:
        raise _refused("challenge")
    if not isinstance(credential, dict):
        raise _refused("credential")
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge[0]),
            expected_rp_id=party.id,
            expected_origin=party.origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise _refused(str(error) or type(error).__name__) from None
    row = PasskeyRow(
        bytes_to_base64url(verified.credential_id),
        person.id,
        bytes_to_base64url(verified.credential_public_key),
        verified.sign_count,
    )
    if profiles.rows.passkey(row.credential_id) is not None:
        raise _refused("already registered")
    profiles.rows.add_passkey(row, now_ms())


def sign_in_options(profiles: Profiles, party: Party) -> dict[str, Any]:
    """Begin signing in: ``{"key", "options"}`` for ``navigator.credentials.get``."""
    options = generate_authentication_options(
        rp_id=party.id, user_verification=UserVerificationRequirement.PREFERRED
    )
    key = secrets.token_urlsafe(16)
    challenge = bytes_to_base64url(options.challenge)
    profiles.rows.add_challenge(key, challenge, "", now_ms() + CHALLENGE_MS)
    return {"key": key, "options": json.loads(options_to_json(options))}


def authenticate(profiles: Profiles, party: Party, key: object, credential: object) -> Person:
    """Finish signing in: whose passkey signed the challenge.

    Raises:
        RoomError: ``bad_passkey`` (challenge or signature refused) or ``no_passkey``
            (a passkey this server does not know).
    """
    challenge = _challenge(profiles, key)
    if challenge is None or challenge[1] != "":
        raise _refused("challenge")
    if not isinstance(credential, dict) or not isinstance(credential.get("id"), str):
        raise _refused("credential")
    stored = profiles.rows.passkey(credential["id"])
    person = None if stored is None else profiles.person(stored.person_id)
    if stored is None or person is None:
        raise RoomError("no_passkey", msg("web.people.no_passkey"))
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge[0]),
            expected_rp_id=party.id,
            expected_origin=party.origin,
            credential_public_key=base64url_to_bytes(stored.public_key),
            credential_current_sign_count=stored.sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as error:
        raise _refused(str(error) or type(error).__name__) from None
    profiles.rows.count_passkey_use(stored.credential_id, verified.new_sign_count)
    return person


def _challenge(profiles: Profiles, key: object) -> tuple[str, str] | None:
    """Spend the challenge stored under ``key``: ``(challenge, person id)``."""
    if not isinstance(key, str) or not 0 < len(key) <= 64:
        return None
    return profiles.rows.take_challenge(key, now_ms())
