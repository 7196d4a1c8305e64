#!/usr/bin/env python3
"""Replays a GDL playout trace (../../shared/TRACE.md format) against SWI-Prolog and reports disagreements.

The game is translated to Prolog independently of Ratchet's own reasoner: every GDL constant becomes an
atom, (f) becomes '$kif0'(f), relation r becomes the tabled predicate 'g:r', true/does are dynamic facts
set per state, not is \\+ and distinct is \\== (both moved after the literals that bind their variables),
or is ;. See support.pl for the command loop that answers init, legal, terminal, goal and next queries.

Usage: check_trace.py GAME.kif TRACE.jsonl [--no-terminal-legal] [--verbose]
       check_trace.py --self-test GAME.kif TRACE.jsonl   (corrupts a passing trace; each copy must fail)
"""

import argparse
import copy
import functools
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPORT = os.path.join(HERE, "support.pl")
LIST_LIMIT = 12


class KifError(Exception):
    pass


# ---------------------------------------------------------------- KIF reading and printing

def tokenize(text):
    tokens = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif c.isspace():
            i += 1
        elif c in "()":
            tokens.append(c)
            i += 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in "();":
                j += 1
            tokens.append(text[i:j].lower())  # GDL symbols are case-insensitive
            i = j
    return tokens


def parse_all(text):
    """All top-level expressions: a symbol is a str, a list expression a Python list."""
    tokens = tokenize(text)
    stack, top = [], []
    for tok in tokens:
        if tok == "(":
            stack.append([])
        elif tok == ")":
            if not stack:
                raise KifError("unbalanced ')'")
            done = stack.pop()
            (stack[-1] if stack else top).append(done)
        else:
            (stack[-1] if stack else top).append(tok)
    if stack:
        raise KifError("unbalanced '('")
    return top


def parse_term(text):
    exprs = parse_all(text)
    if len(exprs) != 1:
        raise KifError("not exactly one term: %r" % text)
    check_term(exprs[0], text)
    return exprs[0]


def check_term(e, text):
    if isinstance(e, list):
        if not e or isinstance(e[0], list):
            raise KifError("a compound term needs a symbol as functor: %r" % text)
        for a in e[1:]:
            check_term(a, text)


def render(e):
    """Canonical KIF: lower case, single spaces."""
    if isinstance(e, str):
        return e
    return "(" + " ".join(render(x) for x in e) + ")"


@functools.lru_cache(maxsize=1 << 18)
def canonical(text):
    return render(parse_term(text))


# ---------------------------------------------------------------- GDL to Prolog

def quote(symbol):
    return "'" + symbol.replace("\\", "\\\\").replace("'", "\\'") + "'"


def pred_name(symbol):
    return quote("g:" + symbol)


