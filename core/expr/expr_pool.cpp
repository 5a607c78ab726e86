#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "expr/expr.h"

namespace kelvin::core {

bool isRelation(Op op) {
  return op == Op::Less || op == Op::LessEqual || op == Op::Greater || op == Op::GreaterEqual;
}

bool isSwitched(Op op) { return isRelation(op) || op == Op::Min || op == Op::Max || op == Op::Abs; }

int operandCount(Op op) {
  switch (op) {
    case Op::Constant:
    case Op::Variable:
    case Op::Derivative:
    case Op::Time:
    case Op::Discrete:
    case Op::Delayed:
      return 0;
    case Op::Add:
    case Op::Mul:
    case Op::Div:
    case Op::Pow:
    case Op::Min:
    case Op::Max:
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual:
      return 2;
    case Op::IfThenElse:
      return 3;
    default:
      return 1;
  }
}

namespace {

double limexpValue(double x) {
  if (x <= kLimExpKnee) return std::exp(x);
  return std::exp(kLimExpKnee) * (1.0 + x - kLimExpKnee);
}

/// Value of an op over constant arguments (used for folding).
double fold(Op op, double a, double b, double c) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Mul: return a * b;
    case Op::Div: return a / b;
    case Op::Pow: return std::pow(a, b);
    case Op::Neg: return -a;
    case Op::Exp: return std::exp(a);
    case Op::LimExp: return limexpValue(a);
    case Op::Log: return std::log(a);
    case Op::Sin: return std::sin(a);
    case Op::Cos: return std::cos(a);
    case Op::Tan: return std::tan(a);
    case Op::Atan: return std::atan(a);
    case Op::Tanh: return std::tanh(a);
    case Op::Sqrt: return std::sqrt(a);
    case Op::Abs: return std::abs(a);
    case Op::Min: return std::min(a, b);
    case Op::Max: return std::max(a, b);
    case Op::Less: return a < b ? 1.0 : 0.0;
    case Op::LessEqual: return a <= b ? 1.0 : 0.0;
    case Op::Greater: return a > b ? 1.0 : 0.0;
    case Op::GreaterEqual: return a >= b ? 1.0 : 0.0;
    case Op::IfThenElse: return a != 0.0 ? b : c;
    default: throw std::logic_error("fold: not a foldable op");
  }
}

const char* opName(Op op) {
  switch (op) {
    case Op::Exp: return "exp";
    case Op::LimExp: return "limexp";
    case Op::Log: return "log";
    case Op::Sin: return "sin";
    case Op::Cos: return "cos";
    case Op::Tan: return "tan";
    case Op::Atan: return "atan";
    case Op::Tanh: return "tanh";
    case Op::Sqrt: return "sqrt";
    case Op::Abs: return "abs";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Pow: return "pow";
    case Op::Less: return "<";
    case Op::LessEqual: return "<=";
    case Op::Greater: return ">";
    case Op::GreaterEqual: return ">=";
    default: return "?";
  }
}

}  // namespace

std::uint64_t ExprPool::hashOf(const ExprNode& n) {
  // Two multiplicative mixes of the fields and one avalanche (a node is made or looked up for
  // every operation of every expression: the hash must be cheap, and its low bits good).
  const std::uint64_t payload =
      n.op == Op::Constant ? std::bit_cast<std::uint64_t>(n.value) : static_cast<std::uint64_t>(n.index);
  std::uint64_t h = (static_cast<std::uint64_t>(n.a) << 32 | n.b) * 0x9e3779b97f4a7c15ULL;
  h ^= (static_cast<std::uint64_t>(n.c) << 8 | static_cast<std::uint64_t>(n.op)) * 0xc2b2ae3d27d4eb4fULL;
  h ^= payload * 0x165667b19e3779f9ULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 32);
}

bool ExprPool::sameNode(const ExprNode& x, const ExprNode& y) {
  if (x.op != y.op || x.a != y.a || x.b != y.b || x.c != y.c) return false;
  return x.op == Op::Constant ? std::bit_cast<std::uint64_t>(x.value) == std::bit_cast<std::uint64_t>(y.value)
                              : x.index == y.index;
}

bool ExprPool::indexedLeaf(const ExprNode& n) {
  return (n.op == Op::Variable || n.op == Op::Derivative) && n.index >= 0;
}

std::size_t ExprPool::bytes() const {
  return nodes_.bytes() + (table_.capacity() + young_.capacity()) * sizeof(Slot) +
         (variableLeaf_.capacity() + derivativeLeaf_.capacity()) * sizeof(std::uint32_t);
}

void ExprPool::reserve(std::size_t nodes) {
  nodes_.reserve(nodes);
  if (crowded(nodes)) rehash(nodes * kLoadDenominator / kLoadNumerator + 1);
}

