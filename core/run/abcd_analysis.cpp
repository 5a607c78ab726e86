#include "run/abcd_analysis.h"

#include <algorithm>
#include <stdexcept>

#include "linearize/linearization.h"
#include "linearize/state_space_reduction.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"

namespace kelvin::core {

namespace {
double rowwiseDiscrepancy(const Eigen::MatrixXd& exact, const Eigen::MatrixXd& other) {
  double worst = 0.0;
  for (Eigen::Index r = 0; r < exact.rows(); ++r) {
    const double scale = exact.row(r).cwiseAbs().maxCoeff();
    const double diff = (exact.row(r) - other.row(r)).cwiseAbs().maxCoeff();
    worst = std::max(worst, scale > 0.0 ? diff / scale : diff);
  }
  return worst;
}
}  // namespace

AbcdIdentificationResult identifyAbcd(const CompiledModel& compiled, const OperatingPoint& point, double delta,
                                      const std::atomic<bool>* cancel) {
  if (!(delta > 0.0)) throw std::invalid_argument("the finite-difference increment must be positive");
  throwIfCancelled(cancel);
  const LinearizationPlan plan(compiled.dae(), compiled.file(), LinearizationPlan::markerOutputs(compiled.flat()));
  AbcdIdentificationResult result;
  result.exact = Linearization(plan, point).abcd();
  throwIfCancelled(cancel);
  result.differences = Linearization::byDifferences(plan, point, delta).abcd();
  throwIfCancelled(cancel);
  result.delta = delta;
  if (result.exact.a.rows() + result.exact.c.rows() > 0)
    result.discrepancy = rowwiseDiscrepancy(result.exact.combined(), result.differences.combined());
  try {
    result.reduced = eliminateAlgebraicRows(result.exact);
    result.eigenvalues = stateEigenvalues(*result.reduced);
  } catch (const std::runtime_error& e) {
    result.reductionError = e.what();  // a singular algebraic part: the matrix stands without poles
  }
  return result;
}

AbcdIdentificationResult identifyAbcd(const CompiledModel& compiled, const SimulationOptions& options, double time,
                                      double delta, const std::atomic<bool>* cancel) {
  throwIfCancelled(cancel);
  return identifyAbcd(compiled, operatingPointAt(compiled, options, time, cancel), delta, cancel);
}

}  // namespace kelvin::core
