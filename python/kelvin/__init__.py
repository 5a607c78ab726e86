"""Kelvin from Python: load a .kelvin model, set parameters, simulate, analyse, sweep.

    import kelvin
    m = kelvin.load("rc_lowpass.kelvin")
    m.set("R1.R", "2.2k")
    r = m.simulate(stop=5e-3)
    r.time, r["C1.v"]            # NumPy arrays

The engine runs without the GIL; Ctrl+C (KeyboardInterrupt) cancels a run.
Errors raise kelvin.ModelError (an invalid model, with the `file:block.port: message`
lines) or kelvin.SimulationError (a failed run; a subclass of ModelError).
"""

from ._kelvin import Model, ModelError, SimulationError, load, loads

__all__ = ["Model", "ModelError", "SimulationError", "Result", "load", "loads"]


class Result:
    """The samples of a run: `time` and one array per signal, `r["C1.v"]`."""

    def __init__(self, raw):
        self.time = raw["time"]
        self.signals = list(raw["signals"])
        self._values = raw["values"]
        self.events = list(raw["events"])  # (time, block, what)

    def __getitem__(self, signal):
        try:
            return self._values[:, self.signals.index(signal)]
        except ValueError:
            raise KeyError(f"no signal {signal!r}; the run has {', '.join(self.signals)}") from None

    def __contains__(self, signal):
        return signal in self.signals

    def __len__(self):
        return len(self.time)

    def to_pandas(self):
        """A pandas DataFrame indexed by time, one column per signal (needs pandas)."""
        import pandas

        return pandas.DataFrame(self._values, index=pandas.Index(self.time, name="time"), columns=self.signals)

    def __repr__(self):
        return f"<kelvin.Result: {len(self.time)} samples of {', '.join(self.signals)}>"


def _simulate(self, stop=None, solver=None, step=None, rtol=None, atol=None, signals=None):
    """Runs the model (the model's settings, overridden by the arguments) and returns a Result."""
    if isinstance(signals, str):
        signals = [signals]
    return Result(self._simulate(stop=stop, solver=solver, step=step, rtol=rtol, atol=atol, signals=signals))


def _sweep(self, params, measures, monte_carlo=None, seed=None, jobs=None):
    """Runs a parameter grid and/or a Monte Carlo study, as `kelvin-cli sweep`.

    params: {"R1.R": [1e3, 2e3]} or {"R1.R": "lin(1k,10k,10)"} or {"R1.R": "normal(1k,5%)"}
    measures: {"v1": "at(C1.v, 1m)", "t50": "crossing(C1.v, 0.5)"}
    Returns a pandas DataFrame when pandas is installed, else a dict of NumPy arrays
    (columns run, the parameters, the measures, status).
    """
    table = self._sweep(dict(params), dict(measures), monte_carlo=monte_carlo, seed=seed, jobs=jobs)
    try:
        import pandas
    except ImportError:
        return table
    return pandas.DataFrame(table)


Model.simulate = _simulate
Model.sweep = _sweep
