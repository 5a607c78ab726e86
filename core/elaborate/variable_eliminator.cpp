#include "elaborate/variable_eliminator.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>

#include "elaborate/compact_in_place.h"

namespace kelvin::core {

namespace {

/// A residual read as constant + Σ coefficient·term (ExprPool::affineTerms), with the unknowns
/// that occur inside terms other than plain leaves: those cannot be solved for.
class Reading {
 public:
  /// False when the residual is too large to read (it is then left as it is).
  bool read(const ExprPool& pool, Expr residual, std::size_t maxVisits) {
    if (!pool.affineTerms(residual, constant_, terms_, maxVisits)) return false;
    inside_.clear();
    insideDerivatives_.clear();
    leaves_.clear();
    for (const AffineTerm& t : terms_) {
      const ExprNode& node = pool.node(t.node);
      if (node.op == Op::Variable || node.op == Op::Derivative)
        leaves_.push_back({node.index, node.op == Op::Derivative, t.coefficient});
      else if (node.hasUnknown)
        pool.collectUnknowns(Expr(const_cast<ExprPool*>(&pool), t.node), inside_, insideDerivatives_);
    }
    dedupe(inside_);
    dedupe(insideDerivatives_);
    // By unknown, so that a long equation answers for each of its unknowns in log time.
    std::sort(leaves_.begin(), leaves_.end(), [](const Leaf& x, const Leaf& y) {
      return x.index != y.index ? x.index < y.index : x.derivative < y.derivative;
    });
    return true;
  }

  /// The constant coefficient a of y[v] when the residual is a·y[v] + (terms free of y[v]);
  /// nullopt when y[v] occurs otherwise (under der(), in a nonlinear term).
  std::optional<double> coefficient(int v) const {
    if (std::binary_search(inside_.begin(), inside_.end(), v) ||
        std::binary_search(insideDerivatives_.begin(), insideDerivatives_.end(), v))
      return std::nullopt;
    double a = 0.0;
    auto it = std::lower_bound(leaves_.begin(), leaves_.end(), v, [](const Leaf& x, int i) { return x.index < i; });
    for (; it != leaves_.end() && it->index == v; ++it) {
      if (it->derivative) return std::nullopt;
      a += it->coefficient;
    }
    return a;
  }

  /// The distinct unknowns y[v] = −(constant + Σ others)/a would reference: variables and derivatives.
  void definitionUnknowns(const ExprPool& pool, int v, std::vector<int>& variables, std::vector<int>& derivatives) const {
    variables = inside_;
    derivatives = insideDerivatives_;
    for (const AffineTerm& t : terms_) {
      const ExprNode& node = pool.node(t.node);
      if (t.coefficient == 0.0 || (node.op == Op::Variable && node.index == v)) continue;
      if (node.op == Op::Variable) variables.push_back(node.index);
      if (node.op == Op::Derivative) derivatives.push_back(node.index);
    }
    dedupe(variables);
    dedupe(derivatives);
  }

  /// y[v] = −(constant + Σ_{other terms} coefficient·term)/a, a flat sum (no nesting of the
  /// residual is carried into the equations it goes to). With `valueOf`, each term is first
  /// rewritten through it (ExprPool::substituteTransitively, one memo for all): the same sum as
  /// rewriting the whole one afterwards, without making the sum over the old terms first (for a
  /// long equation, as many nodes as it has terms).
  Expr solvedFor(ExprPool& pool, int v, double a, const std::vector<Expr>* valueOf = nullptr,
                 const std::function<bool(int)>& settled = {}) const {
    parts_.clear();
    for (const AffineTerm& t : terms_) {
      const ExprNode& node = pool.node(t.node);
      if ((node.op == Op::Variable && node.index == v) || t.coefficient == 0.0) continue;
      parts_.push_back({Expr(&pool, t.node), -t.coefficient / a});
    }
    if (valueOf) {
      std::vector<Expr*> targets;
      targets.reserve(parts_.size());
      for (Part& p : parts_) targets.push_back(&p.term);
      pool.substituteAll(targets, *valueOf, true, settled);
    }
    Expr value = pool.constant(-constant_ / a);
    for (const Part& p : parts_) value = value + pool.constant(p.coefficient) * p.term;
    return value;
  }

 private:
  static void dedupe(std::vector<int>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }

