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
  /// DaeSystem::residual's offsets of the sparse-product equations, for the discrete values offsetsFor.
  std::vector<double> offsets, offsetsFor;
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
  /// The compiled residual of one equation (a product row's is compiled on each call: the
  /// system keeps only the tapes it evaluates).
  Tape equationTape(int equation) const {
    return tapeOf_[equation] >= 0 ? tapes_[tapeOf_[equation]] : compile(flat_.equations[equation].residual);
  }
  /// The residual of one equation, by its tape.
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
  std::vector<Tape> tapes_;  // of the tape rows (tapeRows_), in equation order
  std::vector<int> tapeOf_;  // per equation: its tape in tapes_, or -1 (a product row)
  /// Equation e's tape leaves are numbers leafStart_[e] .. leafStart_[e + 1]; leafEntry_ holds
  /// each one's pattern entry.
  std::vector<int> leafStart_, leafEntry_;
  std::vector<int> columnStart_, rowIndex_;
  std::vector<double> constantDy_, constantDyp_;  // linear equations' entries
  std::vector<int> dypEntry_;                     // the entries k where constantDyp_[k] is not zero,
  std::vector<double> dypValue_;                  // and those values (a Jacobian reads no more)
  /// Equations affine in y, y' and the discrete values with constant coefficients (the
  /// product rows) are evaluated as their offset (constant + Σ coefficient·d, recomputed when
  /// the discrete values change) plus Σ ∂F/∂y·y + Σ ∂F/∂y'·y' over their nonzero entries: a
  /// sparse product instead of a tape each. The others (tapeRows_) run their tapes.
  std::vector<int> tapeRows_;
  /// The product rows in groups of one shape: per row `dy` entries of y then `dyp` of y'
  /// (columns ascending in each part), and an offset or none (zero). A group's rows are
  /// evaluated by a loop of that fixed shape (a capacitor's node: three of y, one of y'). A group
  /// is either a list or a run. In a list, its t-th row (t < rows) is productRow_[first + t],
  /// with the dy + dyp columns productColumn_ from entry + t·(dy + dyp) and their coefficients
  /// productValue_ from productValueAt_[first + t] (consecutive rows with the same coefficients
  /// share them: a large model's residual reads less memory). A run is consecutive equations
  /// with the same coefficients whose columns all advance by one from each row to the next (a
  /// chain of equal sections, as in a ladder): only its first row is stored (productRow_[first],
  /// its columns at entry, its coefficients at productValueAt_[first]), and row t is that row,
  /// its columns each + t; it is evaluated as a few vector passes (SIMD, no index read per row).
  /// In both, row t's offset, if any, is number offset + t.
  struct ProductGroup {
    int dy = 0, dyp = 0;
    bool hasOffset = false, run = false;
    int first = 0, rows = 0, entry = 0, offset = 0;
    using Kernel = void (*)(const ProductGroup&, const DaeSystem&, const EvalPoint&, const double* offsets,
                            double* out);
    Kernel kernel = nullptr;
  };
  /// Rows of up to this many entries of y and of y' have a loop of their own shape.
  static constexpr int kMaxKernelDy = 4, kMaxKernelDyp = 2;
  template <bool OFFSET, int DY, int DYP>
  static void productKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at, const double* offsets,
                            double* out);
  template <bool OFFSET, int DY, int DYP>
  static void runKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at, const double* offsets,
                        double* out);
  static void anyProductKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at, const double* offsets,
                               double* out);
  /// The kernel of a group of this shape; nullptr for a run of a shape without one of its own.
  template <int DY, int DYP>
  static ProductGroup::Kernel kernelFor(int dy, int dyp, bool offset, bool run);
  struct AffineRows;
  /// Makes product rows of the linear equations affine in the discrete values (the others are
  /// tape rows).
  void groupProductRows(const AffineRows& affine);
  std::vector<ProductGroup> productGroups_;
  std::vector<int> productRow_, productColumn_, productValueAt_;
  std::vector<double> productValue_;
  /// The offsets: offset k is offsetConstant_[k] + Σ offsetValue_[j]·d[offsetColumn_[j]] over
  /// j in [offsetStart_[k], offsetStart_[k + 1]) (the terms in a tape's order).
  std::vector<double> offsetConstant_, offsetValue_;
  std::vector<int> offsetStart_, offsetColumn_;
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
