"""Deals consistent with a view, drawn uniformly (compiled).  See sampler.pyx.

No Python-level names: its C API (sampler.pxd) is reached only by ``cimport``; its Python
hooks are in shengji._core.step.probes."""
