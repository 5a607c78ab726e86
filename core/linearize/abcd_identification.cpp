#include "linearize/abcd_identification.h"

#include <algorithm>
#include <unordered_set>

#include "model/diagnostic.h"
#include "structure/matching.h"

namespace kelvin::core {

namespace {

constexpr const char* kInputMarker = "analysis.Inp";
constexpr const char* kOutputMarker = "analysis.Out";

/// The indices of the discrete values `e` reads.
std::vector<int> discretesIn(const ExprPool& pool, Expr e) {
  std::vector<int> found;
  std::unordered_set<std::uint32_t> seen;
  std::vector<std::uint32_t> stack{e.id()};
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    if (!seen.insert(id).second) continue;
    const ExprNode& n = pool.node(id);
    if (n.op == Op::Discrete) found.push_back(n.index);
    const int k = operandCount(n.op);
    if (k > 0) stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
  return found;
}

/// True when e can only take a few fixed values (a constant, a relation, a choice between
/// such): a mode flag such as a clutch's `locked`, whose linearisation is a constant.
bool piecewiseConstant(Expr e) {
  const ExprNode& n = e.node();
  if (n.op == Op::Constant || isRelation(n.op)) return true;
  if (n.op != Op::IfThenElse) return false;
  return piecewiseConstant(Expr(e.pool(), n.b)) && piecewiseConstant(Expr(e.pool(), n.c));
}

/// The name of a signal listed by default whose value is `value` (the output driving a probe), or `fallback`.
std::string driverName(const FlatSystem& flat, Expr value, const std::string& fallback) {
  for (const FlatSignal& s : flat.signals)
    if (s.listedByDefault && s.value == value) return s.name;
  return fallback;
}

}  // namespace

AbcdIdentification::AbcdIdentification(const DaeSystem& dae, std::string file) : dae_(dae), file_(std::move(file)) {
  const FlatSystem& flat = dae.flat();
  const int n = dae.size();
  const int nd = static_cast<int>(flat.discretes.size());
  space_ = {n, nd, dae.delayCount()};
  for (const FlatEquation& eq : flat.equations) tapes_.push_back(dae.compile(eq.residual));

  for (int k = 0; k < nd; ++k) {
    const int block = flat.discretes[k].block;
    if (block >= 0 && flat.blocks[block].type == kInputMarker) {
      inputDiscrete_ = k;
      input_ = flat.blocks[block].id + ".y";
    }
  }
  // What the clocks assign: plain updates make 1/z coordinates; sampling updates
  // make S&H coordinates, or samplers when a plain update reads what they sampled.
  std::vector<const FlatClockUpdate*> plain(nd, nullptr), sample(nd, nullptr);
  std::vector<double> period(nd, 0.0);
  std::vector<bool> readByPlain(nd, false), mode(nd, true);
  for (const FlatClock& clock : flat.clocks)
    for (const FlatClockUpdate& u : clock.updates) {
      mode[u.discrete] = mode[u.discrete] && piecewiseConstant(u.value);
      (u.sample ? sample : plain)[u.discrete] = &u;
      period[u.discrete] = clock.trigger.valid() ? 0.0 : clock.period;
      if (!u.sample)
        for (int read : discretesIn(*flat.pool, u.value)) readByPlain[read] = true;
    }

  columnOfUnknown_.assign(n, kConstant);
  columnOfDiscrete_.assign(nd, kConstant);
  columnOfDelay_.assign(space_.delays, kConstant);
  auto addRow = [&](RowKind kind, std::string name, double t, Expr receiver) {
    rows_.push_back({kind, std::move(name), t});
    receiverTape_.push_back(receiver.valid() ? static_cast<int>(tapes_.size()) : -1);
    if (receiver.valid()) tapes_.push_back(dae.compile(receiver));
    return size_++;
  };
  for (int k = 0; k < nd; ++k)
    if (mode[k]) plain[k] = sample[k] = nullptr;  // a mode flag: constant in the linearisation
  for (int k = 0; k < nd; ++k)
    if (plain[k]) columnOfDiscrete_[k] = addRow(RowKind::UnitDelay, flat.discretes[k].name, period[k], plain[k]->value);
  for (int l = 0; l < space_.delays; ++l) {
    const FlatDelay& d = flat.delays[l];
    const std::string owner = d.block >= 0 ? flat.blocks[d.block].id : "delay " + std::to_string(l + 1);
    columnOfDelay_[l] = addRow(RowKind::TransportDelay, owner + ".delayed", d.delay, d.input);
  }
  for (int i = 0; i < n; ++i)
    if (dae.isState(i)) {
      columnOfUnknown_[i] = addRow(RowKind::Integrator, flat.unknowns[i].name, 0.0, {});
      member_.resize(size_, -1);
      member_[columnOfUnknown_[i]] = static_cast<int>(states_.size());
      states_.push_back(i);
    }
  for (int k = 0; k < nd; ++k) {
    if (plain[k] || !sample[k]) continue;
    if (readByPlain[k]) {
      columnOfDiscrete_[k] = kSampler;
      samplers_.push_back({k, static_cast<int>(tapes_.size())});
      tapes_.push_back(dae.compile(sample[k]->value));
    } else {
      columnOfDiscrete_[k] = addRow(RowKind::SampleHold, flat.discretes[k].name, period[k], sample[k]->value);
    }
  }
  for (int i = 0; i < n; ++i)
    if (!dae.isState(i)) {
      columnOfUnknown_[i] = addRow(RowKind::Algebraic, flat.unknowns[i].name, 0.0, {});
      member_.resize(size_, -1);
      member_[columnOfUnknown_[i]] = static_cast<int>(algebraic_.size());
      algebraic_.push_back(i);
    }
  member_.resize(size_, -1);
  if (inputDiscrete_ >= 0) columnOfDiscrete_[inputDiscrete_] = size_;  // the column of B

  for (const FlatBlock& block : flat.blocks) {
    if (block.type != kOutputMarker) continue;
    for (int k = 1;; ++k) {
      const std::string probe = block.id + ".u" + std::to_string(k);
      auto s = std::find_if(flat.signals.begin(), flat.signals.end(), [&](const FlatSignal& f) { return f.name == probe; });
      if (s == flat.signals.end()) break;
      outputTapes_.push_back(static_cast<int>(tapes_.size()));
      tapes_.push_back(dae.compile(s->value));
      outputs_.push_back("Out" + std::to_string(k));
      outputSignals_.push_back(driverName(flat, s->value, probe));
    }
  }
}

int AbcdIdentification::tapeOfSampler(int discrete) const {
  for (std::size_t s = 0; s < samplers_.size(); ++s)
    if (samplers_[s].discrete == discrete) return static_cast<int>(s);
  return -1;
}

Eigen::RowVectorXd AbcdIdentification::inCoordinates(const LeafJacobian& jac, Eigen::Index row,
                                                     const Eigen::MatrixXd* xdot,
                                                     const Eigen::MatrixXd& samplerRows) const {
  Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(size_ + 1);
  for (int i = 0; i < space_.unknowns; ++i) {
    if (const double v = jac.y(row, i); v != 0.0) r[columnOfUnknown_[i]] += v;
    if (const double v = jac.yp(row, i); v != 0.0 && xdot) {
      r += v * xdot->row(member_[columnOfUnknown_[i]]);
    }
  }
  for (int k = 0; k < space_.discretes; ++k) {
    const double v = jac.d(row, k);
    if (v == 0.0) continue;
    const int column = columnOfDiscrete_[k];
    if (column >= 0) {
      r[column] += v;
    } else if (column == kSampler) {
      const int s = tapeOfSampler(k);
      if (s >= samplerRows.rows())
        throw ModelError(Diagnostic{file_, "", "",
                                    "ABCD identification: " + dae_.flat().discretes[k].name +
                                        " samples another sampled value at the same tick, which is not supported"});
      r += v * samplerRows.row(s);
    }
  }
  for (int l = 0; l < space_.delays; ++l) r[columnOfDelay_[l]] += jac.e(row, l);
  return r;
}

AbcdMatrix AbcdIdentification::identify(const OperatingPoint& point) const {
  return assemble(exactJacobian(tapes_, point, space_), point.time);
}

AbcdMatrix AbcdIdentification::identifyByDifferences(const OperatingPoint& point, double delta) const {
  return assemble(differenceJacobian(tapes_, point, space_, delta), point.time);
}

AbcdMatrix AbcdIdentification::assemble(const LeafJacobian& jac, double time) const {
  const int n = space_.unknowns;
  const auto nx = static_cast<Eigen::Index>(states_.size());
  const Eigen::MatrixXd none(0, size_ + 1);
  // Samplers first: what a 1/z takes at a tick is what was sampled at that tick.
  Eigen::MatrixXd samplerRows(static_cast<Eigen::Index>(samplers_.size()), size_ + 1);
  for (std::size_t s = 0; s < samplers_.size(); ++s)
    samplerRows.row(static_cast<Eigen::Index>(s)) = inCoordinates(jac, samplers_[s].tape, nullptr, none);

  // The DAE: E_x·ẋ + G·[q; u] = 0. Rows S with E_S invertible give ẋ; the others, with ẋ
  // substituted, are the =0 rows.
  Eigen::MatrixXd g(n, size_ + 1), ex(n, nx);
  for (int e = 0; e < n; ++e) g.row(e) = inCoordinates(jac, e, nullptr, samplerRows);
  for (Eigen::Index j = 0; j < nx; ++j) ex.col(j) = jac.yp.col(states_[j]);
  std::vector<int> derivativeRows, algebraicRows;
  Eigen::MatrixXd xdot(nx, size_ + 1);
  if (nx > 0) {
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(ex.transpose());
    if (qr.rank() < nx) {
      std::string names;
      for (int i : states_) names += (names.empty() ? "" : ", ") + dae_.flat().unknowns[i].name;
      throw ModelError(Diagnostic{file_, "", "",
                                  "ABCD identification: the linearised model is not of index 1 at t = " +
                                      std::to_string(time) + ": the derivatives of " + names +
                                      " are not all determined by the equations"});
    }
    for (Eigen::Index k = 0; k < nx; ++k) derivativeRows.push_back(qr.colsPermutation().indices()[k]);
    Eigen::MatrixXd es(nx, nx), gs(nx, size_ + 1);
    for (Eigen::Index k = 0; k < nx; ++k) {
      es.row(k) = ex.row(derivativeRows[k]);
      gs.row(k) = g.row(derivativeRows[k]);
    }
    xdot = -es.fullPivLu().solve(gs);
  }
  for (int e = 0; e < n; ++e)
    if (std::find(derivativeRows.begin(), derivativeRows.end(), e) == derivativeRows.end()) algebraicRows.push_back(e);

  // Pair each =0 equation with an algebraic unknown it involves (a matching), the rest in order.
  Eigen::MatrixXd zeroRows(static_cast<Eigen::Index>(algebraicRows.size()), size_ + 1);
  Incidence graph;
  graph.unknownCount = static_cast<int>(algebraic_.size());
  for (std::size_t r = 0; r < algebraicRows.size(); ++r) {
    const int e = algebraicRows[r];
    zeroRows.row(static_cast<Eigen::Index>(r)) = g.row(e);
    if (nx > 0) zeroRows.row(static_cast<Eigen::Index>(r)) += ex.row(e) * xdot;
    std::vector<int> involved;
    for (std::size_t j = 0; j < algebraic_.size(); ++j)
      if (zeroRows(static_cast<Eigen::Index>(r), columnOfUnknown_[algebraic_[j]]) != 0.0) involved.push_back(static_cast<int>(j));
    graph.unknownsOf.push_back(std::move(involved));
  }
  Matching matching = maximumMatching(graph);
  std::vector<int> equationOf = matching.equationOfUnknown;
  std::vector<bool> used(algebraicRows.size(), false);
  for (int r : equationOf)
    if (r >= 0) used[r] = true;
  for (int& r : equationOf) {
    if (r >= 0) continue;
    r = static_cast<int>(std::find(used.begin(), used.end(), false) - used.begin());
    used[r] = true;
  }

  AbcdMatrix m;
  m.time = time;
  m.rows = rows_;
  m.outputs = outputs_;
  m.outputSignals = outputSignals_;
  m.input = input_;
  Eigen::MatrixXd ab(size_, size_ + 1), cd(static_cast<Eigen::Index>(outputTapes_.size()), size_ + 1);
  for (int i = 0; i < size_; ++i) {
    switch (rows_[i].kind) {
      case RowKind::Integrator: ab.row(i) = xdot.row(member_[i]); break;
      case RowKind::Algebraic: ab.row(i) = zeroRows.row(equationOf[member_[i]]); break;
      default: ab.row(i) = inCoordinates(jac, receiverTape_[i], &xdot, samplerRows);
    }
  }
  for (std::size_t k = 0; k < outputTapes_.size(); ++k)
    cd.row(static_cast<Eigen::Index>(k)) = inCoordinates(jac, outputTapes_[k], &xdot, samplerRows);
  const Eigen::Index inputs = inputDiscrete_ >= 0 ? 1 : 0;
  m.a = ab.leftCols(size_);
  m.b = ab.rightCols(inputs);
  m.c = cd.leftCols(size_);
  m.d = cd.rightCols(inputs);
  return m;
}

}  // namespace kelvin::core