  struct Leaf {
    int index;
    bool derivative;
    double coefficient;
  };
  struct Part {
    Expr term;
    double coefficient;
  };
  double constant_ = 0.0;
  std::vector<AffineTerm> terms_;
  std::vector<Leaf> leaves_;  // the terms that are leaves, by unknown
  mutable std::vector<Part> parts_;  // scratch of solvedFor()
  std::vector<int> inside_, insideDerivatives_;
};

}  // namespace

int VariableEliminator::run(FlatSystem& system) { return run(system, Incidence::of(system)); }

int VariableEliminator::run(FlatSystem& system, Incidence graph) {
  ExprPool& pool = *system.pool;
  const int n = static_cast<int>(system.unknowns.size());
  const int m = static_cast<int>(system.equations.size());
  // An equation whose reading would visit more nodes than this (shared sub-expressions count
  // at each use) is left as it is: the bound keeps a pathological DAG from taking forever.
  constexpr std::size_t kMaxVisits = 1 << 16;
  constexpr std::size_t kMaxLongVisits = 1 << 26;

  // Who uses what. usedBy[v] lists the equations using y[v] in the order they came to use it;
  // an entry of a removed equation stays behind (removedEquation tells), useCount[v] counts the
  // others. uses[e] only grows: it may name unknowns eliminated since.
  if (graph.unknownsOf.size() != static_cast<std::size_t>(m) ||
      graph.underDerivative.size() != static_cast<std::size_t>(n))
    throw std::invalid_argument("VariableEliminator::run: the incidence is not of this system");
  std::vector<std::vector<int>> usedBy(n), uses = std::move(graph.unknownsOf);
  std::vector<int> useCount(n, 0);
  std::vector<bool> underDer = std::move(graph.underDerivative);
  // Counted first, so that each list is allocated once at its size (not grown by doubling: two
  // or three allocations for most unknowns, a few hundred thousand in a big model).
  for (int e = 0; e < m; ++e)
    for (int v : uses[e]) ++useCount[v];
  for (int v = 0; v < n; ++v) usedBy[v].reserve(static_cast<std::size_t>(useCount[v]));
  for (int e = 0; e < m; ++e)
    for (int v : uses[e]) usedBy[v].push_back(e);

  // Long equations (the conservation law of a ground node with thousands of
  // branches) are rewritten once at the end instead of after every elimination,
  // and never used to eliminate: that keeps the whole pass linear in the size.
  std::vector<bool> deferred(m, false);
  for (int e = 0; e < m; ++e) deferred[e] = static_cast<int>(uses[e].size()) > kMaxUses;
  std::vector<bool> removedEquation(m, false), eliminated(n, false);
  // The value of each eliminated unknown as solved for: over unknowns not eliminated then (some
  // may be since). An equation using an eliminated unknown is rewritten when it is next read,
  // and every expression once at the end, through these values transitively (a value uses
  // only unknowns eliminated after it, so every chain ends): a conservation law that receives
  // three eliminations is rewritten once, not three times.
  std::vector<Expr> valueOf(n);
  std::vector<bool> stale(m, false);  // uses an unknown eliminated since it was last rewritten
  int removed = 0;
  // What each value was made over, so that a rewrite can tell it is settled (no eliminated
  // unknown in it, so a transitive rewrite takes it as it is instead of walking it): a value
  // solved from an equation lists its unknowns (over[begin, end)); a value solved from a long
  // equation, made over the survivors of the moment, is settled while nothing is eliminated
  // after it (removedAfter: the count of removals once it was made).
  struct MadeOver {
    std::uint32_t begin = 0, end = 0;
    int removedAfter = -1;
  };
  std::vector<MadeOver> madeOver(n);
  std::vector<int> over;
  const std::function<bool(int)> settled = [&](int v) {
    const MadeOver& made = madeOver[v];
    if (made.removedAfter >= 0) return made.removedAfter == removed;
    for (std::uint32_t i = made.begin; i < made.end; ++i)
      if (eliminated[over[i]]) return false;
    return true;
  };
  Reading reading;
  std::vector<int> newVars, newDers;
  for (int e = 0; e < m; ++e) {
    if (deferred[e]) continue;
    if (stale[e]) {
      system.equations[e].residual = pool.substituteTransitively(system.equations[e].residual, valueOf, settled);
      stale[e] = false;
    }
    // Read only an equation with an unknown it might give (not a node's law left over states
    // and unknowns eliminated already).
    auto candidate = [&](int v) {
      return !eliminated[v] && !system.unknowns[v].state && !underDer[v] && useCount[v] <= kMaxUses;
    };
    if (std::none_of(uses[e].begin(), uses[e].end(), candidate) ||
        !reading.read(pool, system.equations[e].residual, kMaxVisits))
      continue;
    for (int v : uses[e]) {
      if (!candidate(v)) continue;
      const auto a = reading.coefficient(v);
      if (!a || *a == 0.0) continue;
      reading.definitionUnknowns(pool, v, newVars, newDers);
      if (static_cast<int>(newVars.size() + newDers.size()) > kMaxDefinitionSize) continue;
      // y = -(rest)/a, where rest is the residual without its y term.
      valueOf[v] = reading.solvedFor(pool, v, *a);
      madeOver[v].begin = static_cast<std::uint32_t>(over.size());
      over.insert(over.end(), newVars.begin(), newVars.end());
      over.insert(over.end(), newDers.begin(), newDers.end());
      madeOver[v].end = static_cast<std::uint32_t>(over.size());
      const FlatEquation& source = system.equations[e];
      for (int other : usedBy[v]) {
        if (other == e || deferred[other] || removedEquation[other]) continue;
        stale[other] = true;
        FlatEquation& target = system.equations[other];
        // Remember whose equation went into it, so a diagnostic can still name that block.
        target.mergedFrom.insert(target.mergedFrom.end(), source.mergedFrom.begin(), source.mergedFrom.end());
        if (source.block >= 0) target.mergedFrom.push_back(source.block);
        std::sort(target.mergedFrom.begin(), target.mergedFrom.end());
        target.mergedFrom.erase(std::unique(target.mergedFrom.begin(), target.mergedFrom.end()), target.mergedFrom.end());
        auto use = [&](int w) {
          std::vector<int>& its = uses[other];
          if (std::find(its.begin(), its.end(), w) != its.end()) return;
          its.push_back(w);
          usedBy[w].push_back(other);
          ++useCount[w];
        };
        for (int w : newVars) use(w);
        for (int w : newDers) {
          underDer[w] = true;
          use(w);
        }
      }
      for (int w : uses[e])
        if (!eliminated[w]) --useCount[w];
      ++removed;
      eliminated[v] = true;
      useCount[v] = 0;
      std::vector<int>().swap(usedBy[v]);
      removedEquation[e] = true;
      break;
    }
  }
  // A long equation may still give an unknown that nothing else uses (a ground node's
  // current): it leaves the system and is computed from the solution, for output only. Its
  // value is put over the survivors at once (it may use the unknowns eliminated above, and the
  // leaves found before it).
  for (int e = 0; e < m; ++e) {
    auto candidate = [&](int v) {
      return !eliminated[v] && !system.unknowns[v].state && !underDer[v] && useCount[v] == 1;
    };
    if (!deferred[e] || std::none_of(uses[e].begin(), uses[e].end(), candidate) ||
        !reading.read(pool, system.equations[e].residual, kMaxLongVisits))
      continue;
    for (int v : uses[e]) {
      if (!candidate(v)) continue;
      const auto a = reading.coefficient(v);
      if (!a || *a == 0.0) continue;
      valueOf[v] = reading.solvedFor(pool, v, *a, &valueOf, settled);
      ++removed;
      madeOver[v].removedAfter = removed;
      eliminated[v] = true;
      removedEquation[e] = true;
      break;
    }
  }
  if (removed == 0) return 0;

  // Every eliminated unknown over the survivors where it still occurs: the equations not
  // rewritten since their last elimination, the long ones, and the signals (one memo for all,
  // so a value used in many places is rewritten once). Then renumber the survivors in place:
  // only the nodes above an eliminated unknown are made anew.
  std::vector<int> rewritten;  // the kept equations still to rewrite, in their new numbering
  // Survivors and kept equations move down in place (no second array made and faulted in).
  const std::vector<int> newIndex = compactInPlace(system.unknowns, [&](int v) { return !eliminated[v]; });
  int kept = 0;
  for (int e = 0; e < m; ++e) {
    if (removedEquation[e]) continue;
    if (kept != e) system.equations[kept] = std::move(system.equations[e]);
    if (deferred[e] || stale[e]) rewritten.push_back(kept);
    ++kept;
  }
  system.equations.erase(system.equations.begin() + kept, system.equations.end());
  std::vector<Expr*> expressions;
  expressions.reserve(rewritten.size());
  for (int e : rewritten) expressions.push_back(&system.equations[e].residual);
  system.forEachExpression([&](Expr& x) { expressions.push_back(&x); });
  pool.substituteAll(expressions, valueOf, true, settled);
  pool.renumberUnknowns(newIndex);
  return removed;
}

}  // namespace kelvin::core
