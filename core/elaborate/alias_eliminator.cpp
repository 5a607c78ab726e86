#include "elaborate/alias_eliminator.h"

#include <algorithm>
#include <cmath>

#include "elaborate/compact_in_place.h"

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

void AliasEliminator::addBlock(int root, int block) {
  const int entry = static_cast<int>(blocks_.size());
  blocks_.push_back({block, -1});
  BlockList& list = blockLists_[root];
  if (list.last >= 0)
    blocks_[list.last].next = entry;
  else
    list.first = entry;
  list.last = entry;
}

void AliasEliminator::joinBlocks(int into, int from) {
  BlockList& source = blockLists_[from];
  if (source.first < 0) return;
  BlockList& target = blockLists_[into];
  if (target.last >= 0)
    blocks_[target.last].next = source.first;
  else
    target.first = source.first;
  target.last = source.last;
  source = {};
}

void AliasEliminator::run(FlatSystem& system) {
  constexpr int kMaxPasses = 8;
  for (int i = 0; i < kMaxPasses && pass(system); ++i) {
  }
}

void AliasEliminator::readLinear(const FlatSystem& system, std::vector<bool>& nonlinear) {
  // An equation longer than this (a conservation law with thousands of branches) is no alias
  // however much folds into it: not read, so a pass stays linear in the size of the system.
  constexpr std::size_t kMaxVisits = 1 << 12;
  const ExprPool& pool = *system.pool;
  equations_.clear();
  terms_.clear();
  // Room for every equation and a few terms each, reserved (address space only, touched as
  // used): grown by doubling, these arrays of a big model were copied and faulted in anew at
  // each step, which cost more than reading the equations.
  equations_.reserve(system.equations.size());
  terms_.reserve(4 * system.equations.size());
  nonlinear.assign(system.equations.size(), false);
  std::vector<AffineTerm> read;
  for (std::size_t e = 0; e < system.equations.size(); ++e) {
    const Expr residual = system.equations[e].residual;
    const ExprNode& node = residual.node();
    if (!node.linear || node.hasDerivative || node.timeOrDiscrete || !node.hasUnknown) {
      nonlinear[e] = true;
      continue;
    }
    LinearEquation eq{0.0, static_cast<int>(e), static_cast<std::uint32_t>(terms_.size())};
    if (!pool.affineTerms(residual, eq.constant, read, kMaxVisits)) continue;
    for (const AffineTerm& t : read) terms_.push_back({pool.node(t.node).index, t.coefficient});
    equations_.push_back(eq);
  }
}

bool AliasEliminator::fold(std::size_t k, int block) {
  const LinearEquation& eq = equations_[k];
  const std::size_t end = k + 1 < equations_.size() ? equations_[k + 1].begin : terms_.size();
  // The equation over the current roots: y = scale·root + offset, a pinned root a constant.
  double constant = eq.constant;
  bool touchesPinned = false;
  rootTerms_.clear();
  for (std::size_t i = eq.begin; i < end; ++i) {
    const Term& t = terms_[i];
    const int r = find(t.unknown);
    const Link& link = links_[t.unknown];  // straight to r after find() (the identity when r itself)
    constant += t.coefficient * link.offset;
    const double coefficient = t.coefficient * link.scale;
    if (roots_[r].pinned) {
      constant += coefficient * roots_[r].value;
      touchesPinned = true;
      continue;
    }
    int& slot = slotOfRoot_[r];
    if (slot < 0) {
      slot = static_cast<int>(rootTerms_.size());
      rootTerms_.push_back({r, coefficient});
    } else {
      rootTerms_[slot].coefficient += coefficient;
    }
  }
  for (const Term& t : rootTerms_) slotOfRoot_[t.unknown] = -1;
  if (rootTerms_.empty() || rootTerms_.size() > 2) return false;
  for (const Term& t : rootTerms_)
    if (t.coefficient == 0.0) return false;
  const Term first = rootTerms_[0];
  if (rootTerms_.size() == 1) {
    if (!pin(first.unknown, -constant / first.coefficient)) return false;
    // An alias of a constant unknown: diagnostics name its block with the equations that use it.
    if (touchesPinned && block >= 0) addBlock(first.unknown, block);
    return true;
  }
  const Term second = rootTerms_[1];
  if (!unite(first.unknown, second.unknown, -second.coefficient / first.coefficient, -constant / first.coefficient))
    return false;
  if (block >= 0) {
    // Diagnostics name the block of a folded alias with the equations that use it.
    const int root = find(first.unknown);
    joinBlocks(root, root == first.unknown ? second.unknown : first.unknown);
    addBlock(root, block);
  }
  return true;
}

