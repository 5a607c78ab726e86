#include "solve/dae_system.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace kelvin::core {

namespace {

/// Assigns a switch index to every switched node reachable from the roots, in order.
class SwitchNumbering {
 public:
  SwitchNumbering(const ExprPool& pool, const std::vector<std::pair<Expr, int>>& owners)
      : pool_(pool), visited_(pool.size(), false) {
    for (const auto& [e, block] : owners) owner_.emplace(e.id(), block);
  }
  void add(Expr root, int block);
  std::unordered_map<std::uint32_t, int> index;
  std::vector<SwitchInfo> info;
  std::vector<std::uint32_t> nodes;

 private:
  const ExprPool& pool_;
  std::vector<bool> visited_;
  std::unordered_map<std::uint32_t, int> owner_;
};

void SwitchNumbering::add(Expr root, int block) {
  const ExprPool& pool = pool_;
  std::vector<std::uint32_t> stack{root.id()};
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    if (id < visited_.size()) {
      if (visited_[id]) continue;
      visited_[id] = true;
    }
    const ExprNode& n = pool.node(id);
    if (operandCount(n.op) == 0) continue;
    if (isSwitched(n.op)) {
      index.emplace(id, static_cast<int>(info.size()));
      auto owner = owner_.find(id);
      info.push_back({n.op, owner != owner_.end() ? owner->second : block});
      nodes.push_back(id);
    }
    const int k = operandCount(n.op);
    stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
}

}  // namespace

/// The linear equations read, as they are compiled, as Σ ∂F/∂y·y + Σ ∂F/∂y'·y' + constant +
/// Σ coefficient·d over discrete values: the product rows (DaeSystem::groupProductRows) and
/// their offsets' terms, in a tape's order. A linear equation that reads anything else (time,
/// a delay line) is one of the others.
struct DaeSystem::AffineRows {
  std::vector<int> rows, discreteStart{0}, discreteIndex, others;
  std::vector<double> constant, discreteCoefficient;

  /// Returns whether equation e is one of `rows` (else one of the others).
  bool read(const ExprPool& pool, int e, Expr residual, std::size_t tapeSize) {
    double c = 0.0;
    const std::size_t visits = 4 * tapeSize + 16;  // a tape's nodes, each met a few times
    bool affine = pool.affineTerms(residual, c, terms_, visits);
    const std::size_t before = discreteIndex.size();
    for (std::size_t k = 0; affine && k < terms_.size(); ++k) {
      const ExprNode& node = pool.node(terms_[k].node);
      if (node.op == Op::Discrete)
        discreteIndex.push_back(node.index), discreteCoefficient.push_back(terms_[k].coefficient);
      else
        affine = node.op == Op::Variable || node.op == Op::Derivative;
    }
    if (!affine) {
      discreteIndex.resize(before);
      discreteCoefficient.resize(before);
      others.push_back(e);
      return false;
    }
    rows.push_back(e);
    constant.push_back(c);
    discreteStart.push_back(static_cast<int>(discreteIndex.size()));
    return true;
  }

 private:
  std::vector<AffineTerm> terms_;  // scratch
};

