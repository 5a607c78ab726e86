#include "solve/fixed_step_integrator.h"

#include <cmath>
#include <optional>
#include <sstream>

#include <spdlog/spdlog.h>

#include "solve/simulation_error.h"
#include "solve/simulation_run.h"
#include "solve/sparse_lu.h"

namespace kelvin::core {

namespace {

/// y' = c·y + r over one step from t_n to t_n + h.
struct StepCoefficients {
  double c = 0.0;
  std::vector<double> r;
};

std::string seconds(double t) {
  std::ostringstream os;
  os << t << " s";
  return os.str();
}

}  // namespace

FixedStepIntegrator::FixedStepIntegrator(const DaeSystem& dae, FixedStepMethod method, SimulationOptions options,
                                         std::string file)
    : dae_(dae), method_(method), options_(std::move(options)), file_(std::move(file)) {}

SimulationStats FixedStepIntegrator::run(const SampleCallback& onSample, const std::atomic<bool>* cancel,
                                         const EventCallback& onEvent, OperatingPoint* finalState) {
  const int n = dae_.size();
  SimulationRun run(dae_, options_, file_, onSample, onEvent);
  run.start();
  SimulationStats stats;
  double t = options_.startTime;
  const double stop = options_.stopTime;

  std::optional<SparseLu> lu;  // none for a model without unknowns (discrete blocks only)
  if (n > 0) lu.emplace(n, dae_.columnStart(), dae_.rowIndex());
  std::vector<double> values(dae_.nonZeros()), f(n), delta(n), previous(n), g;
  double previousStep = 0.0;  // > 0 when y_{n-1} (previous) is valid for BDF2
  double factoredC = -1.0;    // c of the factorisation in lu, for linear systems
  long k = 0;                 // internal steps since the start, for exact step times
  // A step may not outrun a transport delay: split the user's step into as many
  // internal steps as that takes, and report only the user's.
  const long substeps = static_cast<long>(std::max(1.0, std::ceil(options_.step / run.shortestDelay() - 1e-9)));
  const double internalStep = options_.step / static_cast<double>(substeps);

  auto coefficients = [&](double h, bool haveHistory) {
    StepCoefficients s;
    s.r.resize(n);
    if (method_ == FixedStepMethod::Trapezoidal) {
      s.c = 2.0 / h;  // y' = 2(y − y_n)/h − y'_n
      for (int i = 0; i < n; ++i) s.r[i] = -s.c * run.y[i] - run.yp[i];
    } else if (method_ == FixedStepMethod::Bdf2 && haveHistory) {
      const double w = h / previousStep;  // variable-step BDF2
      s.c = (1.0 + 2.0 * w) / ((1.0 + w) * h);
      for (int i = 0; i < n; ++i) s.r[i] = (-(1.0 + w) * run.y[i] + w * w / (1.0 + w) * previous[i]) / h;
    } else {
      s.c = 1.0 / h;  // implicit Euler, also BDF2's first step
      for (int i = 0; i < n; ++i) s.r[i] = -run.y[i] / h;
    }
    return s;
  };

  while (t < stop * (1 - 1e-15)) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      stats.cancelled = true;
      break;
    }
    // Land exactly on the stop time and on clock ticks.
    double target = options_.startTime + static_cast<double>(k + 1) * internalStep;
    bool onGrid = true;
    if (target > stop) target = stop, onGrid = false;
    if (!run.tickDue(target) && run.nextTick() < target) target = run.nextTick(), onGrid = false;
    const double h = target - t;
    const StepCoefficients step = coefficients(h, previousStep > 0.0 && method_ == FixedStepMethod::Bdf2);
    if (options_.beforeStep) options_.beforeStep(t, h, run.y, run.yp, run.discrete);

