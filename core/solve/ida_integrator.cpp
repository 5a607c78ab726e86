#include "solve/ida_integrator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <sstream>

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <spdlog/spdlog.h>

#include "solve/fast_vector_ops.h"
#include "solve/sampled_vector.h"
#include "solve/sparse_lu_linear_solver.h"
#include "solve/simulation_run.h"
#include "solve/simulation_error.h"
#include "solve/timed_switches.h"

namespace kelvin::core {

namespace {

/// How many multiples of a delay after a kink the solver stops at (each passage smooths the kink by one order).
constexpr int kDelayBreakpointGenerations = 4;

/// The longest step is this fraction of the shortest time scale a component declares.
constexpr double kStepsPerTimeScale = 8.0;

/// The first step is a ten-millionth of the run, but at most this long: a run to 1e300 s must not try a
/// first step of 1e293 s (twenty error-test failures would leave it at 1e281 s). Growing from 1 ms to a
/// long run's step costs a few doublings.
constexpr double kLongestFirstStep = 1e-3;

/// A linear DAE with constant coefficients (DaeSystem::linear) takes a new Jacobian at every change
/// of IDA's leading coefficient cj (IDASetDeltaCjLSetup 0): J = ∂F/∂y + cj·∂F/∂y' is then exact
/// and one Newton iteration solves a step's system, so the convergence test, which guards
/// against a stale Jacobian, is passed at once (a coefficient no update norm reaches).
constexpr double kExactNewtonConvCoef = 1e10;
/// With a Jacobian that costs one refactorisation and no extra iteration, the step may grow
/// whenever the error estimate allows 20 % more, not only when it allows doubling (IDA's
/// default): on the RC ladder 278 steps instead of 356, at 68 instead of 39 Jacobians. Below
/// about 1.2 the step changes almost every step, and IDA, which raises the order only after
/// k + 2 steps of one size, stays at low order (1.1: order 3 throughout, 629 steps).
constexpr double kLinearStepGrowthThreshold = 1.2;

/// What IDA's callbacks see (user data).
struct Callbacks {
  const DaeSystem* dae;
  DaeWorkspace ws;
  const std::vector<double>* discrete;
  const std::vector<std::uint8_t>* switches;
  const DelayedValues* delays;
  const TimedSwitches* timed;
  std::vector<double> values;  // Jacobian entries
  double rtol, atol;
  long residuals = 0, jacobians = 0;
  std::string lastError;

  EvalPoint at(double t, N_Vector y, N_Vector yp) const {
    return {t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), discrete->data(), switches->data(), delays};
  }
};

int residualFn(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void* data) {
  auto* cb = static_cast<Callbacks*>(data);
  ++cb->residuals;
  double* out = N_VGetArrayPointer(r);
  cb->dae->residual(cb->at(t, y, yp), out, cb->ws);
  // A model of signals only has no unknowns, but SUNDIALS needs a vector of length 1: that extra
  // entry is an algebraic unknown with the equation y = 0.
  for (sunindextype i = cb->dae->size(); i < N_VGetLength(r); ++i) out[i] = N_VGetArrayPointer(y)[i];
  return allFinite(out, N_VGetLength(r)) ? 0 : 1;  // 1, recoverable: IDA retries with a smaller step
}

int rootFn(sunrealtype t, N_Vector y, N_Vector yp, sunrealtype* g, void* data) {
  auto* cb = static_cast<Callbacks*>(data);
  cb->dae->indicators(cb->at(t, y, yp), g, cb->ws);
  // The timed switches are stop times (TimedSwitches): never a root here.
  for (int s = 0; s < cb->dae->switchCount(); ++s)
    if (cb->timed->timed(s)) g[s] = 1.0;
  return 0;
}

int sparseJacobianFn(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J, void* data,
                     N_Vector, N_Vector, N_Vector) {
  auto* cb = static_cast<Callbacks*>(data);
  ++cb->jacobians;
  // The pattern is the DaeSystem's, set once (keepPatternOnZero); every value is written here.
  cb->dae->jacobian(cb->at(t, y, yp), cj, SUNSparseMatrix_Data(J), cb->ws);
  return 0;
}

/// Gives the sparse matrix the DaeSystem's pattern, and makes IDA's zeroing of it before each
/// Jacobian (SUNMatZero: every value and index, then the Jacobian refills both) a no-op: the
/// pattern never changes and sparseJacobianFn writes every value.
void keepPatternOnZero(SUNMatrix J, const DaeSystem& dae) {
  sunindextype* colptrs = SUNSparseMatrix_IndexPointers(J);
  sunindextype* rowvals = SUNSparseMatrix_IndexValues(J);
  const auto& start = dae.columnStart();
  const auto& rows = dae.rowIndex();
  for (std::size_t j = 0; j < start.size(); ++j) colptrs[j] = start[j];
  for (std::size_t k = 0; k < rows.size(); ++k) rowvals[k] = rows[k];
  J->ops->zero = [](SUNMatrix) { return 0; };
}

int denseJacobianFn(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J, void* data,
                    N_Vector, N_Vector, N_Vector) {
  auto* cb = static_cast<Callbacks*>(data);
  ++cb->jacobians;
  const DaeSystem& dae = *cb->dae;
  dae.jacobian(cb->at(t, y, yp), cj, cb->values.data(), cb->ws);
  SUNMatZero(J);
  const auto& start = dae.columnStart();
  for (int j = 0; j < dae.size(); ++j)
    for (int k = start[j]; k < start[j + 1]; ++k) SM_ELEMENT_D(J, dae.rowIndex()[k], j) = cb->values[k];
  return 0;
}

/// IDA's error weights (errorWeights); fails, as IDA's own does, when a weight would not be positive.
int errorWeightsFn(N_Vector y, N_Vector w, void* data) {
  const auto* cb = static_cast<const Callbacks*>(data);
  return errorWeights(y, w, cb->rtol, cb->atol) > 0.0 ? 0 : -1;
}

void errorHandler(int, const char*, const char*, char* message, void* data) {
  static_cast<Callbacks*>(data)->lastError = message;
}

/// Owns the SUNDIALS objects of one run.
struct IdaSession {
  SUNContext context = nullptr;
  N_Vector y = nullptr, yp = nullptr, id = nullptr, scratch = nullptr, outputY = nullptr, outputYp = nullptr;
  N_Vector weights = nullptr;  // made only to name the worst unknown of a failure
  void* mem = nullptr;
  SUNMatrix matrix = nullptr;
  SUNLinearSolver solver = nullptr;

