#pragma once
// Variable-step integration of a DaeSystem with SUNDIALS IDA (BDF orders 1–5):
// a dense linear solver for small systems, KLU for sparse ones (its symbolic
// analysis is reused because the Jacobian pattern never changes). Switch
// outcomes are frozen between events; IDA's root finding locates each zero
// crossing of their indicators, clock ticks are stop times, and after every
// event the state is re-initialised consistently and IDA restarted.

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "solve/dae_system.h"
#include "solve/operating_point.h"
#include "solve/simulation_options.h"

namespace kelvin::core {

class IdaIntegrator {
 public:
  /// Above this many unknowns the sparse (KLU) linear solver is used.
  static constexpr int kSparseThreshold = 40;

  /// `dae` is observed and must outlive the integrator.
  IdaIntegrator(const DaeSystem& dae, SimulationOptions options, std::string file);

  /// Runs the whole interval; leaves the state at the end in *finalState when given.
  /// Throws SimulationError on failure.
  SimulationStats run(const SampleCallback& onSample, const std::atomic<bool>* cancel,
                      const EventCallback& onEvent, OperatingPoint* finalState = nullptr);

 private:
  const DaeSystem& dae_;
  SimulationOptions options_;
  std::string file_;
};

}  // namespace kelvin::core
