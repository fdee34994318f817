#!/usr/bin/env python3
"""Structure rules a compiler cannot check (docs/ARCHITECTURE.md, "Rooms" and "app/gui"):
- core/ includes nothing from app/, tests/ or device-agent/, and its folders' include graph has no
  cycle (each folder is a library; a cycle would be two libraries that need each other);
- app/gui's layers include only downwards: settings < models < jobs, charts < views (and the
  window, main.cpp); only app/gui/charts/ includes Qt Charts;
- no QTreeWidget (every tree is a model, house rule M2);
- threads start only in core/base/worker_pool.cpp, core/adb's link reader (AdbConnection) and
  app/gui/jobs/ (house rule T1);
- no file in app/, core/agentlink/ or device-agent/ is over 400 lines, agent_server.cpp under 300,
  no friend in heap_index.h;
- inside each core folder, files (a .h with its .cpp) include each other in no cycle;
- docs/ARCHITECTURE.md's "Depends on" cell of each core folder names the core folders it includes.
Usage: house_structure_test.py SOURCE_DIR. Prints every violation; exit 1 when there is one."""
import collections
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
problems = []
INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^>"]+)[>"]', re.M)


def sources(*dirs):
    for d in dirs:
        for p in sorted((root / d).rglob('*')):
            if p.suffix in ('.h', '.cpp') and p.is_file():
                yield p


def rel(p):
    return p.relative_to(root).as_posix()


# core: no upward includes, no folder cycles.
graph = collections.defaultdict(set)
for p in sources('core'):
    folder = rel(p).split('/')[1]
    for inc in INCLUDE.findall(p.read_text(errors='replace')):
        # The one exception: the agent's build hash, generated at build time, which the deployer
        # compares with the agent on the phone (core/agentlink/device_agent.cpp).
        if inc == 'device-agent/src/build_info.h':
            continue
        if inc.startswith(('app/', 'tests/', 'device-agent/')) or 'Qt' in inc.split('/')[0]:
            problems.append(f'{rel(p)}: core includes {inc}')
        elif inc.startswith('core/'):
            target = inc.split('/')[1]
            if target != folder:
                graph[folder].add(target)

state = {}


def visit(node, path):
    state[node] = 'open'
    for nxt in sorted(graph.get(node, ())):
        if state.get(nxt) == 'open':
            problems.append('core folders include each other in a cycle: ' + ' -> '.join(path[path.index(nxt):] + [nxt]))
        elif nxt not in state:
            visit(nxt, path + [nxt])
    state[node] = 'done'


for node in sorted(graph):
    if node not in state:
        visit(node, [node])

# app/gui layers.
RANK = {'settings': 0, 'models': 1, 'jobs': 2, 'charts': 2, 'views': 3}
for p in sources('app/gui'):
    parts = rel(p).split('/')
    layer = parts[2] if len(parts) > 3 else None  # None: main.cpp, main_window.*
    text = p.read_text(errors='replace')
    for inc in INCLUDE.findall(text):
        if inc.startswith('QtCharts') and layer != 'charts':
            problems.append(f'{rel(p)}: Qt Charts outside app/gui/charts ({inc})')
        if layer and inc.startswith('app/gui/'):
            ip = inc.split('/')
            target = ip[2] if len(ip) > 3 else 'window'
            if target == 'window' or (target != layer and RANK.get(target, 9) >= RANK[layer]):
                problems.append(f'{rel(p)}: the {layer} layer includes {inc}, which is not below it')

# No QTreeWidget; threads only where they may start.
# The leak watch's analyses run beside the recording for its whole length (a worker of its own,
# not a few large tasks for WorkerPool).
THREAD_OK = ('core/base/worker_pool.cpp', 'core/adb/adb_connection.cpp', 'core/adb/adb_connection.h',
             'core/agentlink/leak_watch.cpp', 'core/agentlink/leak_watch.h')
for p in sources('app', 'core', 'device-agent'):
    r = rel(p)
    text = p.read_text(errors='replace')
    if re.search(r'\bQTreeWidget', text):
        problems.append(f'{r}: QTreeWidget (use a model on TreeModelBase)')
    if re.search(r'\bstd::j?thread\b|\bpthread_create\b|\bQThread\b|\bstd::async\b', text):
        if r not in THREAD_OK and not r.startswith('app/gui/jobs/'):
            problems.append(f'{r}: starts a thread (use core/base WorkerPool, or a job in app/gui/jobs)')
    if r.startswith(('app/', 'core/agentlink/', 'device-agent/')) and text.count('\n') > 400:
        problems.append(f'{r}: {text.count(chr(10))} lines (app/, core/agentlink/ and device-agent/ files stay at 400 or fewer)')
    if r == 'device-agent/src/agent_server.cpp' and text.count('\n') >= 300:
        problems.append(f'{r}: {text.count(chr(10))} lines (the event loop stays under 300: collectors are classes of their own)')
    if r == 'core/hprof/heap_index.h' and re.search(r'\bfriend\b', text):
        problems.append(f'{r}: a friend (HeapIndex is made from HeapIndexParts, nothing writes into it)')

# Inside each core folder: files (a .h and its .cpp as one unit) include each other in no cycle.
units = collections.defaultdict(set)
for p in sources('core'):
    unit = rel(p).rsplit('.', 1)[0]
    for inc in INCLUDE.findall(p.read_text(errors='replace')):
        if inc.startswith('core/') and inc.split('/')[1] == unit.split('/')[1]:
            target = inc.rsplit('.', 1)[0]
            if target != unit:
                units[unit].add(target)
unit_state = {}


def visit_unit(node, path):
    unit_state[node] = 'open'
    for nxt in sorted(units.get(node, ())):
        if unit_state.get(nxt) == 'open':
            problems.append('files include each other in a cycle: ' + ' -> '.join(path[path.index(nxt):] + [nxt]))
        elif nxt not in unit_state:
            visit_unit(nxt, path + [nxt])
    unit_state[node] = 'done'


for node in sorted(units):
    if node not in unit_state:
        visit_unit(node, [node])

# docs/ARCHITECTURE.md: each core folder's "Depends on" cell names exactly the core folders it includes.
arch = (root / 'docs/ARCHITECTURE.md').read_text()
for m in re.finditer(r'^\| `core/([a-z_]+)/` \|.*\| ([^|]*) \|$', arch, re.M):
    folder, cell = m.group(1), m.group(2)
    named = {w.strip(' `') for w in cell.split(',') if (root / 'core' / w.strip(' `')).is_dir()}
    if named - {'base'} != graph.get(folder, set()) - {'base'}:  # base may go unnamed: every room uses it
        problems.append(f'docs/ARCHITECTURE.md: core/{folder} depends on {", ".join(sorted(graph.get(folder, set()))) or "nothing"}'
                        f' in the code, but its row says {", ".join(sorted(named)) or "nothing"}')

for line in problems:
    print(line, file=sys.stderr)
print(f'{len(problems)} structure problem(s)' if problems else 'house structure holds')
sys.exit(1 if problems else 0)