void ExprPool::flushYoung() {
  if (const std::size_t nodes = tabled_ + youngCount_; crowded(nodes))
    rehash(std::max<std::size_t>({64, table_.size() * 2, nodes * kLoadDenominator / kLoadNumerator + 1}));
  // The young nodes in slot order: their homes in the big table are fetched some inserts ahead,
  // so the cache misses overlap instead of following one another.
  constexpr std::size_t kAhead = 16;
  std::size_t at = 0;
  std::array<Slot, kAhead> ahead;
  auto insert = [&](const Slot& s) {
    std::size_t slot = home(s.hash);
    while (table_[slot].id != kEmpty) slot = next(slot);
    table_[slot] = s;
  };
  for (Slot& s : young_) {
    if (s.id == kEmpty) continue;
    __builtin_prefetch(&table_[home(s.hash)], 1);
    if (at >= kAhead) insert(ahead[at % kAhead]);
    ahead[at++ % kAhead] = s;
    s.id = kEmpty;
  }
  for (std::size_t i = at > kAhead ? at - kAhead : 0; i < at; ++i) insert(ahead[i % kAhead]);
  tabled_ += youngCount_;
  youngCount_ = 0;
  if (young_.size() < kYoungLargest) young_.assign(2 * young_.size(), Slot{kEmpty, 0});
}

void ExprPool::rehash(std::size_t slots) {
  // The old slots hold each node's hash: moving them touches no node.
  std::vector<Slot, HugePageAllocator<Slot>> old(slots, Slot{kEmpty, 0});
  old.swap(table_);
  for (const Slot& s : old) {
    if (s.id == kEmpty) continue;
    std::size_t at = home(s.hash);
    while (table_[at].id != kEmpty) at = next(at);
    table_[at] = s;
  }
}

std::uint32_t ExprPool::find(const ExprNode& n, std::uint32_t hash) const {
  // A node is looked at only when its stored hash matches: most probes touch the tables alone.
  for (std::size_t slot = youngHome(hash); young_[slot].id != kEmpty; slot = youngNext(slot))
    if (young_[slot].hash == hash && sameNode(nodes_[young_[slot].id], n)) return young_[slot].id;
  if (table_.empty()) return kEmpty;
  for (std::size_t slot = home(hash); table_[slot].id != kEmpty; slot = next(slot))
    if (table_[slot].hash == hash && sameNode(nodes_[table_[slot].id], n)) return table_[slot].id;
  return kEmpty;
}

void ExprPool::renumberUnknowns(const std::vector<int>& newIndex) {
  // The leaves are found by index: renumbering rewrites their indices and the two arrays.
  // A retired leaf is in no index: no maker returns it again (its fresh negative index is
  // asked for by no one), only the expressions that held it still reach it.
  std::vector<std::uint32_t> variables, derivatives;
  auto move = [&](std::vector<std::uint32_t>& from, std::vector<std::uint32_t>& to) {
    for (std::size_t k = 0; k < from.size(); ++k) {
      const std::uint32_t id = from[k];
      if (id == 0) continue;
      const int target = k < newIndex.size() ? newIndex[k] : -1;
      if (target >= 0) {
        nodes_[id].index = target;
        if (to.size() <= static_cast<std::size_t>(target)) to.resize(static_cast<std::size_t>(target) + 1, 0);
        to[static_cast<std::size_t>(target)] = id;
        continue;
      }
      // y[k] and der(y[k]) both get a fresh index of their own (their ops differ).
      nodes_[id].index = -2 - retired_++;
    }
  };
  move(variableLeaf_, variables);
  move(derivativeLeaf_, derivatives);
  variableLeaf_ = std::move(variables);
  derivativeLeaf_ = std::move(derivatives);
}

ExprPool::ExprPool() : young_(kYoungFirst, Slot{kEmpty, 0}) {
  ExprNode zero;
  zero.op = Op::Constant;
  zero.value = 0.0;
  intern(zero);  // node 0 is the constant 0, so a default child id is harmless
}

