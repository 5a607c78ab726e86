#pragma once
// The DC operating point of a model (SPICE's .op): every derivative zero and the
// sources at the start time t0,
//
//     F(t0, y, y' = 0, d) = 0,
//
// solved for all of y (states included: a capacitor's voltage, an inductor's
// current) by damped Newton with a sparse LU. When plain Newton fails it tries,
// as SPICE does:
//  - gmin stepping: a conductance g from every electrical node to ground (added
//    to the node's conservation law), from 1 mS down decade by decade (finer when
//    a step fails) to none, each solution the next one's guess;
//  - source stepping: the homotopy F(y) − (1 − λ)·F(0) for λ from 0 to 1. A circuit
//    whose elements carry no current at zero voltage has F(0) = its independent
//    sources, so this scales every source by λ (SPICE's srcFact); y = 0 solves λ = 0.
// The switch outcomes (min, max, abs, relations) are not frozen: every evaluation takes
// them from the values, and the operating point carries those of the solution.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "solve/dae_system.h"
#include "solve/operating_point.h"
#include "solve/sparse_lu.h"

namespace kelvin::core {

class DcOperatingPointSolver {
 public:
  /// How the operating point was found.
  enum class Method { Newton, GminStepping, SourceStepping };

  /// `dae` is observed and must outlive the solver; `file` names diagnostics.
  DcOperatingPointSolver(const DaeSystem& dae, std::string file);

  /// The operating point at time t: y solved from the guess `y` (the model's start
  /// values), y' = 0, the discrete values as given, the switch outcomes of the solution; the
  /// delay lines (observed during the call; null when the model has none) read their initial values.
  /// Throws SimulationError naming the blocks whose equations have no solution
  /// (a singular system: a node left floating at DC, a loop of inductors and
  /// voltage sources) or whose residuals stay largest when nothing converges.
  OperatingPoint solve(double t, std::vector<double> y, const std::vector<double>& discrete,
                       const DelayedValues* delays = nullptr);

  /// The method that found the last solution.
  Method method() const { return method_; }
  /// Newton iterations the last solve took in all.
  int iterations() const { return iterations_; }

 private:
  struct Homotopy {
    double gmin = 0.0;    // S, from every electrical node to ground
    double lambda = 1.0;  // source factor: F(y) − (1 − λ)·F(0)
  };
  /// Newton, then gmin stepping, then source stepping.
  bool solveAll(std::vector<double>& y, const EvalPoint& base);
  bool gminStepping(std::vector<double>& y, const EvalPoint& base);
  bool sourceStepping(std::vector<double>& y, const EvalPoint& base);
  /// Damped Newton from y for the homotopy h; y is left at the last iterate.
  bool newton(std::vector<double>& y, const EvalPoint& base, const Homotopy& h);
  void residual(const EvalPoint& at, const Homotopy& h, double* f);
  void jacobian(const EvalPoint& at, const Homotopy& h);
  [[noreturn]] void fail(double t, const std::vector<double>& y, const EvalPoint& base);

  const DaeSystem& dae_;
  std::string file_;
  DaeWorkspace ws_;
  // ∂F/∂y in CSC form: the system's pattern plus the entries gmin adds.
  std::vector<int> columnStart_, rowIndex_;
  std::vector<int> entryOf_;  // the system's pattern entry k → entry of this pattern
  std::vector<double> values_, dy_, dyp_;
  struct GminTerm {
    int equation;              // the node's conservation law
    Tape across;               // the node's potential over the unknowns
    std::vector<int> entries;  // pattern entry of each of its tape's leaves (-1: a derivative)
  };
  std::vector<GminTerm> gmin_;
  std::vector<double> f0_, yZero_;  // F(0), for source stepping
  std::unique_ptr<SparseLu> lu_;
  Method method_ = Method::Newton;
  int iterations_ = 0;
};

}  // namespace kelvin::core
