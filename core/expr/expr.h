#pragma once
// Symbolic expressions over the unknowns of a flat system.
//
// Expressions live in an ExprPool: a hash-consed DAG in which every distinct
// node exists once. `Expr` is a small handle (pool pointer + node id) with the
// usual arithmetic operators, so component equations read like the physics:
//
//     b.equation(C * der(v) - i);
//
// Leaves are constants, unknowns y[k] (`Variable`), their time derivatives
// y'[k] (`Derivative`), time, and discrete variables d[k] (values that change
// only at events). Relations (<, <=, >, >=) and the kinks of min/max/abs carry
// a *switch index*: while integrating, the solver freezes their outcome and
// watches an indicator function for a zero crossing (an event).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "expr/huge_page_allocator.h"
#include "expr/node_store.h"

namespace kelvin::core {

enum class Op : std::uint8_t {
  Constant,
  Variable,    // y[index]
  Derivative,  // y'[index]
  Time,
  Discrete,    // d[index]
  Delayed,     // the value of delay line [index] now: its input, some time ago
  Add,
  Mul,
  Div,
  Pow,
  Neg,
  Exp,
  LimExp,  // exp(x) continued linearly above kLimExpKnee: junction currents that cannot overflow
  Log,
  Sin,
  Cos,
  Tan,
  Atan,
  Tanh,
  Sqrt,
  Abs,  // switched: sign(a) frozen while integrating
  Min,  // switched: which argument is smaller
  Max,  // switched: which argument is larger
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  IfThenElse,  // a ? b : c, where a is a relation (or any expression, true when != 0)
};

/// Above this argument LimExp grows linearly with the slope of exp at the knee.
inline constexpr double kLimExpKnee = 50.0;

/// True for ops whose outcome is frozen between events (relations, min, max, abs).
bool isSwitched(Op op);
/// True for <, <=, >, >=.
bool isRelation(Op op);
/// Number of operands: 0 for leaves, 1 to 3 otherwise.
int operandCount(Op op);

/// What the outermost rewrite walking a node made of it (see ExprPool::substituteWith): node
/// `result`, if `epoch` is that walk's.
struct WalkMark {
  std::uint32_t epoch;
  std::uint32_t result;
};

/// One node of the DAG. Children are node ids of the same pool. 32 bytes: the op and the flags
/// share the first 8, so a big model's pool stays small.
struct ExprNode {
  Op op = Op::Constant;
  // Classification, computed when the node is made:
  bool hasUnknown = false;    // references y or y'
  bool hasDerivative = false; // references y'
  bool hasDiscrete = false;   // references d
  bool hasDelay = false;      // references a delay line
  bool timeOrDiscrete = false;  // depends on time or discrete values (not a pure constant)
  bool linear = true;         // affine in y and y' with constant coefficients, no switch over unknowns
  /// Interning's filter, not part of the node's identity: bit hash % 8 (ExprPool::parentBit) of
  /// every node made over this one. A node whose operands do not all have its bit is new.
  std::uint8_t parents = 0;
  std::uint32_t a = 0, b = 0, c = 0;
  std::int32_t index = -1;  // Variable / Derivative / Discrete: its index
  union {
    double value = 0.0;  // Constant
    /// On a node over unknowns (never a constant), a rewrite's memo: kept in the node, which
    /// the walk reads anyway, not in arrays the size of the pool. No part of the node's identity.
    WalkMark walk;
  };
};

class ExprPool;

/// One term of an affine reading of an expression: coefficient · node (see ExprPool::affineTerms).
struct AffineTerm {
  std::uint32_t node = 0;
  double coefficient = 0.0;
};

/// Handle to a node of an ExprPool. Cheap to copy; valid as long as its pool.
class Expr {
 public:
  Expr() = default;
  Expr(ExprPool* pool, std::uint32_t id) : pool_(pool), id_(id) {}

  ExprPool* pool() const { return pool_; }
  std::uint32_t id() const { return id_; }
  const ExprNode& node() const;
  bool valid() const { return pool_ != nullptr; }

  bool isConstant() const;
  /// Value of a Constant node. Precondition: isConstant().
  double constantValue() const;
  bool isVariable() const;

  friend bool operator==(const Expr& l, const Expr& r) { return l.pool_ == r.pool_ && l.id_ == r.id_; }

