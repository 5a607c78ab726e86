#include "events/constraint_index_reduction.h"

#include <unordered_map>

#include "expr/tape.h"

namespace kelvin::core {

namespace {

/// True when e is affine in the states alone (no algebraic unknown, no derivative, no time).
bool onStatesOnly(const FlatSystem& system, Expr e) {
  const ExprNode& node = e.node();
  if (!node.hasUnknown || !node.linear || node.hasDerivative || node.timeOrDiscrete) return false;
  std::vector<int> vars, ders;
  system.pool->collectUnknowns(e, vars, ders);
  for (int v : vars)
    if (!system.unknowns[v].state) return false;
  return true;
}

}  // namespace

void declareRigidConstraints(FlatSystem& system) {
  std::unordered_map<std::uint32_t, bool> declared;
  for (const FlatConstraint& c : system.constraints) declared.emplace(c.g.id(), true);
  for (const FlatEquation& eq : system.equations)
    if (onStatesOnly(system, eq.residual) && !declared.count(eq.residual.id()))
      system.constraints.push_back({system.pool->constant(1.0), eq.residual, eq.block});
}

int differentiateStateConstraints(FlatSystem& system) {
  ExprPool& pool = *system.pool;
  std::unordered_map<std::uint32_t, Expr> derivativeOf;
  for (const FlatConstraint& c : system.constraints) {
    if (!onStatesOnly(system, c.g)) continue;
    const Tape tape(pool, c.g, {});
    int highest = 0;
    for (const TapeLeaf& leaf : tape.leaves()) highest = std::max(highest, leaf.index);
    // Affine: the gradient at any point is the coefficient vector.
    const std::vector<double> zeros(static_cast<std::size_t>(highest) + 1, 0.0);
    std::vector<double> work(tape.size()), adjoint(tape.size()), gradient(tape.leaves().size());
    tape.gradient(EvalPoint{0.0, zeros.data(), zeros.data(), nullptr, nullptr}, work.data(), adjoint.data(),
                  gradient.data());
    Expr rate = pool.constant(0.0);
    for (std::size_t k = 0; k < tape.leaves().size(); ++k)
      rate = rate + gradient[k] * pool.derivative(tape.leaves()[k].index);
    derivativeOf.emplace(c.g.id(), rate);
  }
  if (derivativeOf.empty()) return 0;
  for (FlatEquation& eq : system.equations) eq.residual = pool.replaceNodes(eq.residual, derivativeOf);
  return static_cast<int>(derivativeOf.size());
}

}  // namespace kelvin::core
