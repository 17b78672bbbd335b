#!/usr/bin/env python3
"""The docs' own tests (docs/testing.md "Docs that are tested").

  check_docs.py examples   REPO BUILD MESHES [FILE.md ...]   run every ```sh block of README.md and docs/*.md
  check_docs.py references REPO                       every file or document cited exists

examples: each ```sh block is run line by line (backslash continuations joined, `&&` parts
in turn) with bash in a scratch folder that stands in for the repository root: build/bin
points into BUILD, build/meshes to MESHES, the repository's top folders are linked, and /tmp/ becomes
the scratch folder's tmp/. An HTML comment right above the block steers it:

  <!-- doctest
  sub OLD => NEW            replace text before running (scaled down); OLD must occur
  expect output WORD ...    the command's output (stdout and stderr) contains each WORD
  expect PATH WORD ...      the file PATH (after the /tmp/ mapping) contains each WORD
  check-only: REASON        not run: programs, options, paths and targets are checked
  -->

Never run, only checked, whatever the marker: `make TARGET` (make -n TARGET in REPO: the
target exists and its recipe expands; the long targets and the build lock ctest holds rule
out running them) and `flock ... cmake --build ... --target T` (each target is in the build's
target list). A checked line's `build/bin/PROG --opt` must name a program of BUILD and an
option PROG --help lists; a path into the repository must exist.

references: README.md, docs/, the sources, scripts, tests and CMake files cite no file that
is not in the repository (relative links, repo paths such as `model/tlm/cc/tlm_chip.h`, bare
document names such as `results.md`), and no citation of the design document by section or
of a seeds folder (neither is in the repository).
"""
import glob, os, re, shlex, shutil, subprocess, sys, tempfile, time

COMMAND_START = re.compile(r"^\s*(build/bin/|make\b|scripts/|bench/|taskset\b|flock\b|ctest\b|cmake\b|[A-Z_]+=\S*\s)")
TOP_DIRS = ("bench", "configs", "docs", "driver", "model", "rtl", "scripts", "sim", "tests", "tools")
OPTION = re.compile(r"(?<![\w-])--[a-zA-Z][\w-]*")
ENV_ASSIGN = re.compile(r"^[A-Z_][A-Z0-9_]*=")


class Block:
    def __init__(self, path, line, text, directives):
        self.path, self.line, self.text, self.directives = path, line, text, directives

    def where(self):
        return f"{self.path}:{self.line}"


def doc_files(repo):
    return ["README.md"] + sorted(os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, "docs", "*.md")))


def parse_blocks(repo, rel):
    """The ```sh blocks of one document with the doctest comment above each, and the
    indented blocks that look like commands (an example the test would not see)."""
    lines = open(os.path.join(repo, rel), encoding="utf-8").read().split("\n")
    blocks, hidden, i = [], [], 0
    while i < len(lines):
        fence = re.match(r"^```\s*(\S*)", lines[i])
        if fence:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            if fence.group(1) == "sh":
                blocks.append(Block(rel, i + 1, "\n".join(lines[i + 1:j]), directives_above(lines, i)))
            i = j + 1
            continue
        if lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()) and COMMAND_START.match(lines[i][4:]):
            hidden.append(f"{rel}:{i + 1}: a command example outside a ```sh block: {lines[i].strip()[:80]}")
        i += 1
    return blocks, hidden


def directives_above(lines, fence_at):
    k = fence_at - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    if k < 0 or not lines[k].strip().endswith("-->"):
        return []
    end = k
    while k >= 0 and "<!--" not in lines[k]:
        k -= 1
    if k < 0 or "doctest" not in lines[k]:
        return []
    body = "\n".join(lines[k:end + 1]).replace("<!--", "").replace("-->", "")
    body = re.sub(r"^\s*doctest", "", body.strip())
    return [d.strip() for d in body.split("\n") if d.strip()]


