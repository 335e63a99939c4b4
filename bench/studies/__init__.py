"""One-off studies: each answered one question about a bot, a rule or a cost at one time
(``python -m bench.studies.NAME``).

They still run on today's code; their figures, with the command and date of each run, are
indexed in bench/README.md.
"""
