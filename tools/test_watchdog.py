#!/usr/bin/env python3
"""Ends a `swift test` runner that can no longer finish, and says why, instead of letting it sit idle.

scripts/test starts it beside each `swift test` phase:
    tools/test_watchdog.py LOG RUNNER_PATTERN SWIFT_TEST_PID
It reads the phase's console output (LOG) as it grows. Swift Testing ends a test at its time limit
only if the test's task honours cancellation; a test awaiting something that never answers keeps the
runner alive until the whole run's bound. The watchdog ends the runner (the processes `pgrep -f
RUNNER_PATTERN` finds, with their process group) when
  - a test that recorded "Time limit was exceeded: L seconds" has not finished, and none of its
    cases started, for L + TEST_STUCK_GRACE_SECONDS (default 60) since the later of that record and
    its last case's start: any case still running would have finished or recorded its own limit by
    then, so the test can only be waiting on something that will never answer; or
  - the runner printed nothing for TEST_SILENCE_SECONDS (default 480: longer than any suite's limit)
    while tests are still unfinished.
Before it ends the runner it writes every thread's stack (gdb "thread apply all bt") to
TEST_STACKS_DIR (default: the log's folder) and prints the stuck tests, the commonest innermost
frames and the stacks' file, so a stalled run is diagnosed from its log alone. It exits 0 when
swift test (SWIFT_TEST_PID) is gone, 3 when it ended a runner.
"""
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from unfinished_tests import NAME, unfinished  # noqa: E402

TIME_LIMIT = re.compile(r'^\S+ Test ' + NAME + r' recorded an issue.*Time limit was exceeded: ([0-9.]+) seconds')
CASE_STARTED = re.compile(r'^\S+ Test case passing .* to ' + NAME + r' started\.$')
FIRED = 3


def runner_pids(pattern):
    try:
        out = subprocess.run(['pgrep', '-f', pattern], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(p) for p in out.split() if int(p) != os.getpid()]


def have_gdb():
    return subprocess.run(['sh', '-c', 'command -v gdb'], capture_output=True).returncode == 0


def dump_stacks(pid, folder):
    path = os.path.join(folder, f'stacks-{pid}-{int(time.time())}.txt')
    if not have_gdb():
        return '(no stacks: gdb is not installed; scripts/test installs it)'
    try:
        result = subprocess.run(['gdb', '-p', str(pid), '-batch', '-ex', 'thread apply all bt'],
                                capture_output=True, text=True, timeout=300)
        with open(path, 'w') as handle:
            handle.write(result.stdout)
            handle.write(result.stderr)
        return path
    except (OSError, subprocess.TimeoutExpired) as error:
        return f'(no stacks: {error})'


def summarize(path):
    """The threads' innermost named frames, counted: enough to see what everyone waits on."""
    try:
        text = open(path, encoding='utf-8', errors='replace').read()
    except OSError:
        return []
    threads = re.split(r'\n(?=Thread \d+ )', text)
    tops = {}
    for thread in threads:
        frames = re.findall(r'^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+)', thread, re.M)
        if not frames:
            continue
        key = ' ← '.join(frames[:3])
        tops[key] = tops.get(key, 0) + 1
    return sorted(tops.items(), key=lambda item: -item[1])[:12]


