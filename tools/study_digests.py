"""Run every study file of sim/ at a reduced n and print a digest of its output bytes.

A refactoring that must not change what a study writes is checked by running this before
and after, with the package under test on PYTHONPATH, and comparing the lines:

    PYTHONPATH=/path/to/old/src python tools/study_digests.py > before.txt
    PYTHONPATH=src python tools/study_digests.py > after.txt
    diff before.txt after.txt

Each line is ``<file> n=<n> <sha256 of every Parquet file's bytes, in path order>``; a
second digest covers the metadata alone (the ``shengji`` key of each file, parsed), so a
difference can be told apart between the data and the metadata.  Both runs read the same
study files (``--sim``, this checkout's sim/ by default) and use one worker (the bytes do
not depend on it; the time does).  The search bots' studies run at a smaller n.  Every file
records the package's version (``shengji.__version__``: an installed distribution's, or
"0.0.0+unknown" from a bare source tree), so the runs see a pinned one: a distribution
record ``shengji 0.0.0+digest`` put first on their path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parent.parent
SLOW = ("pimc", "swift", "infer")  # study files whose bots search: a few deals only


def reduced_n(path: Path, n: int, slow_n: int) -> int:
    text = path.read_text()
    if any(word in text for word in SLOW) and "players" not in path.stem:
        return slow_n
    return n


def digest(out: Path) -> tuple[str, str, int]:
    data = hashlib.sha256()
    meta = hashlib.sha256()
    files = sorted(out.rglob("*.parquet"))
    for f in files:
        rel = f.relative_to(out).as_posix()
        data.update(rel.encode() + b"\0" + f.read_bytes())
        kv = pq.read_metadata(f).metadata or {}
        m = json.loads(kv.get(b"shengji", b"{}"))
        m.pop("source", None)  # the study file's path, if a run records it
        meta.update(rel.encode() + b"\0" + json.dumps(m, sort_keys=True).encode())
    return data.hexdigest()[:16], meta.hexdigest()[:16], len(files)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", type=Path, default=ROOT / "sim", help="the study files' folder")
    ap.add_argument("--n", type=int, default=400, help="n for the fast studies")
    ap.add_argument("--slow-n", type=int, default=6, help="n for the search bots' studies")
    ap.add_argument("--only", nargs="*", help="file stems to run (default: all)")
    args = ap.parse_args(argv)
    files = sorted(args.sim.glob("*.toml"))
    if args.only:
        files = [f for f in files if f.stem in args.only]
    status = 0
    with tempfile.TemporaryDirectory(prefix="shengji-digests-") as tmp:
        pin = Path(tmp) / "pin" / "shengji-0.0.0+digest.dist-info"
        pin.mkdir(parents=True)
        (pin / "METADATA").write_text(
            "Metadata-Version: 2.1\nName: shengji\nVersion: 0.0.0+digest\n"
        )
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(pin.parent), env.get("PYTHONPATH", "")])
        for f in files:
            n = reduced_n(f, args.n, args.slow_n)
            out = Path(tmp) / f.stem
            cmd = [sys.executable, "-m", "shengji", "run", str(f.resolve())]
            cmd += ["--n", str(n), "--out", str(out), "--workers", "1", "--quiet"]
            r = subprocess.run(cmd, capture_output=True, text=True, env=env)
            if r.returncode != 0:
                last = (r.stderr.strip().splitlines() or ["?"])[-1]
                print(f"{f.name} n={n} FAILED: {last}", flush=True)
                status = 1
                continue
            d, m, k = digest(out)
            print(f"{f.name} n={n} data={d} meta={m} files={k}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
