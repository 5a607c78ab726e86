#pragma once
// The model linearised for noise at an operating point (DESIGN.md, "Noise"): a
// view of the one Linearization whose inputs are the noise sources n (declared
// by the components, entering the equations linearly) and whose outputs are the
// sensor readings, each source white with one-sided PSD S_k (evaluated at the
// point: shot noise follows the current) and an optional flicker corner. From it:
// the transfer W_k(ω) from every source to every output through the whole hybrid
// model — continuous, discrete (1/z, S&H) and delayed (1/e) parts alike, exactly
// as the frequency response computes W — and, where the noise passes through
// continuous states only, the state-space form δx' = A·δx + B·n, o = C·δx + D·n
// that covariance propagation uses.
//
// With the portion method (NoisePortions) the analysis sources are the element
// sources of the portions that keep them, then each characterised portion's port
// sources (unit one-sided PSD, injected through its element columns as n = α·ξ):
// transfer(), stateSpace() and the source lists speak of those.

#include <complex>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "expr/expr.h"
#include "linearize/linearization.h"
#include "noise/noise_portions.h"
#include "solve/dae_system.h"
#include "solve/operating_point.h"

namespace kelvin::core {

/// One output of a noise analysis: a noise sensor's reading or another signal.
struct NoiseOutput {
  std::string name;        // "NS1.y"
  Expr value;              // over the unknowns
  double bandwidth = 0.0;  // noise bandwidth of its first-order filter [Hz], 0: none
  /// A required output whose variance is unbounded or not representable is an error;
  /// an optional one (a signal shown beside the sensors) reports NaN instead.
  bool required = true;
};

/// The outputs a model reports by default: its noise sensors, in declaration order.
std::vector<NoiseOutput> noiseSensorOutputs(const FlatSystem& flat);

/// The linearisation plan of a noise analysis: the model's cut with `outputs` as its outputs.
std::shared_ptr<const LinearizationPlan> noisePlan(const DaeSystem& dae, const std::string& file,
                                                   const std::vector<NoiseOutput>& outputs);

struct NoiseStateSpace {
  Eigen::MatrixXd a, b, c, d;  // states × states, states × sources, outputs × states, outputs × sources
  std::vector<bool> representable;  // per output: false where it reads y' of an algebraic unknown
};

class NoiseSystem {
 public:
  /// Linearises at `point` with `plan` (from noisePlan over the same outputs; shared, kept).
  /// `dae` is observed during construction only. With `portions` (shared, kept) the sources
  /// are the portion method's; throws std::runtime_error when a source of a portion is
  /// missing from the model.
  NoiseSystem(const DaeSystem& dae, std::shared_ptr<const LinearizationPlan> plan, const OperatingPoint& point,
              const std::vector<NoiseOutput>& outputs, std::shared_ptr<const NoisePortions> portions = nullptr);
  /// The same with a plan of its own.
  NoiseSystem(const DaeSystem& dae, const OperatingPoint& point, const std::vector<NoiseOutput>& outputs);

  int sourceCount() const { return static_cast<int>(psd_.size()); }
  int outputCount() const { return static_cast<int>(outputs_.size()); }
  const std::vector<std::string>& sourceNames() const { return sourceNames_; }
  const std::vector<NoiseOutput>& outputs() const { return outputs_; }
  /// The block of each source's component (index into FlatSystem::blocks); −1 for a port source.
  const std::vector<int>& sourceBlocks() const { return sourceBlocks_; }
  /// One-sided PSD of source k at frequency f (white level, plus 1/f below its flicker corner,
  /// plus its flicker coefficient over f).
  double sourcePsd(int k, double f) const;
  /// White one-sided PSD of each source at the point.
  const std::vector<double>& whitePsd() const { return psd_; }

  /// H(f): outputs × sources, W_k(2πf) of each output for each source, sensor bandwidth
  /// filters included. Throws std::runtime_error where the linearised model is singular at f;
  /// ModelError naming the block of a discrete part without a fixed period.
  Eigen::MatrixXcd transfer(double f) const;
  /// The state-space form. Throws ModelError when the DAE is not of index 1;
  /// NoiseAnalysisError naming the block when the noise passes through a 1/z, 1/e or S&H
  /// coordinate (the envelope does not follow it), or naming the output when a required
  /// one reads y' of an algebraic unknown. Bandwidth filters are not included (see CovariancePropagator).
  NoiseStateSpace stateSpace() const;
  const Linearization& linearization() const { return linearization_; }
  /// True when `other` has the same Jacobians and source levels, as a linear model has
  /// wherever it is linearised: its state-space form is then the same too.
  bool sameAs(const NoiseSystem& other) const;

 private:
  std::shared_ptr<const LinearizationPlan> plan_;
  Linearization linearization_;
  std::vector<double> psd_, flicker_, flickerLevel_;
  std::vector<std::string> sourceNames_;
  std::vector<int> sourceBlocks_;
  std::vector<NoiseOutput> outputs_;
  std::shared_ptr<const NoisePortions> portions_;
  int elementSources_ = 0;
  std::vector<int> kept_;                       // element sources (model order) that stay, in analysis order
  std::vector<std::vector<int>> portionSources_;  // per portion: its element sources (model order), as α's rows

  /// Columns over the element sources → columns over the analysis sources at f.
  Eigen::MatrixXcd toAnalysisSources(const Eigen::MatrixXcd& byElement, double f) const;
};

}  // namespace kelvin::core