def logical_lines(text):
    """Backslash continuations joined; comments and blank lines dropped."""
    out, cur = [], ""
    for raw in text.split("\n"):
        cur += raw.rstrip()
        if cur.endswith("\\"):
            cur = cur[:-1] + " "
            continue
        code = strip_comment(cur).strip()
        if code:
            out.append(code)
        cur = ""
    return out


def strip_comment(line):
    quote = None
    for k, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1].isspace()):
            return line[:k]
    return line


class Examples:
    def __init__(self, repo, build, meshes):
        self.repo, self.build, self.meshes = os.path.abspath(repo), os.path.abspath(build), os.path.abspath(meshes)
        self.work = tempfile.mkdtemp(prefix="cc_docs_")
        self.failures, self.help_cache, self.targets = [], {}, None
        self.created = set()  # files a checked block's cp makes
        os.makedirs(os.path.join(self.work, "build"))
        os.makedirs(os.path.join(self.work, "tmp"))
        os.symlink(os.path.join(self.build, "bin"), os.path.join(self.work, "build", "bin"))
        os.symlink(self.meshes, os.path.join(self.work, "build", "meshes"))
        for top in TOP_DIRS:  # configs/ copied: an example may add a configuration
            link = os.path.join(self.work, top)
            if top == "configs":
                shutil.copytree(os.path.join(self.repo, top), link)
            else:
                os.symlink(os.path.join(self.repo, top), link)

    def fail(self, block, why):
        self.failures.append(f"{block.where()}: {why}")
        print(f"FAIL {block.where()}: {why}", flush=True)

    def check_block(self, block):
        text, expects, check_only = block.text, [], None
        for d in block.directives:
            if d.startswith("sub "):
                old, sep, new = d[4:].partition(" => ")
                if not sep or old not in text:
                    return self.fail(block, f"doctest substitution '{old}' does not match the block")
                text = text.replace(old, new)
            elif d.startswith("expect "):
                expects.append(shlex.split(d[7:]))
            elif d.startswith("check-only:"):
                check_only = d[len("check-only:"):].strip()
                if not check_only:
                    return self.fail(block, "check-only without a reason")
            else:
                return self.fail(block, f"unknown doctest directive '{d}'")
        t0, outputs, failed_before = time.time(), [], len(self.failures)
        for line in logical_lines(text):
            for part in (p.strip() for p in line.split("&&")):
                ok = self.check_part(block, part, check_only, outputs)
                if not ok:
                    return
        for e in expects:
            self.check_expect(block, e, "".join(outputs))
        if len(self.failures) > failed_before:
            return
        print(f"ok   {block.where()} ({'checked: ' + check_only if check_only else f'ran, {time.time() - t0:.1f} s'})", flush=True)

    def words(self, part):
        """The command's words without leading VAR=value and taskset -c N."""
        w = shlex.split(part)
        while w and ENV_ASSIGN.match(w[0]):
            w = w[1:]
        if w[:1] == ["taskset"]:
            w = w[3:]
        return w

    def check_part(self, block, part, check_only, outputs):
        w = self.words(part)
        if not w:
            return True
        if w[0] == "make":
            return self.check_make(block, part)
        if w[0] == "flock":
            return self.check_cmake_targets(block, w)
        if check_only:
            return self.check_static(block, w)
        return self.run(block, part, outputs)

    def check_make(self, block, part):
        words = shlex.split(part)
        env = dict(os.environ)
        while words and ENV_ASSIGN.match(words[0]):
            k, _, v = words.pop(0).partition("=")
            env[k] = v
        args = words[1:]
        p = subprocess.run(["make", "-n", "-C", self.repo, f"BUILD={self.build}"] + args, capture_output=True, text=True, env=env)
        if p.returncode != 0 or not p.stdout.strip():
            self.fail(block, f"make -n {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
            return False
        return True

    def check_cmake_targets(self, block, w):
        if "--target" not in w:
            self.fail(block, f"a build command the test cannot check: {' '.join(w)}")
            return False
        if self.targets is None:
            p = subprocess.run(["cmake", "--build", self.build, "--target", "help"], capture_output=True, text=True)
            self.targets = set(re.findall(r"^\.\.\. (\S+)", p.stdout, re.M))
        missing = [t for t in w[w.index("--target") + 1:] if not t.startswith("-") and t not in self.targets]
        if missing:
            self.fail(block, f"no such build target: {' '.join(missing)}")
            return False
        return True

    def program_help(self, prog):
        if prog not in self.help_cache:
            p = subprocess.run([prog, "--help"], capture_output=True, text=True, timeout=60, cwd=self.work)
            self.help_cache[prog] = p.stdout + p.stderr
        return self.help_cache[prog]

    def check_static(self, block, w):
        prog = w[0]
        name = prog[len("build/bin/"):] if prog.startswith("build/bin/") else prog
        binary = os.path.join(self.build, "bin", name)
        if prog.startswith("build/bin/") or os.path.exists(binary):
            if not os.access(binary, os.X_OK):
                self.fail(block, f"no program {prog} in the build")
                return False
            help_text = self.program_help(binary)
            unknown = sorted({o for a in w[1:] for o in OPTION.findall(a) if not re.search(re.escape(o) + r"(?![\w-])", help_text)})
            if unknown:
                self.fail(block, f"{name} --help does not list {' '.join(unknown)}")
                return False
        if w[0] == "cp":
            self.created.add(w[-1])
        for a in w:
            if a not in self.created and not self.path_exists(a):
                self.fail(block, f"no such file {a}")
                return False
        return True

    def path_exists(self, word):
        if word.startswith("build/meshes/"):
            return os.path.exists(os.path.join(self.meshes, word[len("build/meshes/"):]))
        if word.split("/")[0] in TOP_DIRS and "/" in word:
            return bool(glob.glob(os.path.join(self.repo, word)))
        return True

    def run(self, block, part, outputs):
        part = part.replace("/tmp/", self.work + "/tmp/")
        try:
            p = subprocess.run(["bash", "-o", "pipefail", "-c", part], cwd=self.work, capture_output=True, text=True, errors="replace", timeout=300)
        except subprocess.TimeoutExpired:
            self.fail(block, f"timed out: {part[:120]}")
            return False
        outputs.append(p.stdout + p.stderr)
        if p.returncode != 0:
            self.fail(block, f"exit {p.returncode}: {part[:160]}\n{(p.stdout + p.stderr)[-800:]}")
            return False
        return True

    def check_expect(self, block, e, output):
        where, want = e[0], e[1:]
        if where == "output":
            text = output
        else:
            path = os.path.join(self.work, where.replace("/tmp/", "tmp/").lstrip("/"))
            if not os.path.exists(path):
                return self.fail(block, f"the command wrote no {where}")
            text = open(path, errors="replace").read()
        missing = [x for x in want if x not in text]
        if missing:
            self.fail(block, f"{where} does not contain {missing}")


def examples(repo, build, meshes, only):
    ex = Examples(repo, build, meshes)
    count = 0
    for rel in only or doc_files(repo):
        blocks, hidden = parse_blocks(repo, rel)
        for h in hidden:
            ex.failures.append(h)
            print("FAIL " + h, flush=True)
        for b in blocks:
            count += 1
            ex.check_block(b)
    print(f"docs examples: {count} blocks, {len(ex.failures)} failures" + (f" (scratch folder kept: {ex.work})" if ex.failures else ""))
    if not ex.failures:
        shutil.rmtree(ex.work)
    return ex.failures


# ---------------------------------------------------------------- references

SOURCE_EXT = ("md", "h", "hpp", "cpp", "v", "vh", "py", "sh", "cfg", "vec", "sdc", "vlt", "cmake", "txt")
REPO_PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(TOP_DIRS) + r")/[\w.*/-]*[\w*])")
BARE_DOC = re.compile(r"(?<![\w./-])([a-z][\w-]*\.md)\b")
MD_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
FORBIDDEN = re.compile(r"DESIGN \u00a7|\bseeds[/]")  # spelled so this line does not match itself
# Paths the docs name on purpose although they are not files of the repository: build
# products and the user's own files (NAME, mine, A.off), placeholders.
WRITTEN_DOCS = {"table1.md"}  # cc_perf's output, not a document of the repository
PLACEHOLDER = re.compile(r"(NAME|mine|[A-Z]\.off|STAMP|\.\.\.|<|\$)")


