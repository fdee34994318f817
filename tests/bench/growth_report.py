#!/usr/bin/env python3
"""Turns heap_growth_bench.sh's measurements into a Markdown table and an SVG plot.

Input (TSV, one line per run and phase):
  dump  bytes  objects  references  command  phase  wall_ms  cpu_ms  peak_rss_kib
Per (dump, command, phase) the median of the runs is reported. The table gives each phase's
cost per object (ns, bytes) next to the totals: when those columns stay flat from the smallest
dump to the largest, the phase grows linearly. The SVG has three panels against objects (wall
time, CPU time, peak RSS), one line per phase, with dashed lines of constant cost per object through the
smallest dump's point, so a phase bending away from its dashed line grows faster than linear.
Plain SVG written by hand: no plotting library is needed.

Usage: growth_report.py MEASUREMENTS.tsv OUT.svg  (the table goes to stdout)
"""
import math
import statistics
import sys
from collections import OrderedDict

PHASES = [  # (command, phase, label, colour)
    ("info", "index", "mxi info: index", "#1f77b4"),
    ("dominators", "dominators", "mxi dominators: dominator tree", "#d62728"),
    ("dominators", "paths", "mxi dominators: paths to the top 20", "#2ca02c"),
    ("dominators", "process", "mxi dominators: whole process", "#7f7f7f"),
]


def load(path):
    rows = OrderedDict()
    meta = {}
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 9:
                continue
            dump, size, objects, refs, command, phase, wall, cpu, rss = parts
            meta[dump] = (int(size), int(objects), int(refs))
            key = (dump, command, phase)
            rows.setdefault(key, []).append((float(wall), float(cpu) if cpu != "-" else None,
                                             int(rss) if rss != "-" else None))
    return meta, rows


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


TABLE_PHASES = [("info", "index"), ("info", "process"), ("dominators", "dominators"), ("dominators", "paths"),
                ("dominators", "process")]


def table(meta, rows):
    """The phases of TABLE_PHASES (the index's own steps and `open` stay in the TSV)."""
    out = ["| dump | objects | references | command: phase | wall s | CPU s | peak RSS MiB "
           "| wall ns/object | CPU ns/object | RSS bytes/object |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for (dump, command, phase), runs in rows.items():
        if (command, phase) not in TABLE_PHASES:
            continue
        size, objects, refs = meta[dump]
        wall = median([r[0] for r in runs])
        cpu = median([r[1] for r in runs])
        rss = median([r[2] for r in runs])
        out.append("| {} ({:,} MiB) | {:.2f} M | {:.2f} M | {}: {} | {:.2f} | {} | {} | {:.0f} | {} | {} |".format(
            dump, size // 1048576, objects / 1e6, refs / 1e6, command, phase, wall / 1e3,
            "-" if cpu is None else "{:.2f}".format(cpu / 1e3),
            "-" if rss is None else "{:,}".format(rss // 1024),
            wall * 1e6 / objects,
            "-" if cpu is None else "{:.0f}".format(cpu * 1e6 / objects),
            "-" if rss is None else "{:.0f}".format(rss * 1024 / objects)))
    return "\n".join(out)


def series(meta, rows, command, phase, column):
    points = []
    for (dump, c, p), runs in rows.items():
        if c == command and p == phase:
            value = median([r[column] for r in runs])
            if value is not None:
                points.append((meta[dump][1], value))
    return sorted(points)


def nice_step(top, ticks=5):
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` ticks to `top`."""
    raw = top / ticks
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def panel(x0, y0, w, h, title, unit, scale, lines, max_objects):
    """One chart: x = objects (millions), y = value * scale; lines = [(label, colour, points)]."""
    # Room for the points and for the dashed linear lines' ends.
    tops = [v * scale for _, _, pts in lines for _, v in pts]
    tops += [pts[0][1] * scale * max_objects / pts[0][0] for _, _, pts in lines if pts]
    max_y = max(tops, default=1) * 1.05 or 1
    sx = lambda o: x0 + w * o / max_objects
    sy = lambda v: y0 + h - h * v / max_y
    svg = ['<text x="{}" y="{}" font-size="14" font-weight="bold">{}</text>'.format(x0, y0 - 10, title)]
    svg.append('<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#888"/>'.format(x0, y0, w, h))
    step = nice_step(max_y)
    for i in range(int(max_y / step) + 1):  # gridlines and ticks
        v = step * i
        svg.append('<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="#ddd"/>'.format(x0, sy(v), x0 + w))
        svg.append('<text x="{}" y="{:.1f}" font-size="11" text-anchor="end">{:g}</text>'.format(
            x0 - 6, sy(v) + 4, round(v, 6)))
    step = nice_step(max_objects / 1e6) * 1e6
    for i in range(int(max_objects / step) + 1):
        o = step * i
        svg.append('<text x="{:.1f}" y="{}" font-size="11" text-anchor="middle">{:g}</text>'.format(
            sx(o), y0 + h + 16, round(o / 1e6, 6)))
    svg.append('<text x="{}" y="{}" font-size="12" text-anchor="middle">objects (millions)</text>'.format(
        x0 + w / 2, y0 + h + 34))
    svg.append('<text x="{0}" y="{1}" font-size="12" text-anchor="middle" transform="rotate(-90 {0} {1})">{2}</text>'
               .format(x0 - 42, y0 + h / 2, unit))
    for label, colour, pts in lines:
        if not pts:
            continue
        o0, v0 = pts[0]  # constant cost per object through the smallest dump
        svg.append('<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="{}" stroke-dasharray="4 4" '
                   'stroke-opacity="0.6"/>'.format(sx(0), sy(0), sx(max_objects), sy(v0 * scale * max_objects / o0),
                                                   colour))
        path = " ".join("{:.1f},{:.1f}".format(sx(o), sy(v * scale)) for o, v in pts)
        svg.append('<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>'.format(path, colour))
        for o, v in pts:
            svg.append('<circle cx="{:.1f}" cy="{:.1f}" r="3.5" fill="{}"/>'.format(sx(o), sy(v * scale), colour))
    return svg


def plot(meta, rows, path):
    max_objects = max(m[1] for m in meta.values()) * 1.05
    w, h = 300, 260
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="430" font-family="sans-serif">',
           '<rect width="100%" height="100%" fill="white"/>']
    lines = lambda column: [(label, colour, series(meta, rows, c, p, column)) for c, p, label, colour in PHASES]
    svg += panel(70, 40, w, h, "Wall time per phase", "seconds", 1e-3, lines(0), max_objects)
    svg += panel(480, 40, w, h, "CPU time per phase (all threads)", "seconds", 1e-3, lines(1), max_objects)
    svg += panel(890, 40, w, h, "Peak RSS per phase", "GiB", 1 / 1048576, lines(2), max_objects)
    for i, (_, _, label, colour) in enumerate(PHASES):  # legend
        x, y = 70 + (i % 2) * 410, 365 + (i // 2) * 20
        svg.append('<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2"/>'.format(
            x, y, x + 24, y, colour))
        svg.append('<text x="{}" y="{}" font-size="12">{}</text>'.format(x + 30, y + 4, label))
    svg.append('<text x="70" y="420" font-size="11" fill="#555">Dashed: the same cost per object as on the smallest '
               'dump (linear growth). Points: median of the runs. Peak RSS: the process during that phase.</text>')
    svg.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    meta, rows = load(sys.argv[1])
    if not rows:
        sys.exit("no measurements in " + sys.argv[1])
    print(table(meta, rows))
    plot(meta, rows, sys.argv[2])


if __name__ == "__main__":
    main()