DaeSystem::DaeSystem(const FlatSystem& flat) : flat_(flat) {
  ExprPool& pool = *flat.pool;
  const int n = size();
  state_.assign(n, false);
  for (int i = 0; i < n; ++i) state_[i] = flat.unknowns[i].state;

  // Switches: relations, min, max and abs anywhere in equations or signals, numbered in the
  // order met. An equation's tape is made right after its walk, while its nodes are in cache
  // (on a large model the pool is far larger than the cache): its switches are numbered by then.
  // Only the tape rows keep their tapes (a large model's product rows would hold ~600 bytes
  // each); of every equation its leaves are kept for the Jacobian pattern, and of the linear
  // ones the constant gradient (∂F/∂y and ∂F/∂y' do not depend on the point: any point will do,
  // with every input readable).
  SwitchNumbering numbering(pool, flat.switchOwners);
  AffineRows affine;
  std::vector<TapeLeaf> leaves;      // every equation's, in order: from leafStart_[e]
  std::vector<double> leafGradient;  // the linear equations' constant ∂F/∂leaf
  std::vector<double> zeros(n, 0.0), discreteZeros(flat.discretes.size() + 1, 0.0);
  const EvalPoint origin{0.0, zeros.data(), zeros.data(), discreteZeros.data(), nullptr};
  std::vector<double> work, adjoint;
  tapeOf_.assign(flat.equations.size(), -1);
  leafStart_.assign(1, 0);
  Tape tape;  // each equation's in turn (a product row's is not kept: no allocation for it)
  for (std::size_t e = 0; e < flat.equations.size(); ++e) {
    const Expr residual = flat.equations[e].residual;
    numbering.add(residual, flat.equations[e].block);
    tape.recompile(pool, residual, numbering.index);
    maxTape_ = std::max(maxTape_, tape.size());
    maxLeaves_ = std::max(maxLeaves_, tape.leaves().size());
    leaves.insert(leaves.end(), tape.leaves().begin(), tape.leaves().end());
    leafGradient.resize(leaves.size(), 0.0);
    bool productRow = false;
    if (residual.node().linear) {
      work.resize(std::max(work.size(), tape.size()));
      adjoint.resize(work.size());
      tape.gradient(origin, work.data(), adjoint.data(), leafGradient.data() + leafStart_.back());
      productRow = affine.read(pool, static_cast<int>(e), residual, tape.size());
    } else {
      nonlinearEquations_.push_back(static_cast<int>(e));
    }
    leafStart_.push_back(static_cast<int>(leaves.size()));
    if (productRow) continue;
    tapeOf_[e] = static_cast<int>(tapes_.size());
    tapes_.push_back(tape);
  }
  for (const FlatSignal& s : flat.signals) numbering.add(s.value, -1);
  for (const FlatDelay& d : flat.delays) numbering.add(d.input, d.block);
  for (const FlatConstraint& c : flat.constraints) {
    numbering.add(c.active, c.block);
    numbering.add(c.g, c.block);
  }
  for (const FlatClock& c : flat.clocks) {
    for (const FlatClockUpdate& u : c.updates) numbering.add(u.value, c.block);
    if (c.trigger.valid()) numbering.add(c.trigger, c.block);
  }
  switches_ = std::move(numbering.info);
  switchIndex_ = std::move(numbering.index);
  const std::unordered_map<std::uint32_t, int>& switchIndex = switchIndex_;
  for (std::uint32_t id : numbering.nodes) {
    const ExprNode& node = pool.node(id);
    Expr a(&pool, node.a);
    Expr g = node.op == Op::Abs ? a : a - Expr(&pool, node.b);
    indicatorTapes_.emplace_back(pool, g, switchIndex);
  }

  // The Jacobian pattern: column j holds the equations whose tapes read y_j or y'_j, in
  // ascending order (a bucket per column, filled equation by equation; an equation that reads
  // both y_j and y'_j has one entry there), and the entry of each tape leaf.
  const int equations = static_cast<int>(flat.equations.size());
  std::vector<int> lastRow(n, -1);  // the last equation counted in each column
  columnStart_.assign(n + 1, 0);
  for (int e = 0; e < equations; ++e)
    for (int k = leafStart_[e]; k < leafStart_[e + 1]; ++k)
      if (lastRow[leaves[k].index] != e) lastRow[leaves[k].index] = e, ++columnStart_[leaves[k].index + 1];
  for (int j = 0; j < n; ++j) columnStart_[j + 1] += columnStart_[j];
  rowIndex_.resize(columnStart_[n]);
  std::vector<int> next(columnStart_.begin(), columnStart_.end() - 1);  // each column's next free entry
  leafEntry_.resize(leaves.size());
  for (int e = 0; e < equations; ++e) {
    for (int k = leafStart_[e]; k < leafStart_[e + 1]; ++k) {
      const int col = leaves[k].index;
      if (next[col] == columnStart_[col] || rowIndex_[next[col] - 1] != e) rowIndex_[next[col]++] = e;
      leafEntry_[k] = next[col] - 1;
    }
  }
  for (const Tape& t : indicatorTapes_) maxTape_ = std::max(maxTape_, t.size());

  // Linear equations have constant Jacobian entries: computed once, above.
  constantDy_.assign(rowIndex_.size(), 0.0);
  constantDyp_.assign(rowIndex_.size(), 0.0);
  for (int e = 0; e < equations; ++e) {
    if (!flat.equations[e].residual.node().linear) continue;
    for (int k = leafStart_[e]; k < leafStart_[e + 1]; ++k)
      (leaves[k].derivative ? constantDyp_ : constantDy_)[leafEntry_[k]] += leafGradient[k];
  }
  for (int k = 0; k < nonZeros(); ++k)
    if (constantDyp_[k] != 0.0) dypEntry_.push_back(k), dypValue_.push_back(constantDyp_[k]);
  tapeRows_ = nonlinearEquations_;
  groupProductRows(affine);

  for (const FlatClock& c : flat.clocks) {
    std::vector<ClockUpdate> updates;
    for (const FlatClockUpdate& u : c.updates) {
      updates.push_back({u.discrete, u.sample, Tape(pool, u.value, switchIndex)});
      maxTape_ = std::max(maxTape_, updates.back().value.size());
    }
    clockUpdates_.push_back(std::move(updates));
    clockTrigger_.push_back(c.trigger.valid() ? switchIndex.at(c.trigger.id()) : -1);
  }
  for (const FlatDelay& d : flat.delays) {
    delayInputs_.emplace_back(pool, d.input, switchIndex);
    maxTape_ = std::max(maxTape_, delayInputs_.back().size());
  }
}