 private:
  ExprPool* pool_ = nullptr;
  std::uint32_t id_ = 0;
};

/// Owns the nodes. Makes each distinct node once (hash-consing) and folds
/// constants and trivial identities (x+0, x*1, x*0, --x) as nodes are made.
class ExprPool {
 public:
  ExprPool();
  ExprPool(const ExprPool&) = delete;
  ExprPool& operator=(const ExprPool&) = delete;

  Expr constant(double v);
  Expr variable(int index);
  Expr derivative(int index);
  Expr time();
  Expr discrete(int index);
  Expr delayed(int line);
  /// Generic maker; applies folding. Unused children are 0.
  Expr make(Op op, Expr a, Expr b = {}, Expr c = {});

  const ExprNode& node(std::uint32_t id) const { return nodes_[id]; }
  std::size_t size() const { return nodes_.size(); }
  /// Memory held by the nodes, the hash table and the leaf indices, in bytes.
  std::size_t bytes() const;
  /// Makes room for `nodes` nodes in all, so that making them grows no table on the way.
  void reserve(std::size_t nodes);

  /// Replaces Variable leaves by the given expressions (memoised over the DAG).
  /// Variables not in the map are kept. Derivative leaves of a replaced variable
  /// are replaced by der() of the replacement, which must be affine in variables.
  Expr substitute(Expr e, const std::unordered_map<int, Expr>& replacement);
  /// As above, with the replacement of variable k at byVariable[k] (an invalid Expr, or an
  /// index past the end, keeps y[k]): no hashing per leaf, for rewrites of a whole system.
  Expr substitute(Expr e, const std::vector<Expr>& byVariable);
  /// As above, and appends to `met` the index of every distinct Variable and Derivative leaf
  /// the walk met (replaced or not): what collectUnknowns() would give, without a second walk.
  Expr substitute(Expr e, const std::vector<Expr>& byVariable, std::vector<int>& met);
  /// As above, replacing one variable only.
  Expr substitute(Expr e, int variable, Expr value);
  /// As substitute(e, byVariable), and the leaves of a replacement are replaced in turn, until no
  /// replaced variable is left: y[0] -> y[1] + 1, y[1] -> 2·y[2] gives 2·y[2] + 1 where y[0] was.
  /// The replacements must not refer to one another in a cycle. A replacement used at several
  /// places is rewritten once per call. Where settled(k) holds (when given), the caller vouches
  /// that byVariable[k] has no replaced variable left in it: it is taken as it is, not walked
  /// (the same result, without visiting its nodes).
  Expr substituteTransitively(Expr e, const std::vector<Expr>& byVariable,
                              const std::function<bool(int)>& settled = {});
  /// substitute(*t, byVariable) (or substituteTransitively) for each target, in place, with one
  /// memo for all: a node shared by many targets (the same signal, a replacement used by many
  /// equations) is rewritten once. The targets must be expressions of this pool (or invalid).
  void substituteAll(const std::vector<Expr*>& targets, const std::vector<Expr>& byVariable, bool transitively,
                     const std::function<bool(int)>& settled = {});

  /// Renumbers the unknowns in place: every Variable and Derivative leaf of y[k] becomes one of
  /// y[newIndex[k]]. Where newIndex[k] < 0 (or k is past its end) y[k] is gone: its leaves are
  /// retired to indices no unknown has (negative, never reused), so no survivor collides with
  /// them. newIndex must not send two unknowns to one index. Every node keeps its id, so every
  /// expression held anywhere now reads the new numbering; nothing is interned again (a pass
  /// over the leaves only), where a substitute() would make every node over an unknown anew.
  void renumberUnknowns(const std::vector<int>& newIndex);

  /// Replaces whole sub-expressions: every node whose id is a key of `replacement`
  /// (memoised over the DAG).
  Expr replaceNodes(Expr e, const std::unordered_map<std::uint32_t, Expr>& replacement);

  /// Collects the distinct Variable and Derivative leaves of e (by variable index).
  void collectUnknowns(Expr e, std::vector<int>& variables, std::vector<int>& derivatives) const;

  /// The coefficient a when e = a·y[variable] + (terms free of y[variable]) with a
  /// constant; nullopt when e is not of that form (y appears nonlinearly, under
  /// der(), or with a coefficient that varies). 0 when e does not contain it.
  std::optional<double> linearCoefficient(Expr e, int variable) const;