void ExprPool::classify(ExprNode& n) const {
  switch (n.op) {
    case Op::Constant:
      return;
    case Op::Variable:
      n.hasUnknown = true;
      return;
    case Op::Derivative:
      n.hasUnknown = n.hasDerivative = true;
      return;
    case Op::Time:
      n.timeOrDiscrete = true;
      return;
    case Op::Discrete:
      n.timeOrDiscrete = n.hasDiscrete = true;
      return;
    case Op::Delayed:
      n.timeOrDiscrete = n.hasDelay = true;
      return;
    default:
      break;
  }
  const int k = operandCount(n.op);
  const ExprNode* kids[3] = {&nodes_[n.a], k > 1 ? &nodes_[n.b] : nullptr, k > 2 ? &nodes_[n.c] : nullptr};
  for (int i = 0; i < k; ++i) {
    n.hasUnknown = n.hasUnknown || kids[i]->hasUnknown;
    n.hasDerivative = n.hasDerivative || kids[i]->hasDerivative;
    n.hasDiscrete = n.hasDiscrete || kids[i]->hasDiscrete;
    n.hasDelay = n.hasDelay || kids[i]->hasDelay;
    n.timeOrDiscrete = n.timeOrDiscrete || kids[i]->timeOrDiscrete;
  }
  // A pure constant has no unknown and does not change in time.
  auto pure = [](const ExprNode* e) { return !e->hasUnknown && !e->timeOrDiscrete; };
  switch (n.op) {
    case Op::Add:
      n.linear = kids[0]->linear && kids[1]->linear;
      break;
    case Op::Neg:
      n.linear = kids[0]->linear;
      break;
    case Op::Mul:
      n.linear = (pure(kids[0]) && kids[1]->linear) || (pure(kids[1]) && kids[0]->linear) ||
                 (!kids[0]->hasUnknown && !kids[1]->hasUnknown);
      break;
    case Op::Div:
      n.linear = (kids[0]->linear && pure(kids[1])) || (!kids[0]->hasUnknown && !kids[1]->hasUnknown);
      break;
    default:
      n.linear = !n.hasUnknown;
      break;
  }
}

Expr ExprPool::intern(const ExprNode& n) {
  if (indexedLeaf(n)) {
    std::vector<std::uint32_t>& leaves = n.op == Op::Variable ? variableLeaf_ : derivativeLeaf_;
    const auto k = static_cast<std::size_t>(n.index);
    if (k < leaves.size() && leaves[k] != 0) return Expr(this, leaves[k]);
    if (leaves.size() <= k) leaves.resize(k + 1, 0);
    ExprNode stored = n;
    classify(stored);
    leaves[k] = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(stored);
    return Expr(this, leaves[k]);
  }
  const std::uint64_t fullHash = hashOf(n);
  const auto hash = static_cast<std::uint32_t>(fullHash);
  const std::uint8_t bit = parentBit(fullHash);
  // An equal node would be a parent of each operand, made with the same bit: where an operand
  // lacks it (most nodes are made over nodes just made), the node is new without a look-up.
  const int k = operandCount(n.op);
  const std::uint32_t kids[3] = {n.a, n.b, n.c};
  bool mayExist = true;
  for (int i = 0; i < k && mayExist; ++i) mayExist = (nodes_[kids[i]].parents & bit) != 0;
  if (mayExist)
    if (const std::uint32_t found = find(n, hash); found != kEmpty) return Expr(this, found);
  ExprNode stored = n;
  classify(stored);
  stored.parents = 0;
  for (int i = 0; i < k; ++i) nodes_[kids[i]].parents |= bit;
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(stored);
  if (2 * (youngCount_ + 1) > young_.size()) flushYoung();
  std::size_t slot = youngHome(hash);
  while (young_[slot].id != kEmpty) slot = youngNext(slot);
  young_[slot] = {id, hash};
  ++youngCount_;
  return Expr(this, id);
}

Expr ExprPool::constant(double v) {
  if (v == 0.0) return Expr(this, 0);  // node 0; one zero: -0.0 and 0.0 fold together
  ExprNode n;
  n.op = Op::Constant;
  n.value = v;
  return intern(n);
}

namespace {
ExprNode leaf(Op op, int index) {
  ExprNode n;
  n.op = op;
  n.index = index;
  return n;
}
}  // namespace

Expr ExprPool::variable(int index) { return intern(leaf(Op::Variable, index)); }
Expr ExprPool::derivative(int index) { return intern(leaf(Op::Derivative, index)); }
Expr ExprPool::time() { return intern(leaf(Op::Time, -1)); }
Expr ExprPool::discrete(int index) { return intern(leaf(Op::Discrete, index)); }
Expr ExprPool::delayed(int line) { return intern(leaf(Op::Delayed, line)); }

