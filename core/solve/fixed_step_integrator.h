#pragma once
// Fixed-step integration of a DaeSystem by an implicit method — implicit
// Euler, the trapezoidal rule or BDF2 — with Newton's method on the sparse
// Jacobian ∂F/∂y + c·∂F/∂y' at every step. Each method is y' = c·y + r with
// its own c and r (see stepCoefficients). Switch crossings are detected at
// the end of a step (the state is carried over plainly: the hook for state
// projection), clock ticks are landed on exactly. A Newton failure is never
// papered over with a smaller step: it stops the run naming the time, the
// block whose equation did not converge, and a smaller step to try.

#include <atomic>
#include <string>

#include "solve/dae_system.h"
#include "solve/operating_point.h"
#include "solve/simulation_options.h"

namespace kelvin::core {

enum class FixedStepMethod { ImplicitEuler, Trapezoidal, Bdf2 };

class FixedStepIntegrator {
 public:
  static constexpr int kMaxNewtonIterations = 12;

  /// `dae` is observed and must outlive the integrator. Precondition: options.step > 0.
  FixedStepIntegrator(const DaeSystem& dae, FixedStepMethod method, SimulationOptions options, std::string file);

  /// Runs the whole interval; leaves the state at the end in *finalState when given.
  SimulationStats run(const SampleCallback& onSample, const std::atomic<bool>* cancel, const EventCallback& onEvent,
                      OperatingPoint* finalState = nullptr);

 private:
  const DaeSystem& dae_;
  FixedStepMethod method_;
  SimulationOptions options_;
  std::string file_;
};

}  // namespace kelvin::core
