"""Benchmarks run only with `-m bench` (make bench); each prints a table."""
