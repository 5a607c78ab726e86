#pragma once
// Test support: run a model through the real engine and keep every sample by
// signal name, plus the event log. Header-only, for the Qt Test suites.

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_file.h"
#include "run/simulator.h"

namespace kelvin::test {

/// Every sample of a run (time and named signals) and its events.
struct Trace {
  std::vector<double> time;
  std::map<std::string, std::vector<double>> signal;
  std::vector<core::EventRecord> events;

  const std::vector<double>& operator[](const std::string& name) const {
    auto it = signal.find(name);
    if (it == signal.end()) throw std::logic_error("no signal " + name);
    return it->second;
  }
  /// The value of `name` at the last sample at time t (after an event there).
  double at(const std::string& name, double t, double tolerance = 1e-12) const {
    const std::vector<double>& values = (*this)[name];
    for (std::size_t k = time.size(); k-- > 0;)
      if (std::abs(time[k] - t) <= tolerance * std::max(1.0, std::abs(t))) return values[k];
    throw std::logic_error("no sample at t = " + std::to_string(t));
  }
};

/// The registry of the whole library, made once.
inline const core::BlockRegistry& library() {
  static const core::BlockRegistry registry = [] {
    core::BlockRegistry r;
    blocks::registerAll(r);
    return r;
  }();
  return registry;
}

/// Compiles and runs `model` with `options` (by default its own settings).
inline Trace simulateModel(const core::Model& model, const core::SimulationOptions* options = nullptr) {
  const auto compiled = core::compileModel(model, library(), model.name);
  const std::vector<std::string>& names = core::signalNames(*compiled);
  const core::SimulationOptions settings = options ? *options : core::SimulationOptions::fromSettings(model.settings);
  Trace trace;
  core::simulate(
      *compiled, settings,
      [&](double t, const std::vector<double>& values) {
        trace.time.push_back(t);
        for (std::size_t k = 0; k < names.size(); ++k) trace.signal[names[k]].push_back(values[k]);
      },
      nullptr, [&](const core::EventRecord& e) { trace.events.push_back(e); });
  return trace;
}

/// Parses a `.kelvin` JSON text and runs it.
inline Trace simulateText(const std::string& json, const core::SimulationOptions* options = nullptr) {
  return simulateModel(core::parseModel(json, "test"), options);
}

}  // namespace kelvin::test