    // Newton's method on F(t+h, y, c·y + r) = 0, from the explicit prediction.
    std::vector<double> y(run.y), yp(n);
    for (int i = 0; i < n; ++i) y[i] = run.y[i] + h * run.yp[i];
    bool converged = n == 0;
    for (int iteration = 0; iteration < kMaxNewtonIterations && !converged; ++iteration) {
      for (int i = 0; i < n; ++i) yp[i] = step.c * y[i] + step.r[i];
      const EvalPoint at{target, y.data(), yp.data(), run.discrete.data(), run.switches.data(), run.delays()};
      dae_.residual(at, f.data(), run.workspace());
      if (!dae_.linear() || factoredC != step.c) {
        dae_.jacobian(at, step.c, values.data(), run.workspace());
        if (!lu->factorize(values.data()))
          throw SimulationError(t, Diagnostic{file_, "", "", "singular Jacobian at t = " + seconds(target) +
                                                                 ": the model has no unique solution there"});
        factoredC = step.c;
      }
      for (int i = 0; i < n; ++i) delta[i] = -f[i];
      lu->solve(delta.data());
      double worst = 0.0;
      for (int i = 0; i < n; ++i) {
        y[i] += delta[i];
        worst = std::max(worst, std::abs(delta[i]) / (options_.atol + options_.rtol * std::abs(y[i])));
      }
      converged = std::isfinite(worst) && worst <= 1.0;
    }
    if (!converged) {
      for (int i = 0; i < n; ++i) yp[i] = step.c * y[i] + step.r[i];
      const EvalPoint at{target, y.data(), yp.data(), run.discrete.data(), run.switches.data(), run.delays()};
      dae_.residual(at, f.data(), run.workspace());
      int worst = 0;
      for (int i = 1; i < n; ++i)
        if (!(std::abs(f[i]) <= std::abs(f[worst]))) worst = i;
      const FlatEquation& eq = dae_.flat().equations[worst];
      const std::string block = eq.block >= 0 ? dae_.flat().blocks[eq.block].id : std::string();
      std::ostringstream os;
      os << "Newton's method did not converge at t = " << seconds(target) << " (step " << seconds(h)
         << "): the equation of " << dae_.equationOrigin(worst) << " has residual " << f[worst]
         << "; try a smaller step, e.g. --step " << h / 10;
      throw SimulationError(target, Diagnostic{file_, block, "", os.str()});
    }
    for (int i = 0; i < n; ++i) yp[i] = step.c * y[i] + step.r[i];
    // Newton's test is relative: an infinite state "converges". A blown-up run stops here.
    for (int i = 0; i < n; ++i) {
      if (std::isfinite(y[i]) && std::isfinite(yp[i])) continue;
      const FlatUnknown& unknown = dae_.flat().unknowns[i];
      const std::string block = unknown.block >= 0 ? dae_.flat().blocks[unknown.block].id : std::string();
      std::ostringstream os;
      os << "the solution blew up at t = " << seconds(target) << " (step " << seconds(h) << "): " << unknown.name
         << " = " << y[i] << ", its derivative " << yp[i]
         << "; the model is unstable there, or the step too large for the " << options_.solver << " method";
      throw SimulationError(target, Diagnostic{file_, block, "", os.str()});
    }
    previous = run.y;
    previousStep = h;
    run.y = y;
    run.yp = yp;
    t = target;
    if (onGrid) ++k;
    ++stats.steps;
    if (run.projectionDeferred() ? run.projectDeferred(t) : run.removeDrift(t))
      previousStep = 0.0;  // the multistep history no longer fits the state
    run.record(t);

    // Events at the step end: crossings first, then ticks due now.
    run.indicators(t, g);
    std::vector<int> fired(std::max(dae_.switchCount(), 1), 0);
    bool crossed = false;
    for (int s = 0; s < dae_.switchCount(); ++s) {
      const bool outcome = Tape::switchOutcome(dae_.switchInfo(s).op, g[s], 0.0);
      if (outcome == static_cast<bool>(run.switches[s])) continue;
      fired[s] = outcome == Tape::switchOutcome(dae_.switchInfo(s).op, 1.0, 0.0) ? 1 : -1;
      crossed = true;
    }
    if (crossed && options_.projectionStart == SimulationOptions::ProjectionStart::Integrated)
      run.deferProjection();  // step on under the new constraints first, then project
    if (crossed) run.switchesFired(t, fired);
    if (run.tickDue(t)) run.tick(t);
    if (crossed || run.events() > stats.events) {
      stats.events = run.events();
      previousStep = 0.0;  // restart the multistep history after an event
      factoredC = -1.0;
    }
    if (!onGrid || k % substeps == 0) run.emit(t, run.y.data(), run.yp.data());
  }
  spdlog::debug("fixed step: {} unknowns, {} steps, {} events", n, stats.steps, run.events());
  stats.events = run.events();
  stats.endTime = t;
  if (finalState) *finalState = run.operatingPoint(t);
  return stats;
}

}  // namespace kelvin::core