DaeWorkspace DaeSystem::makeWorkspace() const {
  return {std::vector<double>(maxTape_), std::vector<double>(maxTape_), std::vector<double>(maxLeaves_)};
}

namespace {
/// A run of product rows at least this long is evaluated as one (DaeSystem::ProductGroup);
/// shorter ones are listed row by row (a run's call costs about as much as a few rows).
constexpr int kShortestRun = 8;
}  // namespace

template <bool OFFSET, int DY, int DYP>
void DaeSystem::productKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at, const double* offsets,
                              double* out) {
  constexpr int kWidth = DY + DYP;
  static_assert(kWidth > 0);
  const int* row = dae.productRow_.data() + g.first;
  const int* column = dae.productColumn_.data() + g.entry;
  const int* valueAt = dae.productValueAt_.data() + g.first;
  offsets += g.offset;
  for (int t = 0; t < g.rows; ++t, column += kWidth) {
    const double* value = dae.productValue_.data() + valueAt[t];
    double term[kWidth];
    for (int k = 0; k < DY; ++k) term[k] = value[k] * at.y[column[k]];
    for (int k = DY; k < kWidth; ++k) term[k] = value[k] * at.yp[column[k]];
    double sum = OFFSET ? offsets[t] + term[0] : term[0];
    for (int k = 1; k < kWidth; ++k) sum += term[k];
    out[row[t]] = sum;
  }
}

template <bool OFFSET, int DY, int DYP>
void DaeSystem::runKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at, const double* offsets,
                          double* out) {
  // productKernel's arithmetic, row t reading each column + t: no index per row, and the rows
  // are independent (`omp simd`: `out` is no operand), so a vector instruction does several.
  constexpr int kWidth = DY + DYP;
  static_assert(kWidth > 0);
  const int* column = dae.productColumn_.data() + g.entry;
  const double* value = dae.productValue_.data() + dae.productValueAt_[g.first];
  const double* x[kWidth];
  double c[kWidth];
  for (int k = 0; k < kWidth; ++k) x[k] = (k < DY ? at.y : at.yp) + column[k], c[k] = value[k];
  double* result = out + dae.productRow_[g.first];
  offsets += g.offset;
  const int rows = g.rows;
#pragma omp simd
  for (int t = 0; t < rows; ++t) {
    double term[kWidth];
#pragma GCC unroll 8  // (unrolled, the loop over t is vectorised)
    for (int k = 0; k < kWidth; ++k) term[k] = c[k] * x[k][t];
    double sum = OFFSET ? offsets[t] + term[0] : term[0];
#pragma GCC unroll 8
    for (int k = 1; k < kWidth; ++k) sum += term[k];
    result[t] = sum;
  }
}

