"""What crosses a socket: the client messages read and checked (``wire.protocol``), one
socket as a room sees it and the refusals sent to it (``wire.client``), the rates and sizes
a client may use (``wire.limits``), the frames sent in order and the close codes
(``wire.sockets``) and every text the server sends people (``wire.messages``). Nothing
here knows a room.
"""
