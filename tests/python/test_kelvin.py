"""The Python module against closed forms and against kelvin-cli (run by CTest as python_module).

Environment: PYTHONPATH holds the built package; KELVIN_CLI is kelvin-cli; KELVIN_EXAMPLES the
examples directory.
"""

import _thread
import json
import math
import os
import subprocess
import tempfile
import threading
import time
import unittest

import numpy

import kelvin

CLI = os.environ["KELVIN_CLI"]
EXAMPLES = os.environ["KELVIN_EXAMPLES"]
RC = os.path.join(EXAMPLES, "rc_lowpass.kelvin")


class LoadAndSet(unittest.TestCase):
    def test_blocks_and_parameters(self):
        m = kelvin.load(RC)
        self.assertEqual(m.blocks["R1"], "electrical.Resistor")
        self.assertEqual(m.parameters["R1.R"], "1k")
        m.set("R1.R", "2.2k")
        self.assertEqual(m.parameters["R1.R"], "2.2k")
        m.set("C1.C", 4.7e-7)
        self.assertEqual(float(m.parameters["C1.C"]), 4.7e-7)  # written exactly

    def test_unknown_parameter_is_a_model_error(self):
        m = kelvin.load(RC)
        with self.assertRaisesRegex(kelvin.ModelError, "R1.*no parameter 'X'"):
            m.set("R1.X", 1)
        with self.assertRaisesRegex(kelvin.ModelError, "no block 'R9'"):
            m.set("R9.R", 1)

    def test_save_and_loads_round_trip(self):
        m = kelvin.load(RC)
        m.set("R1.R", 3300)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "m.kelvin")
            m.save(path)
            with open(path) as f:
                again = kelvin.loads(f.read())
        self.assertEqual(again.parameters["R1.R"], "3300")


class Simulate(unittest.TestCase):
    def test_rc_step_matches_the_closed_form(self):
        m = kelvin.load(RC)
        m.set("R1.R", "2.2k")
        m.set("C1.C", "470n")
        r = m.simulate(stop=5e-3, rtol=1e-9, atol=1e-12, signals=["C1.v"])
        self.assertIsInstance(r.time, numpy.ndarray)
        self.assertIsInstance(r["C1.v"], numpy.ndarray)
        self.assertEqual(r.signals, ["C1.v"])
        expected = 1.0 - numpy.exp(-r.time / (2.2e3 * 470e-9))
        # rtol 1e-9 on values ≤ 1 V: the solver's error stays below 1e-7 over the run.
        self.assertLess(numpy.max(numpy.abs(r["C1.v"] - expected)), 1e-7)
        self.assertEqual(len(r), 501)  # 0 .. 5 ms every 10 µs (the model's output step)

    def test_same_numbers_as_kelvin_cli_simulate(self):
        r = kelvin.load(RC).simulate(signals=["C1.v"])
        out = subprocess.run([CLI, "simulate", RC, "--signals", "C1.v"], capture_output=True, text=True, check=True)
        rows = [list(map(float, line.split(","))) for line in out.stdout.splitlines()[1:]]
        cli = numpy.array(rows)
        self.assertTrue(numpy.array_equal(cli[:, 0], r.time))  # %.17g reads back exactly
        self.assertTrue(numpy.array_equal(cli[:, 1], r["C1.v"]))

    def test_unknown_signal_and_events(self):
        m = kelvin.load(RC)
        with self.assertRaisesRegex(kelvin.ModelError, "unknown signal 'C9.v'"):
            m.simulate(signals=["C9.v"])
        r = kelvin.load(os.path.join(EXAMPLES, "two_capacitors_switch.kelvin")).simulate()
        self.assertGreater(len(r.events), 0)
        t, block, what = r.events[0]
        self.assertIsInstance(t, float)

    def test_to_pandas(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas is not installed")
        frame = kelvin.load(RC).simulate(signals=["C1.v"]).to_pandas()
        self.assertEqual(list(frame.columns), ["C1.v"])

    def test_bad_model_names_the_block(self):
        with open(RC) as f:
            text = json.load(f)
        for b in text["blocks"]:
            if b["id"] == "R1":
                b["params"]["R"] = "-5"
        with self.assertRaisesRegex(kelvin.ModelError, "R1"):
            kelvin.loads(json.dumps(text))
        m = kelvin.load(RC)
        m.set("C1.C", "-1u")  # accepted as text, refused when the model is run
        with self.assertRaisesRegex(kelvin.ModelError, "C1"):
            m.simulate()

    def test_gil_is_released_during_a_run(self):
        m = kelvin.load(RC)
        ticks = []
        stop = threading.Event()

        def count():
            while not stop.is_set():
                ticks.append(1)
                time.sleep(0.001)

        counter = threading.Thread(target=count)
        counter.start()
        m.simulate(stop=2.0, signals=["C1.v"])  # about 200,000 output samples: some tenths of a second
        stop.set()
        counter.join()
        self.assertGreater(len(ticks), 5)

    def test_keyboard_interrupt_cancels_a_run(self):
        m = kelvin.load(RC)
        threading.Timer(0.3, _thread.interrupt_main).start()
        begin = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            # 5·10⁸ Euler steps: hours if not cancelled, yet under the 10⁹ steps a run may take
            m.simulate(stop=500.0, step=1e-6, solver="euler", signals=["C1.v"])
        self.assertLess(time.monotonic() - begin, 30.0)


class Analyses(unittest.TestCase):
    def test_abcd_equals_kelvin_cli(self):
        path = os.path.join(EXAMPLES, "k2_demo.kelvin")
        mine = kelvin.load(path).abcd(at=0.0)
        out = subprocess.run([CLI, "abcd", path, "--at", "0"], capture_output=True, text=True, check=True)
        cli = json.loads(out.stdout)
        for key in "ABCD":
            a, b = numpy.array(mine[key]), numpy.array(cli[key], dtype=float).reshape(mine[key].shape)
            # the same computation: equal to the 17 digits the CLI writes (1e-12 asked)
            self.assertLessEqual(numpy.max(numpy.abs(a - b), initial=0.0), 1e-12, key)
        self.assertEqual(mine["rows"], cli["rows"])
        self.assertEqual(mine["outputs"], cli["outputs"])

    def test_op_equals_kelvin_cli_and_ngspice(self):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "bjt_ce_stage.kelvin")
        mine = kelvin.load(path).op()
        out = subprocess.run([CLI, "op", path], capture_output=True, text=True, check=True)
        rows = [line.split(",") for line in out.stdout.splitlines()[1:]]
        self.assertEqual(sorted(mine), sorted(name for name, _ in rows))
        for name, value in rows:
            # the same computation: equal to the 17 digits the CLI writes
            self.assertEqual(mine[name], float(value), name)
        # ngspice-39's .op of tests/data/bjt_ce_stage.cir: v(c) = 5.7226983100 V; 1e-6 relative
        # (the figure; the thermal voltages differ by 3.4e-7, tests/data/README.md)
        self.assertLess(abs(kelvin.load(path).op(["Q1.c"])["Q1.c"] / 5.7226983100 - 1.0), 1e-6)

    def test_rc_abcd_pole(self):
        m = kelvin.load(RC)
        e = m.abcd()["eigenvalues"]
        # One state, pole −1/RC = −1000 s⁻¹; the reduction is exact to rounding.
        self.assertTrue(any(abs(v + 1000.0) < 1e-9 * 1000 for v in e), e)

    def test_noise_psd_of_the_rc(self):
        m = kelvin.load(os.path.join(EXAMPLES, "rc_noise_spectrum.kelvin"))
        s = m.noise_psd(fmin=1e3, fmax=1e8, points=51)
        (name,) = list(s["psd"])
        f = s["freq_hz"]
        kT = 1.380649e-23 * 300.15
        expected = 4 * kT * 1e3 / (1 + (2 * math.pi * f * 1e3 * 1e-9) ** 2)  # 4kTR/(1+(ωRC)²), R = 1k, C = 1n
        self.assertLess(numpy.max(numpy.abs(s["psd"][name] / expected - 1)), 1e-6)

    def test_noise_transient_settles_at_kt_over_c(self):
        m = kelvin.load(os.path.join(EXAMPLES, "rc_noise_spectrum.kelvin"))
        n = m.noise_transient(stop=20e-6)
        (name,) = list(n["var"])
        kT = 1.380649e-23 * 300.15
        # after 20 RC the variance is kT/C within e^-40; the covariance propagation is exact per step
        self.assertLess(abs(n["var"][name][-1] / (kT / 1e-9) - 1), 1e-3)


