#pragma once
// Consistent initialisation of the DAE F(t, y, y', d) = 0 at a time t: the
// states keep their values y, and Newton's method (damped, with a sparse LU)
// solves for the algebraic unknowns and the derivatives of the states. The
// switch outcomes are then recomputed from the solution and the solve is
// repeated until they settle. When the Newton matrix is singular, the BLT
// block that is singular is found and its blocks are named.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "solve/dae_system.h"
#include "solve/sparse_lu.h"

namespace kelvin::core {

class ConsistentInitializer {
 public:
  /// `dae` is observed and must outlive the initializer; `file` names diagnostics.
  ConsistentInitializer(const DaeSystem& dae, std::string file);

  /// Solves in place. y holds the states' values (kept) and guesses for the
  /// rest; yp guesses for the derivatives. Throws SimulationError naming the
  /// blocks when there is no solution.
  /// Delay lines to read while solving (observed; null when the model has none).
  void setDelays(const DelayedValues* delays) { delays_ = delays; }

  /// `justFired[s]` != 0: switch s has just fired (the event being handled) and keeps its
  /// outcome while its indicator is within rounding of zero; every other switch takes the
  /// outcome its indicator gives. Empty: none has just fired.
  void solve(double t, std::vector<double>& y, std::vector<double>& yp, const std::vector<double>& discrete,
             std::vector<std::uint8_t>& switches, std::span<const std::uint8_t> justFired = {});

  /// The factorisation of the last solve's Newton matrix; null before one.
  const SparseLu* sparseLu() const { return lu_.get(); }

 private:
  /// Newton with switches frozen; returns false if it did not converge.
  bool newton(double t, std::vector<double>& y, std::vector<double>& yp, const std::vector<double>& discrete,
              const std::vector<std::uint8_t>& switches);
  [[noreturn]] void explainSingular(double t, const std::vector<double>& y, const std::vector<double>& yp,
                                    const std::vector<double>& discrete, const std::vector<std::uint8_t>& switches);

  const DaeSystem& dae_;
  std::string file_;
  DaeWorkspace ws_;
  std::unique_ptr<SparseLu> lu_;  // the pattern never changes: analysed once
  /// Newton's buffers; `factorised` holds the values of the matrix lu_ has factorised (empty
  /// when none or when its factorisation failed).
  struct NewtonBuffers {
    std::vector<double> residual, step, base, dy, dyp, values, factorised;
  } newton_;
  const DelayedValues* delays_ = nullptr;
};

}  // namespace kelvin::core