bool AliasEliminator::pass(FlatSystem& system) {
  ExprPool& pool = *system.pool;
  const int n = static_cast<int>(system.unknowns.size());
  const std::size_t m = system.equations.size();
  links_.assign(n, {});
  roots_.assign(n, {});
  state_.assign(n, false);
  blockLists_.assign(n, {});
  blocks_.clear();
  slotOfRoot_.assign(n, -1);
  for (int i = 0; i < n; ++i) {
    links_[i].parent = i;
    state_[i] = system.unknowns[i].state;
  }

  // Fold the trivial equations into the union–find, reading each linear equation through
  // it again while that folds more (a sweep costs one look at each term: no rewriting).
  std::vector<bool> nonlinear;
  readLinear(system, nonlinear);
  std::vector<bool> folded(m, false);
  constexpr int kMaxSweeps = 8;
  bool more = true;
  for (int sweep = 0; more && sweep < kMaxSweeps; ++sweep) {
    more = false;
    for (std::size_t k = 0; k < equations_.size(); ++k) {
      const int e = equations_[k].equation;
      if (folded[e] || !fold(k, system.equations[e].block)) continue;
      folded[e] = true;
      more = true;
    }
  }
  if (std::find(folded.begin(), folded.end(), true) == folded.end()) return false;  // every unknown keeps its index

  // Every unknown straight under its root from here on: links_[i].parent is find(i).
  for (int i = 0; i < n; ++i) find(i);
  // Survivors are the unpinned roots, renumbered in order, moved down in place (no second
  // array of unknowns made and faulted in).
  const std::vector<int> newIndex =
      compactInPlace(system.unknowns, [&](int i) { return links_[i].parent == i && !roots_[i].pinned; });
  // Each folded unknown over its root, in the old numbering (a surviving root keeps itself):
  // only the nodes above a folded unknown are made anew. Then every leaf takes its new number
  // in place, so the untouched rest of the system is not interned again.
  std::vector<Expr> replacement(n);
  for (int i = 0; i < n; ++i) {
    const Link& l = links_[i];
    const int r = l.parent;
    if (roots_[r].pinned) {
      replacement[i] = pool.constant(l.scale * roots_[r].value + l.offset);
    } else if (r != i) {
      // Most aliases are y = ±root: no constant to look up for them.
      const Expr root = pool.variable(r);
      const Expr scaled = l.scale == 1.0 ? root : l.scale == -1.0 ? -root : l.scale * root;
      replacement[i] = l.offset == 0.0 ? scaled : scaled + l.offset;
    }
  }
  // The kept equations, moved down in place as they are rewritten. A product with an unknown
  // that folded to a constant is linear now: another pass reads it.
  bool linearNow = false;
  std::vector<int> met;
  std::size_t kept = 0;
  for (std::size_t e = 0; e < m; ++e) {
    if (folded[e]) continue;
    if (kept != e) system.equations[kept] = std::move(system.equations[e]);
    FlatEquation& eq = system.equations[kept++];
    met.clear();
    eq.residual = pool.substitute(eq.residual, replacement, met);
    const ExprNode& node = eq.residual.node();
    linearNow =
        linearNow || (nonlinear[e] && node.linear && !node.hasDerivative && !node.timeOrDiscrete && node.hasUnknown);
    // The blocks of the aliases folded into the unknowns it used.
    const std::size_t before = eq.mergedFrom.size();
    for (int v : met)
      for (int k = blockLists_[links_[v].parent].first; k >= 0; k = blocks_[k].next)
        eq.mergedFrom.push_back(blocks_[k].block);
    if (eq.mergedFrom.size() != before) {
      std::sort(eq.mergedFrom.begin(), eq.mergedFrom.end());
      eq.mergedFrom.erase(std::unique(eq.mergedFrom.begin(), eq.mergedFrom.end()), eq.mergedFrom.end());
    }
  }
  // The signals, energies and the like: one memo for all (most are leaves shared many times).
  std::vector<Expr*> expressions;
  system.forEachExpression([&](Expr& e) { expressions.push_back(&e); });
  pool.substituteAll(expressions, replacement, false);
  pool.renumberUnknowns(newIndex);
  system.equations.erase(system.equations.begin() + static_cast<std::ptrdiff_t>(kept), system.equations.end());
  return linearNow;
}

}  // namespace kelvin::core
