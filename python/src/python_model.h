#pragma once
// What `kelvin.Model` wraps: an editable model (core::Model) with the file it came
// from, and the analyses of the engine's façade on it, returning NumPy arrays and
// plain Python values. Each analysis validates and compiles the model as it is
// then (so set() takes effect at once) and runs without the GIL (interruptible.h).
// Errors: core::ModelError for an invalid model (the module raises kelvin.ModelError
// with the `file:block.port: message` lines), core::SimulationError for a failed run
// (kelvin.SimulationError).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "model/model.h"

namespace kelvin::core {
class BlockRegistry;
class CompiledModel;
}  // namespace kelvin::core

namespace kelvin::python {

namespace py = pybind11;

class PythonModel {
 public:
  /// `registry` is shared by every model of the module.
  PythonModel(core::Model model, std::string file, std::shared_ptr<const core::BlockRegistry> registry);

  static PythonModel load(const std::string& path, std::shared_ptr<const core::BlockRegistry> registry);
  static PythonModel loads(const std::string& json, std::shared_ptr<const core::BlockRegistry> registry);

  const std::string& file() const { return file_; }
  /// {"R1": "electrical.Resistor", "Sub1/R2": ...}
  py::dict blocks() const;
  /// {"R1.R": "1k", ...}: every parameter of every block, its text (the default when not set).
  py::dict parameters() const;
  /// Sets "ID.PARAM" to a number (written exactly) or a text ("4.7k"). Throws ModelError naming an
  /// unknown block or parameter.
  void set(const std::string& name, const py::object& value);
  void save(const std::string& path) const;

  /// {"time": ndarray, "signals": [...], "values": 2-D ndarray (sample × signal), "events": [(t, block, what)]}.
  py::dict simulate(std::optional<double> stop, std::optional<std::string> solver, std::optional<double> step,
                    std::optional<double> rtol, std::optional<double> atol,
                    std::optional<std::vector<std::string>> signals) const;
  /// {"A","B","C","D": ndarray, "rows": ["1/s",..], "row_names", "outputs", "output_signals", "input",
  ///  "eigenvalues": complex ndarray, "time"} as `kelvin-cli abcd --at T` reports them.
  py::dict abcd(double at) const;
  /// The DC operating point (as `kelvin-cli op`): {signal name: value} for every signal, or
  /// for `signals` only. Raises kelvin.ModelError naming the blocks when there is none.
  py::dict op(const std::optional<std::vector<std::string>>& signals) const;
  /// {"freq_hz","re","im","mag_db","phase_deg": ndarray} as `kelvin-cli freq`.
  py::dict freq(double fmin, double fmax, int points, int w1, int w2, const std::string& kind, double at) const;
  /// {"freq_hz": ndarray, "psd": {output: ndarray}, "total": {output: variance}, "budget": {output: [(source, block, variance)]}}.
  py::dict noisePsd(double at, std::optional<double> fmin, std::optional<double> fmax, int points) const;
  /// {"time": ndarray, "mean": {output: ndarray}, "var": {output: ndarray}}.
  py::dict noiseTransient(std::optional<double> stop, std::optional<int> monteCarlo, std::optional<unsigned> seed) const;
  /// {"run": ndarray, "<ID.PARAM>": ndarray, ..., "<measure>": ndarray, "status": [str]}.
  py::dict sweep(const py::dict& params, const py::dict& measures, std::optional<int> monteCarlo,
                 std::optional<std::uint64_t> seed, std::optional<int> jobs) const;

 private:
  std::shared_ptr<const core::CompiledModel> compile() const;
  core::Block& blockAt(const std::string& id);

  core::Model model_;
  std::string file_;
  std::shared_ptr<const core::BlockRegistry> registry_;
};

}  // namespace kelvin::python
