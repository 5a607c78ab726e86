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
  // Where a constraint is written: as a whole residual (g = 0), or as the branch
  // taken while it is active (if active then g else ...). Only there is g replaced
  // by its derivative: the same expression elsewhere (a damper across the same
  // flanges) keeps its meaning.
  std::unordered_map<std::uint32_t, Expr> derivativeOf;
  int count = 0;
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
    bool used = false;
    for (FlatEquation& eq : system.equations) {
      if (eq.residual == c.g) {
        eq.residual = rate;
        used = true;
        continue;
      }
      // The active branch of an if-then-else on the constraint's condition.
      std::unordered_map<std::uint32_t, Expr> branch;
      std::vector<std::uint32_t> stack{eq.residual.id()};
      std::unordered_map<std::uint32_t, bool> seen;
      while (!stack.empty()) {
        const std::uint32_t id = stack.back();
        stack.pop_back();
        const ExprNode& n = pool.node(id);
        const int k = operandCount(n.op);
        if (k == 0 || !seen.emplace(id, true).second) continue;
        if (n.op == Op::IfThenElse && n.a == c.active.id() && n.b == c.g.id())
          branch.emplace(id, pool.make(Op::IfThenElse, c.active, rate, Expr(&pool, n.c)));
        stack.push_back(n.a);
        if (k > 1) stack.push_back(n.b);
        if (k > 2) stack.push_back(n.c);
      }
      if (branch.empty()) continue;
      eq.residual = pool.replaceNodes(eq.residual, branch);
      used = true;
    }
    count += used ? 1 : 0;
  }
  return count;
}

}  // namespace kelvin::core
