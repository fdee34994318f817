#!/usr/bin/env python3
"""Two or more `mxi` builds on one dump, in alternating runs (docs/PERFORMANCE.md, "Ninth round").

Usage: tests/bench/heap_ab_bench.py DUMP [--command info|dominators] [--runs N] [--pause S]
                                     NAME=MXI [NAME=MXI ...]

Runs `MXI COMMAND DUMP --format json` for each build in turn, N rounds, and prints per build the
wall time (min / median / max), the peak RSS (GNU time) and each phase's wall time (min /
median) from the output's "phases". Alternating runs put the builds under the same load, so
their ratio holds on a host whose speed drifts. `--pause S` sleeps before every run: on a VM
that hands free memory back to its host, a run after a pause gets cold pages (the first-touch
cost the issue's figures do not include).
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump")
    parser.add_argument("builds", nargs="+", metavar="NAME=MXI")
    parser.add_argument("--command", default="info", choices=["info", "dominators"])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--pause", type=float, default=0.0)
    args = parser.parse_args()
    builds = []
    for spec in args.builds:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            parser.error(f"expected NAME=MXI, got {spec!r}")
        builds.append((name, path))

    results = {name: {"wall": [], "rss": [], "phases": {}} for name, _ in builds}
    with tempfile.NamedTemporaryFile(mode="r") as timing:
        for _ in range(args.runs):
            for name, path in builds:
                if args.pause:
                    time.sleep(args.pause)
                command = ["/usr/bin/time", "-f", "%M", "-o", timing.name, path, args.command, args.dump,
                           "--format", "json"]
                start = time.monotonic()
                run = subprocess.run(command, capture_output=True, text=True)
                wall = (time.monotonic() - start) * 1000
                if run.returncode != 0:
                    sys.exit(f"{name}: exit {run.returncode}: {run.stderr.strip()[-500:]}")
                timing.seek(0)
                result = results[name]
                result["wall"].append(wall)
                result["rss"].append(int(timing.read().split()[-1]) / 1024)
                for phase in json.loads(run.stdout).get("phases", []):
                    result["phases"].setdefault(phase["phase"], []).append(phase["wallMs"])

    print(f"{args.dump}: mxi {args.command}, {args.runs} alternating runs" +
          (f", {args.pause:g} s pause before each" if args.pause else ""))
    for name, _ in builds:
        r = results[name]
        print(f"{name}: wall ms min {min(r['wall']):.0f} median {statistics.median(r['wall']):.0f} "
              f"max {max(r['wall']):.0f}; peak RSS {max(r['rss']):.0f} MiB")
        for phase, walls in r["phases"].items():
            print(f"  {phase:40s} {min(walls):7.0f} {statistics.median(walls):7.0f}")


if __name__ == "__main__":
    main()