class RuleTranslator:
    """Translates one rule; variables are numbered per rule."""

    def __init__(self):
        self.vars = {}

    def var(self, name):
        if name not in self.vars:
            self.vars[name] = "V%d" % len(self.vars)
        return self.vars[name]

    def term(self, e):
        if isinstance(e, str):
            return self.var(e) if e.startswith("?") else quote(e)
        if not e or not isinstance(e[0], str) or e[0].startswith("?"):
            raise KifError("bad term %s" % render(e))
        if len(e) == 1:
            return "'$kif0'(%s)" % quote(e[0])
        return "%s(%s)" % (quote(e[0]), ", ".join(self.term(a) for a in e[1:]))

    def atom_sentence(self, e):
        """A relation sentence: p, (p) or (p a b)."""
        if isinstance(e, str):
            if e.startswith("?"):
                raise KifError("variable used as a sentence: %s" % e)
            return pred_name(e), (e, 0)
        if not e or not isinstance(e[0], str):
            raise KifError("bad sentence %s" % render(e))
        if len(e) == 1:
            return pred_name(e[0]), (e[0], 0)
        return "%s(%s)" % (pred_name(e[0]), ", ".join(self.term(a) for a in e[1:])), (e[0], len(e) - 1)

    # A body literal becomes a tree: ("pos", text, vars, pred) | ("filter", text, vars) | ("or", [[lits]], vars)
    def literal(self, e, used):
        head = e[0] if isinstance(e, list) and e else None
        if head == "true" and len(e) == 2:
            return ("pos", "cc_true(%s)" % self.term(e[1]), term_vars(e))
        if head == "does" and len(e) == 3:
            return ("pos", "cc_does(%s, %s)" % (self.term(e[1]), self.term(e[2])), term_vars(e))
        if head == "distinct" and len(e) == 3:
            return ("filter", "%s \\== %s" % (self.term(e[1]), self.term(e[2])), term_vars(e))
        if head == "not" and len(e) == 2:
            inner = self.literal(e[1], used)
            return ("filter", "\\+ (%s)" % self.emit([inner], set()), term_vars(e))
        if head == "or":
            return ("or", [[self.literal(d, used)] for d in e[1:]], term_vars(e))
        text, key = self.atom_sentence(e)
        used.add(key)
        return ("pos", text, term_vars(e))

    def emit(self, literals, bound):
        """Orders literals so that every filter runs after the literals binding its variables, then joins them."""
        remaining = list(literals)
        bound = set(bound)
        parts = []
        while remaining:
            pick = next((l for l in remaining if ready(l, bound)), remaining[0])
            remaining.remove(pick)
            if pick[0] == "or":
                parts.append("(" + " ; ".join(self.emit(d, bound) for d in pick[1]) + ")")
            else:
                parts.append(pick[1])
            if pick[0] != "filter":
                bound |= pick[2]
        return ", ".join(parts) if parts else "true"


def ready(lit, bound):
    if lit[0] == "pos":
        return True
    if lit[0] == "filter":
        return lit[2] <= bound
    return all(all(ready(l, bound | positive_vars(d)) for l in d) for d in lit[1])


def positive_vars(literals):
    out = set()
    for l in literals:
        if l[0] == "pos":
            out |= l[2]
        elif l[0] == "or":
            for d in l[1]:
                out |= positive_vars(d)
    return out


def term_vars(e):
    if isinstance(e, str):
        return {e} if e.startswith("?") else set()
    out = set()
    for x in e:
        out |= term_vars(x)
    return out


QUERIED = [("role", 1), ("init", 1), ("legal", 2), ("next", 1), ("terminal", 0), ("goal", 2)]


def translate(game_text):
    """The Prolog program (a string) for a game."""
    clauses, defined, used = [], set(), set()
    for e in parse_all(game_text):
        t = RuleTranslator()
        if isinstance(e, list) and e and e[0] == "<=":
            if len(e) < 2:
                raise KifError("rule without head")
            head, key = t.atom_sentence(e[1])
            body = t.emit([t.literal(b, used) for b in e[2:]], set())
        else:
            head, key = t.atom_sentence(e)
            body = "true"
        if key[0] in ("true", "does"):
            continue  # not a relation a game may define
        defined.add(key)
        clauses.append("%s :- %s." % (head, body) if body != "true" else head + ".")
    lines = [":- style_check(-singleton).", ":- style_check(-discontiguous).",
             ":- use_module(%s)." % quote(SUPPORT[:-3]), ":- dynamic cc_true/1, cc_does/2."]
    # Tabling every defined relation makes recursion (left recursion included) terminate.
    for name, arity in sorted(defined):
        lines.append(":- table %s/%d." % (pred_name(name), arity))
    for name, arity in sorted((used | set(QUERIED)) - defined):
        lines.append(":- dynamic %s/%d." % (pred_name(name), arity))
    return "\n".join(lines + clauses) + "\n"


@functools.lru_cache(maxsize=1 << 18)
def to_prolog(text):
    """Prolog text of a ground term in KIF."""
    return RuleTranslator().term(parse_term(text))


# ---------------------------------------------------------------- the reference

