"""Runs a suite's cases, a few guests at a time, and ends the run with its verdict: shared by
the display suite (vm/suite.py) and the boot test (vm/boot/suite.py).

A run passes only when every selected case recorded at least one check and every check passed.
A case that raises — anything, not only GuestError: a host `render` run with check=True that
fails, a next() on an empty list, a KeyError in a guest's JSON — is a FAIL with its traceback;
so is a case that ended without recording a check (it proved nothing). vm/harness/test_cases.py
feeds this runner fake cases of each kind without QEMU."""
import argparse, json, os, sys, threading, time, traceback


class Checks:
    """What a suite records: each check under the case that made it (the name of the thread the
    runner started the case on: checks are made on the case's own thread), and timings."""

    def __init__(self):
        self.results = []          # (case, check, passed)
        self.timings = {}
        self.lock = threading.Lock()

    def check(self, name, ok, detail=""):
        self.record(threading.current_thread().name, name, ok, detail)
        return ok

    def record(self, case, name, ok, detail=""):
        with self.lock:
            self.results.append((case, name, bool(ok)))
            print(f"{'PASS' if ok else 'FAIL'}: {name}" + (f" -- {detail}" if detail else ""), flush=True)


def arguments(*own):
    """The arguments every suite takes (the kernel, the quizkiosk binary, the states it draws,
    the output folder, `--only CASE,…`, `--jobs`) and the suite's `own` required ones (its
    initrd or disk image); the output folder is made."""
    ap = argparse.ArgumentParser()
    for name in ("--kernel",) + own + ("--binary", "--states", "--out"):
        ap.add_argument(name, required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    return a


def run_selected(cases, args, suite, key, alone=()):
    """Runs the cases `--only` names (all without it; a name that is no case ends the run with
    exit 2 before anything boots), records the run's seconds as timing `key`, and ends with the
    suite's verdict. Cases named in `alone` measure time on the host (the sound's WAV) and run
    after the others, one at a time: a second guest beside them takes the other core."""
    names = [name for name, _ in cases]
    assert len(set(names)) == len(names), f"two cases share a name: {names}"
    only = [n for n in args.only.split(",") if n]
    unknown = [n for n in only if n not in names]
    if unknown:
        print(f"FAIL: --only {','.join(unknown)}: no such case (the cases: {', '.join(names)})", flush=True)
        sys.exit(2)
    chosen = [c for c in cases if not only or c[0] in only]
    shared = [c for c in chosen if c[0] not in alone]
    solo = [c for c in chosen if c[0] in alone]
    suite.timings[key] = run_cases(shared, args.jobs, suite) + run_cases(solo, 1, suite)
    finish(suite, [name for name, _ in chosen])


def run_guarded(name, fn, suite):
    """One case on its own thread: whatever it raises is recorded as a failed check with the
    traceback (a thread's exception would otherwise only be printed, and the run would pass)."""
    try:
        fn()
    except BaseException as e:  # anything at all: SystemExit and KeyboardInterrupt end a thread silently too
        suite.record(name, f"{name}: the case stopped with {type(e).__name__}", False,
                     f"{e!r}\n" + traceback.format_exc().rstrip())


def run_cases(cases, jobs, suite):
    """Runs each (name, function) on its own thread named after the case, at most `jobs` at
    once (each QEMU under TCG with one vCPU keeps one core busy). Returns the seconds the whole
    run took."""
    t0 = time.monotonic()
    pending, running = list(cases), []
    while pending or running:
        while pending and len(running) < jobs:
            name, fn = pending.pop(0)
            t = threading.Thread(target=run_guarded, args=(name, fn, suite), name=name)
            t.start()
            running.append(t)
        for t in running:
            t.join(0.2)
        running = [t for t in running if t.is_alive()]
    return round(time.monotonic() - t0, 1)


def finish(suite, names):
    """A selected case that recorded no check fails; prints the timings, the failed checks
    again (the run's output is long) and the count of passed and failed checks; exits 1 when
    any failed or none ran (a suite that checked nothing has not passed)."""
    for name in names:
        if not any(case == name for case, _, _ in suite.results):
            suite.record(name, f"{name}: the case recorded no check", False, "a case that checked nothing has not passed")
    print("TIMINGS: " + json.dumps(suite.timings, sort_keys=True))
    failed = [check for _, check, ok in suite.results if not ok]
    for check in failed:
        print(f"FAILED: {check}")
    print(f"{len(suite.results) - len(failed)} passed, {len(failed)} failed", flush=True)
    sys.exit(1 if failed or not suite.results else 0)
