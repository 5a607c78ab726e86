#pragma once
// The façade for ABCD identification: the combined matrix of a compiled model at
// a chosen time (the state a run reaches there) or at a given operating point (a
// paused run), with the finite-difference cross-check beside the exact one.

#include <atomic>
#include <optional>
#include <string>

#include "linearize/abcd_matrix.h"
#include "run/simulator.h"
#include "solve/operating_point.h"

namespace kelvin::core {

class CompiledModel;

/// The relative increment of the finite-difference cross-check. The solvers take
/// every Jacobian exactly from the tapes, so there is no solver increment to reuse:
/// each leaf value v moves by ±Δ·max(|v|, 1) (central differences, error O(Δ²)).
inline constexpr double kDefaultAbcdDelta = 1e-6;

struct AbcdIdentificationResult {
  AbcdMatrix exact;        // from automatic differentiation
  AbcdMatrix differences;  // from central differences with increment delta
  double delta = kDefaultAbcdDelta;
  /// max over the rows of [A B; C D] of ‖exact − differences‖∞ / ‖exact‖∞ (absolute for a zero row).
  double discrepancy = 0.0;
  /// `exact` with the =0 rows eliminated, and the eigenvalues of its A (the poles in s for
  /// 1/s rows only); unset and empty where the algebraic part is singular, `reductionError` says why.
  std::optional<AbcdMatrix> reduced;
  Eigen::VectorXcd eigenvalues;
  std::string reductionError;
};

/// Identifies the model at `point`, with the reduced matrix and its poles. Throws ModelError
/// (naming the file) when the linearised model is not of index 1; std::invalid_argument when
/// delta <= 0; AnalysisCancelled (run/analysis_cancelled.h) once *cancel is set, checked
/// between its steps.
AbcdIdentificationResult identifyAbcd(const CompiledModel& compiled, const OperatingPoint& point,
                                      double delta = kDefaultAbcdDelta, const std::atomic<bool>* cancel = nullptr);
/// Runs the model to `time` (operatingPointAt) and identifies it there. Throws SimulationError too.
AbcdIdentificationResult identifyAbcd(const CompiledModel& compiled, const SimulationOptions& options, double time,
                                      double delta = kDefaultAbcdDelta, const std::atomic<bool>* cancel = nullptr);

}  // namespace kelvin::core