Expr ExprPool::make(Op op, Expr a, Expr b, Expr c) {
  const int k = operandCount(op);
  if (k == 0) throw std::logic_error("ExprPool::make: use the leaf makers");
  auto isConst = [](Expr e, double v) { return e.isConstant() && e.constantValue() == v; };
  bool allConstant = a.isConstant() && (k < 2 || b.isConstant()) && (k < 3 || c.isConstant());
  if (allConstant)
    return constant(fold(op, a.constantValue(), k > 1 ? b.constantValue() : 0.0, k > 2 ? c.constantValue() : 0.0));
  switch (op) {
    case Op::Add:
      if (isConst(a, 0.0)) return b;
      if (isConst(b, 0.0)) return a;
      if (b.id() < a.id()) std::swap(a, b);  // commutative: one canonical order
      break;
    case Op::Mul:
      if (isConst(a, 0.0) || isConst(b, 0.0)) return constant(0.0);
      if (isConst(a, 1.0)) return b;
      if (isConst(b, 1.0)) return a;
      if (isConst(a, -1.0)) return make(Op::Neg, b);
      if (isConst(b, -1.0)) return make(Op::Neg, a);
      if (b.id() < a.id()) std::swap(a, b);
      break;
    case Op::Div:
      if (isConst(b, 1.0)) return a;
      if (isConst(a, 0.0)) return constant(0.0);
      break;
    case Op::Neg:
      if (a.node().op == Op::Neg) return Expr(this, a.node().a);
      break;
    case Op::IfThenElse:
      if (a.isConstant()) return a.constantValue() != 0.0 ? b : c;
      if (b == c) return b;
      break;
    default:
      break;
  }
  ExprNode n;
  n.op = op;
  n.a = a.id();
  n.b = k > 1 ? b.id() : 0;
  n.c = k > 2 ? c.id() : 0;
  return intern(n);
}

std::vector<std::uint32_t> ExprPool::postOrder(std::uint32_t root,
                                               const std::function<bool(std::uint32_t)>& expand) const {
  std::vector<std::uint32_t> order;
  std::unordered_set<std::uint32_t> seen{root};
  std::vector<std::uint32_t> stack{root};
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    order.push_back(id);
    const ExprNode& n = nodes_[id];
    const int k = operandCount(n.op);
    if (k == 0 || !expand(id)) continue;
    const std::uint32_t kids[3] = {n.a, n.b, n.c};
    for (int i = 0; i < k; ++i)
      if (seen.insert(kids[i]).second) stack.push_back(kids[i]);
  }
  // A node is always made after its operands, so ascending ids put operands first.
  std::sort(order.begin(), order.end());
  return order;
}

Expr ExprPool::rebuilt(std::uint32_t id, const std::unordered_map<std::uint32_t, Expr>& done) {
  const ExprNode n = nodes_[id];  // copy: making nodes may grow nodes_
  const int k = operandCount(n.op);
  auto now = [&](std::uint32_t kid) {
    auto found = done.find(kid);
    return found == done.end() ? Expr(this, kid) : found->second;
  };
  if (k == 0) return Expr(this, id);
  const Expr a = now(n.a), b = k > 1 ? now(n.b) : Expr(), c = k > 2 ? now(n.c) : Expr();
  if (a.id() == n.a && (k < 2 || b.id() == n.b) && (k < 3 || c.id() == n.c)) return Expr(this, id);
  return make(n.op, a, b, c);
}

