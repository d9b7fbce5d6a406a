"""Runs a suite's cases, a few guests at a time, and ends the run with its verdict: shared by
the display suite (vm/suite.py) and the boot test (vm/boot/suite.py)."""
import argparse, json, os, sys, threading, time


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


def run_selected(cases, args, suite, key):
    """Runs the cases `--only` names (all without it), records the run's seconds as timing
    `key`, and ends with the suite's verdict."""
    only = set(filter(None, args.only.split(",")))
    suite.timings[key] = run_cases([c for c in cases if not only or c[0] in only], args.jobs)
    finish(suite.results, suite.timings)


def run_cases(cases, jobs):
    """Runs each (name, function) on its own thread, at most `jobs` at once (each QEMU under
    TCG with one vCPU keeps one core busy). Returns the seconds the whole run took."""
    t0 = time.monotonic()
    pending, running = list(cases), []
    while pending or running:
        while pending and len(running) < jobs:
            name, fn = pending.pop(0)
            t = threading.Thread(target=fn, name=name)
            t.start()
            running.append(t)
        for t in running:
            t.join(0.2)
        running = [t for t in running if t.is_alive()]
    return round(time.monotonic() - t0, 1)


def finish(results, timings):
    """Prints the timings and the count of passed and failed checks; exits 1 when any failed
    or none ran (a suite that checked nothing has not passed)."""
    print("TIMINGS: " + json.dumps(timings, sort_keys=True))
    passed = sum(ok for _, ok in results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not results else 0)
