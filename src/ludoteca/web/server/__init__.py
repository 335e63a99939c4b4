"""How a serving process runs: the garbage collector's schedule (``server.collector``,
started by the application) and ``ludoteca serve --workers N``'s processes
(``server.workers``, each of which builds the application).
"""