def expand_pair(p):
    """`sim/cc_pci_host.h/.cpp` names two files."""
    m = re.match(r"^(.*)(\.\w+)/(\.\w+)$", p)
    return [m.group(1) + m.group(2), m.group(1) + m.group(3)] if m else [p]


def repo_has(repo, citing, p, tracked, dirs):
    """p is a tracked file or folder, a glob matching one, a path relative to the citing
    file's folder (CMake), a module named without its extension (`sim/cc_pci_host`), or a
    program its folder's CMakeLists.txt builds (`tools/cc_gen`)."""
    if p.rstrip("/") in dirs or p in tracked:
        return True
    if "*" in p and glob.glob(os.path.join(repo, p)):
        return True
    if os.path.normpath(os.path.join(os.path.dirname(citing), p)) in tracked:
        return True
    if any(t.startswith(p + ".") for t in tracked):
        return True
    cmake = os.path.join(repo, os.path.dirname(p), "CMakeLists.txt")
    return os.path.exists(cmake) and f"add_executable({os.path.basename(p)} " in open(cmake).read()


def scanned_files(repo):
    tracked = subprocess.run(["git", "-C", repo, "ls-files", "--cached", "--others", "--exclude-standard"], capture_output=True,
                             text=True).stdout.split()
    roots = ("README.md", "CMakeLists.txt", "Makefile", "docs/", "rtl/", "model/", "driver/", "sim/", "tests/", "scripts/", "bench/", "tools/", "configs/")
    return tracked, [f for f in tracked if f.startswith(roots) and not f.startswith("docs/img/")]