class Reference:
    def __init__(self, game_path):
        with open(game_path, encoding="utf-8") as f:
            program = translate(f.read())
        fd, self.program_path = tempfile.mkstemp(prefix="crosscheck-", suffix=".pl")
        with os.fdopen(fd, "w") as f:
            f.write(program)
        self.proc = subprocess.Popen(
            ["swipl", "-q", "--no-packs", "-g", "crosscheck_support:main", "-t", "halt(1)", self.program_path],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.roles = [r for (r,) in self.ask("roles", "R")]
        self.init = frozenset(f for (f,) in self.ask("init", "S"))

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
        os.unlink(self.program_path)

    def ask(self, command, tag=None):
        self.proc.stdin.write(command + ".\n")
        self.proc.stdin.flush()
        rows = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("swipl exited")
            line = line.rstrip("\n")
            if line == "END":
                return rows
            fields = line.split("\t")
            if fields[0] == "E":
                raise RuntimeError("swipl error: " + " ".join(fields[1:]))
            if tag is None:
                rows.append(tuple(fields))
            elif fields[0] == tag:
                rows.append(tuple(fields[1:]))

    @staticmethod
    def facts(state):
        return "[" + ", ".join(to_prolog(f) for f in sorted(state)) + "]"

    def evaluate(self, state):
        """(legal: role -> set, terminal: bool, goals: role -> list of values) of a state."""
        legal = {r: set() for r in self.roles}
        goals = {r: [] for r in self.roles}
        terminal = False
        for row in self.ask("eval(%s)" % self.facts(state)):
            if row[0] == "L":
                legal.setdefault(row[1], set()).add(row[2])
            elif row[0] == "T":
                terminal = row[1] == "true"
            elif row[0] == "G":
                goals.setdefault(row[1], []).append(row[2])
        return legal, terminal, goals

    def next_state(self, joint):
        """The state that the joint move leads to from the state last evaluated."""
        moves = ", ".join("%s-%s" % (to_prolog(r), to_prolog(m)) for r, m in joint.items())
        return frozenset(f for (f,) in self.ask("next([%s])" % moves, "S"))


# ---------------------------------------------------------------- checking

class Mismatch(Exception):
    pass


def show(items):
    items = sorted(items)
    text = ", ".join(items[:LIST_LIMIT])
    if len(items) > LIST_LIMIT:
        text += ", ... (%d more)" % (len(items) - LIST_LIMIT)
    return "[" + text + "]"


def set_diff(what, ref, got):
    parts = []
    if ref - got:
        parts.append("missing " + show(ref - got))
    if got - ref:
        parts.append("extra " + show(got - ref))
    return "%s differs: %s" % (what, "; ".join(parts))


def canonical_set(what, strings, problems):
    if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
        raise Mismatch("%s is not an array of strings" % what)
    out = set()
    for s in strings:
        try:
            c = canonical(s)
        except KifError as e:
            raise Mismatch("%s: unparseable term %r (%s)" % (what, s, e))
        if c in out:
            problems.append("%s has duplicate %s" % (what, c))
        out.add(c)
    return out


def goal_value(values):
    """The reference convention: no value -> 0, several -> the maximum."""
    ints = []
    for v in values:
        if not v.isdigit():
            raise Mismatch("reference goal value %r is not an integer" % v)
        ints.append(int(v))
    return max(ints) if ints else 0


def check_playout(ref, records, no_terminal_legal):
    """Raises Mismatch (with its step) at the first disagreement; returns the number of records checked."""
    roles = set(ref.roles)
    state = ref.init
    for index, rec in enumerate(records):
        step = rec.get("step")
        try:
            problems = []
            if step != index:
                raise Mismatch("step number %r, expected %d" % (step, index))
            for key in ("state", "legal", "terminal"):
                if key not in rec:
                    raise Mismatch("record has no %r" % key)
            got_state = canonical_set("state", rec["state"], problems)
            if got_state != state:
                problems.append(set_diff("state", state, got_state))
            legal, terminal, goals = ref.evaluate(state)
            if not isinstance(rec["terminal"], bool):
                raise Mismatch("terminal is not a boolean")
            if rec["terminal"] != terminal:
                problems.append("terminal is %s, reference says %s" % (json.dumps(rec["terminal"]), json.dumps(terminal)))
            if not isinstance(rec["legal"], dict):
                raise Mismatch("legal is not an object")
            got_legal = {}
            for role, moves in rec["legal"].items():
                got_legal[canonical(role)] = canonical_set("legal[%s]" % role, moves, problems)
            if set(got_legal) != roles:
                problems.append(set_diff("legal role keys", roles, set(got_legal)))
            if not (no_terminal_legal and terminal):
                for role in ref.roles:
                    if role in got_legal and got_legal[role] != legal[role]:
                        problems.append(set_diff("legal[%s]" % role, legal[role], got_legal[role]))
            last = index == len(records) - 1
            if rec["terminal"]:
                if "joint" in rec:
                    problems.append("terminal record has a joint")
                if "goals" not in rec or not isinstance(rec["goals"], dict):
                    problems.append("terminal record has no goals object")
                elif terminal:
                    got_goals = {canonical(r): v for r, v in rec["goals"].items()}
                    if set(got_goals) != roles:
                        problems.append(set_diff("goals role keys", roles, set(got_goals)))
                    for role in ref.roles:
                        want = goal_value(goals[role])
                        if role in got_goals and (type(got_goals[role]) is not int or got_goals[role] != want):
                            problems.append("goal[%s] is %r, reference says %d (derived %s)"
                                            % (role, got_goals[role], want, show(goals[role])))
                if not last:
                    problems.append("records follow the terminal record")
            elif "joint" not in rec:
                if "goals" in rec:
                    problems.append("non-terminal record has goals")
                if not any(not legal[r] for r in ref.roles):
                    problems.append("dead end (no joint) but the reference has legal moves for every role")
                if not last:
                    problems.append("records follow the dead end")
            else:
                if "goals" in rec:
                    problems.append("non-terminal record has goals")
                if not isinstance(rec["joint"], dict):
                    raise Mismatch("joint is not an object")
                joint = {canonical(r): canonical(m) for r, m in rec["joint"].items()}
                if set(joint) != roles:
                    problems.append(set_diff("joint role keys", roles, set(joint)))
                for role in ref.roles:
                    if role in joint and joint[role] not in legal[role]:
                        problems.append("joint move %s of %s is not legal by the reference" % (joint[role], role))
                if last:
                    problems.append("playout stops early: the last record is not terminal and has a joint")
            if problems:
                raise Mismatch("; ".join(problems))
            if not rec["terminal"] and "joint" in rec:
                state = ref.next_state(joint)
        except (KifError, RuntimeError) as e:
            raise Mismatch("at step %s: %s" % (step, e))
        except Mismatch as e:
            if str(e).startswith("at step"):
                raise
            raise Mismatch("at step %s: %s" % (step, e))
    return len(records)


def group_playouts(lines):
    """([(playout id, [records]) in file order], number of unusable lines, [(id, problem)])."""
    groups, bad, problems = [], 0, []
    seen = set()
    for line in lines:
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict) or type(rec.get("playout")) is not int:
                raise ValueError("not a record")
        except ValueError:
            bad += 1
            continue
        pid = rec["playout"]
        if groups and groups[-1][0] == pid:
            groups[-1][1].append(rec)
        elif pid in seen:
            problems.append((pid, "records of the playout are not consecutive"))
        else:
            seen.add(pid)
            groups.append((pid, [rec]))
    return groups, bad, problems