  /// Reads e as constant + Σ coefficient·node through sums, negations, and products and
  /// quotients by constants. Each term's node is a Variable or Derivative leaf, or a
  /// sub-expression of any other kind (over unknowns nonlinearly or with a varying
  /// coefficient, or free of them but depending on time or discrete values); a node met
  /// again adds to its term. Terms come in the order a Tape meets its leaves. Returns false
  /// (terms unspecified) when the reading would visit more than maxVisits nodes: a shared
  /// sub-expression counts at each use, so a DAG cannot make the reading exponential.
  bool affineTerms(Expr e, double& constant, std::vector<AffineTerm>& terms, std::size_t maxVisits) const;

  /// Readable infix form, with variable names supplied by the caller (or y[k]).
  std::string toString(Expr e, const std::vector<std::string>* variableNames = nullptr) const;

 private:
  /// Hash of a node's identity: op, operands and payload (a constant's bits or a leaf's index).
  static std::uint64_t hashOf(const ExprNode& n);
  /// The bit of a node of hash `hash` in its operands' ExprNode::parents.
  static std::uint8_t parentBit(std::uint64_t hash) { return static_cast<std::uint8_t>(1u << (hash >> 61)); }
  static bool sameNode(const ExprNode& x, const ExprNode& y);
  /// Moves the young table's nodes into the main table (growing it first if they would crowd it).
  void flushYoung();
  /// Re-inserts every node of the main table into an empty one of `slots` slots.
  void rehash(std::size_t slots);
  /// True for the leaves found through variableLeaf_ / derivativeLeaf_ rather than the table.
  static bool indexedLeaf(const ExprNode& n);
  /// True when `nodes` nodes would fill the main table past its largest load.
  bool crowded(std::size_t nodes) const { return kLoadDenominator * nodes > kLoadNumerator * table_.size(); }
  /// The first slot of the main table to look at for a hash: the hash scaled to the table (any
  /// size, not only powers of two: the table is sized to what is reserved, not up to twice that).
  std::size_t home(std::uint32_t hash) const { return (std::uint64_t{hash} * table_.size()) >> 32; }
  std::size_t next(std::size_t slot) const { return slot + 1 == table_.size() ? 0 : slot + 1; }
  /// The node of hash `hash` equal to n in the young table, then in the main one; kEmpty if none.
  std::uint32_t find(const ExprNode& n, std::uint32_t hash) const;

  Expr intern(const ExprNode& n);
  /// The distinct nodes reachable from `root`, operands before their users; the
  /// operands of a node are visited only when `expand(node)` is true. No recursion.
  std::vector<std::uint32_t> postOrder(std::uint32_t root, const std::function<bool(std::uint32_t)>& expand) const;
  /// Node `id` made again over its operands as `done` replaces them (itself if none changed).
  Expr rebuilt(std::uint32_t id, const std::unordered_map<std::uint32_t, Expr>& done);
  void classify(ExprNode& n) const;
  /// substitute() over any lookup: replacementOf(k) is the replacement of y[k] or an invalid Expr.
  /// With `transitive`, a replacement's own leaves are replaced too, unless `settled` says it has
  /// none replaced (see substituteTransitively); with `keepMemo`, what the previous walk of this
  /// nesting level rewrote is reused (the same lookup over an unchanged pool).
  template <bool transitive = false, class Lookup>
  Expr substituteWith(Expr e, const Lookup& replacementOf, bool keepMemo = false,
                      const std::function<bool(int)>& settled = {});

  /// Scratch of the substitute() walks of one nesting level (a der() of a replaced variable
  /// substitutes once more inside a walk). The outermost walk keeps its memo in the nodes
  /// (ExprNode::walk, stamped with walkEpoch_): nothing of the pool's size to allocate and fault
  /// in, no second random read per node. A nested walk must leave that memo alone: it keeps its
  /// own in `memo` (its expression is a replacement, a few nodes).
  struct WalkScratch {
    std::vector<std::pair<std::uint32_t, bool>> stack;  // kept between walks: no allocation per walk
    std::unordered_map<std::uint32_t, std::uint32_t> memo;
  };
  std::vector<WalkScratch> scratch_;
  std::size_t walkDepth_ = 0;
  std::uint32_t walkEpoch_ = 0;  // of the outermost walk (or of the last, while none runs)

