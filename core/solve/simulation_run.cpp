#include "solve/simulation_run.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace kelvin::core {

namespace {
/// A constraint violated by less than this (absolute, in its own units) needs no projection: rounding.
constexpr double kProjectionTolerance = 1e-12;
/// Bound on events that trigger events at the same instant.
constexpr int kMaxEventIterations = 16;

const char* outcomeText(Op op, bool outcome) {
  switch (op) {
    case Op::Min: return outcome ? "min takes its first argument" : "min takes its second argument";
    case Op::Max: return outcome ? "max takes its first argument" : "max takes its second argument";
    case Op::Abs: return outcome ? "abs argument became positive" : "abs argument became negative";
    default: return outcome ? "condition became true" : "condition became false";
  }
}
}  // namespace

SimulationRun::SimulationRun(const DaeSystem& dae, const SimulationOptions& options, const std::string& file,
                             const SampleCallback& onSample, const EventCallback& onEvent)
    : dae_(dae),
      onSample_(onSample),
      onEvent_(onEvent),
      span_(options.stopTime != options.startTime ? std::abs(options.stopTime - options.startTime) : 1.0),
      delta_(1e-8 * span_),
      start_(options.startTime),
      init_(dae, file),
      projector_(dae),
      projection_(options.projection),
      atol_(options.atol),
      clocks_(dae.flat().clocks),
      ws_(dae.makeWorkspace()),
      delays_(dae.flat().delays),
      onState_(options.onState),
      signalValues_(options.outputs.empty() ? dae.signalCount() : options.outputs.size()) {
  const FlatSystem& flat = dae.flat();
  std::size_t work = 1;
  for (std::size_t k = 0; k < signalValues_.size(); ++k) {
    const int signal = options.outputs.empty() ? static_cast<int>(k) : options.outputs[k];
    if (signal < 0 || signal >= dae.signalCount()) throw std::out_of_range("SimulationRun: no signal " + std::to_string(signal));
    outputTapes_.push_back(dae.compileSignal(signal));
    work = std::max(work, outputTapes_.back().size());
  }
  outputWork_.resize(work);
  for (int i = 0; i < dae.size() && !anyAlgebraic_; ++i) anyAlgebraic_ = !dae.isState(i);
  const int size = std::max(dae.size(), 1);  // never empty, so data() is valid for SUNDIALS
  y.assign(size, 0.0);
  yp.assign(size, 0.0);
  for (int i = 0; i < dae.size(); ++i) y[i] = flat.unknowns[i].start;
  if (!options.startValues.empty()) std::copy_n(options.startValues.begin(), dae.size(), y.begin());
  for (const FlatDiscrete& d : flat.discretes) discrete.push_back(d.start);
  discrete.push_back(0.0);
  if (!options.parameters.empty()) {
    if (options.parameters.size() != flat.parameters.size())
      throw std::invalid_argument("SimulationRun: one value per run-time parameter expected");
    for (std::size_t k = 0; k < flat.parameters.size(); ++k)
      discrete[flat.parameters[k].discrete] = options.parameters[k];
  }
  const EvalPoint at{start_, y.data(), yp.data(), discrete.data(), nullptr, &delays_};
  switches = dae.switchOutcomes(at, ws_);
  switches.push_back(0);
  clocks_.startAt(start_);
  init_.setDelays(&delays_);
}

void SimulationRun::start() {
  reinitialise(start_);
  if (tickDue(start_)) tick(start_);
  record(start_);
  emit(start_, y.data(), yp.data());
}

void SimulationRun::record(double t) {
  if (dae_.delayCount() == 0) return;
  delayInputs_.resize(dae_.delayCount());
  const EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), &delays_};
  dae_.delayInputs(at, delayInputs_.data(), ws_);
  delays_.record(t, delayInputs_);
}

bool SimulationRun::project(double t, double tolerance, const char* why) {
  if (!projector_.hasConstraints() || deferred_) return false;
  const EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), &delays_};
  if (!projection_) {
    // Naive carry-over (for comparison): say how far the state is off the constraint.
    const auto [violation, owners] = projector_.violation(at);
    if (violation > tolerance && violation != reportedViolation_) {
      reportedViolation_ = violation;
      std::ostringstream what;
      what << why << ": projection off, the state violates the constraint by " << violation;
      for (int block : owners) log(t, block, what.str());
    }
    return false;
  }
  const Projection p = projector_.project(at, y, tolerance);
  if (!p.moved) return false;
  std::ostringstream what;
  what.precision(12);
  what << why << ": state projected onto the constraint, error energy removed " << p.energyRemoved
       << " J (residual " << p.residual << ")";
  for (int block : p.blocks) log(t, block, what.str());
  return true;
}

bool SimulationRun::removeDrift(double t) { return project(t, atol_, "drift"); }

bool SimulationRun::projectDeferred(double t) {
  deferred_ = false;
  if (!project(t, kProjectionTolerance, "constraint change (from the state integrated one step further)"))
    return false;
  init_.solve(t, y, yp, discrete, switches);
  return true;
}

