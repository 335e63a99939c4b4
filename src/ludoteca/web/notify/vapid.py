"""The server's VAPID key pair (RFC 8292): made at first start, kept in the store.

Every push the server sends is signed with this key, and every browser subscribes with its
public half (``GET /api/push/key``), so it must outlive restarts and be the same for every
worker: the first process to start stores it (``site_keys``), the others read it.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02

from ludoteca.web.store import pace_rows
from ludoteca.web.store.dialect import Transacting

PRIVATE_KEY = "vapid_private_pem"
"""The ``site_keys`` name of the private key (PEM)."""


@dataclass(frozen=True, slots=True)
class VapidKeys:
    """The key pair: the signer and the public key browsers subscribe with.

    Attributes:
        signer: ``py_vapid``'s key, handed to ``pywebpush``.
        public_key: The uncompressed P-256 point, base64url without padding
            (``applicationServerKey``).
    """

    signer: Vapid02
    public_key: str


def vapid_keys(store: Transacting) -> VapidKeys:
    """The store's key pair, made and stored now if it has none."""
    pem = pace_rows.site_key(store, PRIVATE_KEY)
    if pem is None:
        made = Vapid02()
        made.generate_keys()
        pem = pace_rows.keep_site_key(store, PRIVATE_KEY, made.private_pem().decode("ascii"))
    signer = Vapid02.from_pem(pem.encode("ascii"))
    raw = signer.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return VapidKeys(signer, base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii"))
