#pragma once
// A compiled expression: its DAG flattened into a straight-line program that
// evaluates the value and, by one reverse sweep (reverse-mode automatic
// differentiation), the exact gradient with respect to the unknowns it
// references. One tape per residual or indicator; the leaves of a tape are
// the sparse pattern of its Jacobian row.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "expr/expr.h"

namespace kelvin::core {

/// The values of delay lines: line k's input as it was `delay_k` ago.
class DelayedValues {
 public:
  virtual ~DelayedValues() = default;
  virtual double valueAt(int line, double time) const = 0;
};

/// Where a tape reads its inputs. `switches` holds the frozen outcome (0/1)
/// of every switched node (relation, min, max, abs) by switch index; when it
/// is null the outcomes are computed from the current values.
struct EvalPoint {
  double time = 0.0;
  const double* y = nullptr;
  const double* yp = nullptr;
  const double* discrete = nullptr;
  const std::uint8_t* switches = nullptr;
  const DelayedValues* delays = nullptr;  // needed only where delay lines occur
};

/// A referenced unknown: y[index] or, when derivative, y'[index].
struct TapeLeaf {
  int index = 0;
  bool derivative = false;
  bool operator==(const TapeLeaf&) const = default;
};

class Tape {
 public:
  /// Compiles `root`. `switchIndex` maps the node id of each switched node to
  /// its switch index (nodes missing from it are evaluated from values).
  Tape(const ExprPool& pool, Expr root, const std::unordered_map<std::uint32_t, int>& switchIndex);
  /// No program yet: only recompile() may be called.
  Tape() = default;
  /// Compiles `root` in place of this tape's program, in its arrays (a compiler of one tape
  /// after another allocates only when a tape outgrows them).
  void recompile(const ExprPool& pool, Expr root, const std::unordered_map<std::uint32_t, int>& switchIndex);

  /// Value at the point. `work` must hold at least size() doubles.
  double evaluate(const EvalPoint& at, double* work) const;
  /// Value, and the gradient over leaves() into `gradient` (leaves().size()).
  /// `work` and `adjoint` must each hold size() doubles.
  double gradient(const EvalPoint& at, double* work, double* adjoint, double* gradient) const;
  /// As gradient(), and also adds ∂value/∂d[k] to discreteGradient[k] and ∂value/∂(delay
  /// line k) to delayedGradient[k]: arrays with one entry per discrete value and per delay
  /// line of the system (the linearisation of a hybrid model needs all of them).
  double fullGradient(const EvalPoint& at, double* work, double* adjoint, double* gradient, double* discreteGradient,
                      double* delayedGradient) const;

  const std::vector<TapeLeaf>& leaves() const { return leaves_; }
  std::size_t size() const { return code_.size(); }

  /// The outcome a switched node would have from the values (for mode updates).
  static bool switchOutcome(Op op, double a, double b);

 private:
  struct Instr {
    Op op;
    std::int32_t a = 0, b = 0, c = 0;  // operand slots
    std::int32_t index = -1;           // leaf index, discrete index or switch index
    double value = 0.0;                // constant
  };
  void run(const EvalPoint& at, double* work) const;
  /// Evaluates, then sweeps backwards: adjoint[i] = ∂value/∂(slot i).
  void reverse(const EvalPoint& at, double* work, double* adjoint) const;

  std::vector<Instr> code_;
  std::vector<TapeLeaf> leaves_;
  std::vector<std::int32_t> leafSlot_;  // slot of each leaf in code_
};

}  // namespace kelvin::core