def references(repo):
    tracked, files = scanned_files(repo)
    tracked_set = set(tracked)
    dirs = {os.path.dirname(f) for f in tracked}
    dirs |= {"/".join(d.split("/")[:k]) for d in list(dirs) for k in range(1, d.count("/") + 1)}
    doc_names = {os.path.basename(f) for f in tracked if f.endswith(".md")}
    failures = []
    for f in files:
        try:
            text = open(os.path.join(repo, f), encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.split("\n"), 1):
            for why in cited_but_missing(f, line, tracked_set, dirs, doc_names, repo):
                failures.append(f"{f}:{n}: {why}")
    for x in failures:
        print("FAIL " + x)
    print(f"docs references: {len(files)} files scanned, {len(failures)} failures")
    return failures


def cited_but_missing(f, line, tracked, dirs, doc_names, repo):
    if FORBIDDEN.search(line):
        yield f"cites a document outside the repository: {FORBIDDEN.search(line).group(0)}"
    for cited in REPO_PATH.findall(line):
        for p in expand_pair(cited.rstrip(".")):
            if not PLACEHOLDER.search(p) and not repo_has(repo, f, p, tracked, dirs):
                yield f"no such file or folder: {p}"
    if f.endswith(".md"):
        for target in MD_LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(f), target))
            if path not in tracked and path not in dirs:
                yield f"link to a missing file: {target}"
    for d in BARE_DOC.findall(line):
        if d not in doc_names and d not in WRITTEN_DOCS:
            yield f"no such document: {d}"


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "examples":
        failures = examples(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 3 and sys.argv[1] == "references":
        failures = references(sys.argv[2])
    else:
        sys.exit(__doc__)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
