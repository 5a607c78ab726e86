#include "solve/dae_system.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

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

/// True when nothing in e reads time, a delay line or a switch (so, over fixed y and y',
/// only the discrete values change it).
bool onlyDiscrete(const ExprPool& pool, Expr e) {
  std::vector<std::uint32_t> stack{e.id()};
  std::unordered_set<std::uint32_t> seen;
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    const ExprNode& n = pool.node(id);
    if (n.op == Op::Time || n.op == Op::Delayed || isSwitched(n.op)) return false;
    const int k = operandCount(n.op);
    if (k == 0 || !n.timeOrDiscrete || !seen.insert(id).second) continue;
    stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
  return true;
}

}  // namespace

DaeSystem::DaeSystem(const FlatSystem& flat) : flat_(flat) {
  ExprPool& pool = *flat.pool;
  const int n = size();
  state_.assign(n, false);
  for (int i = 0; i < n; ++i) state_[i] = flat.unknowns[i].state;

  // Switches: relations, min, max and abs anywhere in equations or signals.
  SwitchNumbering numbering(pool, flat.switchOwners);
  for (const FlatEquation& eq : flat.equations) numbering.add(eq.residual, eq.block);
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
  switches_ = numbering.info;
  switchIndex_ = numbering.index;
  const std::unordered_map<std::uint32_t, int>& switchIndex = switchIndex_;
  for (std::uint32_t id : numbering.nodes) {
    const ExprNode& node = pool.node(id);
    Expr a(&pool, node.a);
    Expr g = node.op == Op::Abs ? a : a - Expr(&pool, node.b);
    indicatorTapes_.emplace_back(pool, g, switchIndex);
  }

  // Equations and the Jacobian pattern.
  std::vector<std::pair<int, int>> entries;  // (column, row)
  for (std::size_t e = 0; e < flat.equations.size(); ++e) {
    equationTapes_.emplace_back(pool, flat.equations[e].residual, switchIndex);
    linear_.push_back(flat.equations[e].residual.node().linear);
    for (const TapeLeaf& leaf : equationTapes_.back().leaves()) entries.emplace_back(leaf.index, static_cast<int>(e));
  }
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  columnStart_.assign(n + 1, 0);
  for (const auto& [col, row] : entries) {
    ++columnStart_[col + 1];
    rowIndex_.push_back(row);
  }
  for (int j = 0; j < n; ++j) columnStart_[j + 1] += columnStart_[j];
  auto entry = [&](int row, int col) {
    auto first = rowIndex_.begin() + columnStart_[col];
    auto last = rowIndex_.begin() + columnStart_[col + 1];
    return static_cast<int>(std::lower_bound(first, last, row) - rowIndex_.begin());
  };
  for (std::size_t e = 0; e < equationTapes_.size(); ++e) {
    std::vector<int> map;
    for (const TapeLeaf& leaf : equationTapes_[e].leaves()) map.push_back(entry(static_cast<int>(e), leaf.index));
    entryOf_.push_back(std::move(map));
  }
  for (const Tape& t : equationTapes_) {
    maxTape_ = std::max(maxTape_, t.size());
    maxLeaves_ = std::max(maxLeaves_, t.leaves().size());
  }
  for (const Tape& t : indicatorTapes_) maxTape_ = std::max(maxTape_, t.size());

  // Linear equations have constant Jacobian entries: compute them once.
  constantDy_.assign(rowIndex_.size(), 0.0);
  constantDyp_.assign(rowIndex_.size(), 0.0);
  DaeWorkspace ws = makeWorkspace();
  // Their entries do not depend on the point: any point will do, with every input readable.
  std::vector<double> zeros(n, 0.0), discreteZeros(flat.discretes.size() + 1, 0.0);
  const EvalPoint origin{0.0, zeros.data(), zeros.data(), discreteZeros.data(), nullptr};
  for (std::size_t e = 0; e < equationTapes_.size(); ++e) {
    if (linear_[e])
      scatter(static_cast<int>(e), origin, constantDy_.data(), constantDyp_.data(), 0.0, ws);
    else
      nonlinearEquations_.push_back(static_cast<int>(e));
    // Affine with constant coefficients, and a term that time, delays and switches leave
    // alone: the residual is that term (a function of the discrete values only) plus the
    // gradient (exact, from the tape) times (y, y').
    if (linear_[e] && onlyDiscrete(pool, flat.equations[e].residual))
      productRows_.push_back(static_cast<int>(e));
    else
      tapeRows_.push_back(static_cast<int>(e));
  }
  // The product rows' entries gathered row by row, so residual() writes each row once.
  std::vector<int> productOf(equationTapes_.size(), -1);
  for (std::size_t r = 0; r < productRows_.size(); ++r) productOf[productRows_[r]] = static_cast<int>(r);
  auto gather = [&](const std::vector<double>& constant, ConstantRows& rows) {
    rows.start.assign(productRows_.size() + 1, 0);
    for (int k = 0; k < nonZeros(); ++k)
      if (productOf[rowIndex_[k]] >= 0 && constant[k] != 0.0) ++rows.start[productOf[rowIndex_[k]] + 1];
    for (std::size_t r = 0; r < productRows_.size(); ++r) rows.start[r + 1] += rows.start[r];
    rows.column.resize(rows.start.back());
    rows.value.resize(rows.start.back());
    std::vector<int> next(rows.start.begin(), rows.start.end() - 1);
    for (int j = 0; j < n; ++j) {
      for (int k = columnStart_[j]; k < columnStart_[j + 1]; ++k) {
        const int r = productOf[rowIndex_[k]];
        if (r < 0 || constant[k] == 0.0) continue;
        rows.column[next[r]] = j;
        rows.value[next[r]++] = constant[k];
      }
    }
  };
  gather(constantDy_, productDy_);
  gather(constantDyp_, productDyp_);

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

void DaeSystem::residual(const EvalPoint& at, double* out, DaeWorkspace& ws) const {
  // The product rows' terms free of y and y' change only with the discrete values: kept in
  // the workspace with the values they were computed for.
  const std::size_t m = equationTapes_.size(), discretes = flat_.discretes.size();
  const bool fresh = ws.offsets.size() == m && ws.offsetsFor.size() == discretes &&
                     std::equal(ws.offsetsFor.begin(), ws.offsetsFor.end(), at.discrete);
  if (!fresh) {
    ws.offsets.assign(m, 0.0);
    ws.offsetsFor.assign(at.discrete, at.discrete + discretes);
    ws.zeros.assign(std::max(size(), 1), 0.0);
    const EvalPoint origin{0.0, ws.zeros.data(), ws.zeros.data(), at.discrete, at.switches, at.delays};
    for (int e : productRows_) ws.offsets[e] = equationTapes_[e].evaluate(origin, ws.work.data());
  }
  // Each product row: its term plus its nonzero entries times y, then times y'.
  const ConstantRows& dy = productDy_;
  const ConstantRows& dyp = productDyp_;
  for (std::size_t r = 0; r < productRows_.size(); ++r) {
    double sum = ws.offsets[productRows_[r]];
    for (int k = dy.start[r]; k < dy.start[r + 1]; ++k) sum += dy.value[k] * at.y[dy.column[k]];
    for (int k = dyp.start[r]; k < dyp.start[r + 1]; ++k) sum += dyp.value[k] * at.yp[dyp.column[k]];
    out[productRows_[r]] = sum;
  }
  for (int e : tapeRows_) out[e] = equationTapes_[e].evaluate(at, ws.work.data());
}

double DaeSystem::residualOf(int equation, const EvalPoint& at, DaeWorkspace& ws) const {
  return equationTapes_[equation].evaluate(at, ws.work.data());
}

void DaeSystem::scatter(int e, const EvalPoint& at, double* dy, double* dyp, double cj, DaeWorkspace& ws) const {
  const Tape& tape = equationTapes_[e];
  tape.gradient(at, ws.work.data(), ws.adjoint.data(), ws.gradient.data());
  const auto& leaves = tape.leaves();
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const int entry = entryOf_[e][k];
    if (!leaves[k].derivative)
      dy[entry] += ws.gradient[k];
    else if (dyp)
      dyp[entry] += ws.gradient[k];
    else
      dy[entry] += cj * ws.gradient[k];
  }
}

void DaeSystem::jacobian(const EvalPoint& at, double cj, double* values, DaeWorkspace& ws) const {
  for (std::size_t k = 0; k < rowIndex_.size(); ++k) values[k] = constantDy_[k] + cj * constantDyp_[k];
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