template <bool transitive, class Lookup>
Expr ExprPool::substituteWith(Expr e, const Lookup& replacementOf, bool keepMemo,
                              const std::function<bool(int)>& settled) {
  if (!nodes_[e.id()].hasUnknown) return e;
  if (scratch_.size() <= walkDepth_) scratch_.resize(walkDepth_ + 1);
  // Index, not reference: a nested walk may grow scratch_.
  const std::size_t level = walkDepth_++;
  struct Leave {
    std::size_t& depth;
    ~Leave() { --depth; }
  } leave{walkDepth_};
  if (level == 0) {
    if ((!keepMemo || walkEpoch_ == 0) && ++walkEpoch_ == 0) {  // wrapped: forget every old stamp
      for (std::uint32_t id = 0; id < nodes_.size(); ++id)
        if (nodes_[id].op != Op::Constant) nodes_[id].walk.epoch = 0;
      walkEpoch_ = 1;
    }
  } else if (!keepMemo) {
    scratch_[level].memo.clear();
  }
  const std::uint32_t epoch = walkEpoch_;
  // The memo: in the nodes for the outermost walk, in a map for a nested one (see WalkScratch).
  // A node free of unknowns is its own rewrite, never written (a constant's `walk` is its value).
  auto done = [&](std::uint32_t id) {
    const ExprNode& n = nodes_[id];
    return !n.hasUnknown || (level == 0 ? n.walk.epoch == epoch : scratch_[level].memo.count(id) != 0);
  };
  auto result = [&](std::uint32_t id) {
    const ExprNode& n = nodes_[id];
    if (!n.hasUnknown) return id;
    if (level == 0) return n.walk.epoch == epoch ? n.walk.result : id;
    const auto& memo = scratch_[level].memo;
    const auto found = memo.find(id);
    return found == memo.end() ? id : found->second;
  };
  auto settle = [&](std::uint32_t id, std::uint32_t to) {
    if (level == 0) nodes_[id].walk = {epoch, to};
    else scratch_[level].memo[id] = to;
  };
  // Post-order by an explicit stack: (node, operands pushed already). Only nodes over
  // unknowns are entered; the others are kept as they are.
  std::vector<std::pair<std::uint32_t, bool>> stack = std::move(scratch_[level].stack);
  stack.assign(1, {e.id(), false});
  while (!stack.empty()) {
    const auto [id, expanded] = stack.back();
    stack.pop_back();
    if (done(id)) continue;
    const ExprNode n = nodes_[id];  // copy: interning may grow nodes_
    const int k = operandCount(n.op);
    if (k > 0 && !expanded) {
      stack.push_back({id, true});
      const std::uint32_t kids[3] = {n.a, n.b, n.c};
      for (int i = k - 1; i >= 0; --i) {
        const ExprNode& kid = nodes_[kids[i]];
        if (!kid.hasUnknown || done(kids[i])) continue;
        // A variable that stays, or (not transitively, or by a settled replacement) is
        // replaced, is settled here: no trip through the stack for the commonest operand. It
        // makes no node, so the order of the nodes made is as before.
        if (kid.op == Op::Variable) {
          const Expr r = replacementOf(kid.index);
          if (!r.valid()) {
            settle(kids[i], kids[i]);
            continue;
          }
          if (!transitive || (settled && settled(kid.index))) {
            settle(kids[i], r.id());
            continue;
          }
        }
        stack.push_back({kids[i], false});
      }
      continue;
    }
    Expr out(this, id);
    if (n.op == Op::Variable) {
      const Expr r = replacementOf(n.index);
      if constexpr (transitive) {
        // The replacement rewritten first (acyclic: a chain of replacements ends), unless it is
        // settled: then it is its own rewrite.
        const bool walk = r.valid() && !(settled && settled(n.index));
        if (walk && !done(r.id())) {
          stack.push_back({id, true});
          stack.push_back({r.id(), false});
          continue;
        }
        if (r.valid()) out = walk ? Expr(this, result(r.id())) : r;
      } else if (r.valid()) {
        out = r;
      }
    } else if (n.op == Op::Derivative) {
      const Expr r = replacementOf(n.index);
      if (r.valid()) {
        // der() of an affine combination of variables: differentiate term by term.
        std::vector<int> vars, ders;
        collectUnknowns(r, vars, ders);
        if (!ders.empty() || !r.node().linear)
          throw std::logic_error("substitute: der() of a non-affine replacement");
        // An affine f(y) = c + sum k_i y_i has df/dt = sum k_i y_i'; replacing y by y'
        // also turns c into c, so subtract f at y = 0. (No der() in f: these walks do
        // not come back here, so the nesting is one level deep.)
        std::unordered_map<int, Expr> toDerivative, zero;
        for (int v : vars) {
          toDerivative.emplace(v, derivative(v));
          zero.emplace(v, constant(0.0));
        }
        out = substitute(r, toDerivative) - substitute(r, zero);
      }
    } else if (k > 0) {
      const Expr a(this, result(n.a)), b(this, k > 1 ? result(n.b) : 0), c(this, k > 2 ? result(n.c) : 0);
      if (a.id() != n.a || (k > 1 && b.id() != n.b) || (k > 2 && c.id() != n.c)) out = make(n.op, a, b, c);
    }
    settle(id, out.id());
  }
  scratch_[level].stack = std::move(stack);
  return Expr(this, result(e.id()));
}

Expr ExprPool::substitute(Expr e, const std::unordered_map<int, Expr>& replacement) {
  return substituteWith(e, [&](int k) {
    auto r = replacement.find(k);
    return r == replacement.end() ? Expr() : r->second;
  });
}

Expr ExprPool::substitute(Expr e, const std::vector<Expr>& byVariable) {
  return substituteWith(e, [&](int k) { return k >= 0 && k < static_cast<int>(byVariable.size()) ? byVariable[k] : Expr(); });
}

Expr ExprPool::substitute(Expr e, const std::vector<Expr>& byVariable, std::vector<int>& met) {
  return substituteWith(e, [&](int k) {
    met.push_back(k);
    return k >= 0 && k < static_cast<int>(byVariable.size()) ? byVariable[k] : Expr();
  });
}

Expr ExprPool::substitute(Expr e, int variable, Expr value) {
  return substituteWith(e, [&](int k) { return k == variable ? value : Expr(); });
}

Expr ExprPool::substituteTransitively(Expr e, const std::vector<Expr>& byVariable,
                                      const std::function<bool(int)>& settled) {
  return substituteWith<true>(
      e, [&](int k) { return k >= 0 && k < static_cast<int>(byVariable.size()) ? byVariable[k] : Expr(); }, false,
      settled);
}

