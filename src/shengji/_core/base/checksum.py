"""A checksum sealing the raw C structs that a pickled core object carries.

``HandCore``, ``InfoSet`` and ``BidCore`` pickle as the bytes of their C structs (a memcpy
each way: cloning and OpenSpiel's ``serialize``/``deserialize_state`` stay cheap).  The core
has no bounds checks, so bytes altered on the way back (a truncated or edited serialized
state) would be memory corruption; each ``_rebuild`` checks this seal first and raises
ValueError instead.  It guards against accidents, not forgery: a pickle can run any code
anyway, so only unpickle what you trust.
"""

from __future__ import annotations

import hashlib

__all__ = ["seal", "check_seal"]

_PERSON = b"shengji-core"


def seal(*parts: bytes | int) -> bytes:
    """16-byte BLAKE2b digest of ``parts`` (bytes, or ints such as a seat), each framed by
    its length so that no two sequences of parts share a digest by concatenation."""
    h = hashlib.blake2b(digest_size=16, person=_PERSON)
    for p in parts:
        b = p if isinstance(p, bytes) else str(int(p)).encode()
        h.update(len(b).to_bytes(8, "little"))
        h.update(b)
    return h.digest()


def check_seal(what: str, digest: object, *parts: bytes | int) -> None:
    """ValueError unless ``digest`` is ``seal(*parts)``."""
    if not isinstance(digest, bytes) or digest != seal(*parts):
        raise ValueError(
            f"a pickled {what} that was altered or truncated, or written by another build "
            "of shengji (its checksum does not match)"
        )
