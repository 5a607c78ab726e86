#include "solve/consistent_initializer.h"

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <Eigen/Dense>

#include "solve/simulation_error.h"
#include "solve/sparse_lu.h"
#include "structure/blt.h"
#include "structure/matching.h"

namespace kelvin::core {

namespace {
constexpr int kMaxNewtonIterations = 60;
constexpr int kMaxSwitchRounds = 20;
constexpr double kStepTolerance = 1e-10;  // relative, on the Newton step; well below any solver tolerance
/// A switch keeps its outcome while its indicator is this close to zero if it has just fired
/// (rounding at the event must not flip it back) or if the indicator reads unknowns (a state
/// resting at a threshold, such as a mass at a stop, must not chatter on the solver's
/// rounding). An indicator of time and discrete values alone is exact and decides however
/// small it is: a clock tick may put a comparison of nanoseconds (a 1 ns rise) within 1e-9.
constexpr double kSwitchDeadband = 1e-9;

double norm2(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

std::string timeText(double t) {
  std::ostringstream os;
  os << "t = " << t << " s";
  return os.str();
}
}  // namespace

ConsistentInitializer::ConsistentInitializer(const DaeSystem& dae, std::string file)
    : dae_(dae), file_(std::move(file)), ws_(dae.makeWorkspace()) {}

void ConsistentInitializer::solve(double t, std::vector<double>& y, std::vector<double>& yp,
                                  const std::vector<double>& discrete, std::vector<std::uint8_t>& switches,
                                  std::span<const std::uint8_t> justFired) {
  for (int round = 0; round < kMaxSwitchRounds; ++round) {
    if (!newton(t, y, yp, discrete, switches)) explainSingular(t, y, yp, discrete, switches);
    const EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), delays_};
    std::vector<double> g(dae_.switchCount());
    dae_.indicators(at, g.data(), ws_);
    bool changed = false;
    for (int s = 0; s < dae_.switchCount(); ++s) {
      const bool fired = static_cast<std::size_t>(s) < justFired.size() && justFired[s];
      if ((fired || dae_.indicatorReadsUnknowns(s)) && std::abs(g[s]) <= kSwitchDeadband) continue;
      const std::uint8_t outcome = Tape::switchOutcome(dae_.switchInfo(s).op, g[s], 0.0);
      changed = changed || outcome != switches[s];
      switches[s] = outcome;
    }
    if (!changed) return;
  }
  throw SimulationError(t, Diagnostic{file_, "", "", "no consistent initial state at " + timeText(t) +
                                                         ": the switching conditions do not settle"});
}

bool ConsistentInitializer::newton(double t, std::vector<double>& y, std::vector<double>& yp,
                                   const std::vector<double>& discrete, const std::vector<std::uint8_t>& switches) {
  const int n = dae_.size();
  if (n == 0) return true;
  auto unknown = [&](int j) -> double& { return dae_.isState(j) ? yp[j] : y[j]; };
  // The buffers are kept from call to call: a large model's would be fresh pages each time.
  std::vector<double>& f = newton_.residual;
  std::vector<double>& step = newton_.step;
  std::vector<double>& base = newton_.base;
  f.resize(n);
  step.resize(n);
  base.resize(n);
  newton_.dy.resize(dae_.nonZeros());
  newton_.dyp.resize(dae_.nonZeros());
  newton_.values.resize(dae_.nonZeros());
  EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), delays_};
  dae_.residual(at, f.data(), ws_);
  double fnorm = norm2(f);
  if (!lu_) lu_ = std::make_unique<SparseLu>(n, dae_.columnStart(), dae_.rowIndex());
  for (int iteration = 0; iteration < kMaxNewtonIterations; ++iteration) {
    // A linear model's matrix is constant: the one factorised already is this one.
    if (!dae_.linear() || newton_.factorised.empty()) {
      dae_.jacobianParts(at, newton_.dy.data(), newton_.dyp.data(), ws_);
      const auto& start = dae_.columnStart();
      for (int j = 0; j < n; ++j) {
        const std::vector<double>& part = dae_.isState(j) ? newton_.dyp : newton_.dy;
        std::copy(part.begin() + start[j], part.begin() + start[j + 1], newton_.values.begin() + start[j]);
      }
      // The same matrix as the last one factorised: reuse it.
      if (newton_.values != newton_.factorised) {
        newton_.factorised.clear();
        if (!lu_->factorize(newton_.values.data())) return false;
        newton_.factorised = newton_.values;
      }
    }
    for (int j = 0; j < n; ++j) step[j] = -f[j];
    lu_->solve(step.data());
    for (double s : step)
      if (!std::isfinite(s)) return false;

    for (int j = 0; j < n; ++j) base[j] = unknown(j);
    double lambda = 1.0, trialNorm = 0.0;
    for (;;) {
      for (int j = 0; j < n; ++j) unknown(j) = base[j] + lambda * step[j];
      dae_.residual(at, f.data(), ws_);
      trialNorm = norm2(f);
      if ((std::isfinite(trialNorm) && trialNorm <= (1.0 - 1e-4 * lambda) * fnorm) || lambda < 1e-8) break;
      lambda *= 0.5;
    }
    fnorm = trialNorm;
    double worst = 0.0;
    for (int j = 0; j < n; ++j)
      worst = std::max(worst, std::abs(lambda * step[j]) / (1e-14 + kStepTolerance * std::abs(base[j]) + 1e-12));
    if (std::isfinite(fnorm) && (worst <= 1.0 || fnorm == 0.0)) return true;
  }
  throw SimulationError(t, Diagnostic{file_, "", "", "no consistent initial state at " + timeText(t) +
                                                         ": Newton's method did not converge (residual " +
                                                         std::to_string(fnorm) + ")"});
}

