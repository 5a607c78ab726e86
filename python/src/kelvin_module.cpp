// The compiled part of the Python package `kelvin` (kelvin/__init__.py wraps it):
// the component library, kelvin.Model over PythonModel, and the exceptions
// ModelError (an invalid model: the `file:block.port: message` lines) and
// SimulationError (a failed run, a subclass of ModelError as in the engine).

#include <memory>
#include <string>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/diagnostic.h"
#include "python_model.h"
#include "solve/simulation_error.h"

namespace py = pybind11;
using kelvin::python::PythonModel;

namespace {
std::string describe(const kelvin::core::ModelError& e) {
  std::string text;
  for (const kelvin::core::Diagnostic& d : e.diagnostics()) text += (text.empty() ? "" : "\n") + d.toString();
  return text.empty() ? std::string(e.what()) : text;
}
}  // namespace

PYBIND11_MODULE(_kelvin, m) {
  m.doc() = "Kelvin's engine: load a .kelvin model, simulate it, identify its ABCD matrix, sweep its parameters.";
  auto registry = std::make_shared<kelvin::core::BlockRegistry>();
  kelvin::blocks::registerAll(*registry);
  std::shared_ptr<const kelvin::core::BlockRegistry> library = registry;

  static py::exception<kelvin::core::ModelError> modelError(m, "ModelError", PyExc_ValueError);
  static py::exception<kelvin::core::SimulationError> simulationError(m, "SimulationError", modelError.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const kelvin::core::SimulationError& e) {
      simulationError(describe(e).c_str());
    } catch (const kelvin::core::ModelError& e) {
      modelError(describe(e).c_str());
    }
  });

  py::class_<PythonModel>(m, "Model")
      .def_property_readonly("file", &PythonModel::file)
      .def_property_readonly("blocks", &PythonModel::blocks)
      .def_property_readonly("parameters", &PythonModel::parameters)
      .def("set", &PythonModel::set, py::arg("name"), py::arg("value"))
      .def("save", &PythonModel::save, py::arg("path"))
      .def("_simulate", &PythonModel::simulate, py::arg("stop") = py::none(), py::arg("solver") = py::none(),
           py::arg("step") = py::none(), py::arg("rtol") = py::none(), py::arg("atol") = py::none(),
           py::arg("signals") = py::none())
      .def("abcd", &PythonModel::abcd, py::arg("at") = 0.0)
      .def("op", &PythonModel::op, py::arg("signals") = py::none())
      .def("freq", &PythonModel::freq, py::arg("fmin") = 1.0, py::arg("fmax") = 1e5, py::arg("points") = 200,
           py::arg("w1") = 1, py::arg("w2") = 1, py::arg("kind") = "bode", py::arg("at") = 0.0)
      .def("noise_psd", &PythonModel::noisePsd, py::arg("at") = 0.0, py::arg("fmin") = py::none(),
           py::arg("fmax") = py::none(), py::arg("points") = 200)
      .def("noise_transient", &PythonModel::noiseTransient, py::arg("stop") = py::none(),
           py::arg("monte_carlo") = py::none(), py::arg("seed") = py::none())
      .def("_sweep", &PythonModel::sweep, py::arg("params"), py::arg("measures"), py::arg("monte_carlo") = py::none(),
           py::arg("seed") = py::none(), py::arg("jobs") = py::none());

  m.def("load", [library](const std::string& path) { return PythonModel::load(path, library); }, py::arg("path"));
  m.def("loads", [library](const std::string& json) { return PythonModel::loads(json, library); }, py::arg("json_text"));
}
