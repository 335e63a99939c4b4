"""Notices sent off the table: Web Push (``pywebpush``, VAPID) and e-mail (SMTP).

``notify.vapid`` makes the server's VAPID key pair at first start and keeps it in the store;
``notify.mail`` sends a mail where the host configured SMTP; ``notify.notifier`` sends a
room's notes (``pace.kit.Note``) to the subscriptions and the address of the seat told, in a
thread of its own, never on the event loop.
"""
