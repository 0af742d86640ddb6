#!/usr/bin/env python3
"""Checks that every folder of the library includes only what docs/architecture.md's layer table lets it use.

The table is the rule: its first column names a folder, its last what the folder may use. A folder named
there (`shm`, `privatize/runtime`) allows that layer and, through it, what that layer may use; a header named
there (`runtime/report.hpp`) allows that header alone; "all of the above" allows every layer of the rows
above. Anything else in the column (LLVM, hwloc) is outside the tree. A quoted include naming another layer's
folder that the table does not allow fails the test, with the file, the line and the rule.

A row may name a subfolder (`collectives/node`): its files form a layer of their own, and the subfolder is
private to its folder. "All of the above" does not reach it; only a row that names it may use it.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ('.c', '.h', '.cpp', '.hpp')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def table_rows(architecture):
    """(folder, may-use cell) for each row of the table under '## Layers'."""
    text = architecture.split('## Layers', 1)[1]
    for line in text.splitlines()[1:]:
        if line.startswith('## '):
            break
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) < 3 or not cells[0].startswith('`'):
            continue
        yield cells[0].strip('`').rstrip('/'), cells[-1]


def layer_of(path, layers):
    """The layer a path of the tree (a file or an include) belongs to: the longest row naming a folder of
    it, or None outside every row."""
    parts = path.split('/')
    for depth in range(len(parts) - 1, 0, -1):
        folder = '/'.join(parts[:depth])
        if folder in layers:
            return folder
    return None


def parse_rules(architecture):
    """{layer: (layers it may use directly, single headers it may include)}."""
    rows = list(table_rows(architecture))
    layers = [folder for folder, _ in rows]
    rules = {}
    for index, (folder, cell) in enumerate(rows):
        uses, headers = set(), set()
        if 'all of the above' in cell:
            uses.update(layer for layer in layers[:index] if '/' not in layer)
        for word in re.findall(r'[\w.]+(?:/[\w.]+)*/?', cell):
            word = word.rstrip('/')
            if word.endswith(('.hpp', '.h')):
                if layer_of(word, layers) not in (None, folder):
                    headers.add(word)
                continue
            used = word if word in layers else layer_of(word + '/', layers)
            if used is not None and used != folder:
                uses.add(used)
        rules[folder] = (uses, headers)
    return rules


def allowed_layers(rules):
    """Each layer's allowed layers, through the layers it may use."""
    closed = {}
    for layer in rules:
        seen, todo = set(), list(rules[layer][0])
        while todo:
            used = todo.pop()
            if used in seen:
                continue
            seen.add(used)
            todo.extend(rules.get(used, (set(), set()))[0])
        closed[layer] = seen
    return closed


def violations(root, rules):
    closed = allowed_layers(rules)
    for layer, (_, headers) in rules.items():
        for path in sorted((root / layer).rglob('*')):
            if path.suffix not in SOURCES or not path.is_file():
                continue
            if layer_of(str(path.relative_to(root)), rules) != layer:
                continue  # a subfolder with a row of its own
            for number, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                included = match.group(1)
                target = layer_of(included, rules)
                if target is None or target == layer or target in closed[layer] or included in headers:
                    continue
                yield (f'{path.relative_to(root)}:{number}: includes "{included}", but {layer}/ may use '
                       f'{", ".join(sorted(closed[layer] | headers)) or "no other layer"} '
                       '(docs/architecture.md, "Layers")')


def main():
    rules = parse_rules((ROOT / 'docs' / 'architecture.md').read_text())
    if len(rules) < 5:
        print('layer_rules: the table under "## Layers" in docs/architecture.md was not found', file=sys.stderr)
        return 1
    found = list(violations(ROOT, rules))
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
