#include "expr/tape.h"

#include <algorithm>
#include <cmath>

namespace kelvin::core {


bool Tape::switchOutcome(Op op, double a, double b) {
  switch (op) {
    case Op::Less: return a < b;
    case Op::LessEqual: return a <= b;
    case Op::Greater: return a > b;
    case Op::GreaterEqual: return a >= b;
    case Op::Min: return a <= b;  // true: the first argument is chosen
    case Op::Max: return a >= b;
    case Op::Abs: return a >= 0.0;  // true: +a
    default: return false;
  }
}

namespace {

/// The slot of each node compiled so far: open addressing over node ids, a power-of-two
/// table at most half full (a tape per equation: no list node per entry). Reused from tape to
/// tape (clear()), so compiling a system allocates nothing per equation here.
class SlotMap {
 public:
  SlotMap() : keys_(kSmall, kEmpty), slots_(kSmall), mask_(kSmall - 1) {}
  /// The slot of `id`, or -1.
  std::int32_t find(std::uint32_t id) const {
    for (std::size_t i = home(id);; i = (i + 1) & mask_) {
      if (keys_[i] == id) return slots_[i];
      if (keys_[i] == kEmpty) return -1;
    }
  }
  void insert(std::uint32_t id, std::int32_t slot) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    std::size_t i = home(id);
    while (keys_[i] != kEmpty) i = (i + 1) & mask_;
    keys_[i] = id;
    slots_[i] = slot;
    ++size_;
  }
  /// Empty again; a table grown large for one big tape goes back to the small size.
  void clear() {
    if (keys_.size() > kLarge) {
      *this = SlotMap();
      return;
    }
    std::fill(keys_.begin(), keys_.end(), kEmpty);
    size_ = 0;
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xffffffffu;
  static constexpr std::size_t kSmall = 64, kLarge = 4096;
  std::size_t home(std::uint32_t id) const { return (id * 0x9e3779b1u) & mask_; }
  void grow() {
    std::vector<std::uint32_t> keys(keys_.size() * 2, kEmpty);
    std::vector<std::int32_t> slots(keys.size());
    keys.swap(keys_);
    slots.swap(slots_);
    mask_ = keys_.size() - 1;
    size_ = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] != kEmpty) insert(keys[i], slots[i]);
  }

  std::vector<std::uint32_t> keys_;
  std::vector<std::int32_t> slots_;
  std::size_t mask_ = 0, size_ = 0;
};

}  // namespace

Tape::Tape(const ExprPool& pool, Expr root, const std::unordered_map<std::uint32_t, int>& switchIndex) {
  recompile(pool, root, switchIndex);
}

void Tape::recompile(const ExprPool& pool, Expr root, const std::unordered_map<std::uint32_t, int>& switchIndex) {
  // The program is made in scratch kept by the thread and copied out at its final size: one
  // allocation per array of a tape, not one per doubling (a system compiles a tape per equation).
  struct Scratch {
    SlotMap slot;
    std::vector<std::pair<std::uint32_t, bool>> stack;
    std::vector<Instr> code;
    std::vector<TapeLeaf> leaves;
    std::vector<std::int32_t> leafSlot;
  };
  thread_local Scratch scratch;
  SlotMap& slot = scratch.slot;
  std::vector<std::pair<std::uint32_t, bool>>& stack = scratch.stack;
  std::vector<Instr>& code = scratch.code;
  slot.clear();
  code.clear();
  scratch.leaves.clear();
  scratch.leafSlot.clear();
  // Post-order walk gives a topological order: operands before users.
  stack.assign(1, {root.id(), false});
  while (!stack.empty()) {
    auto [id, expanded] = stack.back();
    stack.pop_back();
    if (slot.find(id) >= 0) continue;
    const ExprNode& n = pool.node(id);
    const int k = operandCount(n.op);
    if (!expanded && k > 0) {
      stack.push_back({id, true});
      // The last operand pushed first, so the first is compiled first (read from the node,
      // not through an array of the three: stored and reloaded, that was a stall per node).
      if (k > 2 && slot.find(n.c) < 0) stack.push_back({n.c, false});
      if (k > 1 && slot.find(n.b) < 0) stack.push_back({n.b, false});
      if (slot.find(n.a) < 0) stack.push_back({n.a, false});
      continue;
    }
    const auto at = static_cast<std::int32_t>(code.size());
    // Filled in place: an Instr assembled on the stack and copied was stored and reloaded in
    // pieces of different widths, which the processor cannot forward (half of this walk's time).
    Instr& in = code.emplace_back();
    in.op = n.op;
    in.value = n.value;
    if (k > 0) in.a = slot.find(n.a);
    if (k > 1) in.b = slot.find(n.b);
    if (k > 2) in.c = slot.find(n.c);
    if (n.op == Op::Variable || n.op == Op::Derivative) {
      in.index = static_cast<std::int32_t>(scratch.leaves.size());
      scratch.leaves.push_back({n.index, n.op == Op::Derivative});
      scratch.leafSlot.push_back(at);
    } else if (n.op == Op::Discrete || n.op == Op::Delayed) {
      in.index = n.index;
    } else if (isSwitched(n.op)) {
      auto s = switchIndex.find(id);
      in.index = s == switchIndex.end() ? -1 : s->second;
    }
    slot.insert(id, at);
  }
  // (assign keeps this tape's arrays where they are large enough: a recompiled tape allocates
  // only when it outgrows them.)
  code_.assign(code.begin(), code.end());
  leaves_.assign(scratch.leaves.begin(), scratch.leaves.end());
  leafSlot_.assign(scratch.leafSlot.begin(), scratch.leafSlot.end());
  // A thread keeps no more than an equation's worth: the scratch of one huge tape (a long
  // sum, a signal over a whole network) is given back.
  constexpr std::size_t kKeep = 1 << 12;
  if (code.capacity() > kKeep) scratch = Scratch();
}

