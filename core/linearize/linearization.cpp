#include "linearize/linearization.h"

#include <algorithm>
#include <complex>
#include <stdexcept>

#include <Eigen/Sparse>

#include "linearize/frequency_pencil.h"
#include "linearize/state_space_reduction.h"
#include "model/diagnostic.h"
#include "structure/matching.h"

namespace kelvin::core {

Linearization::Linearization(const LinearizationPlan& plan, const OperatingPoint& point)
    : Linearization(plan, point.time, exactJacobian(plan.tapes(), point, plan.space())) {}

Linearization::Linearization(const DaeSystem& dae, const OperatingPoint& point)
    : Linearization(std::make_shared<const LinearizationPlan>(dae, std::string(), std::vector<LinearOutput>{}), point) {}

Linearization::Linearization(std::shared_ptr<const LinearizationPlan> owned, const OperatingPoint& point)
    : Linearization(*owned, point) {
  owned_ = std::move(owned);
}

Linearization::Linearization(const LinearizationPlan& plan, double time, LeafJacobian jac)
    : plan_(&plan), time_(time), jac_(std::move(jac)) {}

Linearization Linearization::byDifferences(const LinearizationPlan& plan, const OperatingPoint& point, double delta) {
  return Linearization(plan, point.time, differenceJacobian(plan.tapes(), point, plan.space(), delta));
}

bool Linearization::sameAs(const Linearization& other) const {
  return plan_ == other.plan_ && jac_.y == other.jac_.y && jac_.yp == other.jac_.yp && jac_.d == other.jac_.d &&
         jac_.e == other.jac_.e;
}

Eigen::RowVectorXd Linearization::inCoordinates(Eigen::Index row, const Eigen::MatrixXd* xdot,
                                                const Eigen::MatrixXd& samplerRows, bool* readsAlgebraicDerivative) const {
  const LinearizationPlan& plan = *plan_;
  const LeafSpace& space = plan.space();
  Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(plan.coordinateCount() + plan.inputCount());
  for (int i = 0; i < space.unknowns; ++i) {
    const int column = plan.columnOfUnknown(i);
    if (const double v = jac_.y(row, i); v != 0.0) r[column] += v;
    const double v = jac_.yp(row, i);
    if (v == 0.0 || !xdot) continue;
    if (plan.rows()[static_cast<std::size_t>(column)].kind == RowKind::Integrator)
      r += v * xdot->row(plan.member(column));
    else if (readsAlgebraicDerivative)
      *readsAlgebraicDerivative = true;
  }
  for (int k = 0; k < space.discretes; ++k) {
    const double v = jac_.d(row, k);
    if (v == 0.0) continue;
    const int column = plan.columnOfDiscrete(k);
    if (column >= 0) {
      r[column] += v;
    } else if (column == LinearizationPlan::kSampler) {
      const int s = plan.samplerOf(k);
      if (s >= samplerRows.rows())
        throw ModelError(Diagnostic{plan.file(), "", "",
                                    "linearisation: " + plan.samplers()[static_cast<std::size_t>(s)].name +
                                        " samples another sampled value at the same tick, which is not supported"});
      r += v * samplerRows.row(s);
    }
  }
  for (int l = 0; l < space.delays; ++l) r[plan.columnOfDelay(l)] += jac_.e(row, l);
  return r;
}

void Linearization::assemble() const {
  const LinearizationPlan& plan = *plan_;
  const int n = plan.space().unknowns;
  const int size = plan.coordinateCount();
  const Eigen::Index cols = size + plan.inputCount();
  const std::vector<int>& states = plan.states();
  const std::vector<int>& algebraic = plan.algebraic();
  const auto nx = static_cast<Eigen::Index>(states.size());
  const Eigen::MatrixXd none(0, cols);
  // Samplers first: what a 1/z takes at a tick is what was sampled at that tick.
  Eigen::MatrixXd samplerRows(static_cast<Eigen::Index>(plan.samplers().size()), cols);
  for (std::size_t s = 0; s < plan.samplers().size(); ++s)
    samplerRows.row(static_cast<Eigen::Index>(s)) = inCoordinates(plan.samplers()[s].tape, nullptr, none);

  // The DAE: E_x·ẋ + G·[q; u] = 0. Rows S with E_S invertible give ẋ; the others, with ẋ
  // substituted, are the =0 rows.
  Eigen::MatrixXd g(n, cols), ex(n, nx);
  for (int e = 0; e < n; ++e) g.row(e) = inCoordinates(e, nullptr, samplerRows);
  // The Jacobian's first n rows are the residuals; the rows after them are the other tapes (samplers, outputs).
  for (Eigen::Index j = 0; j < nx; ++j) ex.col(j) = jac_.yp.col(states[static_cast<std::size_t>(j)]).head(n);
  std::vector<int> derivativeRows, algebraicRows;
  Eigen::MatrixXd xdot(nx, cols);
  if (nx > 0) {
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(ex.transpose());
    if (qr.rank() < nx) {
      std::string names;
      for (int i : states) names += (names.empty() ? "" : ", ") + plan.rows()[plan.columnOfUnknown(i)].name;
      throw ModelError(Diagnostic{plan.file(), "", "",
                                  "the linearised model is not of index 1 at t = " + std::to_string(time_) +
                                      ": the derivatives of " + names + " are not all determined by the equations"});
    }
    for (Eigen::Index k = 0; k < nx; ++k) derivativeRows.push_back(qr.colsPermutation().indices()[k]);
    Eigen::MatrixXd es(nx, nx), gs(nx, cols);
    for (Eigen::Index k = 0; k < nx; ++k) {
      es.row(k) = ex.row(derivativeRows[static_cast<std::size_t>(k)]);
      gs.row(k) = g.row(derivativeRows[static_cast<std::size_t>(k)]);
    }
    xdot = -es.fullPivLu().solve(gs);
  }
  std::vector<bool> isDerivativeRow(static_cast<std::size_t>(n), false);
  for (int e : derivativeRows) isDerivativeRow[static_cast<std::size_t>(e)] = true;
  for (int e = 0; e < n; ++e)
    if (!isDerivativeRow[static_cast<std::size_t>(e)]) algebraicRows.push_back(e);

  // Pair each =0 equation with an algebraic unknown it involves (a matching), the rest in order.
  Eigen::MatrixXd zeroRows(static_cast<Eigen::Index>(algebraicRows.size()), cols);
  Incidence graph;
  graph.unknownCount = static_cast<int>(algebraic.size());
  for (std::size_t r = 0; r < algebraicRows.size(); ++r) {
    const int e = algebraicRows[r];
    const auto row = static_cast<Eigen::Index>(r);
    zeroRows.row(row) = g.row(e);
    if (nx > 0) zeroRows.row(row) += ex.row(e) * xdot;
    std::vector<int> involved;
    for (std::size_t j = 0; j < algebraic.size(); ++j)
      if (zeroRows(row, plan.columnOfUnknown(algebraic[j])) != 0.0) involved.push_back(static_cast<int>(j));
    graph.unknownsOf.push_back(std::move(involved));
  }
  std::vector<int> equationOf = maximumMatching(graph).equationOfUnknown;
  std::vector<bool> used(algebraicRows.size(), false);
  for (int r : equationOf)
    if (r >= 0) used[static_cast<std::size_t>(r)] = true;
  for (int& r : equationOf) {
    if (r >= 0) continue;
    r = static_cast<int>(std::find(used.begin(), used.end(), false) - used.begin());
    used[static_cast<std::size_t>(r)] = true;
  }

  AbcdMatrix m;
  m.time = time_;
  m.rows = plan.rows();
  for (const LinearOutput& o : plan.outputs()) {
    m.outputs.push_back(o.name);
    m.outputSignals.push_back(o.signal);
  }
  m.input = plan.markerInput();
  const auto outputs = static_cast<Eigen::Index>(plan.outputs().size());
  Eigen::MatrixXd ab(size, cols), cd(outputs, cols);
  for (int i = 0; i < size; ++i) {
    switch (plan.rows()[static_cast<std::size_t>(i)].kind) {
      case RowKind::Integrator: ab.row(i) = xdot.row(plan.member(i)); break;
      case RowKind::Algebraic: ab.row(i) = zeroRows.row(equationOf[static_cast<std::size_t>(plan.member(i))]); break;
      default: ab.row(i) = inCoordinates(plan.receiverTape(i), &xdot, samplerRows);
    }
  }
  representable_.assign(static_cast<std::size_t>(outputs), true);
  for (Eigen::Index k = 0; k < outputs; ++k) {
    bool readsAlgebraicDerivative = false;
    cd.row(k) = inCoordinates(plan.outputTape(static_cast<int>(k)), &xdot, samplerRows, &readsAlgebraicDerivative);
    representable_[static_cast<std::size_t>(k)] = !readsAlgebraicDerivative;
  }
  m.a = ab.leftCols(size);
  m.b = ab.rightCols(plan.inputCount());
  m.c = cd.leftCols(size);
  m.d = cd.rightCols(plan.inputCount());
  combined_ = std::move(m);
}

const AbcdMatrix& Linearization::combined() const {
  if (!combined_) assemble();
  return *combined_;
}

const std::vector<bool>& Linearization::representable() const {
  combined();
  return representable_;
}

AbcdMatrix Linearization::abcd() const {
  AbcdMatrix m = combined();
  for (std::size_t k = 0; k < representable_.size(); ++k)
    if (!representable_[k])
      throw ModelError(Diagnostic{plan_->file(), "", "",
                                  "ABCD identification: output " + m.outputs[k] + " (" + m.outputSignals[k] +
                                      ") reads the derivative of an algebraic unknown, which no entry of C can hold"});
  const int inputs = plan_->markerInputs();
  m.b = Eigen::MatrixXd(m.b.leftCols(inputs));
  m.d = Eigen::MatrixXd(m.d.leftCols(inputs));
  return m;
}

const AbcdMatrix& Linearization::reduced() const {
  if (!reduced_) reduced_ = eliminateAlgebraicRows(combined());
  return *reduced_;
}

Eigen::VectorXcd Linearization::poles() const { return stateEigenvalues(reduced()); }

Eigen::MatrixXcd Linearization::transfer(double omega) const {
  if (!pencil_) pencil_ = std::make_shared<const FrequencyPencil>(*plan_, jac_);
  return pencil_->transfer(omega);
}

}  // namespace kelvin::core
