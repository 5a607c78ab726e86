#pragma once
// ABCD identification of a whole hybrid model at an operating point. Every
// memory element is cut into a generator (a coordinate q_i, read by the rest of
// the model as an independent value) and a receiver (what the element takes in):
//
//   1/s  a continuous state x: receiver ẋ, from the DAE's rows solved for ẋ
//        (E = ∂F/∂ẋ has full column rank for index 1);
//   1/z  a discrete value a clock assigns (UnitDelay's output): receiver the value
//        the update would assign, with a value sampled at the same tick (UnitDelay's
//        `held`) replaced by what it samples, so y[k+1] = u[k] is one 1/z row;
//   S&H  a value sampled at a tick and held (ZeroOrderHold): receiver what it samples;
//   1/e  a transport delay's output: receiver the delay line's input;
//   (a discrete value that only ever takes fixed values, a mode flag such as a clutch's
//   `locked`, is a constant of the linearisation and no coordinate)
//   =0   an algebraic unknown: receiver the residual of an equation matched to it,
//        with ẋ substituted from the 1/s rows.
//
// The loop-free map from (q, u) to the receivers and the outputs is linearised
// exactly (automatic differentiation over every leaf kind) or, as the
// cross-check, by central differences. The input u is the analysis.Inp's own
// discrete value (0 in every run: y = u_in + input); the outputs are the values
// the analysis.Out marker names (its probes `<Out>.u1..uN`).

#include <string>
#include <vector>

#include "expr/tape.h"
#include "linearize/abcd_matrix.h"
#include "linearize/tape_jacobian.h"
#include "solve/dae_system.h"
#include "solve/operating_point.h"

namespace kelvin::core {

class AbcdIdentification {
 public:
  /// Classifies the coordinates and compiles the receivers' expressions. `dae` is
  /// observed and must outlive this object; `file` names the model in diagnostics.
  AbcdIdentification(const DaeSystem& dae, std::string file);

  /// Exact identification at `point`. Throws ModelError when the linearised DAE is
  /// not of index 1 (E's state columns rank-deficient), naming the blocks involved.
  AbcdMatrix identify(const OperatingPoint& point) const;
  /// The same from central differences with relative increment `delta` (> 0).
  AbcdMatrix identifyByDifferences(const OperatingPoint& point, double delta) const;

 private:
  /// Where a leaf goes among the columns of [A B]: a coordinate, the input, or nowhere (a constant).
  static constexpr int kConstant = -1;
  static constexpr int kSampler = -2;
  /// A value sampled at a tick and read by a plain update of it (a UnitDelay's `held`).
  struct Sampled {
    int discrete;
    int tape;
  };

  AbcdMatrix assemble(const LeafJacobian& jac, double time) const;
  Eigen::RowVectorXd inCoordinates(const LeafJacobian& jac, Eigen::Index row, const Eigen::MatrixXd* xdot,
                                   const Eigen::MatrixXd& samplerRows) const;
  int tapeOfSampler(int discrete) const;

  const DaeSystem& dae_;
  std::string file_;
  LeafSpace space_;
  std::vector<Tape> tapes_;  // equations, then the receivers (one per coordinate kind), samplers, outputs
  std::vector<AbcdRow> rows_;
  std::vector<int> receiverTape_;  // per coordinate: the tape of its receiver (-1 for 1/s and =0 rows)
  std::vector<int> columnOfUnknown_, columnOfDiscrete_, columnOfDelay_;
  std::vector<int> states_, algebraic_;  // unknown indices, in coordinate order
  std::vector<int> member_;              // per coordinate: its index in states_ or algebraic_, else -1
  std::vector<Sampled> samplers_;
  std::vector<int> outputTapes_;
  int inputDiscrete_ = -1;
  int size_ = 0;  // coordinates
  std::vector<std::string> outputs_, outputSignals_;
  std::string input_;
};

}  // namespace kelvin::core
