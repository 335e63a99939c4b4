"""What people read about invitations to a room, in Spanish and English."""

from __future__ import annotations

from ludoteca.engine.i18n import register

register(
    {
        "web.invite.no_room": {
            "es": "No existe esa mesa",
            "en": "There is no such table",
        },
        "web.invite.not_your_room": {
            "es": "Solo quien se sienta en esta mesa puede invitar a ella",
            "en": "Only someone sitting at this table can invite people to it",
        },
        "web.invite.started": {
            "es": "La partida de esta mesa ya empezó: ya no se puede invitar",
            "en": "This table's game has started: nobody can be invited any more",
        },
        "web.invite.no_seat": {
            "es": "Esta mesa no tiene ningún asiento libre",
            "en": "This table has no free seat",
        },
        "web.invite.stranger": {
            "es": "Solo puedes invitar a alguien con quien ya jugaste",
            "en": "You can only invite someone you have played with",
        },
        "web.invite.seated": {
            "es": "{name} ya se sienta en esta mesa",
            "en": "{name} already sits at this table",
        },
        "web.invite.too_many": {
            "es": "Esta mesa ya tiene {most} invitaciones pendientes",
            "en": "This table already has {most} pending invitations",
        },
        "web.invite.already": {
            "es": "{name} ya está invitado a esta mesa",
            "en": "{name} is already invited to this table",
        },
        "web.invite.bad_to": {
            "es": "Elige a quién invitar de la lista",
            "en": "Choose whom to invite from the list",
        },
        "web.invite.none": {
            "es": "No tienes ninguna invitación a esa mesa",
            "en": "You have no invitation to that table",
        },
        "web.invite.push_body": {
            "es": "{from_name} te guarda un asiento: ábrela para sentarte",
            "en": "{from_name} keeps a seat for you: open it to sit down",
        },
    }
)