  NodeStore<ExprNode> nodes_;
  /// A slot of the hash table: a node id (kEmpty where free) and the low 32 bits of the node's
  /// hash, so that a probe compares nodes only when their hashes agree (a node compared is a
  /// cache miss in a big pool) and a rehash never reads a node.
  struct Slot {
    std::uint32_t id;
    std::uint32_t hash;
  };
  /// Open-addressing hash table (linear probing), at most 70 % full: one 8-byte slot per
  /// node and a little over, instead of a list node each. A probe past the first slot mostly
  /// stays in the same cache line; the first is the cache miss, so a smaller table (more of
  /// it cached) is worth a slightly longer probe.
  std::vector<Slot, HugePageAllocator<Slot>> table_;
  std::size_t tabled_ = 0;  // nodes in table_
  /// The nodes made since the last flushYoung(), in a small table of their own that stays in
  /// the cache: a new node is not written into the big table at a random place (a cache miss
  /// each) but later, with many others, their slots fetched ahead of the writes. A node whose
  /// operands lack its parent bit is known to be new, and so costs no look-up in the big table.
  /// It starts at 64 slots (a pool for one parameter expression stays small) and doubles at each
  /// flush up to 16,384 slots (128 kB); a power of two, flushed half full.
  std::vector<Slot> young_;
  std::size_t youngCount_ = 0;
  static constexpr std::size_t kYoungFirst = 64, kYoungLargest = 16384;
  std::size_t youngHome(std::uint32_t hash) const { return (std::uint64_t{hash} * young_.size()) >> 32; }
  std::size_t youngNext(std::size_t slot) const { return (slot + 1) & (young_.size() - 1); }
  static constexpr std::uint32_t kEmpty = 0xffffffffu;
  static constexpr std::size_t kLoadNumerator = 7, kLoadDenominator = 10;
  /// The leaf y[k] and der(y[k]) of each unknown k >= 0 (0 where not made yet: node 0 is the
  /// constant 0): leaves are found by index, not hashed, so a renumbering moves them by
  /// rewriting these arrays (no hash table work at all).
  std::vector<std::uint32_t> variableLeaf_, derivativeLeaf_;
  /// Leaves retired by renumberUnknowns() so far (each got index -2 - its number).
  std::int32_t retired_ = 0;
};

// Read for every node made and every operand looked at: defined here so that they inline.
inline const ExprNode& Expr::node() const { return pool_->node(id_); }
inline bool Expr::isConstant() const { return pool_ && node().op == Op::Constant; }
inline double Expr::constantValue() const { return node().value; }
inline bool Expr::isVariable() const { return pool_ && node().op == Op::Variable; }

// Arithmetic. Mixing a double with an Expr promotes the double to a constant.
Expr operator+(Expr a, Expr b);
Expr operator-(Expr a, Expr b);
Expr operator*(Expr a, Expr b);
Expr operator/(Expr a, Expr b);
Expr operator-(Expr a);
Expr operator+(Expr a, double b);
Expr operator+(double a, Expr b);
Expr operator-(Expr a, double b);
Expr operator-(double a, Expr b);
Expr operator*(Expr a, double b);
Expr operator*(double a, Expr b);
Expr operator/(Expr a, double b);
Expr operator/(double a, Expr b);

Expr pow(Expr a, Expr b);
Expr pow(Expr a, double b);
Expr exp(Expr a);
Expr limexp(Expr a);
Expr log(Expr a);
Expr sin(Expr a);
Expr cos(Expr a);
Expr tan(Expr a);
Expr atan(Expr a);
Expr tanh(Expr a);
Expr sqrt(Expr a);
Expr abs(Expr a);
Expr min(Expr a, Expr b);
Expr max(Expr a, Expr b);
Expr less(Expr a, Expr b);
Expr lessEqual(Expr a, Expr b);
Expr greater(Expr a, Expr b);
Expr greaterEqual(Expr a, Expr b);
Expr ifThenElse(Expr condition, Expr then, Expr otherwise);
/// Time derivative of a Variable leaf. Precondition: v.isVariable().
Expr der(Expr v);

}  // namespace kelvin::core