void ConsistentInitializer::explainSingular(double t, const std::vector<double>& y, const std::vector<double>& yp,
                                            const std::vector<double>& discrete,
                                            const std::vector<std::uint8_t>& switches) {
  // The numeric incidence of the Newton matrix: which unknowns each equation really depends on here.
  const int n = dae_.size();
  const FlatSystem& flat = dae_.flat();
  std::vector<double> dy(dae_.nonZeros()), dyp(dae_.nonZeros());
  const EvalPoint at{t, y.data(), yp.data(), discrete.data(), switches.data(), delays_};
  dae_.jacobianParts(at, dy.data(), dyp.data(), ws_);
  Incidence graph;
  graph.unknownCount = n;
  graph.unknownsOf.assign(flat.equations.size(), {});
  const auto& start = dae_.columnStart();
  std::map<std::pair<int, int>, double> value;
  for (int j = 0; j < n; ++j)
    for (int k = start[j]; k < start[j + 1]; ++k) {
      const double v = dae_.isState(j) ? dyp[k] : dy[k];
      if (v == 0.0) continue;
      graph.unknownsOf[dae_.rowIndex()[k]].push_back(j);
      value[{dae_.rowIndex()[k], j}] = v;
    }
  auto blockNames = [&](const std::vector<int>& equations) {
    std::set<std::string> names;
    for (int e : equations) names.insert(flat.equationOrigin(e));
    std::string text;
    for (const std::string& s : names) text += (text.empty() ? "" : ", ") + s;
    return text;
  };
  auto firstBlock = [&](const std::vector<int>& equations) -> std::string {
    for (int e : equations)
      if (flat.equations[e].block >= 0) return flat.blocks[flat.equations[e].block].id;
    return "";
  };  // (equationOrigin names the blocks merged into an equation too)
  const Matching matching = maximumMatching(graph);
  std::vector<int> culprit;
  if (!matching.perfect()) {
    const Deficiency d = structuralDeficiency(graph, matching);
    culprit = d.overEquations.empty() ? d.underEquations : d.overEquations;
  } else {
    for (const std::vector<int>& block : bltBlocks(graph, matching)) {
      const int m = static_cast<int>(block.size());
      Eigen::MatrixXd sub = Eigen::MatrixXd::Zero(m, m);
      for (int r = 0; r < m; ++r)
        for (int c = 0; c < m; ++c) {
          auto it = value.find({block[r], matching.unknownOfEquation[block[c]]});
          if (it != value.end()) sub(r, c) = it->second;
        }
      Eigen::FullPivLU<Eigen::MatrixXd> lu(sub);
      lu.setThreshold(1e-12);
      if (lu.rank() < m) {
        culprit = block;
        break;
      }
    }
  }
  if (culprit.empty())  // numerically singular as a whole, though every block is regular: name them all
    for (std::size_t e = 0; e < flat.equations.size(); ++e) culprit.push_back(static_cast<int>(e));
  throw SimulationError(t, Diagnostic{file_, firstBlock(culprit), "",
                                      "singular system at " + timeText(t) + ": the equations of " +
                                          blockNames(culprit) +
                                          " have no unique solution (an algebraic loop with no solution, or "
                                          "a state fixed by a constraint)"});
}

}  // namespace kelvin::core
