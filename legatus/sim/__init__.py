"""Many games at once: ``legatus simulate`` and ``legatus sweep``, on one laptop (a process
pool) or a Ray cluster, with the same results on every backend for the same seeds."""