void DaeSystem::anyProductKernel(const ProductGroup& g, const DaeSystem& dae, const EvalPoint& at,
                                 const double* offsets, double* out) {
  const int width = g.dy + g.dyp;
  const int* column = dae.productColumn_.data() + g.entry;
  for (int t = 0; t < g.rows; ++t, column += width) {
    const double* value = dae.productValue_.data() + dae.productValueAt_[g.first + t];
    double sum = g.hasOffset ? offsets[g.offset + t] : 0.0;
    for (int k = 0; k < width; ++k) {
      const double term = value[k] * (k < g.dy ? at.y : at.yp)[column[k]];
      sum = k == 0 && !g.hasOffset ? term : sum + term;
    }
    out[dae.productRow_[g.first + t]] = sum;
  }
}

template <int DY, int DYP>
DaeSystem::ProductGroup::Kernel DaeSystem::kernelFor(int dy, int dyp, bool offset, bool run) {
  if constexpr (DY + DYP > 0)
    if (dy == DY && dyp == DYP) {
      if (run) return offset ? runKernel<true, DY, DYP> : runKernel<false, DY, DYP>;
      return offset ? productKernel<true, DY, DYP> : productKernel<false, DY, DYP>;
    }
  if constexpr (DYP > 0)
    return kernelFor<DY, DYP - 1>(dy, dyp, offset, run);
  else if constexpr (DY > 0)
    return kernelFor<DY - 1, kMaxKernelDyp>(dy, dyp, offset, run);
  else
    return run ? nullptr : anyProductKernel;
}

