#!/usr/bin/env python3
"""Structure measures of the code base (issue 41), printed as a table.

  Result<_, String> in product code     lines outside test modules and test crates
  set_var outside tests                 std::env::set_var calls in product code
  functions over 200 lines              by brace matching, product code only
  circles between core's layers         strongly connected components of the graph of
                                        `crate::` paths between core's top-level modules
                                        (`exec`, `builtins`, `bytecode`, `context`, ...)
  circles between core's files          the same between files (a file and the files of
                                        its folder under it count apart; a file's use of
                                        its own parent folder is not counted)

Run: bench/structure.py [--list]   (--list names the long functions and the circles)
"""
import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ["core", "cli", "runtime", "debugger-plugin", "debug-protocol", "tui", "reports",
           "simfile", "compare",
           "plugin-host", "plugin-abi"]


def test_only_files(root):
    """Files of modules declared under `#[cfg(test)]` (`mod testing;`): test code."""
    found = set()
    for f in root.rglob("*.rs"):
        text = f.read_text()
        for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(\w+)\s*;", text):
            folder = f.parent if f.name in ("mod.rs", "lib.rs", "main.rs") else f.with_suffix("")
            found.add(folder / f"{m.group(1)}.rs")
            found.add(folder / m.group(1) / "mod.rs")
    return found


def product_files():
    for crate in PRODUCT:
        tests = test_only_files(ROOT / crate)
        for f in sorted((ROOT / crate).rglob("*.rs")):
            rel = f.relative_to(ROOT).as_posix()
            if "/tests/" in rel or "/target/" in rel or rel.endswith("/tests.rs") or "/benches/" in rel:
                continue
            if f in tests:
                continue
            yield f


def strip_comments_and_strings(text):
    """Blanks comments, string and char literals, keeping line breaks, so braces can be counted."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not text[i - 1].isalnum()):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_test_module(code):
    """Cuts a file's code at its `#[cfg(test)] mod tests` (by convention the last item)."""
    m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([a-z]+\))?\s+)?mod\s+\w+\s*\{", code)
    return code[:m.start()] if m else code


def long_functions(code, limit):
    found = []
    for m in re.finditer(r"\bfn\s+(\w+)", code):
        depth, i = 0, m.end()
        # the body starts at the first `{` at paren depth 0 (after the signature), unless a `;` ends it
        parens = 0
        while i < len(code):
            ch = code[i]
            if ch in "([":
                parens += 1
            elif ch in ")]":
                parens -= 1
            elif ch == ";" and parens == 0:
                i = -1
                break
            elif ch == "{" and parens == 0:
                break
            i += 1
        if i < 0 or i >= len(code):
            continue
        start = i
        while i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        lines = code.count("\n", m.start(), i) + 1
        if lines > limit:
            found.append((m.group(1), code.count("\n", 0, m.start()) + 1, lines))
    return found


def core_modules():
    src = ROOT / "core/src"
    mods = {}
    tests = test_only_files(src)
    for f in sorted(src.rglob("*.rs")):
        if f in tests:
            continue
        rel = f.relative_to(src).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] in ("mod", "lib"):
            parts = parts[:-1]
        mods[tuple(parts)] = f
    return mods


def import_circles(top_level=False):
    mods = core_modules()
    if top_level:
        return layer_circles(mods)
    graph = {m: set() for m in mods}
    for m, f in mods.items():
        code = without_test_module(strip_comments_and_strings(f.read_text()))
        text = f.read_text()
        paths = re.findall(r"\bcrate::((?:\w+::)*\w+)", code_with_paths(text))
        # `use super::x` inside a file names a sibling
        for p in re.findall(r"\bsuper::((?:\w+::)*\w+)", code_with_paths(text)):
            parent = m[:-1]
            paths.append("::".join(parent + tuple(p.split("::"))))
        for p in re.findall(r"\buse\s+crate::\{([^;]*)\};", code_with_paths(text), re.S):
            for item in re.findall(r"(\w+(?:::\w+)*)", p):
                paths.append(item)
        for p in paths:
            parts = tuple(p.split("::"))
            # the longest prefix that is a module
            for k in range(len(parts), 0, -1):
                if parts[:k] in mods:
                    if parts[:k] != m and not is_ancestor(parts[:k], m):
                        graph[m].add(parts[:k])
                    break
    return tarjan(graph)


def layer_circles(mods):
    """Circles between the crate's top-level modules (a folder counts as one)."""
    tops = {m[:1] for m in mods if m}
    graph = {t: set() for t in tops}
    for m, f in mods.items():
        if not m:
            continue
        code = code_with_paths(f.read_text())
        paths = re.findall(r"\bcrate::((?:\w+::)*\w+)", code)
        for p in re.findall(r"\buse\s+crate::\{([^;]*)\};", code, re.S):
            paths += re.findall(r"(\w+(?:::\w+)*)", p)
        for p in paths:
            t = (p.split("::")[0],)
            if t in tops and t != m[:1]:
                graph[m[:1]].add(t)
    return tarjan(graph)


def code_with_paths(text):
    """The file without its test module and comments, for reading its `crate::` paths."""
    code = strip_comments_and_strings(text)
    return without_test_module(code)


def is_ancestor(a, b):
    return len(a) < len(b) and b[:len(a)] == a


def tarjan(graph):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--list", action="store_true", help="name the long functions and the circles")
    p.add_argument("--limit", type=int, default=200, help="function length limit (default 200)")
    p.add_argument("--root", help="measure another checkout (default: this one)")
    args = p.parse_args()
    if args.root:
        global ROOT
        ROOT = Path(args.root).resolve()

    string_results, set_vars, longs = [], [], []
    for f in product_files():
        text = f.read_text()
        code = without_test_module(strip_comments_and_strings(text))
        raw_lines = text.split("\n")
        for i, line in enumerate(code.split("\n")):
            if re.search(r"Result<[^;{]*,\s*String\s*>", raw_lines[i] if i < len(raw_lines) else ""):
                if line.strip():
                    string_results.append(f"{f.relative_to(ROOT)}:{i + 1}")
            if re.search(r"\bset_var\s*\(", line):
                set_vars.append(f"{f.relative_to(ROOT)}:{i + 1}")
        for name, line, n in long_functions(code, args.limit):
            longs.append((n, f"{f.relative_to(ROOT)}:{line} {name}"))
    circles = import_circles()
    layers = import_circles(top_level=True)

    print(f"{'measure':<40} {'value':>6}")
    print(f"{'Result<_, String> in product code':<40} {len(string_results):>6}")
    print(f"{'set_var outside tests':<40} {len(set_vars):>6}")
    print(f"{'functions over ' + str(args.limit) + ' lines':<40} {len(longs):>6}")
    print(f"{'circles between core layers':<40} {len(layers):>6}")
    print(f"{'circles between core files':<40} {len(circles):>6}")
    if args.list:
        print("\nlong functions:")
        for n, where in sorted(longs, reverse=True):
            print(f"  {n:5} {where}")
        print("\nset_var:")
        for where in set_vars:
            print(f"  {where}")
        print("\ncircles between layers:")
        for comp in layers:
            print(f"  {len(comp)} modules: " + ", ".join("::".join(c) for c in comp))
        print("\ncircles between files:")
        for comp in circles:
            print(f"  {len(comp)} modules: " + ", ".join("::".join(c) or "crate" for c in comp))


if __name__ == "__main__":
    main()
