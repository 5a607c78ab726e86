#include "elaborate/alias_eliminator.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "expr/tape.h"

namespace kelvin::core {

int AliasEliminator::find(int i) {
  // Up to the root, remembering the path (no recursion: a chain of aliases can be as long as the model).
  std::vector<int>& path = findPath_;
  path.clear();
  int root = i;
  while (links_[root].parent != root) {
    path.push_back(root);
    root = links_[root].parent;
  }
  // Down again from the node nearest the root: compose y_k = s_k (s_p y_root + o_p) + o_k,
  // where p (the old parent) already points straight at the root, and point k there too.
  for (auto k = path.rbegin(); k != path.rend(); ++k) {
    Link& link = links_[*k];
    const Link& parent = links_[link.parent];
    if (link.parent != root) {
      link.offset += link.scale * parent.offset;
      link.scale *= parent.scale;
      link.parent = root;
    }
  }
  return root;
}

bool AliasEliminator::unite(int i, int j, double s, double c) {
  int ri = find(i), rj = find(j);
  if (ri == rj) return false;
  // y_i = si*ri + oi, y_j = sj*rj + oj  =>  ri = (s*sj/si) rj + (s*oj + c - oi)/si
  double scale = s * links_[j].scale / links_[i].scale;
  double offset = (s * links_[j].offset + c - links_[i].offset) / links_[i].scale;
  if (roots_[ri].pinned && roots_[rj].pinned) return false;
  if (state_[ri] && state_[rj]) return false;
  // Keep a pinned root, else a state, as the root: hang the other under it.
  const bool flip = roots_[ri].pinned || (state_[ri] && !roots_[rj].pinned);
  if (flip) {
    if (roots_[ri].pinned && state_[rj]) return false;  // a state fixed to a constant: leave the equation
    std::swap(ri, rj);
    offset = -offset / scale;
    scale = 1.0 / scale;
  } else if (roots_[rj].pinned && state_[ri]) {
    return false;
  }
  links_[ri] = {rj, scale, offset};
  return true;
}

bool AliasEliminator::pin(int i, double value) {
  const int r = find(i);
  if (roots_[r].pinned || state_[r]) return false;
  roots_[r] = {true, (value - links_[i].offset) / links_[i].scale};
  return true;
}

void AliasEliminator::run(FlatSystem& system) {
  constexpr int kMaxPasses = 8;
  for (int i = 0; i < kMaxPasses && pass(system) > 0; ++i) {
  }
}

int AliasEliminator::pass(FlatSystem& system) {
  ExprPool& pool = *system.pool;
  const int n = static_cast<int>(system.unknowns.size());
  links_.assign(n, {});
  roots_.assign(n, {});
  state_.assign(n, false);
  aliasBlocks_.assign(n, {});
  for (int i = 0; i < n; ++i) {
    links_[i].parent = i;
    state_[i] = system.unknowns[i].state;
  }

  // Fold the trivial equations into the union–find.
  std::vector<FlatEquation> kept;
  std::vector<double> zeros(n, 0.0), work, adjoint, gradient;
  const std::unordered_map<std::uint32_t, int> noSwitches;
  for (const FlatEquation& eq : system.equations) {
    const ExprNode& node = eq.residual.node();
    bool folded = false;
    if (node.linear && !node.hasDerivative && !node.timeOrDiscrete && node.hasUnknown) {
      Tape tape(pool, eq.residual, noSwitches);
      if (tape.leaves().size() <= 2) {
        work.resize(tape.size());
        adjoint.resize(tape.size());
        gradient.resize(tape.leaves().size());
        EvalPoint at{0.0, zeros.data(), zeros.data(), nullptr, nullptr};
        const double c = tape.gradient(at, work.data(), adjoint.data(), gradient.data());
        const auto& leaves = tape.leaves();
        if (leaves.size() == 1 && gradient[0] != 0.0) {
          folded = pin(leaves[0].index, -c / gradient[0]);
        } else if (leaves.size() == 2 && gradient[0] != 0.0 && gradient[1] != 0.0) {
          folded = unite(leaves[0].index, leaves[1].index, -gradient[1] / gradient[0], -c / gradient[0]);
          if (folded && eq.block >= 0) {
            // Diagnostics name the block of a folded alias with the equations that use it.
            std::vector<int>& into = aliasBlocks_[find(leaves[0].index)];
            const std::vector<int>& from = aliasBlocks_[leaves[0].index == find(leaves[0].index) ? leaves[1].index
                                                                                                 : leaves[0].index];
            into.insert(into.end(), from.begin(), from.end());
            into.push_back(eq.block);
          }
        }
      }
    }
    if (!folded) kept.push_back(eq);
  }

  // Survivors are the unpinned roots, renumbered in order.
  std::vector<int> newIndex(n, -1);
  std::vector<FlatUnknown> unknowns;
  for (int i = 0; i < n; ++i) {
    if (find(i) == i && !roots_[i].pinned) {
      newIndex[i] = static_cast<int>(unknowns.size());
      unknowns.push_back(system.unknowns[i]);
    }
  }
  const int folded = static_cast<int>(system.equations.size() - kept.size());
  if (folded == 0) return 0;  // nothing to rewrite: every unknown keeps its index
  // Each folded unknown over its root, in the old numbering (a surviving root keeps itself):
  // only the nodes above a folded unknown are made anew. Then every leaf takes its new number
  // in place, so the untouched rest of the system is not interned again.
  std::vector<Expr> replacement(n);
  for (int i = 0; i < n; ++i) {
    const int r = find(i);
    const Link& l = links_[i];
    if (roots_[r].pinned)
      replacement[i] = pool.constant(l.scale * roots_[r].value + l.offset);
    else if (r != i)
      replacement[i] = l.scale * pool.variable(r) + l.offset;
  }
  for (FlatEquation& eq : kept) {
    std::vector<int> vars, ders;
    pool.collectUnknowns(eq.residual, vars, ders);
    vars.insert(vars.end(), ders.begin(), ders.end());
    for (int v : vars) {
      const std::vector<int>& blocks = aliasBlocks_[find(v)];
      eq.mergedFrom.insert(eq.mergedFrom.end(), blocks.begin(), blocks.end());
    }
    std::sort(eq.mergedFrom.begin(), eq.mergedFrom.end());
    eq.mergedFrom.erase(std::unique(eq.mergedFrom.begin(), eq.mergedFrom.end()), eq.mergedFrom.end());
    eq.residual = pool.substitute(eq.residual, replacement);
  }
  system.forEachExpression([&](Expr& e) { e = pool.substitute(e, replacement); });
  pool.renumberUnknowns(newIndex);
  system.equations = std::move(kept);
  system.unknowns = std::move(unknowns);
  return folded;
}

}  // namespace kelvin::core