def check(game, lines, no_terminal_legal=False, verbose=False, out=print):
    """Checks trace lines; prints the first mismatch per failed playout and the summary; returns (passed, failed)."""
    groups, bad, problems = group_playouts(lines)
    broken = {pid: why for pid, why in problems}
    ref = Reference(game)
    passed = failed = 0
    try:
        for pid, records in groups:
            try:
                if pid in broken:
                    raise Mismatch(broken[pid])
                steps = check_playout(ref, records, no_terminal_legal)
                passed += 1
                if verbose:
                    out("playout %d: ok (%d records)" % (pid, steps))
            except Mismatch as e:
                failed += 1
                out("playout %d: FAIL %s" % (pid, e))
    finally:
        ref.close()
    if bad:
        failed += 1
        out("%d line(s) are not JSON records" % bad)
    out("%d passed, %d failed" % (passed, failed))
    return passed, failed


# ---------------------------------------------------------------- self-test

def corruptions(records):
    """(name, corrupted records) pairs, each of which a correct checker must reject."""
    def first(pred):
        return next(i for i, r in enumerate(records) if pred(r))

    def variant(name, change):
        recs = copy.deepcopy(records)
        change(recs)
        return name, recs

    mid = first(lambda r: not r["terminal"] and r["step"] > 0 and r["state"])
    term = first(lambda r: r["terminal"])
    playing = first(lambda r: not r["terminal"] and any(r["legal"].values()))
    role = next(k for k, v in records[playing]["legal"].items() if v)

    def illegal_move(recs):
        recs[playing]["legal"][role].append("(mark 9 9)")

    def illegal_joint(recs):
        recs[playing]["joint"][role] = "(mark 9 9)"

    def change_goal(recs):
        g = recs[term]["goals"]
        k = next(iter(g))
        g[k] = 100 - g[k] if g[k] != 50 else 0

    def flip_terminal_mid(recs):
        recs[mid]["terminal"] = True
        recs[mid]["goals"] = {k: 0 for k in recs[mid]["legal"]}
        del recs[mid]["joint"]
        del recs[mid + 1:]

    def flip_terminal_end(recs):
        recs[term]["terminal"] = False
        del recs[term]["goals"]

    def duplicate(recs):
        recs[mid]["state"].append(recs[mid]["state"][0])

    return [
        variant("drop a state fact", lambda recs: recs[mid]["state"].pop(0)),
        variant("add a state fact", lambda recs: recs[mid]["state"].append("(cell 9 9 x)")),
        variant("add an illegal legal move", illegal_move),
        variant("drop a legal move", lambda recs: recs[playing]["legal"][role].pop()),
        variant("play an illegal joint move", illegal_joint),
        variant("flip terminal to true mid-game", flip_terminal_mid),
        variant("flip terminal to false at the end", flip_terminal_end),
        variant("change a goal", change_goal),
        variant("duplicate a state fact", duplicate),
        variant("drop the terminal record", lambda recs: recs.pop(term)),
        variant("skip a step number", lambda recs: recs[mid].update(step=recs[mid]["step"] + 1)),
    ]


