"""``ludoteca bench web``: many concurrent games over real WebSockets against a real
``ludoteca serve`` child process (``loadbench.bench``), its command line
(``loadbench.command``) and the child processes it starts (``loadbench.process``: the server,
a throwaway PostgreSQL and Redis). It imports nothing of the server: it talks to it as a
browser would.
"""
