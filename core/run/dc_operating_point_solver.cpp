#include "run/dc_operating_point_solver.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "solve/simulation_error.h"
#include "structure/matching.h"

namespace kelvin::core {

namespace {
constexpr int kMaxNewtonIterations = 100;
/// Convergence: every Newton step below kStepRelTol·|y| + kStepAbsTol. Newton converges
/// quadratically near the solution, so the last step is far below these; they only need to sit
/// above rounding (≈ 1e-16 relative times the matrix's condition). The absolute part is SPICE's
/// ABSTOL for currents (1e-12 A), a million times tighter than its VNTOL for voltages.
constexpr double kStepRelTol = 1e-10;
constexpr double kStepAbsTol = 1e-12;
/// gmin stepping starts at 1 mS (SPICE's gmin stepping starts decades above GMIN) and ends
/// below 1e-12 S (SPICE's GMIN) with none at all.
constexpr double kGminStart = 1e-3;
constexpr double kGminEnd = 1e-12;
/// Bound on the Newton solves a continuation may spend.
constexpr int kMaxContinuationSolves = 400;

double norm2(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

std::string joinBlocks(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& s : names) text += (text.empty() ? "" : ", ") + s;
  return text;
}
}  // namespace

DcOperatingPointSolver::DcOperatingPointSolver(const DaeSystem& dae, std::string file)
    : dae_(dae), file_(std::move(file)), ws_(dae.makeWorkspace()) {
  const int n = dae.size();
  const FlatSystem& flat = dae.flat();
  // The system's pattern, and one entry per unknown a node potential depends on in its conservation law.
  std::vector<std::set<int>> rows(n);
  for (int j = 0; j < n; ++j)
    for (int k = dae.columnStart()[j]; k < dae.columnStart()[j + 1]; ++k) rows[j].insert(dae.rowIndex()[k]);
  for (std::size_t e = 0; e < flat.equations.size(); ++e) {
    const int node = flat.equations[e].node;
    if (node < 0 || flat.nodes[node].domain != Domain::Electrical) continue;
    const Expr across = flat.nodes[node].across;
    if (!across.valid() || !across.node().hasUnknown) continue;
    gmin_.push_back({static_cast<int>(e), dae.compile(across), {}});
    for (const TapeLeaf& leaf : gmin_.back().across.leaves())
      if (!leaf.derivative) rows[leaf.index].insert(static_cast<int>(e));
  }
  columnStart_.assign(n + 1, 0);
  for (int j = 0; j < n; ++j) {
    columnStart_[j + 1] = columnStart_[j] + static_cast<int>(rows[j].size());
    rowIndex_.insert(rowIndex_.end(), rows[j].begin(), rows[j].end());
  }
  auto entry = [&](int row, int column) {
    const auto first = rowIndex_.begin() + columnStart_[column], last = rowIndex_.begin() + columnStart_[column + 1];
    return static_cast<int>(std::lower_bound(first, last, row) - rowIndex_.begin());
  };
  entryOf_.resize(dae.nonZeros());
  for (int j = 0; j < n; ++j)
    for (int k = dae.columnStart()[j]; k < dae.columnStart()[j + 1]; ++k) entryOf_[k] = entry(dae.rowIndex()[k], j);
  for (GminTerm& term : gmin_)
    for (const TapeLeaf& leaf : term.across.leaves())
      term.entries.push_back(leaf.derivative ? -1 : entry(term.equation, leaf.index));
  values_.resize(rowIndex_.size());
  dy_.resize(dae.nonZeros());
  dyp_.resize(dae.nonZeros());
  if (n > 0) lu_ = std::make_unique<SparseLu>(n, columnStart_, rowIndex_);
}

OperatingPoint DcOperatingPointSolver::solve(double t, std::vector<double> y, const std::vector<double>& discrete,
                                             const DelayedValues* delays) {
  const int n = dae_.size();
  y.resize(std::max(n, 1), 0.0);
  const std::vector<double> yp(y.size(), 0.0);
  yZero_.assign(y.size(), 0.0);
  iterations_ = 0;
  // No switch is frozen: each evaluation takes its outcomes from the values, as SPICE's DC
  // analysis does (a frozen branch of a piecewise model can leave its domain).
  const EvalPoint base{t, y.data(), yp.data(), discrete.data(), nullptr, delays};
  if (!solveAll(y, base)) fail(t, y, base);
  OperatingPoint point;
  point.time = t;
  point.y = y;
  point.yp = yp;
  point.discrete = discrete;
  point.switches = dae_.switchOutcomes(EvalPoint{t, y.data(), yp.data(), discrete.data(), nullptr, delays}, ws_);
  point.switches.push_back(0);  // never empty, as a run's
  return point;
}

bool DcOperatingPointSolver::solveAll(std::vector<double>& y, const EvalPoint& base) {
  std::vector<double> trial = y;
  if (newton(trial, base, {})) {
    method_ = Method::Newton;
    y = trial;
    return true;
  }
  trial = y;
  if (gminStepping(trial, base)) {
    method_ = Method::GminStepping;
    y = trial;
    return true;
  }
  trial = y;
  if (sourceStepping(trial, base)) {
    method_ = Method::SourceStepping;
    y = trial;
    return true;
  }
  return false;
}

bool DcOperatingPointSolver::gminStepping(std::vector<double>& y, const EvalPoint& base) {
  if (gmin_.empty()) return false;
  std::vector<double> good = y;
  double g = kGminStart, factor = 10.0;
  if (!newton(good, base, {g, 1.0})) return false;
  for (int solves = 0; solves < kMaxContinuationSolves; ++solves) {
    const double next = g / factor < kGminEnd ? 0.0 : g / factor;
    std::vector<double> trial = good;
    if (newton(trial, base, {next, 1.0})) {
      good = std::move(trial);
      if (next == 0.0) {
        y = good;
        return true;
      }
      g = next;
      factor = std::min(10.0, factor * factor);
    } else {
      factor = std::sqrt(factor);
      if (factor < 1.001) return false;
    }
  }
  return false;
}

bool DcOperatingPointSolver::sourceStepping(std::vector<double>& y, const EvalPoint& base) {
  const int n = dae_.size();
  f0_.assign(n, 0.0);
  EvalPoint zero = base;
  zero.y = yZero_.data();
  residual(zero, {}, f0_.data());
  std::vector<double> good(y.size(), 0.0);  // solves λ = 0 exactly
  double lambda = 0.0, delta = 0.1;
  for (int solves = 0; solves < kMaxContinuationSolves; ++solves) {
    const double next = std::min(1.0, lambda + delta);
    std::vector<double> trial = good;
    if (newton(trial, base, {0.0, next})) {
      good = std::move(trial);
      lambda = next;
      if (lambda == 1.0) {
        y = good;
        return true;
      }
      delta = std::min(0.5, 2.0 * delta);
    } else {
      delta *= 0.25;
      if (delta < 1e-7) return false;
    }
  }
  return false;
}

void DcOperatingPointSolver::residual(const EvalPoint& at, const Homotopy& h, double* f) {
  dae_.residual(at, f, ws_);
  if (h.gmin > 0.0)
    for (const GminTerm& term : gmin_) {
      ws_.work.resize(std::max(ws_.work.size(), term.across.size()));
      f[term.equation] += h.gmin * term.across.evaluate(at, ws_.work.data());
    }
  if (h.lambda < 1.0)
    for (int i = 0; i < dae_.size(); ++i) f[i] -= (1.0 - h.lambda) * f0_[i];
}

void DcOperatingPointSolver::jacobian(const EvalPoint& at, const Homotopy& h) {
  dae_.jacobianParts(at, dy_.data(), dyp_.data(), ws_);
  std::fill(values_.begin(), values_.end(), 0.0);
  for (std::size_t k = 0; k < dy_.size(); ++k) values_[entryOf_[k]] += dy_[k];
  if (h.gmin <= 0.0) return;
  std::vector<double> work, adjoint, gradient;
  for (const GminTerm& term : gmin_) {
    work.resize(term.across.size());
    adjoint.resize(term.across.size());
    gradient.resize(term.across.leaves().size());
    term.across.gradient(at, work.data(), adjoint.data(), gradient.data());
    for (std::size_t l = 0; l < gradient.size(); ++l)
      if (term.entries[l] >= 0) values_[term.entries[l]] += h.gmin * gradient[l];
  }
}

bool DcOperatingPointSolver::newton(std::vector<double>& y, const EvalPoint& base, const Homotopy& h) {
  const int n = dae_.size();
  if (n == 0) return true;
  EvalPoint at = base;
  at.y = y.data();
  std::vector<double> f(n), step(n), start(n);
  residual(at, h, f.data());
  double fnorm = norm2(f);
  if (!std::isfinite(fnorm)) return false;
  for (int iteration = 0; iteration < kMaxNewtonIterations; ++iteration) {
    ++iterations_;
    jacobian(at, h);
    if (!lu_->factorize(values_.data())) return false;
    for (int j = 0; j < n; ++j) step[j] = -f[j];
    lu_->solve(step.data());
    for (double s : step)
      if (!std::isfinite(s)) return false;
    // The full step estimates the error of y: below the tolerance, y + step is the solution (the
    // residual may already be at its rounding floor, where no damped step can lower it).
    bool converged = true;
    for (int j = 0; j < n && converged; ++j)
      converged = std::abs(step[j]) <= kStepRelTol * std::abs(y[j]) + kStepAbsTol;
    if (converged) {
      for (int j = 0; j < n; ++j) y[j] += step[j];
      return true;
    }
    std::copy(y.begin(), y.begin() + n, start.begin());
    // Damping: halve the step until the residual's norm decreases (Armijo).
    double damping = 1.0, trialNorm = 0.0;
    for (;;) {
      for (int j = 0; j < n; ++j) y[j] = start[j] + damping * step[j];
      residual(at, h, f.data());
      trialNorm = norm2(f);
      if ((std::isfinite(trialNorm) && trialNorm <= (1.0 - 1e-4 * damping) * fnorm) || damping < 1e-6) break;
      damping *= 0.5;
    }
    if (!std::isfinite(trialNorm)) return false;
    fnorm = trialNorm;
    if (fnorm == 0.0) return true;
  }
  return false;
}

void DcOperatingPointSolver::fail(double t, const std::vector<double>& y, const EvalPoint& base) {
  const int n = dae_.size();
  const FlatSystem& flat = dae_.flat();
  EvalPoint at = base;
  at.y = y.data();
  std::set<std::string> blocks;
  std::string firstBlock;
  auto name = [&](int equation) {
    blocks.insert(flat.equationOrigin(equation));
    if (firstBlock.empty() && flat.equations[equation].block >= 0)
      firstBlock = flat.blocks[flat.equations[equation].block].id;
  };
  // A singular Jacobian whose numeric incidence has no perfect matching: name the part that cannot be solved.
  jacobian(at, {});
  Incidence graph;
  graph.unknownCount = n;
  graph.unknownsOf.assign(n, {});
  for (int j = 0; j < n; ++j)
    for (int k = columnStart_[j]; k < columnStart_[j + 1]; ++k)
      if (values_[k] != 0.0) graph.unknownsOf[rowIndex_[k]].push_back(j);
  const Matching matching = maximumMatching(graph);
  std::string why;
  if (!matching.perfect()) {
    const Deficiency d = structuralDeficiency(graph, matching);
    for (int e : d.overEquations.empty() ? d.underEquations : d.overEquations) name(e);
    why =
        " have no unique solution with every derivative zero (a node left floating at DC, a loop of voltage "
        "sources and inductors, a cut of current sources and capacitors, or an integrator)";
  } else {
    // Nothing structural: name the equations whose residuals stay largest.
    std::vector<double> f(n);
    residual(at, {}, f.data());
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return std::abs(f[a]) > std::abs(f[b]); });
    for (int i = 0; i < std::min(n, 3); ++i) name(order[i]);
    why = " are not satisfied: Newton's method, gmin stepping and source stepping did not converge";
  }
  throw SimulationError(
      t, Diagnostic{file_, firstBlock, "", "no DC operating point: the equations of " + joinBlocks(blocks) + why});
}

}  // namespace kelvin::core