void Tape::run(const EvalPoint& at, double* v) const {
  const std::size_t n = code_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Instr& in = code_[i];
    const double a = v[in.a], b = v[in.b];
    auto outcome = [&](double x, double y) {
      return in.index >= 0 && at.switches ? at.switches[in.index] != 0 : switchOutcome(in.op, x, y);
    };
    double r = 0.0;
    switch (in.op) {
      case Op::Constant: r = in.value; break;
      case Op::Variable: r = at.y[leaves_[in.index].index]; break;
      case Op::Derivative: r = at.yp[leaves_[in.index].index]; break;
      case Op::Time: r = at.time; break;
      case Op::Discrete: r = at.discrete[in.index]; break;
      case Op::Delayed: r = at.delays ? at.delays->valueAt(in.index, at.time) : 0.0; break;
      case Op::Add: r = a + b; break;
      case Op::Mul: r = a * b; break;
      case Op::Div: r = a / b; break;
      case Op::Pow: r = std::pow(a, b); break;
      case Op::Neg: r = -a; break;
      case Op::Exp: r = std::exp(a); break;
      case Op::LimExp:
        r = a <= kLimExpKnee ? std::exp(a) : std::exp(kLimExpKnee) * (1.0 + a - kLimExpKnee);
        break;
      case Op::Log: r = std::log(a); break;
      case Op::Sin: r = std::sin(a); break;
      case Op::Cos: r = std::cos(a); break;
      case Op::Tan: r = std::tan(a); break;
      case Op::Atan: r = std::atan(a); break;
      case Op::Tanh: r = std::tanh(a); break;
      case Op::Sqrt: r = std::sqrt(a); break;
      case Op::Abs: r = outcome(a, 0.0) ? a : -a; break;
      case Op::Min: r = outcome(a, b) ? a : b; break;
      case Op::Max: r = outcome(a, b) ? a : b; break;
      case Op::Less:
      case Op::LessEqual:
      case Op::Greater:
      case Op::GreaterEqual: r = outcome(a, b) ? 1.0 : 0.0; break;
      case Op::IfThenElse: r = a != 0.0 ? b : v[in.c]; break;
    }
    v[i] = r;
  }
}

double Tape::evaluate(const EvalPoint& at, double* work) const {
  run(at, work);
  return work[code_.size() - 1];
}

void Tape::reverse(const EvalPoint& at, double* v, double* adj) const {
  run(at, v);
  const std::size_t n = code_.size();
  for (std::size_t i = 0; i < n; ++i) adj[i] = 0.0;
  adj[n - 1] = 1.0;
  for (std::size_t i = n; i-- > 0;) {
    const double g = adj[i];
    if (g == 0.0) continue;
    const Instr& in = code_[i];
    const double a = v[in.a], b = v[in.b], r = v[i];
    switch (in.op) {
      case Op::Add: adj[in.a] += g; adj[in.b] += g; break;
      case Op::Mul: adj[in.a] += g * b; adj[in.b] += g * a; break;
      case Op::Div: adj[in.a] += g / b; adj[in.b] -= g * a / (b * b); break;
      case Op::Pow:
        adj[in.a] += b == 0.0 ? 0.0 : g * b * std::pow(a, b - 1.0);
        if (a > 0.0) adj[in.b] += g * r * std::log(a);
        break;
      case Op::Neg: adj[in.a] -= g; break;
      case Op::Exp: adj[in.a] += g * r; break;
      case Op::LimExp: adj[in.a] += g * std::exp(std::min(a, kLimExpKnee)); break;
      case Op::Log: adj[in.a] += g / a; break;
      case Op::Sin: adj[in.a] += g * std::cos(a); break;
      case Op::Cos: adj[in.a] -= g * std::sin(a); break;
      case Op::Tan: adj[in.a] += g * (1.0 + r * r); break;
      case Op::Atan: adj[in.a] += g / (1.0 + a * a); break;
      case Op::Tanh: adj[in.a] += g * (1.0 - r * r); break;
      case Op::Sqrt: adj[in.a] += r > 0.0 ? g * 0.5 / r : 0.0; break;
      case Op::Abs:
      case Op::Min:
      case Op::Max: {
        // The same branch as the evaluation took: frozen, or from the values.
        const bool first = in.index >= 0 && at.switches ? at.switches[in.index] != 0
                                                       : switchOutcome(in.op, a, in.op == Op::Abs ? 0.0 : b);
        if (in.op == Op::Abs)
          adj[in.a] += first ? g : -g;
        else
          (first ? adj[in.a] : adj[in.b]) += g;
        break;
      }
      case Op::IfThenElse: (a != 0.0 ? adj[in.b] : adj[in.c]) += g; break;
      default: break;  // leaves, constants and relations pass nothing on
    }
  }
}

double Tape::gradient(const EvalPoint& at, double* v, double* adj, double* gradient) const {
  reverse(at, v, adj);
  for (std::size_t k = 0; k < leaves_.size(); ++k) gradient[k] = adj[leafSlot_[k]];
  return v[code_.size() - 1];
}

double Tape::fullGradient(const EvalPoint& at, double* v, double* adj, double* gradient, double* discreteGradient,
                          double* delayedGradient) const {
  const double value = this->gradient(at, v, adj, gradient);
  for (std::size_t i = 0; i < code_.size(); ++i) {
    if (code_[i].op == Op::Discrete) discreteGradient[code_[i].index] += adj[i];
    if (code_[i].op == Op::Delayed) delayedGradient[code_[i].index] += adj[i];
  }
  return value;
}

}  // namespace kelvin::core