def end(pid):
    """Ends the runner and what it started: its process group when it leads one of its own (swift
    test starts it so), so no server or database a test spawned keeps loading the next phase."""
    try:
        group = os.getpgid(pid)
        if group == pid and group != os.getpgid(0):
            os.killpg(group, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def main(log, pattern, writer_pid):
    grace = float(os.environ.get('TEST_STUCK_GRACE_SECONDS', '60'))
    silence = float(os.environ.get('TEST_SILENCE_SECONDS', '480'))
    folder = os.environ.get('TEST_STACKS_DIR') or os.path.dirname(os.path.abspath(log))
    lines = []
    over_limit = {}  # test name → (when it last recorded its limit or started a case, the limit in s)
    last_growth = time.monotonic()
    position = 0
    partial = ''
    while True:
        try:
            os.kill(writer_pid, 0)
        except OSError:
            return 0
        try:
            with open(log, encoding='utf-8', errors='replace') as handle:
                handle.seek(position)
                chunk = handle.read()
                position = handle.tell()
        except OSError:
            chunk = ''
        if chunk:
            last_growth = time.monotonic()
            text = partial + chunk
            new = text.split('\n')
            partial = new.pop()
            for line in new:
                lines.append(line)
                hit = TIME_LIMIT.match(line)
                if hit:
                    limit = float(hit.group(2))
                    over_limit[hit.group(1)] = (time.monotonic(), max(limit, over_limit.get(hit.group(1), (0, 0))[1]))
                    continue
                case = CASE_STARTED.match(line)
                if case and case.group(1) in over_limit:
                    over_limit[case.group(1)] = (time.monotonic(), over_limit[case.group(1)][1])
        running = set(unfinished(lines)) if chunk or over_limit else None
        now = time.monotonic()
        stuck = []
        if running is not None:
            for name in list(over_limit):
                since, limit = over_limit[name]
                if name not in running:
                    del over_limit[name]
                elif now - since > limit + grace:
                    stuck.append(name)
        silent = now - last_growth > silence and unfinished(lines)
        if stuck or silent:
            reason = (f'{len(stuck)} test(s) still running long after their time limit: {", ".join(stuck)}'
                      if stuck else f'no output for {int(silence)} s with tests unfinished')
            for pid in runner_pids(pattern):
                print(f'test watchdog: {reason}; taking every thread\'s stack of the runner (pid {pid})',
                      file=sys.stderr, flush=True)
                path = dump_stacks(pid, folder)
                print(f'test watchdog: stacks in {path}; the commonest innermost frames:', file=sys.stderr)
                for frames, count in summarize(path):
                    print(f'  {count:3d} × {frames}', file=sys.stderr)
                end(pid)
            print('test watchdog: ended the runner; tests that had not finished (stuck first, then any '
                  'still waiting for their turn):', file=sys.stderr)
            for name in stuck + [name for name in unfinished(lines) if name not in stuck]:
                print(f'  {name}', file=sys.stderr)
            sys.stderr.flush()
            return FIRED
        time.sleep(1)


def self_test():
    """A runner stand-in that ignores everything: its test recorded the time limit and never ends.
    The watchdog must take its stacks, end it and name the test, within the grace it was given."""
    import tempfile
    folder = tempfile.mkdtemp(prefix='watchdog-self-test.')
    log = os.path.join(folder, 'log')
    marker = f'watchdog-self-test-runner-{os.getpid()}'
    runner = subprocess.Popen(['bash', '-c', f'exec -a {marker} sleep 600'], start_new_session=True)
    writer = subprocess.Popen(['sleep', '600'])
    with open(log, 'w') as handle:
        handle.write('◇ Test "finishes" started.\n✔ Test "finishes" passed after 0.1 seconds.\n'
                     '◇ Test "hangs on a lost answer" started.\n'
                     '✘ Test "hangs on a lost answer" recorded an issue at X.swift:1:1: Time limit was exceeded: 1.000 seconds\n')
    os.environ.update({'TEST_STUCK_GRACE_SECONDS': '1', 'TEST_STACKS_DIR': folder})
    gdb = have_gdb()
    started = time.monotonic()
    import contextlib
    import io
    said = io.StringIO()
    with contextlib.redirect_stderr(said):
        status = main(log, marker, writer.pid)
    elapsed = time.monotonic() - started
    runner_ended = runner.wait(timeout=30) is not None
    writer.kill()
    text = said.getvalue()
    stacks = [name for name in os.listdir(folder) if name.startswith('stacks-')]
    checks = {
        f'exit status {FIRED}': status == FIRED,
        'the runner ended': runner_ended,
        'the stuck test named': '  "hangs on a lost answer"' in text and '"finishes"' not in text.split('had not finished')[-1],
        'stacks taken (gdb)': not gdb or (stacks and '#0' in open(os.path.join(folder, stacks[0])).read()),
        'within the limit, the grace and the stack dump': elapsed < 120,
    }
    failed = [name for name, ok in checks.items() if not ok]
    if failed:
        print(text, file=sys.stderr)
        print(f'test watchdog self-test failed: {", ".join(failed)}', file=sys.stderr)
        return 1
    print(f'test watchdog self-test: passed ({elapsed:.1f} s{"" if gdb else "; gdb missing, so no stacks"})')
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