def self_test(game, trace_lines):
    """The clean trace must pass; every corrupted copy of its first playout must fail."""
    quiet = []
    passed, failed = check(game, trace_lines, out=quiet.append)
    ok = failed == 0 and passed > 0
    print("clean trace: %s (%s)" % ("passes" if ok else "FAILS", quiet[-1]))
    groups, _, _ = group_playouts(trace_lines)
    records = groups[0][1]
    for name, recs in corruptions(records):
        lines = [json.dumps(r) for r in recs]
        msgs = []
        p, f = check(game, lines, out=msgs.append)
        caught = f > 0
        ok = ok and caught
        print("%-36s %s: %s" % (name, "caught" if caught else "NOT CAUGHT", msgs[0] if caught else msgs[-1]))
    bad_json = trace_lines[:1] + ["{not json"]
    msgs = []
    p, f = check(game, bad_json, out=msgs.append)
    ok = ok and f > 0
    print("%-36s %s: %s" % ("an unparseable line", "caught" if f > 0 else "NOT CAUGHT", msgs[-1]))
    print("self-test %s" % ("passed" if ok else "FAILED"))
    return ok


def main():
    ap = argparse.ArgumentParser(description="Check a playout trace against SWI-Prolog.")
    ap.add_argument("game")
    ap.add_argument("trace", help="trace file, or - for standard input")
    ap.add_argument("--no-terminal-legal", action="store_true", help="do not compare legal sets at terminal states")
    ap.add_argument("--verbose", "-v", action="store_true", help="also list the playouts that pass")
    ap.add_argument("--self-test", action="store_true", help="check that corrupted copies of the trace fail")
    ap.add_argument("--print-program", action="store_true", help="print the Prolog translation and exit")
    args = ap.parse_args()
    if args.print_program:
        with open(args.game, encoding="utf-8") as f:
            sys.stdout.write(translate(f.read()))
        return 0
    if args.trace == "-":
        lines = sys.stdin.read().splitlines()
    else:
        with open(args.trace, encoding="utf-8") as f:
            lines = f.read().splitlines()
    if args.self_test:
        return 0 if self_test(args.game, lines) else 1
    passed, failed = check(args.game, lines, args.no_terminal_legal, args.verbose)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
