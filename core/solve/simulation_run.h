#pragma once
// The state of one run — y, y', the discrete values and the switch outcomes —
// and what happens to it at events, shared by the variable-step (IDA) and the
// fixed-step integrators: consistent (re-)initialisation, clock ticks in two
// phases (plain updates from the values before the tick, then sampling
// updates from the consistent values after them), switches that fire, the
// event log and the output samples.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "events/state_projector.h"
#include "solve/consistent_initializer.h"
#include "solve/dae_system.h"
#include "solve/delay_lines.h"
#include "solve/operating_point.h"
#include "solve/simulation_options.h"
#include "solve/time_events.h"

namespace kelvin::core {

class SimulationRun {
 public:
  /// All references are observed and must outlive the run.
  SimulationRun(const DaeSystem& dae, const SimulationOptions& options, const std::string& file,
                const SampleCallback& onSample, const EventCallback& onEvent);

  std::vector<double> y, yp, discrete;
  std::vector<std::uint8_t> switches;

  /// Consistent state at the start time (with the ticks due then), and the first sample.
  void start();
  /// The next clock tick, or +infinity.
  double nextTick() const { return clocks_.next(); }
  /// True when a tick is due at t (to rounding): events that coincide are taken together.
  bool tickDue(double t) const { return clocks_.next() <= t + coincidence(t); }
  /// Time, relative to the run's span or to t, within which two events count as simultaneous.
  static constexpr double kCoincidence = 1e-12;
  /// Ticks the clocks due at t and re-initialises. y, yp hold the state at t.
  void tick(double t);
  /// Switches s with fired[s] = ±1 crossed zero upward/downward at t: take their new
  /// outcomes, tick the clocks they trigger, re-initialise. y, yp hold the state at t.
  void switchesFired(double t, const std::vector<int>& fired);
  /// Solves for consistent values at t with the states kept, including y' of the
  /// algebraic unknowns (by a second solve a small time later).
  void reinitialise(double t);
  /// While constraints are active, moves the state back onto them when it has drifted
  /// by more than the absolute tolerance. Returns true if it moved (a solver must restart).
  bool removeDrift(double t);
  /// While deferred, constraint changes are not projected (the integrated-start option):
  /// the integrator steps on under the new constraints, then calls projectDeferred().
  void deferProjection() { deferred_ = true; }
  /// Ends a deferral: projects the state at t onto the active constraints. Returns true if it moved.
  bool projectDeferred(double t);
  bool projectionDeferred() const { return deferred_; }

  /// Evaluates the signals at (t, yy, yyp) and passes them on.
  void emit(double t, const double* yy, const double* yyp);
  /// The entries of yy (derivative false) or of yyp (true) that emit() reads, ascending: those
  /// the sampled signals refer to, or all of them when a state observer is set.
  std::vector<int> sampledEntries(bool derivative) const;
  /// Records the delay lines' inputs at the current state (after every accepted step,
  /// and again after an event).
  void record(double t);
  const DelayedValues* delays() const { return &delays_; }
  /// The smallest transport delay (+infinity without delays): steps may not be longer.
  double shortestDelay() const { return delays_.shortestDelay(); }

  /// The whole state at t (y, yp hold the state at t): what a linearisation needs.
  OperatingPoint operatingPoint(double t) const;

  /// Evaluates the switch indicators at the current state.
  void indicators(double t, std::vector<double>& g);

  long events() const { return events_; }
  DaeWorkspace& workspace() { return ws_; }
  /// The sparse LU of the consistent initialisation (after start()), whose symbolic analysis an
  /// integrator's own factorisation may share; null before one or for a model without unknowns.
  const SparseLu* sparseLu() const { return init_.sparseLu(); }

 private:
  void applyClock(int clock, double t);
  void log(double t, int block, const std::string& what);
  /// Projects onto the active constraints if violated by more than tolerance; logs it.
  bool project(double t, double tolerance, const char* why);
  double coincidence(double t) const { return kCoincidence * std::max(span_, std::abs(t)); }

  const DaeSystem& dae_;
  const SampleCallback& onSample_;
  const EventCallback& onEvent_;
  double span_;  // the run's length (its time scale; 1 s for an empty run)
  double delta_;  // the time step of the finite difference that gives y' of algebraic unknowns
  bool anyAlgebraic_ = false;  // some unknown is not a state (reinitialise solves a second time)
  double start_;
  ConsistentInitializer init_;
  StateProjector projector_;
  bool projection_;
  double reportedViolation_ = 0.0;  // last violation reported with projection off (said once)
  double atol_;
  TimeEvents clocks_;
  DaeWorkspace ws_;
  DelayLines delays_;
  std::vector<double> delayInputs_;
  std::vector<Tape> outputTapes_;  // the sampled signals, compiled for this run
  std::vector<double> outputWork_;  // their evaluation scratch
  std::function<void(const OperatingPoint&)> onState_;
  std::vector<double> signalValues_;
  long events_ = 0;
  int eventDepth_ = 0;  // nesting of events triggered while re-initialising
  bool deferred_ = false;
  std::vector<std::uint8_t> justFired_;  // while an event's switches settle: those that fired
};

}  // namespace kelvin::core
