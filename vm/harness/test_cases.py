#!/usr/bin/env python3
"""The runner's verdict (cases.py) without QEMU: fake cases that crash in the ways real ones
did — or could — and one that checks nothing must turn the run red, with the traceback shown;
passing cases alone must pass. vm/run.sh and vm/boot/run.sh run this after their build, before
anything boots (scripts/test's sandboxed script tests expect a failed build to come first).

    /usr/bin/python3 vm/harness/test_cases.py"""
import contextlib, io, os, subprocess, sys, types, unittest
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases


def run(case_list, only="", jobs=2):
    """(exit status, everything printed) of run_selected over the fake cases."""
    suite = cases.Checks()
    out = io.StringIO()
    code = None
    with contextlib.redirect_stdout(out):
        try:
            cases.run_selected([(name, fn(suite)) for name, fn in case_list],
                               types.SimpleNamespace(only=only, jobs=jobs), suite, "suite_s")
        except SystemExit as e:
            code = e.code
    return code, out.getvalue()


class GuestError(Exception):
    """Stands in for qemu.GuestError: what a case catches itself and records as a failed check."""


def passing(suite):
    return lambda: suite.check("passing: one check that holds", True)


def empty_list(suite):
    def crashes_on_an_empty_list():
        suite.check("empty-list: a check before the crash", True)
        next(c for c in [] if c)            # StopIteration, as `next()` over connectors found none
    return crashes_on_an_empty_list


def failed_render(suite):
    def host_render_fails():
        subprocess.run(["false"], check=True)   # CalledProcessError, as `render` with check=True
    return host_render_fails


def missing_key(suite):
    def reads_a_missing_key():
        return {"cards": []}["connectors"]  # KeyError in a guest's JSON
    return reads_a_missing_key


def silent(suite):
    return lambda: None                     # returned before its first check


class RunnerVerdict(unittest.TestCase):
    def test_crashing_and_silent_cases_fail_the_run_with_the_traceback(self):
        code, out = run([("passing", passing), ("empty-list", empty_list), ("silent", silent)])
        self.assertEqual(code, 1, out)
        self.assertIn("PASS: passing: one check that holds", out)
        self.assertIn("FAIL: empty-list: the case stopped with StopIteration", out)
        self.assertIn("Traceback (most recent call last)", out)
        self.assertIn("in crashes_on_an_empty_list", out)
        self.assertIn("FAIL: silent: the case recorded no check", out)
        self.assertIn("2 passed, 2 failed", out)

    def test_every_kind_of_exception_is_a_fail(self):
        for name, fn, kind, where in [("render", failed_render, "CalledProcessError", "in host_render_fails"),
                                      ("json", missing_key, "KeyError", "in reads_a_missing_key")]:
            code, out = run([("passing", passing), (name, fn)])
            self.assertEqual(code, 1, out)
            self.assertIn(f"FAIL: {name}: the case stopped with {kind}", out)
            self.assertIn(where, out)
            self.assertIn("1 passed, 1 failed", out)

    def test_a_guest_error_caught_by_the_case_is_its_failed_check(self):
        def caught(suite):
            def case():
                try:
                    raise GuestError("no 'on screen' within 60s")
                except GuestError as e:
                    suite.check("guest: the frame shows", False, str(e))
            return case
        code, out = run([("passing", passing), ("guest", caught)])
        self.assertEqual(code, 1, out)
        self.assertIn("FAIL: guest: the frame shows -- no 'on screen' within 60s", out)

    def test_passing_cases_alone_pass(self):
        code, out = run([("passing", passing), ("also", lambda s: lambda: s.check("also: holds", True))])
        self.assertEqual(code, 0, out)
        self.assertIn("2 passed, 0 failed", out)

    def test_only_runs_the_named_cases_and_an_unknown_name_is_an_error(self):
        code, out = run([("passing", passing), ("silent", silent)], only="passing")
        self.assertEqual(code, 0, out)
        self.assertNotIn("silent", out.replace("the cases:", ""))
        code, out = run([("passing", passing), ("silent", silent)], only="passing,pasing")
        self.assertEqual(code, 2, out)
        self.assertIn("--only pasing: no such case", out)
        self.assertNotIn("PASS", out)

    def test_no_case_at_all_is_not_a_pass(self):
        code, out = run([])
        self.assertEqual(code, 1, out)
        self.assertIn("0 passed, 0 failed", out)


if __name__ == "__main__":
    unittest.main()
