#include "elaborate/variable_eliminator.h"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>

#include "expr/tape.h"

namespace kelvin::core {

namespace {
/// y solved from residual = a·y + rest = 0. A linear residual is rebuilt as a flat
/// linear combination (no nesting is carried into the equations it goes to).
/// `zeros` holds a 0 for every unknown (a point at which to read the linear coefficients).
Expr definitionOf(ExprPool& pool, Expr residual, int y, double a, const std::vector<double>& zeros) {
  Expr rest = pool.substitute(residual, {{y, pool.constant(0.0)}});
  const ExprNode& node = rest.node();
  if (!node.linear || node.timeOrDiscrete) return -rest / a;
  // Linear with constant coefficients: its gradient and its value at zero are exact.
  const Tape tape(pool, rest, {});
  const std::size_t n = tape.size();
  std::vector<double> work(n), adjoint(n), gradient(tape.leaves().size());
  const EvalPoint origin{0.0, zeros.data(), zeros.data(), nullptr, nullptr};
  Expr value = pool.constant(-tape.gradient(origin, work.data(), adjoint.data(), gradient.data()) / a);
  for (std::size_t k = 0; k < tape.leaves().size(); ++k) {
    const TapeLeaf& leaf = tape.leaves()[k];
    Expr unknown = leaf.derivative ? pool.derivative(leaf.index) : pool.variable(leaf.index);
    value = value + pool.constant(-gradient[k] / a) * unknown;
  }
  return value;
}
/// A residual affine in the unknowns with constant coefficients and no time or discrete
/// value: c + Σ g_k·leaf_k, read off one tape (its value and gradient at zero are exact).
struct LinearForm {
  double constant = 0.0;
  std::vector<TapeLeaf> leaves;
  std::vector<double> gradient;

  /// False when the residual is not of that form.
  bool read(const ExprPool& pool, Expr residual, const std::vector<double>& zeros) {
    const ExprNode& node = residual.node();
    if (!node.linear || node.timeOrDiscrete) return false;
    const Tape tape(pool, residual, {});
    work.resize(tape.size());
    adjoint.resize(tape.size());
    gradient.resize(tape.leaves().size());
    const EvalPoint origin{0.0, zeros.data(), zeros.data(), nullptr, nullptr};
    constant = tape.gradient(origin, work.data(), adjoint.data(), gradient.data());
    leaves = tape.leaves();
    return true;
  }
  /// The coefficient of y[v] (0 when absent; nullopt when der(y[v]) occurs too).
  std::optional<double> coefficient(int v) const {
    double a = 0.0;
    for (std::size_t k = 0; k < leaves.size(); ++k) {
      if (leaves[k].index != v) continue;
      if (leaves[k].derivative) return std::nullopt;
      a = gradient[k];
    }
    return a;
  }
  /// y[v] = −(c + Σ_{k≠v} g_k·leaf_k)/a as a flat linear combination; `count` gets the
  /// number of unknowns it references.
  Expr solvedFor(ExprPool& pool, int v, double a, int& count) const {
    Expr value = pool.constant(-constant / a);
    count = 0;
    for (std::size_t k = 0; k < leaves.size(); ++k) {
      const TapeLeaf& leaf = leaves[k];
      if ((leaf.index == v && !leaf.derivative) || gradient[k] == 0.0) continue;
      Expr unknown = leaf.derivative ? pool.derivative(leaf.index) : pool.variable(leaf.index);
      value = value + pool.constant(-gradient[k] / a) * unknown;
      ++count;
    }
    return value;
  }