void DaeSystem::groupProductRows(const AffineRows& affine) {
  const std::vector<int>& rows = affine.rows;
  const std::vector<int>& discreteStart = affine.discreteStart;
  const std::vector<int>& discreteIndex = affine.discreteIndex;
  const std::vector<double>& constant = affine.constant;
  const std::vector<double>& discreteCoefficient = affine.discreteCoefficient;
  tapeRows_.insert(tapeRows_.end(), affine.others.begin(), affine.others.end());
  // Their nonzero entries of ∂F/∂y and ∂F/∂y', row by row (CSR: those of y, then those of y').
  const int count = static_cast<int>(rows.size());
  std::vector<int> productOf(flat_.equations.size(), -1);
  for (int r = 0; r < count; ++r) productOf[rows[r]] = r;
  std::vector<int> dyCount(count, 0), start(count + 1, 0);
  for (int k = 0; k < nonZeros(); ++k) {
    const int r = productOf[rowIndex_[k]];
    if (r < 0) continue;
    dyCount[r] += constantDy_[k] != 0.0;
    start[r + 1] += (constantDy_[k] != 0.0) + (constantDyp_[k] != 0.0);
  }
  for (int r = 0; r < count; ++r) start[r + 1] += start[r];
  std::vector<int> column(start.back());
  std::vector<double> value(start.back());
  std::vector<int> nextDy(start.begin(), start.end() - 1), nextDyp(count);
  for (int r = 0; r < count; ++r) nextDyp[r] = start[r] + dyCount[r];
  for (int j = 0; j < size(); ++j) {
    for (int k = columnStart_[j]; k < columnStart_[j + 1]; ++k) {
      const int r = productOf[rowIndex_[k]];
      if (r < 0) continue;
      if (constantDy_[k] != 0.0) column[nextDy[r]] = j, value[nextDy[r]++] = constantDy_[k];
      if (constantDyp_[k] != 0.0) column[nextDyp[r]] = j, value[nextDyp[r]++] = constantDyp_[k];
    }
  }
  // Grouped by shape, in equation order within a group.
  auto shape = [&](int r) {
    const bool offset = constant[r] != 0.0 || discreteStart[r + 1] > discreteStart[r];
    return std::make_tuple(dyCount[r], start[r + 1] - start[r] - dyCount[r], offset);
  };
  std::vector<int> order(count);
  for (int r = 0; r < count; ++r) order[r] = r;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return shape(a) < shape(b); });
  // Whether row r has row q's coefficients, bit for bit.
  auto sameCoefficients = [&](int r, const double* q) {
    const std::size_t width = start[r + 1] - start[r];
    return width == 0 ||  // (memcmp of no bytes may be given null pointers)
           std::memcmp(value.data() + start[r], q, width * sizeof(double)) == 0;
  };
  // Whether row order[i] continues a run from row order[i - 1].
  auto continuesRun = [&](int i) {
    const int r = order[i], q = order[i - 1];
    if (shape(r) != shape(q) || rows[r] != rows[q] + 1 || !sameCoefficients(r, value.data() + start[q])) return false;
    for (int k = 0; k < start[r + 1] - start[r]; ++k)
      if (column[start[r] + k] != column[start[q] + k] + 1) return false;
    return true;
  };
  auto startGroup = [&](int r, bool run) {
    const auto [dy, dyp, hasOffset] = shape(r);
    ProductGroup g;
    g.dy = dy;
    g.dyp = dyp;
    g.hasOffset = hasOffset;
    g.run = run;
    g.first = static_cast<int>(productRow_.size());
    g.entry = static_cast<int>(productColumn_.size());
    g.offset = static_cast<int>(offsetConstant_.size());
    g.kernel = kernelFor<kMaxKernelDy, kMaxKernelDyp>(dy, dyp, hasOffset, run);
    productGroups_.push_back(g);
  };
  // A row's columns and coefficients (unless the previous row of its group has the same).
  auto store = [&](int r) {
    const ProductGroup& g = productGroups_.back();
    productRow_.push_back(rows[r]);
    productColumn_.insert(productColumn_.end(), column.begin() + start[r], column.begin() + start[r + 1]);
    const bool same = g.rows > 0 && sameCoefficients(r, productValue_.data() + productValueAt_.back());
    productValueAt_.push_back(same ? productValueAt_.back() : static_cast<int>(productValue_.size()));
    if (!same) productValue_.insert(productValue_.end(), value.begin() + start[r], value.begin() + start[r + 1]);
  };
  productRow_.reserve(count);  // (a capacity: runs leave most of it untouched)
  productColumn_.reserve(column.size());
  productValueAt_.reserve(count);
  offsetStart_.push_back(0);
  for (int i = 0, end = 0; i < count; i = end) {
    for (end = i + 1; end < count && continuesRun(end);) ++end;
    const auto [dy, dyp, hasOffset] = shape(order[i]);
    const bool run = end - i >= kShortestRun && kernelFor<kMaxKernelDy, kMaxKernelDyp>(dy, dyp, hasOffset, true);
    for (int j = i; j < end; ++j) {
      const int r = order[j];
      if (run ? j == i : j == 0 || productGroups_.back().run || shape(order[j - 1]) != shape(r)) startGroup(r, run);
      if (!run || j == i) store(r);
      ++productGroups_.back().rows;
      if (!hasOffset) continue;
      offsetConstant_.push_back(constant[r]);
      offsetColumn_.insert(offsetColumn_.end(), discreteIndex.begin() + discreteStart[r],
                           discreteIndex.begin() + discreteStart[r + 1]);
      offsetValue_.insert(offsetValue_.end(), discreteCoefficient.begin() + discreteStart[r],
                          discreteCoefficient.begin() + discreteStart[r + 1]);
      offsetStart_.push_back(static_cast<int>(offsetColumn_.size()));
    }
  }
}