void SimulationRun::reinitialise(double t) {
  // Solving settles the switches, which decide what constraints are active; then project onto them.
  const std::vector<std::uint8_t> before = switches;
  init_.solve(t, y, yp, discrete, switches, justFired_);
  if (project(t, kProjectionTolerance, "constraint change")) init_.solve(t, y, yp, discrete, switches, justFired_);
  // A condition that turned true while settling ticks its clock too (event iteration: a stop
  // that, once touched, would have to pull lets go at once).
  if (eventDepth_ < kMaxEventIterations) {
    for (std::size_t c = 0; c < dae_.flat().clocks.size(); ++c) {
      const int s = dae_.clockTrigger(static_cast<int>(c));
      if (s < 0 || before[s] || !switches[s]) continue;
      ++eventDepth_;
      log(t, dae_.flat().clocks[c].block, "condition became true at re-initialisation");
      applyClock(static_cast<int>(c), t);
      --eventDepth_;
    }
  }
  // y' of the algebraic unknowns: the solution a small time later, by a difference. A model
  // of states only has none to find (the solve would change nothing it keeps).
  if (!anyAlgebraic_) return;
  std::vector<double> yLater = y, ypLater = yp;
  std::vector<std::uint8_t> switchesLater = switches;
  const int n = dae_.size();
  for (int i = 0; i < n; ++i)
    if (dae_.isState(i)) yLater[i] += delta_ * yp[i];
  init_.solve(t + delta_, yLater, ypLater, discrete, switchesLater, justFired_);
  for (int i = 0; i < n; ++i)
    if (!dae_.isState(i)) yp[i] = (yLater[i] - y[i]) / delta_;
}

void SimulationRun::applyClock(int clock, double t) {
  // Phase one from the values before the tick; then consistency; then sampling.
  const EvalPoint before{t, y.data(), yp.data(), discrete.data(), switches.data(), &delays_};
  dae_.updateDiscretes(clock, false, before, discrete, ws_);
  reinitialise(t);
  const EvalPoint after{t, y.data(), yp.data(), discrete.data(), switches.data(), &delays_};
  dae_.updateDiscretes(clock, true, after, discrete, ws_);
  log(t, dae_.flat().clocks[clock].block, "clock tick");
}

void SimulationRun::tick(double t) {
  ++events_;
  for (int c : clocks_.take(t + coincidence(t))) applyClock(c, t);
  reinitialise(t);
  record(t);
}

void SimulationRun::switchesFired(double t, const std::vector<int>& fired) {
  ++events_;
  std::vector<int> triggered;
  justFired_.assign(dae_.switchCount(), 0);
  for (int s = 0; s < dae_.switchCount(); ++s) {
    if (fired[s] == 0) continue;
    justFired_[s] = 1;
    const bool outcome = Tape::switchOutcome(dae_.switchInfo(s).op, fired[s] > 0 ? 1.0 : -1.0, 0.0);
    if (switches[s] == outcome) continue;
    switches[s] = outcome;
    log(t, dae_.switchInfo(s).block, outcomeText(dae_.switchInfo(s).op, outcome));
    for (std::size_t c = 0; c < dae_.flat().clocks.size(); ++c)
      if (outcome && dae_.clockTrigger(static_cast<int>(c)) == s) triggered.push_back(static_cast<int>(c));
  }
  reinitialise(t);
  justFired_.clear();
  for (int c : triggered) applyClock(c, t);
  if (!triggered.empty()) reinitialise(t);
  record(t);
}

void SimulationRun::emit(double t, const double* yy, const double* yyp) {
  const EvalPoint at{t, yy, yyp, discrete.data(), switches.data(), &delays_};
  for (std::size_t k = 0; k < outputTapes_.size(); ++k) signalValues_[k] = outputTapes_[k].evaluate(at, outputWork_.data());
  onSample_(t, signalValues_);
  if (onState_) onState_({t, std::vector<double>(yy, yy + y.size()), std::vector<double>(yyp, yyp + y.size()), discrete, switches});
}

std::vector<int> SimulationRun::sampledEntries(bool derivative) const {
  std::vector<bool> read(y.size(), onState_ != nullptr);
  for (const Tape& tape : outputTapes_)
    for (const TapeLeaf& leaf : tape.leaves())
      if (leaf.derivative == derivative) read[leaf.index] = true;
  std::vector<int> entries;
  for (std::size_t i = 0; i < read.size(); ++i)
    if (read[i]) entries.push_back(static_cast<int>(i));
  return entries;
}

void SimulationRun::indicators(double t, std::vector<double>& g) {
  g.resize(dae_.switchCount());
  const EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), &delays_};
  dae_.indicators(at, g.data(), ws_);
}

void SimulationRun::log(double t, int block, const std::string& what) {
  if (!onEvent_) return;
  onEvent_({t, block >= 0 ? dae_.flat().blocks[block].id : std::string(), what});
}

OperatingPoint SimulationRun::operatingPoint(double t) const {
  std::vector<double> delayed(dae_.delayCount());
  for (int k = 0; k < dae_.delayCount(); ++k) delayed[k] = delays_.valueAt(k, t);
  return {t, y, yp, discrete, switches, std::move(delayed)};
}

}  // namespace kelvin::core
