"""Unit tests of scripts/scale/dask_eval.py, run by scripts/test-scale.sh before the real run:
the partitioning never splits a line and joins back to the input, outputs are joined in order, the
first difference is found, the facts are the same bytes every time — and, on a real two-process
LocalCluster, many partitions through a stand-in for erdl (it prints each record back) come back
joined in input order, and a partition on which the command fails fails the run. `erdl` itself is
not needed here."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import logging
import os
import shlex
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dask_eval  # noqa: E402


class Partition(unittest.TestCase):
    def check(self, data: bytes, parts: int) -> list[bytes]:
        blocks = dask_eval.partition(data, parts)
        self.assertEqual(b"".join(blocks), data)
        self.assertLessEqual(len(blocks), parts)
        for block in blocks:
            self.assertTrue(block, "no empty block")
        for block in blocks[:-1]:
            self.assertTrue(block.endswith(b"\n"), "every block but the last ends a line")
        return blocks

    def test_joins_back_for_every_count(self):
        data = dask_eval.generate_facts(2_500)
        for parts in (1, 2, 3, 7, 8, 64, 5_000):
            with self.subTest(parts=parts):
                blocks = self.check(data, parts)
                counts = [dask_eval.count_records(b) for b in blocks]
                self.assertEqual(sum(counts), dask_eval.count_records(data))

    def test_even_shares(self):
        data = b"".join(b'{"i":%d}\n' % i for i in range(10_000))
        blocks = self.check(data, 8)
        self.assertEqual(len(blocks), 8)
        share = len(data) / 8
        for block in blocks:
            self.assertLess(abs(len(block) - share), 20)

    def test_edges(self):
        self.assertEqual(dask_eval.partition(b"", 4), [])
        self.check(b"{}", 4)  # no line break at all
        self.check(b'{"a":1}\n{"b":2}', 2)  # no line break at the end
        self.check(b"\n\n\n", 3)  # only blank lines
        self.check(b'{"a":1}\r\n\r\n{"b":2}\r\n', 2)  # CRLF and a blank line
        one_long = b'{"x":"' + b"y" * 10_000 + b'"}\n{}\n'
        self.assertEqual(self.check(one_long, 8), [one_long[:-3], b"{}\n"])
        with self.assertRaises(ValueError):
            dask_eval.partition(b"{}\n", 0)


class Join(unittest.TestCase):
    def test_in_order(self):
        self.assertEqual(dask_eval.join([b"1\n2\n", b"", b"3\n"]), b"1\n2\n3\n")

    def test_refuses_a_cut_line(self):
        with self.assertRaises(ValueError):
            dask_eval.join([b"1\n2", b"3\n"])


class FirstDifference(unittest.TestCase):
    def test_cases(self):
        self.assertIsNone(dask_eval.first_difference(b"a\nb\n", b"a\nb\n"))
        self.assertEqual(dask_eval.first_difference(b"a\nb\nc\n", b"a\nB\nc\n"), (2, b"b", b"B"))
        self.assertEqual(dask_eval.first_difference(b"a\nb\n", b"a\n"), (2, b"b", b""))
        self.assertEqual(dask_eval.first_difference(b"a\n", b"a\n\n"), (3, b"", b""))
        self.assertEqual(dask_eval.first_difference(b"a", b"a\n"), (2, b"", b""))


class Facts(unittest.TestCase):
    def test_deterministic_and_readable(self):
        data = dask_eval.generate_facts(3_000)
        self.assertEqual(data, dask_eval.generate_facts(3_000))
        self.assertEqual(dask_eval.count_records(data), 3_000)
        lines = [line for line in data.decode("utf-8").split("\n") if line]
        self.assertEqual(len(lines), 3_000)
        for line in lines:
            row = json.loads(line)
            self.assertIsInstance(row, dict)
            fact = row.get("fact", row)
            self.assertIn(fact["tool"]["name"], dask_eval._TOOLS)
        self.assertEqual(data.count(b"\n\n"), 3)  # a blank line after every 1000th record
        self.assertEqual(dask_eval.generate_facts(0), b"")

    def test_the_200000_facts_of_the_run_are_pinned(self):
        data = dask_eval.generate_facts(200_000)
        self.assertEqual(len(data), 18_494_428)  # the run quoted in docs/scale.md
        self.assertEqual(
            hashlib.sha256(data).hexdigest(),
            "6e42b62e96ef939d90855b7b3b19f5f82c9f6d496e5d49b5aa753daa045429c1",
        )


# A stand-in for `erdl eval RULES --facts FILE|-` (with `--workers 1` after `-`): one output line
# per record, the record itself, so a joined output is the input's records in order (blank lines
# print nothing). Its first argument, when not empty, is a mark: a record holding it is printed as
# "changed" when read from standard input, i.e. on a Dask worker only.
STAND_IN = (
    "import sys\n"
    "mark, args = sys.argv[1].encode(), sys.argv[2:]\n"
    "assert args[0] == 'eval' and open(args[1], 'rb').read() and args[2] == '--facts'\n"
    "assert args[3:] == ['-', '--workers', '1'] or len(args) == 4\n"
    "stdin = args[3] == '-'\n"
    "for line in sys.stdin.buffer if stdin else open(args[3], 'rb'):\n"
    "    if line.strip(b' \\t\\r\\n'):\n"
    "        out = line.rstrip(b'\\r\\n')\n"
    "        changed = stdin and mark and mark in out\n"
    "        sys.stdout.buffer.write(b'changed\\n' if changed else out + b'\\n')\n"
)


def stand_in(mark: str = "") -> list[str]:
    return [sys.executable, "-c", STAND_IN, mark]


@contextlib.contextmanager
def cluster_client(workers: int, log_level: int):
    """A client of a LocalCluster of `workers` processes, once they have all joined."""
    from distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=log_level,
    ) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        yield client


class OnDask(unittest.TestCase):
    def test_partitions_come_back_in_order(self):
        data = dask_eval.generate_facts(20_000)
        expected = b"".join(
            line + b"\n" for line in data.split(b"\n") if line.strip(b" \t\r")
        )
        erdl = stand_in()
        here = os.path.abspath(__file__)
        with cluster_client(2, logging.ERROR) as client:
            blocks = dask_eval.partition(data, 37)
            self.assertEqual(len(blocks), 37)
            joined, seconds = dask_eval.run_on_dask(client, erdl, here, blocks)
            self.assertGreater(seconds, 0)
            self.assertEqual(len(client.scheduler_info()["workers"]), 2)
        self.assertIsNone(dask_eval.first_difference(expected, joined))

    def test_a_failing_partition_fails_the_run(self):
        erdl = [sys.executable, "-c", "import sys; sys.stderr.write('bad rules'); sys.exit(1)"]
        with tempfile.TemporaryDirectory() as tmp, cluster_client(1, logging.CRITICAL) as client:
            rules = os.path.join(tmp, "rules.erdl.yaml")
            with open(rules, "w") as f:
                f.write("rules: []\n")
            with self.assertRaisesRegex(RuntimeError, "erdl exited 1 on a partition:\nbad rules"):
                dask_eval.run_on_dask(client, erdl, rules, [b"{}\n"])


if __name__ == "__main__":
    unittest.main()


class Main(unittest.TestCase):
    def run_main(self, mark: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with tempfile.TemporaryDirectory() as tmp:
            rules = os.path.join(tmp, "rules.erdl.yaml")
            with open(rules, "w") as f:
                f.write("rules: []\n")
            argv = ["--rules", rules, "--facts", "3000", "--partitions", "5", "--dir", tmp]
            argv += ["--erdl", shlex.join(stand_in(mark))]
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = dask_eval.main(argv)
        return status, out.getvalue(), err.getvalue()

    def test_identical_exits_0_and_different_exits_1_naming_the_line(self):
        status, out, err = self.run_main("")
        self.assertEqual(status, 0, err)
        self.assertIn("identical: ", out)
        self.assertRegex(out, r"Dask LocalCluster, 2 worker processes, 5 partitions.* facts/s")
        status, out, err = self.run_main('"seq":1500}')
        self.assertEqual(status, 1)
        self.assertNotIn("identical", out)
        # Record 1500 (0-based) is output line 1501: blank lines are not records.
        self.assertIn("DIFFERENT at line 1501:", err)
        self.assertIn('erdl eval --facts: {"tool":', err)
        self.assertIn("Dask (joined):     changed", err)
