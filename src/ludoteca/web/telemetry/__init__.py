"""What a host watches: Prometheus metrics (``telemetry.metrics``) and the log's format,
text or one JSON object per line (``telemetry.logs``). This package imports nothing else of
the web table, so the rooms and the routes can both use it.
"""