class Sweep(unittest.TestCase):
    def test_three_point_sweep_returns_three_rows(self):
        m = kelvin.load(RC)
        t = m.sweep(params={"R1.R": [500, 1000, 2000]}, measures={"v1": "at(C1.v, 1m)"}, jobs=2)
        runs = list(t["run"])
        self.assertEqual(len(runs), 3)
        for r, v in zip(list(t["R1.R"]), list(t["v1"])):
            # the solver's error at rtol 1e-6 (see tests/cli/tst_cli_sweep.cpp)
            self.assertLess(abs(v - (1 - math.exp(-1e-3 / (r * 1e-6)))), 1e-6)
        self.assertEqual(list(t["status"]), ["ok"] * 3)

    def test_monte_carlo_equals_kelvin_cli_sweep(self):
        m = kelvin.load(RC)
        t = m.sweep(params={"R1.R": "normal(1k,5%)"}, measures={"v1": "at(C1.v, 1m)"}, monte_carlo=5, seed=9)
        out = subprocess.run([CLI, "sweep", RC, "--monte-carlo", "5", "--seed", "9", "--vary", "R1.R=normal(1k,5%)",
                              "--measure", "v1=at(C1.v, 1m)"], capture_output=True, text=True, check=True)
        rows = [line.split(",") for line in out.stdout.splitlines()[1:]]
        self.assertEqual([float(r[1]) for r in rows], list(t["R1.R"]))
        self.assertEqual([float(r[2]) for r in rows], list(t["v1"]))

    def test_bad_sweep_is_refused(self):
        m = kelvin.load(RC)
        with self.assertRaisesRegex(kelvin.ModelError, "no block 'R7'"):
            m.sweep(params={"R7.R": [1, 2]}, measures={"v": "final(C1.v)"})
        with self.assertRaisesRegex(ValueError, "normal"):
            m.sweep(params={"R1.R": "normal(1k)"}, measures={"v": "final(C1.v)"}, monte_carlo=3)


if __name__ == "__main__":
    unittest.main(verbosity=2)