void DaeSystem::residual(const EvalPoint& at, double* out, DaeWorkspace& ws) const {
  // The offsets change only with the discrete values: kept in the workspace with the values
  // they were computed for (compared bit for bit).
  const std::size_t offsets = offsetConstant_.size(), discretes = flat_.discretes.size();
  // (memcmp only with discrete values: with none, either pointer may be null.)
  if (offsets > 0 &&
      (ws.offsets.size() != offsets || ws.offsetsFor.size() != discretes ||
       (discretes > 0 && std::memcmp(ws.offsetsFor.data(), at.discrete, discretes * sizeof(double)) != 0))) {
    ws.offsets.resize(offsets);
    ws.offsetsFor.assign(at.discrete, at.discrete + discretes);
    for (std::size_t k = 0; k < offsets; ++k) {
      // The constant, then each term (the first term alone when there is no constant).
      int j = offsetStart_[k];
      double sum = offsetConstant_[k];
      if (sum == 0.0 && j < offsetStart_[k + 1]) sum = offsetValue_[j] * at.discrete[offsetColumn_[j]], ++j;
      for (; j < offsetStart_[k + 1]; ++j) sum += offsetValue_[j] * at.discrete[offsetColumn_[j]];
      ws.offsets[k] = sum;
    }
  }
  for (const ProductGroup& g : productGroups_) g.kernel(g, *this, at, ws.offsets.data(), out);
  for (int e : tapeRows_) out[e] = tapes_[tapeOf_[e]].evaluate(at, ws.work.data());
}

double DaeSystem::residualOf(int equation, const EvalPoint& at, DaeWorkspace& ws) const {
  return equationTape(equation).evaluate(at, ws.work.data());
}

void DaeSystem::scatter(int e, const EvalPoint& at, double* dy, double* dyp, double cj, DaeWorkspace& ws) const {
  const Tape& tape = tapes_[tapeOf_[e]];
  tape.gradient(at, ws.work.data(), ws.adjoint.data(), ws.gradient.data());
  const auto& leaves = tape.leaves();
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const int entry = leafEntry_[leafStart_[e] + k];
    if (!leaves[k].derivative)
      dy[entry] += ws.gradient[k];
    else if (dyp)
      dyp[entry] += ws.gradient[k];
    else
      dy[entry] += cj * ws.gradient[k];
  }
}

void DaeSystem::jacobian(const EvalPoint& at, double cj, double* values, DaeWorkspace& ws) const {
  // constantDy_ + cj·constantDyp_, with the products only where ∂F/∂y' is not zero (elsewhere
  // adding cj·0 changes no entry: none is -0, a sum that starts from +0).
  std::copy(constantDy_.begin(), constantDy_.end(), values);
  for (std::size_t j = 0; j < dypEntry_.size(); ++j) values[dypEntry_[j]] += cj * dypValue_[j];
  for (int e : nonlinearEquations_) scatter(e, at, values, nullptr, cj, ws);
}

void DaeSystem::jacobianParts(const EvalPoint& at, double* dy, double* dyp, DaeWorkspace& ws) const {
  std::copy(constantDy_.begin(), constantDy_.end(), dy);
  std::copy(constantDyp_.begin(), constantDyp_.end(), dyp);
  for (int e : nonlinearEquations_) scatter(e, at, dy, dyp, 0.0, ws);
}

void DaeSystem::indicators(const EvalPoint& at, double* g, DaeWorkspace& ws) const {
  for (std::size_t s = 0; s < indicatorTapes_.size(); ++s) g[s] = indicatorTapes_[s].evaluate(at, ws.work.data());
}

std::vector<std::uint8_t> DaeSystem::switchOutcomes(const EvalPoint& at, DaeWorkspace& ws) const {
  std::vector<std::uint8_t> outcome(switches_.size());
  for (std::size_t s = 0; s < switches_.size(); ++s)
    outcome[s] = Tape::switchOutcome(switches_[s].op, indicatorTapes_[s].evaluate(at, ws.work.data()), 0.0);
  return outcome;
}

void DaeSystem::updateDiscretes(int clock, bool sample, const EvalPoint& at, std::vector<double>& discrete,
                                DaeWorkspace& ws) const {
  std::vector<std::pair<int, double>> next;
  for (const ClockUpdate& u : clockUpdates_[clock])
    if (u.sample == sample) next.emplace_back(u.discrete, u.value.evaluate(at, ws.work.data()));
  for (const auto& [d, value] : next) discrete[d] = value;
}

void DaeSystem::delayInputs(const EvalPoint& at, double* out, DaeWorkspace& ws) const {
  for (std::size_t k = 0; k < delayInputs_.size(); ++k) out[k] = delayInputs_[k].evaluate(at, ws.work.data());
}

}  // namespace kelvin::core
