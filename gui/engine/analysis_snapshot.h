#pragma once
// What the analyses of a paused or finished run need, handed from the worker to
// the GUI thread by a queued signal: the compiled model (immutable, shared with
// any thread that analyses it), the run's options, and the instant: the full
// state of the run's output sample there when the run had it (a transient run),
// else only the time (a noise-envelope run: an analysis re-runs the model to it).

#include <memory>
#include <optional>

#include <QMetaType>

#include "run/noise_run.h"
#include "run/simulator.h"
#include "solve/operating_point.h"

namespace kelvin::gui {

struct AnalysisSnapshot {
  std::shared_ptr<const core::CompiledModel> compiled;
  core::SimulationOptions options;
  core::NoiseRunOptions noise;
  /// The output sample's time.
  double time = 0.0;
  /// The whole state at `time`, when the run reported it.
  std::optional<core::OperatingPoint> state;
};

}  // namespace kelvin::gui

Q_DECLARE_METATYPE(kelvin::gui::AnalysisSnapshot)
