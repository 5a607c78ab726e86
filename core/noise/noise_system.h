#pragma once
// The model linearised for noise at an operating point (DESIGN.md, "Noise"):
// the DAE with its noise sources n (declared by the components, entering the
// equations linearly),
//
//   E·δy' + J·δy + G·n = 0,      o = C_y·δy + C_y'·δy' + D_n·n   (the outputs: sensor readings),
//
// each source white with one-sided PSD S_k (evaluated at the point: shot noise
// follows the current) and an optional flicker corner. From it: the transfer
// from every source to every output at a frequency, and for index-1 DAEs the
// state-space form δx' = A·δx + B·n, o = C·δx + D·n that covariance
// propagation uses.

#include <complex>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <Eigen/Sparse>

#include "expr/expr.h"
#include "linearize/linearization.h"
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

struct NoiseStateSpace {
  Eigen::MatrixXd a, b, c, d;  // states × states, states × sources, outputs × states, outputs × sources
  std::vector<bool> representable;  // per output: false where it reads y' of an algebraic unknown
};

class NoiseSystem {
 public:
  /// Linearises `dae` at `point` (both observed during construction only).
  NoiseSystem(const DaeSystem& dae, const OperatingPoint& point, const std::vector<NoiseOutput>& outputs);

  int sourceCount() const { return static_cast<int>(psd_.size()); }
  int outputCount() const { return static_cast<int>(outputs_.size()); }
  const std::vector<std::string>& sourceNames() const { return sourceNames_; }
  const std::vector<NoiseOutput>& outputs() const { return outputs_; }
  /// The block of each source's component (index into FlatSystem::blocks).
  const std::vector<int>& sourceBlocks() const { return sourceBlocks_; }
  /// One-sided PSD of source k at frequency f (white level, plus 1/f below its flicker corner).
  double sourcePsd(int k, double f) const;
  /// White one-sided PSD of each source at the point.
  const std::vector<double>& whitePsd() const { return psd_; }

  /// H(f): outputs × sources, the response of each output to each source at frequency f,
  /// sensor bandwidth filters included. Throws std::runtime_error where jωE + J is singular.
  Eigen::MatrixXcd transfer(double f) const;
  /// The state-space form (index 1). Throws std::runtime_error naming the problem when the
  /// DAE is not of index 1, or a required output reads y' of an algebraic unknown.
  /// Bandwidth filters are not included (see CovariancePropagator).
  NoiseStateSpace stateSpace() const;
  const Linearization& linearization() const { return linearization_; }
  /// True when `other` has the same E, J, G, outputs and source levels, as a linear model
  /// has wherever it is linearised: its state-space form is then the same too.
  bool sameAs(const NoiseSystem& other) const;

 private:
  Linearization linearization_;
  Eigen::SparseMatrix<double> sparseE_, sparseJ_;  // E and J for the frequency sweeps
  Eigen::MatrixXd g_;       // unknowns × sources
  Eigen::MatrixXd cy_, cyp_, dn_;  // outputs × unknowns (over y and y'), outputs × sources
  std::vector<double> psd_, flicker_;
  std::vector<std::string> sourceNames_;
  std::vector<int> sourceBlocks_;
  std::vector<NoiseOutput> outputs_;
};

}  // namespace kelvin::core