  ~IdaSession() {
    if (mem) IDAFree(&mem);
    if (solver) SUNLinSolFree(solver);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, yp, id, scratch, outputY, outputYp, weights})
      if (v) N_VDestroy(v);
    if (context) SUNContext_Free(&context);
  }
};

void copyTo(N_Vector v, const std::vector<double>& values) {
  std::copy(values.begin(), values.end(), N_VGetArrayPointer(v));
}
std::vector<double> copyFrom(N_Vector v) {
  const double* p = N_VGetArrayPointer(v);
  return std::vector<double>(p, p + N_VGetLength(v));
}

}  // namespace

IdaIntegrator::IdaIntegrator(const DaeSystem& dae, SimulationOptions options, std::string file)
    : dae_(dae), options_(std::move(options)), file_(std::move(file)) {}

SimulationStats IdaIntegrator::run(const SampleCallback& onSample, const std::atomic<bool>* cancel,
                                   const EventCallback& onEvent, OperatingPoint* finalState) {
  const FlatSystem& flat = dae_.flat();
  const int n = dae_.size();
  const int size = std::max(n, 1);  // SUNDIALS wants a non-empty vector; a model of signals only may have none
  SimulationRun run(dae_, options_, file_, onSample, onEvent);
  run.start();
  spdlog::debug("IDA: consistent initial state found");
  double t = options_.startTime;
  SimulationStats stats;

  IdaSession s;
  if (SUNContext_Create(nullptr, &s.context) != 0) throw std::runtime_error("SUNDIALS context");
  s.y = N_VNew_Serial(size, s.context);
  s.yp = N_VNew_Serial(size, s.context);
  s.id = N_VNew_Serial(size, s.context);
  s.scratch = N_VNew_Serial(size, s.context);
  for (N_Vector v : {s.y, s.yp, s.id, s.scratch}) N_VConst(0.0, v);
  // Before IDAInit: IDA's own vectors are clones of y and take its operations.
  for (N_Vector v : {s.y, s.yp, s.id, s.scratch}) installFastVectorOps(v);
  // Output samples interpolate only the unknowns (and derivatives) the sampled signals read.
  const std::vector<int> sampledDerivatives = run.sampledEntries(true);
  s.outputY = makeSampledVector(size, run.sampledEntries(false), s.context);
  s.outputYp = makeSampledVector(size, sampledDerivatives, s.context);
  installMaxNorm(s.y);
  copyTo(s.y, run.y);
  copyTo(s.yp, run.yp);
  for (int i = 0; i < size; ++i) N_VGetArrayPointer(s.id)[i] = i < n && dae_.isState(i) ? 1.0 : 0.0;

  TimedSwitches timed(dae_);
  Callbacks cb{&dae_, dae_.makeWorkspace(), &run.discrete, &run.switches, run.delays(), &timed,
               std::vector<double>(dae_.nonZeros()), options_.rtol, options_.atol, 0, 0, {}};
  s.mem = IDACreate(s.context);
  IDASetErrHandlerFn(s.mem, errorHandler, &cb);
  IDAInit(s.mem, residualFn, t, s.y, s.yp);
  IDAWFtolerances(s.mem, errorWeightsFn);
  IDASetUserData(s.mem, &cb);
  IDASetId(s.mem, s.id);
  IDASetMaxNumSteps(s.mem, 1000000);
  // Start small (IDA's default first step is a thousandth of the run): a state that starts
  // at rest under a tight atol would otherwise exhaust the error-test retries at t = 0.
  const double initialStep = std::min(1e-7 * (options_.stopTime - options_.startTime), kLongestFirstStep);
  IDASetInitStep(s.mem, initialStep);
  IDASetMaxErrTestFails(s.mem, 20);
  // A step may not outrun a transport delay: its delayed input must already be history.
  // Nor step over a fast source's zero crossings: a few steps per declared time scale.
  const double maxStep = std::min({options_.maxStep > 0.0 ? options_.maxStep : HUGE_VAL, run.shortestDelay(),
                                   flat.shortestTimeScale / kStepsPerTimeScale});
  if (std::isfinite(maxStep)) IDASetMaxStep(s.mem, maxStep);
  // A delay carries the kinks of its input forward: stop at start + k·τ (and event + k·τ) to restart cleanly.
  std::set<double> breakpoints;
  auto addBreakpoints = [&](double from) {
    for (const FlatDelay& d : flat.delays)
      for (int k = 1; k <= kDelayBreakpointGenerations; ++k) breakpoints.insert(from + k * d.delay);
  };
  addBreakpoints(t);
  const bool sparse = n > kSparseThreshold;
  if (sparse) {
    s.matrix = SUNSparseMatrix(size, size, std::max(dae_.nonZeros(), 1), CSC_MAT, s.context);
    keepPatternOnZero(s.matrix, dae_);
    s.solver = makeSparseLuLinearSolver(n, dae_.columnStart(), dae_.rowIndex(), s.context, run.sparseLu());
  } else {
    s.matrix = SUNDenseMatrix(size, size, s.context);
    s.solver = SUNLinSol_Dense(s.y, s.matrix, s.context);
  }
  IDASetLinearSolver(s.mem, s.solver, s.matrix);
  if (n > 0) IDASetJacFn(s.mem, sparse ? sparseJacobianFn : denseJacobianFn);
  if (timed.anyWatched()) IDARootInit(s.mem, dae_.switchCount(), rootFn);
  if (n > 0 && dae_.linear()) {
    IDASetDeltaCjLSetup(s.mem, 0.0);
    IDASetNonlinConvCoef(s.mem, kExactNewtonConvCoef);
    IDASetEtaFixedStepBounds(s.mem, 1.0, kLinearStepGrowthThreshold);  // 1.0: shrink as by default
  }

  const double stop = options_.stopTime;
  const double interval = options_.step;
  long nextOutput = 1;
  auto outputTime = [&](long k) { return options_.startTime + static_cast<double>(k) * interval; };
  std::vector<int> fired(std::max(dae_.switchCount(), 1));
  const bool readsDerivatives = !sampledDerivatives.empty();

  auto fail = [&](const std::string& what) {
    // Name the unknown with the largest weighted local error, and its block.
    std::string block;
    std::string unknown;
    if (!s.weights) s.weights = N_VClone(s.scratch);
    if (n > 0 && s.weights && IDAGetEstLocalErrors(s.mem, s.scratch) == IDA_SUCCESS &&
        IDAGetErrWeights(s.mem, s.weights) == IDA_SUCCESS) {
      int worst = 0;
      double worstValue = -1.0;
      for (int i = 0; i < n; ++i) {
        const double e = std::abs(N_VGetArrayPointer(s.scratch)[i] * N_VGetArrayPointer(s.weights)[i]);
        if (e > worstValue) worstValue = e, worst = i;
      }
      unknown = flat.unknowns[worst].name;
      if (flat.unknowns[worst].block >= 0) block = flat.blocks[flat.unknowns[worst].block].id;
    }
    std::ostringstream os;
    os << "solver failed at t = " << t << " s: " << what;
    if (!unknown.empty()) os << " (largest error in " << unknown << ")";
    os << "; try tighter tolerances or look for a discontinuity or singularity here";
    throw SimulationError(t, Diagnostic{file_, block, "", os.str()});
  };

  bool restarted = true;  // IDA starts afresh at the next step (IDAInit or IDAReInit)
  while (t < stop) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      stats.cancelled = true;
      break;
    }
    while (!breakpoints.empty() && *breakpoints.begin() <= t) breakpoints.erase(breakpoints.begin());
    const double breakpoint = breakpoints.empty() ? HUGE_VAL : *breakpoints.begin();
    double tstop = std::min({stop, run.nextTick(), breakpoint});
    // A timed switch that changes within the coming step (IDA's next step size, or the first
    // step's after a (re)start) stops the step there.
    double hNext = 0.0;
    if (restarted || IDAGetCurrentStep(s.mem, &hNext) != IDA_SUCCESS || hNext <= 0.0) hNext = initialStep;
    const double crossing = timed.next(t, std::min(tstop, t + hNext), run.discrete, run.switches);
    tstop = std::min(tstop, crossing);
    IDASetStopTime(s.mem, tstop);
    double tret = t;
    const int flag = IDASolve(s.mem, tstop, &tret, s.y, s.yp, IDA_ONE_STEP);
    if (flag < 0) fail(cb.lastError.empty() ? "IDA error " + std::to_string(flag) : cb.lastError);
    restarted = false;
    ++stats.steps;
    if (options_.maxSteps > 0 && static_cast<double>(stats.steps) >= options_.maxSteps && tret < stop) {
      std::ostringstream os;
      os << "stopped at t = " << tret << " s after " << stats.steps << " steps (--max-steps " << options_.maxSteps
         << "), before the stop time " << stop << " s";
      throw SimulationError(tret, Diagnostic{file_, "", "", os.str()});
    }

    const bool crossed = flag == IDA_TSTOP_RETURN && tret >= crossing;
    const bool rootHit = flag == IDA_ROOT_RETURN || crossed;
    const bool tickHit = run.tickDue(tret);
    const bool event = rootHit || tickHit;
    // Samples on the output grid within this step (one at the event time itself is
    // taken after the event), or the step itself.
    if (interval > 0.0) {
      for (; outputTime(nextOutput) <= tret * (1 + 1e-15); ++nextOutput) {
        const double to = outputTime(nextOutput);  // IDAGetDky accepts rounding beyond tret
        if (event && to >= tret * (1 - 1e-15)) break;
        IDAGetDky(s.mem, to, 0, s.outputY);
        if (readsDerivatives) IDAGetDky(s.mem, to, 1, s.outputYp);
        run.emit(to, N_VGetArrayPointer(s.outputY), N_VGetArrayPointer(s.outputYp));
      }
    } else {
      run.emit(tret, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp));
    }
    t = tret;
    const bool constrained = !flat.constraints.empty();
    if (event || constrained || dae_.delayCount() > 0) {
      run.y = copyFrom(s.y);
      run.yp = copyFrom(s.yp);
      if (!event && constrained && run.removeDrift(t)) {
        copyTo(s.y, run.y);
        IDAReInit(s.mem, t, s.y, s.yp);
        restarted = true;
      }
      run.record(t);
    }
    if (!event) {
      if (flag == IDA_TSTOP_RETURN && t >= breakpoint) {
        IDAReInit(s.mem, t, s.y, s.yp);
        restarted = true;
      }
      continue;
    }
    addBreakpoints(t);

    // An event: update switches or discrete values, re-initialise, restart.
    if (rootHit) {
      std::fill(fired.begin(), fired.end(), 0);
      if (flag == IDA_ROOT_RETURN) IDAGetRootInfo(s.mem, fired.data());
      if (crossed) timed.fired(fired);
      run.switchesFired(t, fired);
    }
    if (tickHit) run.tick(t);
    copyTo(s.y, run.y);
    copyTo(s.yp, run.yp);
    IDAReInit(s.mem, t, s.y, s.yp);
    restarted = true;
    if (interval <= 0.0) {
      run.emit(t, run.y.data(), run.yp.data());
    } else if (outputTime(nextOutput) <= t * (1 + 1e-15)) {
      run.emit(outputTime(nextOutput++), run.y.data(), run.yp.data());
    }
  }
  long errorTestFailures = 0, convergenceFailures = 0;
  IDAGetNumErrTestFails(s.mem, &errorTestFailures);
  IDAGetNumNonlinSolvConvFails(s.mem, &convergenceFailures);
  spdlog::debug("IDA: {} unknowns ({} solver), {} steps, {} residuals, {} Jacobians, {} events, {} error-test and {} "
                "convergence failures since the last restart",
                n, sparse ? "KLU" : "dense", stats.steps, cb.residuals, cb.jacobians, run.events(), errorTestFailures,
                convergenceFailures);
  stats.events = run.events();
  stats.endTime = t;
  if (finalState) {
    run.y = copyFrom(s.y);
    run.yp = copyFrom(s.yp);
    *finalState = run.operatingPoint(t);
  }
  stats.residualEvaluations = cb.residuals;
  stats.jacobianEvaluations = cb.jacobians;
  return stats;
}

}  // namespace kelvin::core
