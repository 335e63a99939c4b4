"""A real SMTP server for the tests (``aiosmtpd``) on a free loopback port, keeping every
mail it receives.
"""

from __future__ import annotations

import email
import threading
import time
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller

from ludoteca.loadbench.process import free_port
from ludoteca.web.people.settings import SmtpSettings


class Sink:
    """What the server received: each mail parsed."""

    def __init__(self) -> None:
        self.mails: list[Message] = []
        self._changed = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """aiosmtpd's hook: keep the mail."""
        parsed = email.message_from_bytes(envelope.content)
        with self._changed:
            self.mails.append(parsed)
            self._changed.notify_all()
        return "250 OK"

    def wait(self, to: str, contains: str = "", timeout: float = 20) -> Message:
        """The first mail (not yet taken) to ``to`` whose text has ``contains``, taken."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for mail in self.mails:
                    body = mail.get_payload(decode=True)
                    text = body.decode("utf-8") if isinstance(body, bytes) else ""
                    if mail["To"] == to and contains in text + str(mail["Subject"]):
                        self.mails.remove(mail)
                        return mail
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no mail to {to} with {contains!r}: {len(self.mails)}")
                self._changed.wait(left)


class SmtpServer:
    """``aiosmtpd``'s controller on 127.0.0.1 and a free port; a context manager."""

    def __init__(self) -> None:
        self.sink = Sink()
        self.port = free_port()
        self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> SmtpServer:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    def settings(self) -> SmtpSettings:
        """The server's ``--smtp`` settings that send mail here (a local relay: no TLS)."""
        return SmtpSettings("127.0.0.1", self.port, sender="ludoteca@example.org", security="none")