 private:
  std::vector<double> work, adjoint;
};
}  // namespace

int VariableEliminator::run(FlatSystem& system) {
  ExprPool& pool = *system.pool;
  const int n = static_cast<int>(system.unknowns.size());
  const int m = static_cast<int>(system.equations.size());

  // Who uses what.
  std::vector<std::set<int>> usedBy(n);
  std::vector<bool> underDer(n, false);
  std::vector<std::vector<int>> uses(m);
  for (int e = 0; e < m; ++e) {
    std::vector<int> vars, ders;
    pool.collectUnknowns(system.equations[e].residual, vars, ders);
    for (int d : ders) underDer[d] = true;
    vars.insert(vars.end(), ders.begin(), ders.end());
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    for (int v : vars) usedBy[v].insert(e);
    uses[e] = std::move(vars);
  }

  // Long equations (the conservation law of a ground node with thousands of
  // branches) are rewritten once at the end instead of after every elimination,
  // and never used to eliminate: that keeps the whole pass linear in the size.
  std::vector<bool> deferred(m, false);
  for (int e = 0; e < m; ++e) deferred[e] = static_cast<int>(uses[e].size()) > kMaxUses;
  std::vector<bool> removedEquation(m, false);
  const std::vector<double> zeros(static_cast<std::size_t>(n), 0.0);
  std::vector<std::pair<int, Expr>> definitions;  // in order of elimination; each uses only later ones
  LinearForm form;
  for (int e = 0; e < m; ++e) {
    if (deferred[e]) continue;
    Expr residual = system.equations[e].residual;
    const bool linear = form.read(pool, residual, zeros);  // most equations: one tape, no walk per unknown
    for (int v : uses[e]) {
      if (system.unknowns[v].state || underDer[v] || static_cast<int>(usedBy[v].size()) > kMaxUses) continue;
      const auto a = linear ? form.coefficient(v) : pool.linearCoefficient(residual, v);
      if (!a || *a == 0.0) continue;
      // y = -(rest)/a, where rest is the residual with y set to zero.
      Expr value;
      std::vector<int> newVars, newDers;
      if (linear) {
        int count = 0;
        value = form.solvedFor(pool, v, *a, count);
        if (count > kMaxDefinitionSize) continue;
      } else {
        value = definitionOf(pool, residual, v, *a, zeros);
      }
      pool.collectUnknowns(value, newVars, newDers);
      if (static_cast<int>(newVars.size() + newDers.size()) > kMaxDefinitionSize) continue;
      const std::unordered_map<int, Expr> replace{{v, value}};
      for (int other : usedBy[v]) {
        if (other == e || deferred[other]) continue;
        FlatEquation& target = system.equations[other];
        target.residual = pool.substitute(target.residual, replace);
        // Remember whose equation went into it, so a diagnostic can still name that block.
        const FlatEquation& source = system.equations[e];
        for (int b : source.mergedFrom) target.mergedFrom.push_back(b);
        if (source.block >= 0) target.mergedFrom.push_back(source.block);
        std::sort(target.mergedFrom.begin(), target.mergedFrom.end());
        target.mergedFrom.erase(std::unique(target.mergedFrom.begin(), target.mergedFrom.end()), target.mergedFrom.end());
        for (int w : newVars)
          if (usedBy[w].insert(other).second) uses[other].push_back(w);
        for (int w : newDers) {
          underDer[w] = true;
          if (usedBy[w].insert(other).second) uses[other].push_back(w);
        }
      }
      for (int w : uses[e]) usedBy[w].erase(e);
      definitions.emplace_back(v, value);
      usedBy[v].clear();
      removedEquation[e] = true;
      break;
    }
  }
  // A long equation may still give an unknown that nothing else uses (a ground node's
  // current): it leaves the system and is computed from the solution, for output only.
  std::vector<std::pair<int, Expr>> leaves;
  for (int e = 0; e < m; ++e) {
    if (!deferred[e]) continue;
    const Expr residual = system.equations[e].residual;
    const bool linear = form.read(pool, residual, zeros);  // one tape, not a walk of the long sum per unknown
    for (int v : uses[e]) {
      if (system.unknowns[v].state || underDer[v] || usedBy[v].size() != 1) continue;
      const auto a = linear ? form.coefficient(v) : pool.linearCoefficient(residual, v);
      if (!a || *a == 0.0) continue;
      int count = 0;
      leaves.emplace_back(v, linear ? form.solvedFor(pool, v, *a, count) : definitionOf(pool, residual, v, *a, zeros));
      removedEquation[e] = true;
      break;
    }
  }
  if (definitions.empty() && leaves.empty()) return 0;

  // Express each eliminated unknown over the survivors (latest first, since a definition
  // uses only unknowns eliminated after it; the leaves last, since theirs may use any) and put
  // it where it still occurs (the long equations, the signals), then renumber the survivors in
  // place: only the nodes above an eliminated unknown are made anew.
  std::vector<bool> eliminated(n, false);
  for (const auto& [v, expr] : definitions) eliminated[v] = true;
  for (const auto& [v, expr] : leaves) eliminated[v] = true;
  std::vector<Expr> replacement(n);
  for (auto it = definitions.rbegin(); it != definitions.rend(); ++it)
    replacement[it->first] = pool.substitute(it->second, replacement);
  for (const auto& [v, expr] : leaves) replacement[v] = pool.substitute(expr, replacement);
  std::vector<int> newIndex(n, -1);
  std::vector<FlatUnknown> unknowns;
  for (int v = 0; v < n; ++v) {
    if (eliminated[v]) continue;
    newIndex[v] = static_cast<int>(unknowns.size());
    unknowns.push_back(system.unknowns[v]);
  }
  std::vector<FlatEquation> equations;
  for (int e = 0; e < m; ++e) {
    if (removedEquation[e]) continue;
    FlatEquation& eq = equations.emplace_back(std::move(system.equations[e]));
    eq.residual = pool.substitute(eq.residual, replacement);  // a walk; new nodes only in the long ones
  }
  system.forEachExpression([&](Expr& x) { x = pool.substitute(x, replacement); });
  pool.renumberUnknowns(newIndex);
  const int removed = static_cast<int>(definitions.size() + leaves.size());
  system.equations = std::move(equations);
  system.unknowns = std::move(unknowns);
  return removed;
}

}  // namespace kelvin::core