void ExprPool::substituteAll(const std::vector<Expr*>& targets, const std::vector<Expr>& byVariable, bool transitively,
                             const std::function<bool(int)>& settled) {
  auto lookup = [&](int k) { return k >= 0 && k < static_cast<int>(byVariable.size()) ? byVariable[k] : Expr(); };
  bool first = true;  // the first walk starts a memo, the others add to it
  for (Expr* t : targets) {
    if (!t->valid() || !nodes_[t->id()].hasUnknown) continue;
    // Most targets are a signal that is one unknown: answered without a walk.
    if (const ExprNode& n = nodes_[t->id()]; n.op == Op::Variable) {
      const Expr r = lookup(n.index);
      if (!r.valid()) continue;
      if (!transitively || (settled && settled(n.index))) {
        *t = r;
        continue;
      }
    }
    *t = transitively ? substituteWith<true>(*t, lookup, !first, settled) : substituteWith(*t, lookup, !first);
    first = false;
  }
}

Expr ExprPool::replaceNodes(Expr e, const std::unordered_map<std::uint32_t, Expr>& replacement) {
  std::unordered_map<std::uint32_t, Expr> done;  // node id -> its replacement, where it changes
  for (const std::uint32_t id : postOrder(e.id(), [&](std::uint32_t id) { return !replacement.count(id); })) {
    auto hit = replacement.find(id);
    const Expr result = hit != replacement.end() ? hit->second : rebuilt(id, done);
    if (result.id() != id) done.emplace(id, result);
  }
  auto found = done.find(e.id());
  return found == done.end() ? e : found->second;
}

void ExprPool::collectUnknowns(Expr e, std::vector<int>& variables, std::vector<int>& derivatives) const {
  // The stack is kept by the thread: this runs once per equation of a system, and a vector
  // made per call was a malloc and a free each time.
  thread_local std::vector<std::uint32_t> stack;
  stack.assign(1, e.id());
  // Nodes met so far: a short list while the expression is small (most are a few nodes,
  // and this runs once per equation), beyond that a mark per node of the pool, kept by the
  // thread (as long as the largest pool it read: a bit per node) and cleared again through the
  // list of the nodes marked. No hash set to fill and free for a ground node's long law.
  constexpr std::size_t kShort = 32;
  std::array<std::uint32_t, kShort> met;  // in place: no allocation for a short expression
  std::size_t metCount = 0;
  thread_local std::vector<bool> marked;
  thread_local std::vector<std::uint32_t> metMany;
  bool many = false;
  auto mark = [&](std::uint32_t id) {
    marked[id] = true;
    metMany.push_back(id);
  };
  auto firstVisit = [&](std::uint32_t id) {
    if (many) {
      if (marked[id]) return false;
      mark(id);
      return true;
    }
    if (std::find(met.begin(), met.begin() + metCount, id) != met.begin() + metCount) return false;
    if (metCount < kShort) {
      met[metCount++] = id;
      return true;
    }
    many = true;
    if (marked.size() < nodes_.size()) marked.resize(nodes_.size(), false);
    metMany.clear();
    for (const std::uint32_t m : met) mark(m);
    mark(id);
    return true;
  };
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    const ExprNode& n = nodes_[id];
    if (!n.hasUnknown || !firstVisit(id)) continue;
    if (n.op == Op::Variable) {
      variables.push_back(n.index);
      continue;
    }
    if (n.op == Op::Derivative) {
      derivatives.push_back(n.index);
      continue;
    }
    const int k = operandCount(n.op);
    stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
  if (many)
    for (const std::uint32_t id : metMany) marked[id] = false;
}

std::optional<double> ExprPool::linearCoefficient(Expr e, int variable) const {
  // Add, Neg, Mul and Div combine the coefficients of their operands; below any other op
  // y must not occur at all.
  auto combines = [&](std::uint32_t id) {
    const ExprNode& n = nodes_[id];
    return n.hasUnknown && (n.op == Op::Add || n.op == Op::Neg || n.op == Op::Mul || n.op == Op::Div);
  };
  std::unordered_map<std::uint32_t, std::optional<double>> coefficient;
  auto of = [&](std::uint32_t id) { return coefficient.at(id); };
  for (const std::uint32_t id : postOrder(e.id(), combines)) {
    const ExprNode& n = nodes_[id];
    std::optional<double> result;
    if (!n.hasUnknown) {
      result = 0.0;
    } else if (n.op == Op::Variable) {
      result = n.index == variable ? 1.0 : 0.0;
    } else if (n.op == Op::Derivative) {
      if (n.index != variable) result = 0.0;
    } else if (!combines(id)) {
      std::vector<int> vars, ders;
      collectUnknowns(Expr(const_cast<ExprPool*>(this), id), vars, ders);
      const bool occurs = std::find(vars.begin(), vars.end(), variable) != vars.end() ||
                          std::find(ders.begin(), ders.end(), variable) != ders.end();
      if (!occurs) result = 0.0;
    } else {
      const ExprNode& a = nodes_[n.a];
      const ExprNode& b = nodes_[n.b];
      auto pureConstant = [](const ExprNode& x) { return x.op == Op::Constant; };
      switch (n.op) {
        case Op::Add: {
          auto ca = of(n.a), cb = of(n.b);
          if (ca && cb) result = *ca + *cb;
          break;
        }
        case Op::Neg: {
          auto ca = of(n.a);
          if (ca) result = -*ca;
          break;
        }
        case Op::Mul: {
          auto ca = of(n.a), cb = of(n.b);
          if (ca && cb && *ca == 0.0 && *cb == 0.0) result = 0.0;
          else if (ca && pureConstant(b)) result = *ca * b.value;
          else if (cb && pureConstant(a)) result = *cb * a.value;
          break;
        }
        default: {  // Div
          auto ca = of(n.a), cb = of(n.b);
          if (ca && cb && *cb == 0.0 && (*ca == 0.0 || pureConstant(b))) result = *ca == 0.0 ? 0.0 : *ca / b.value;
          break;
        }
      }
    }
    coefficient.emplace(id, result);
  }
  return coefficient.at(e.id());
}

