#!/usr/bin/env python3
"""Names the tests a Swift Testing run started but never finished, from the run's console output.

scripts/test calls it when the run overshoots its time limit, so a hung run fails with the names of
the tests still running instead of just stopping, and (with --crashed) when the runner died by a
signal. Lines look like
    ◇ Test "name" started.            ◇ Test name(database:) started.
    ✔ Test "name" passed after 0.1 seconds.   ✘ Test "name" failed after …   ➜ Test … skipped
"""
import re
import sys
from collections import Counter

# A test's name is its quoted display name or its function name (no spaces); "Test case …" lines
# are the arguments of parameterised tests, and "Test run" is the whole run.
NAME = r'("(?:[^"\\]|\\.)*"|[^\s"]+)'
STARTED = re.compile(r'^\S+ Test ' + NAME + r' started\.$')
FINISHED = re.compile(r'^\S+ Test ' + NAME + r'(?: with \d+ test cases?)? (?:passed|failed|skipped)\b')


def unfinished(lines):
    running = Counter()
    for line in lines:
        line = line.rstrip('\n')
        started = STARTED.match(line)
        if started and started.group(1) not in ('run', 'case'):
            running[started.group(1)] += 1
            continue
        finished = FINISHED.match(line)
        if finished and running[finished.group(1)] > 0:
            running[finished.group(1)] -= 1
    return sorted(name for name, count in running.items() if count > 0)


def main(path, crashed=False):
    with open(path, encoding='utf-8', errors='replace') as handle:
        names = unfinished(handle)
    if not names:
        if crashed:
            print("  (no test was running: the runner crashed before or after the tests)")
        else:
            print("  (no test was left running: the time went to the build or to the runner itself)")
    for name in names:
        print(f"  {name}")


if __name__ == '__main__':
    main(sys.argv[1], crashed='--crashed' in sys.argv[2:])
