#pragma once
// The Jacobians of a list of compiled expressions over every kind of leaf a
// hybrid model has: the unknowns y, their derivatives y', the discrete values d
// and the outputs e of the transport delay lines. Exact, from the tapes'
// reverse sweep (automatic differentiation), or by central differences with a
// relative increment Δ: the independent cross-check of the ABCD identification.

#include <vector>

#include <Eigen/Dense>

#include "expr/tape.h"
#include "solve/operating_point.h"

namespace kelvin::core {

/// One row per expression; columns: the leaves of each kind, by index.
struct LeafJacobian {
  Eigen::MatrixXd y, yp, d, e;
};

/// The sizes of the leaf spaces: unknowns, discrete values, delay lines.
struct LeafSpace {
  int unknowns = 0;
  int discretes = 0;
  int delays = 0;
};

/// Exact derivatives at `point` (switch outcomes frozen as the point holds them).
LeafJacobian exactJacobian(const std::vector<Tape>& tapes, const OperatingPoint& point, const LeafSpace& space);

/// Central differences: each leaf value v is moved by ±h, h = delta·max(|v|, 1).
/// Precondition: delta > 0.
LeafJacobian differenceJacobian(const std::vector<Tape>& tapes, const OperatingPoint& point, const LeafSpace& space,
                                double delta);

}  // namespace kelvin::core