bool ExprPool::affineTerms(Expr e, double& constant, std::vector<AffineTerm>& terms, std::size_t maxVisits) const {
  constant = 0.0;
  terms.clear();
  // Where each node's term is: a short list searched in place, an index once it is long.
  constexpr std::size_t kShort = 16;
  std::unordered_map<std::uint32_t, std::size_t> termOf;
  auto add = [&](std::uint32_t id, double coefficient) {
    if (terms.size() < kShort) {
      for (AffineTerm& t : terms)
        if (t.node == id) {
          t.coefficient += coefficient;
          return;
        }
    } else {
      if (termOf.empty())
        for (std::size_t k = 0; k < terms.size(); ++k) termOf.emplace(terms[k].node, k);
      const auto [at, added] = termOf.emplace(id, terms.size());
      if (!added) {
        terms[at->second].coefficient += coefficient;
        return;
      }
    }
    terms.push_back({id, coefficient});
  };
  // Depth first, first operand first (a Tape's order), by an explicit stack of (node, its
  // coefficient), kept by the thread (a reading per equation: no allocation per call).
  thread_local std::vector<std::pair<std::uint32_t, double>> stack;
  stack.assign(1, {e.id(), 1.0});
  std::size_t visits = 0;
  while (!stack.empty()) {
    if (++visits > maxVisits) return false;
    const auto [id, coefficient] = stack.back();
    stack.pop_back();
    const ExprNode& n = nodes_[id];
    switch (n.op) {
      case Op::Constant:
        constant += coefficient * n.value;
        continue;
      case Op::Add:
        stack.push_back({n.b, coefficient});
        stack.push_back({n.a, coefficient});
        continue;
      case Op::Neg:
        stack.push_back({n.a, -coefficient});
        continue;
      case Op::Mul:
        // The same products a tape's reverse sweep forms: g·b into a, g·a into b.
        if (nodes_[n.a].op == Op::Constant) {
          stack.push_back({n.b, coefficient * nodes_[n.a].value});
          continue;
        }
        if (nodes_[n.b].op == Op::Constant) {
          stack.push_back({n.a, coefficient * nodes_[n.b].value});
          continue;
        }
        break;
      case Op::Div:
        if (nodes_[n.b].op == Op::Constant) {
          stack.push_back({n.a, coefficient / nodes_[n.b].value});
          continue;
        }
        break;
      default:
        break;
    }
    add(id, coefficient);
  }
  return true;
}

std::string ExprPool::toString(Expr e, const std::vector<std::string>* names) const {
  // An explicit stack of things still to write: a node, or a piece of punctuation.
  struct Item {
    std::uint32_t id;
    const char* text;  // nullptr: write node `id`
  };
  auto name = [&](int i) {
    return names && i >= 0 && i < static_cast<int>(names->size()) ? (*names)[i] : "y[" + std::to_string(i) + "]";
  };
  std::string out;
  std::vector<Item> stack{{e.id(), nullptr}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    if (item.text) {
      out += item.text;
      continue;
    }
    const ExprNode& n = nodes_[item.id];
    // The pieces of this node, in writing order; pushed reversed below.
    std::vector<Item> pieces;
    auto node = [](std::uint32_t id) { return Item{id, nullptr}; };
    auto text = [](const char* t) { return Item{0, t}; };
    switch (n.op) {
      case Op::Constant: {
        std::ostringstream os;
        os.precision(12);
        os << n.value;
        out += os.str();
        continue;
      }
      case Op::Variable: out += name(n.index); continue;
      case Op::Derivative: out += "der(" + name(n.index) + ")"; continue;
      case Op::Time: out += "time"; continue;
      case Op::Discrete: out += "d[" + std::to_string(n.index) + "]"; continue;
      case Op::Delayed: out += "delayed[" + std::to_string(n.index) + "]"; continue;
      case Op::Add: pieces = {text("("), node(n.a), text(" + "), node(n.b), text(")")}; break;
      case Op::Mul: pieces = {node(n.a), text("*"), node(n.b)}; break;
      case Op::Div: pieces = {node(n.a), text("/"), node(n.b)}; break;
      case Op::Neg: pieces = {text("-"), node(n.a)}; break;
      case Op::IfThenElse:
        pieces = {text("if("), node(n.a), text(", "), node(n.b), text(", "), node(n.c), text(")")};
        break;
      default:
        if (isRelation(n.op)) {
          out += "(";
          pieces = {node(n.a), text(" "), text(opName(n.op)), text(" "), node(n.b), text(")")};
        } else if (operandCount(n.op) == 2) {
          out += opName(n.op);
          pieces = {text("("), node(n.a), text(", "), node(n.b), text(")")};
        } else {
          out += opName(n.op);
          pieces = {text("("), node(n.a), text(")")};
        }
        break;
    }
    stack.insert(stack.end(), pieces.rbegin(), pieces.rend());
  }
  return out;
}

