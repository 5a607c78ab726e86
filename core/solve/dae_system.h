#pragma once
// The compiled, immutable form of a FlatSystem that solvers evaluate:
// residual F(t, y, y', d) and its sparse Jacobian ∂F/∂y + c·∂F/∂y' in CSC
// form with a pattern fixed at compile time (so a sparse LU's symbolic
// analysis is done once); entries of linear equations are constant and
// computed once. Also the switch indicators (event functions), the discrete
// updates of the clocks, and the named signals.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "elaborate/flat_system.h"
#include "expr/tape.h"

namespace kelvin::core {

/// Scratch buffers for tape evaluation; one per thread of evaluation.
struct DaeWorkspace {
  std::vector<double> work, adjoint, gradient;
  /// DaeSystem::residual's terms of the sparse-product equations, for the discrete values offsetsFor.
  std::vector<double> offsets, offsetsFor, zeros;
};

struct SwitchInfo {
  Op op;
  int block = -1;  // owner of the first equation it was found in
};

class DaeSystem {
 public:
  /// Compiles `flat`, which must outlive this object (its pool is shared).
  explicit DaeSystem(const FlatSystem& flat);

  const FlatSystem& flat() const { return flat_; }
  int size() const { return static_cast<int>(flat_.unknowns.size()); }
  bool isState(int unknown) const { return state_[unknown]; }
  DaeWorkspace makeWorkspace() const;

  void residual(const EvalPoint& at, double* out, DaeWorkspace& ws) const;
  /// The compiled residual of one equation.
  const Tape& equationTape(int equation) const { return equationTapes_[equation]; }
  /// The residual of one equation.
  double residualOf(int equation, const EvalPoint& at, DaeWorkspace& ws) const;

  // Jacobian pattern: column j holds rows rowIndex[columnStart[j] .. columnStart[j+1]).
  const std::vector<int>& columnStart() const { return columnStart_; }
  const std::vector<int>& rowIndex() const { return rowIndex_; }
  int nonZeros() const { return static_cast<int>(rowIndex_.size()); }
  /// values[k] = (∂F/∂y + cj·∂F/∂y') at pattern entry k.
  void jacobian(const EvalPoint& at, double cj, double* values, DaeWorkspace& ws) const;
  /// ∂F/∂y and ∂F/∂y' separately, at pattern entries.
  void jacobianParts(const EvalPoint& at, double* dy, double* dyp, DaeWorkspace& ws) const;

  /// Compiles another expression of the flat system (its switches are those of the system).
  Tape compile(Expr e) const { return Tape(*flat_.pool, e, switchIndex_); }

  /// True when every equation is linear with constant coefficients (a constant Jacobian).
  bool linear() const { return nonlinearEquations_.empty(); }
  /// The block that owns an equation, or "node joining ..." for a conservation law.
  std::string equationOrigin(int equation) const { return flat_.equationOrigin(equation); }

  int switchCount() const { return static_cast<int>(switches_.size()); }
  const SwitchInfo& switchInfo(int s) const { return switches_[s]; }
  /// Whether switch s's indicator reads an unknown (y or y'), and so carries the solver's
  /// rounding; otherwise it is exact arithmetic on t, discrete values and parameters.
  bool indicatorReadsUnknowns(int s) const { return !indicatorTapes_[s].leaves().empty(); }
  /// g[s]: the event function of switch s (crosses zero where its outcome changes).
  void indicators(const EvalPoint& at, double* g, DaeWorkspace& ws) const;
  /// g[s] alone.
  double indicator(int s, const EvalPoint& at, DaeWorkspace& ws) const {
    return indicatorTapes_[s].evaluate(at, ws.work.data());
  }
  /// Outcomes of every switch from the values at the point.
  std::vector<std::uint8_t> switchOutcomes(const EvalPoint& at, DaeWorkspace& ws) const;

  /// Applies the plain (sample = false) or the sampling (sample = true) updates of
  /// clock c: d ← new values, all computed from the values before any of them.
  void updateDiscretes(int clock, bool sample, const EvalPoint& at, std::vector<double>& discrete,
                       DaeWorkspace& ws) const;
  /// The switch whose turning true ticks clock c, or -1 for a periodic clock.
  int clockTrigger(int clock) const { return clockTrigger_[clock]; }

  int delayCount() const { return static_cast<int>(delayInputs_.size()); }
  /// The inputs of the delay lines at the point (what they record now).
  void delayInputs(const EvalPoint& at, double* out, DaeWorkspace& ws) const;

  /// The named signals (flat().signals). Not compiled here: a run compiles the ones it
  /// samples (compileSignal), so a large model pays for the few signals asked for.
  int signalCount() const { return static_cast<int>(flat_.signals.size()); }
  Tape compileSignal(int signal) const { return compile(flat_.signals[signal].value); }

 private:
  void scatter(int equation, const EvalPoint& at, double* dy, double* dyp, double cj, DaeWorkspace& ws) const;

  const FlatSystem& flat_;
  std::vector<bool> state_;
  std::vector<Tape> equationTapes_;
  std::vector<bool> linear_;
  std::vector<std::vector<int>> entryOf_;  // per equation, per tape leaf: pattern entry
  std::vector<int> columnStart_, rowIndex_;
  std::vector<double> constantDy_, constantDyp_;  // linear equations' entries
  /// Linear equations whose term free of y and y' reads neither time, delays nor switches
  /// (productRows_) are evaluated as that term (recomputed when the discrete values change)
  /// plus the constant Jacobian entries times (y, y'): one sparse product instead of a tape
  /// each. The others (tapeRows_) run their tapes.
  std::vector<int> productRows_, tapeRows_;
  /// The product rows' nonzero constant entries, row by row (CSR, columns ascending): product
  /// row r holds column[k], value[k] for k in [start[r], start[r + 1]). Those of ∂F/∂y and of
  /// ∂F/∂y' apart, so a row reads only its nonzero ones (a capacitor's node: three of y, one of y').
  struct ConstantRows {
    std::vector<int> start, column;
    std::vector<double> value;
  };
  ConstantRows productDy_, productDyp_;
  std::vector<int> nonlinearEquations_;
  std::vector<SwitchInfo> switches_;
  std::unordered_map<std::uint32_t, int> switchIndex_;
  std::vector<Tape> indicatorTapes_;
  struct ClockUpdate {
    int discrete;
    bool sample;
    Tape value;
  };
  std::vector<std::vector<ClockUpdate>> clockUpdates_;
  std::vector<int> clockTrigger_;
  std::vector<Tape> delayInputs_;
  std::size_t maxTape_ = 1, maxLeaves_ = 1;
};

}  // namespace kelvin::core
