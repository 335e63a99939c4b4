"""``ludoteca serve`` as a child process: moved into the package (``ludoteca.web.process``)
for ``ludoteca bench web``; the tests and benches that import it from here keep working."""

from ludoteca.web.process import Server, free_port

__all__ = ["Server", "free_port"]