// --- Expr handle ---

namespace {
ExprPool& poolOf(Expr a, Expr b) {
  ExprPool* p = a.pool() ? a.pool() : b.pool();
  if (!p || (a.pool() && b.pool() && a.pool() != b.pool()))
    throw std::logic_error("expressions from different pools");
  return *p;
}
}  // namespace

Expr operator+(Expr a, Expr b) { return poolOf(a, b).make(Op::Add, a, b); }
Expr operator-(Expr a, Expr b) { return poolOf(a, b).make(Op::Add, a, poolOf(a, b).make(Op::Neg, b)); }
Expr operator*(Expr a, Expr b) { return poolOf(a, b).make(Op::Mul, a, b); }
Expr operator/(Expr a, Expr b) { return poolOf(a, b).make(Op::Div, a, b); }
Expr operator-(Expr a) { return a.pool()->make(Op::Neg, a); }
Expr operator+(Expr a, double b) { return a + a.pool()->constant(b); }
Expr operator+(double a, Expr b) { return b.pool()->constant(a) + b; }
Expr operator-(Expr a, double b) { return a - a.pool()->constant(b); }
Expr operator-(double a, Expr b) { return b.pool()->constant(a) - b; }
Expr operator*(Expr a, double b) { return a * a.pool()->constant(b); }
Expr operator*(double a, Expr b) { return b.pool()->constant(a) * b; }
Expr operator/(Expr a, double b) { return a / a.pool()->constant(b); }
Expr operator/(double a, Expr b) { return b.pool()->constant(a) / b; }

Expr pow(Expr a, Expr b) { return poolOf(a, b).make(Op::Pow, a, b); }
Expr pow(Expr a, double b) { return pow(a, a.pool()->constant(b)); }
Expr exp(Expr a) { return a.pool()->make(Op::Exp, a); }
Expr limexp(Expr a) { return a.pool()->make(Op::LimExp, a); }
Expr log(Expr a) { return a.pool()->make(Op::Log, a); }
Expr sin(Expr a) { return a.pool()->make(Op::Sin, a); }
Expr cos(Expr a) { return a.pool()->make(Op::Cos, a); }
Expr tan(Expr a) { return a.pool()->make(Op::Tan, a); }
Expr atan(Expr a) { return a.pool()->make(Op::Atan, a); }
Expr tanh(Expr a) { return a.pool()->make(Op::Tanh, a); }
Expr sqrt(Expr a) { return a.pool()->make(Op::Sqrt, a); }
Expr abs(Expr a) { return a.pool()->make(Op::Abs, a); }
Expr min(Expr a, Expr b) { return poolOf(a, b).make(Op::Min, a, b); }
Expr max(Expr a, Expr b) { return poolOf(a, b).make(Op::Max, a, b); }
Expr less(Expr a, Expr b) { return poolOf(a, b).make(Op::Less, a, b); }
Expr lessEqual(Expr a, Expr b) { return poolOf(a, b).make(Op::LessEqual, a, b); }
Expr greater(Expr a, Expr b) { return poolOf(a, b).make(Op::Greater, a, b); }
Expr greaterEqual(Expr a, Expr b) { return poolOf(a, b).make(Op::GreaterEqual, a, b); }
Expr ifThenElse(Expr condition, Expr then, Expr otherwise) {
  return condition.pool()->make(Op::IfThenElse, condition, then, otherwise);
}
Expr der(Expr v) {
  if (!v.isVariable()) throw std::logic_error("der() of something that is not an unknown");
  return v.pool()->derivative(v.node().index);
}

}  // namespace kelvin::core
