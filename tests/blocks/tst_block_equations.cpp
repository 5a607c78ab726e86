// The equations each block contributes, checked on a fake ComponentBuilder
// that hands out fresh unknowns for ports and records equations, states,
// discrete variables, clocks and energy. Residuals are evaluated with the
// engine's Tape at chosen values of the unknowns: zero where the block's law
// holds, non-zero where it does not.

#include <QtTest>
#include <cmath>
#include <complex>
#include <map>
#include <memory>
#include <numbers>

#include "elaborate/block_registry.h"
#include "expr/tape.h"
#include "library.h"
#include "model/diagnostic.h"
#include "model/parameter_evaluator.h"

using namespace kelvin;
using core::ComponentType;
using core::Expr;
using core::ParamKind;
using core::PortDecl;
using core::PortDirection;

namespace {

constexpr double kT = 300.15;
const double kVt = 1.380649e-23 * kT / 1.602176634e-19;

/// A ComponentBuilder that records what a block declares. Ports and
/// parameters must be declared by the type (a typo throws), parameter values
/// are the declared defaults unless overridden.
class FakeBuilder : public core::ComponentBuilder {
 public:
  struct Recorded {
    int index;
    double start;
  };
  struct Clock {
    double offset;
    double period;
  };
  struct Update {
    int clock;
    Expr variable;
    Expr value;
  };

  FakeBuilder(const ComponentType& type, std::map<std::string, std::string> overrides)
      : type_(type), values_(std::move(overrides)) {
    for (const auto& p : type.params)
      if (!values_.count(p.name)) values_[p.name] = p.defaultValue;
    for (const auto& [name, value] : values_)
      if (!type.findParam(name)) throw std::logic_error("test overrides undeclared parameter " + name);
    if (type.findParam("inputs")) inputs_ = static_cast<int>(param("inputs"));
    // Like the elaborator: every pin has an across and a through unknown, every signal port one value.
    for (const auto& [name, decl] : core::expandPorts(type, inputs_)) {
      ports_[name] = decl;
      if (decl->direction == PortDirection::Physical) {
        unknown(name + ".v");
        unknown(name + ".i");
      } else {
        unknown(name);
      }
    }
  }

  const std::string& blockId() const override { return id_; }
  core::ExprPool& pool() override { return pool_; }

  double param(const std::string& name) const override {
    const std::string& value = text(name, ParamKind::Number);
    return core::evaluateNumber(value, type_.findParam(name)->unit, scope_);
  }
  std::vector<double> vectorParam(const std::string& name) const override {
    return core::evaluateVector(text(name, ParamKind::Vector), scope_);
  }
  std::vector<std::vector<double>> matrixParam(const std::string& name) const override {
    return core::evaluateMatrix(text(name, ParamKind::Matrix), scope_);
  }
  const std::string& textParam(const std::string& name) const override { return text(name, ParamKind::Text); }
  int variadicCount() const override { return inputs_; }
  double temperature() const override { return kT; }

  Expr across(const std::string& port) override { return portUnknown(port, PortDirection::Physical, ".v"); }
  Expr through(const std::string& port) override { return portUnknown(port, PortDirection::Physical, ".i"); }
  Expr input(const std::string& port) override { return portUnknown(port, PortDirection::Input, ""); }
  Expr output(const std::string& port) override { return portUnknown(port, PortDirection::Output, ""); }

  Expr variable(const std::string& name, double) override {
    ++internalUnknowns_;
    return unknown(name);
  }
  Expr state(const std::string& name, double start) override {
    ++internalUnknowns_;
    const Expr x = unknown(name);
    states_[name] = {x.node().index, start};
    return x;
  }
  void probe(const std::string& name, Expr value) override { probes_[name] = value; }
  Expr discrete(const std::string& name, double start) override {
    const int index = static_cast<int>(discreteStarts_.size());
    if (!discreteIndex_.emplace(name, index).second) throw std::logic_error("discrete declared twice: " + name);
    discreteStarts_.push_back(start);
    return pool_.discrete(index);
  }
  int clock(double offset, double period) override {
    clocks_.push_back({offset, period});
    return static_cast<int>(clocks_.size()) - 1;
  }
  int triggeredClock(Expr) override {
    clocks_.push_back({0.0, 0.0});
    return static_cast<int>(clocks_.size()) - 1;
  }
  void onClock(int clock, Expr variable, Expr value) override { updates_.push_back({clock, variable, value}); }
  void onSample(int clock, Expr variable, Expr value) override { updates_.push_back({clock, variable, value}); }
  Expr delayed(Expr input, double delay, double) override {
    delays_.push_back({input, delay});
    return pool_.delayed(static_cast<int>(delays_.size()) - 1);
  }
  void timeScale(double) override {}
  void constraint(Expr active, Expr g) override { constraints_.push_back({active, g}); }
  Expr time() override { return pool_.time(); }
  void equation(Expr residual) override { equations_.push_back(residual); }
  void energy(Expr stored) override { energy_ = energy_.valid() ? energy_ + stored : stored; }
  Expr noise(const std::string& name, Expr psd, double) override {
    noisePsd_[name] = psd;
    return discrete(name, 0.0);
  }
  Expr flickerNoise(const std::string& name, Expr coefficient) override {
    flickerCoefficient_[name] = coefficient;
    return discrete(name, 0.0);
  }
  void noiseSensor(Expr reading, double bandwidth) override { sensors_.push_back({reading, bandwidth}); }
  [[noreturn]] void fail(const std::string& port, const std::string& message) const override {
    throw core::ModelError(core::Diagnostic{{}, id_, port, message});
  }

  /// Index of the unknown named `name` ("p.v", "n.i", "y", "u1", "x1", ...).
  int unknownIndex(const std::string& name) const {
    auto it = unknowns_.find(name);
    if (it == unknowns_.end()) throw std::logic_error("no unknown " + name);
    return it->second;
  }
  int unknownCount() const { return static_cast<int>(unknowns_.size()); }
  int discreteIndex(const std::string& name) const { return discreteIndex_.at(name); }

  const std::vector<Expr>& equations() const { return equations_; }
  const std::map<std::string, Recorded>& states() const { return states_; }
  const std::vector<double>& discreteStarts() const { return discreteStarts_; }
  const std::map<std::string, Expr>& probes() const { return probes_; }
  const std::vector<Clock>& clocks() const { return clocks_; }
  const std::vector<Update>& updates() const { return updates_; }
  Expr energy() const { return energy_; }
  const std::map<std::string, Expr>& noisePsd() const { return noisePsd_; }
  /// Unknowns the block must determine itself: through values of its pins,
  /// its outputs, its own variables and states.
  int ownedUnknowns() const {
    int n = internalUnknowns_;
    for (const auto& [name, decl] : ports_)
      if (decl->direction != PortDirection::Input) ++n;
    return n;
  }

 private:
  const std::string& text(const std::string& name, ParamKind kind) const {
    const core::ParamDecl* decl = type_.findParam(name);
    if (!decl || decl->kind != kind) throw std::logic_error("block reads undeclared parameter " + name);
    return values_.at(name);
  }
  Expr unknown(const std::string& name) {
    auto [it, inserted] = unknowns_.emplace(name, static_cast<int>(unknowns_.size()));
    if (!inserted) throw std::logic_error("unknown declared twice: " + name);
    return pool_.variable(it->second);
  }
  Expr portUnknown(const std::string& port, PortDirection direction, const std::string& suffix) {
    auto it = ports_.find(port);
    if (it == ports_.end() || it->second->direction != direction)
      throw std::logic_error("block uses undeclared port " + port);
    return pool_.variable(unknownIndex(port + suffix));
  }

  const ComponentType& type_;
  const core::ParameterScope scope_;
  std::map<std::string, std::string> values_;
  std::string id_ = "B1";
  int inputs_ = 0;
  std::map<std::string, const PortDecl*> ports_;
  core::ExprPool pool_;
  std::map<std::string, int> unknowns_;
  int internalUnknowns_ = 0;
  std::map<std::string, Recorded> states_;
  std::map<std::string, int> discreteIndex_;
  std::vector<double> discreteStarts_;
  std::map<std::string, Expr> probes_;
  std::vector<Clock> clocks_;
  std::vector<Update> updates_;
  std::vector<std::pair<Expr, double>> delays_;
  std::vector<std::pair<Expr, Expr>> constraints_;
  std::vector<Expr> equations_;
  Expr energy_;
  std::map<std::string, Expr> noisePsd_;
  std::map<std::string, Expr> flickerCoefficient_;  // of flickerNoise(): the 1/f coefficient
  std::vector<std::pair<Expr, double>> sensors_;
};

/// Values of the unknowns (by name), their derivatives, time and discrete variables.
struct Point {
  std::map<std::string, double> y = {};
  std::map<std::string, double> yp = {};
  double t = 0.0;
  std::map<std::string, double> d = {};
};

double evaluate(const FakeBuilder& b, Expr e, const Point& at) {
  std::vector<double> y(b.unknownCount(), 0.0), yp(b.unknownCount(), 0.0), d(b.discreteStarts());
  for (const auto& [name, value] : at.y) y[b.unknownIndex(name)] = value;
  for (const auto& [name, value] : at.yp) yp[b.unknownIndex(name)] = value;
  for (const auto& [name, value] : at.d) d[b.discreteIndex(name)] = value;
  const core::Tape tape(*e.pool(), e, {});
  std::vector<double> work(tape.size());
  return tape.evaluate({at.t, y.data(), yp.data(), d.data(), nullptr}, work.data());
}

/// The largest |residual| over all equations of the block.
double worstResidual(const FakeBuilder& b, const Point& at) {
  double worst = 0.0;
  for (const Expr& r : b.equations()) worst = std::max(worst, std::abs(evaluate(b, r, at)));
  return worst;
}

/// G(s) = Y(s)/U(s) of a linear signal block whose equations read
/// E·x' + F·z + g·u = 0 over its unknowns z (states, internal variables, y).
/// Coefficients come from the Tape's exact gradient at 0.
std::complex<double> transferAt(const FakeBuilder& b, std::complex<double> s) {
  const int u = b.unknownIndex("u");
  std::vector<int> columns;  // unknown index -> column, u excluded
  std::vector<int> column(b.unknownCount(), -1);
  for (int k = 0; k < b.unknownCount(); ++k)
    if (k != u) {
      column[k] = static_cast<int>(columns.size());
      columns.push_back(k);
    }
  const std::size_t n = columns.size();
  if (b.equations().size() != n) throw std::logic_error("transferAt: not square");
  using C = std::complex<double>;
  std::vector<std::vector<C>> m(n, std::vector<C>(n + 1, 0.0));
  std::vector<double> zeros(b.unknownCount(), 0.0), d(b.discreteStarts());
  for (std::size_t i = 0; i < n; ++i) {
    const Expr r = b.equations()[i];
    const core::Tape tape(*r.pool(), r, {});
    std::vector<double> work(tape.size()), adjoint(tape.size()), grad(tape.leaves().size());
    tape.gradient({0.0, zeros.data(), zeros.data(), d.data(), nullptr}, work.data(), adjoint.data(), grad.data());
    for (std::size_t l = 0; l < tape.leaves().size(); ++l) {
      const auto& leaf = tape.leaves()[l];
      if (leaf.index == u) {
        if (leaf.derivative) throw std::logic_error("transferAt: der(u)");
        m[i][n] -= grad[l];  // move g·u (u = 1) to the right-hand side
      } else {
        m[i][column[leaf.index]] += leaf.derivative ? s * grad[l] : C(grad[l]);
      }
    }
  }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
    std::swap(m[c], m[pivot]);
    for (std::size_t r = 0; r < n; ++r)
      if (r != c) {
        const C factor = m[r][c] / m[c][c];
        for (std::size_t k = c; k <= n; ++k) m[r][k] -= factor * m[c][k];
      }
  }
  const int y = column[b.unknownIndex("y")];
  return m[y][n] / m[y][y];
}

std::complex<double> polynomial(const std::vector<double>& coefficients, std::complex<double> s) {
  std::complex<double> value = 0.0;
  for (double c : coefficients) value = value * s + c;
  return value;
}

}  // namespace

class TestBlockEquations : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { blocks::registerAll(registry_); }

  // Every block with its default parameters determines exactly the unknowns it
  // owns (through values of its pins, outputs, own variables and states): one
  // equation each, so a network of blocks is square. The algebraic pair is
  // balanced only as a pair: Unknown has an unknown and no equation, Constraint
  // an equation and no unknown (checked below).
  void everyBlockIsBalanced_data() {
    QTest::addColumn<QString>("type");
    for (const ComponentType* t : registry_.all())
      if (t->type != "signal.Unknown" && t->type != "signal.Constraint")
        QTest::newRow(t->type.c_str()) << QString::fromStdString(t->type);
  }

  void algebraicPairIsBalancedAsAPair() {
    FakeBuilder unknown(*registry_.find("signal.Unknown"), {});
    registry_.find("signal.Unknown")->build(unknown);
    FakeBuilder constraint(*registry_.find("signal.Constraint"), {});
    registry_.find("signal.Constraint")->build(constraint);
    QCOMPARE(unknown.equations().size() + constraint.equations().size(),
             static_cast<std::size_t>(unknown.ownedUnknowns() + constraint.ownedUnknowns()));
  }

  void everyBlockIsBalanced() {
    QFETCH(QString, type);
    const ComponentType* t = registry_.find(type.toStdString());
    FakeBuilder b(*t, {});
    try {
      t->build(b);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(type + " fails with its defaults: " + e.what()));
    }
    QVERIFY2(static_cast<int>(b.equations().size()) == b.ownedUnknowns(),
             qPrintable(type + ": " + QString::number(b.equations().size()) + " equations for " +
                        QString::number(b.ownedUnknowns()) + " unknowns"));
  }

  void resistorObeysOhm() {
    auto b = build("electrical.Resistor", {{"R", "2k"}});
    QCOMPARE(b->equations().size(), std::size_t(2));
    QCOMPARE(worstResidual(*b, branch(3.0, 1.0, 1e-3)), 0.0);
    QVERIFY(worstResidual(*b, branch(3.0, 1.0, 1.1e-3)) > 1e-3);
    // Current in at p must leave at n.
    Point leak = branch(3.0, 1.0, 1e-3);
    leak.y["n.i"] = 0.0;
    QVERIFY(worstResidual(*b, leak) > 1e-4);
  }

  void capacitorIntegratesCurrentAndStoresEnergy() {
    auto b = build("electrical.Capacitor", {{"C", "2u"}, {"v0", "0.5"}});
    QCOMPARE(b->states().size(), std::size_t(1));
    QCOMPARE(b->states().at("v").start, 0.5);
    Point at = branch(3.0, 1.0, 4e-6);
    at.y["v"] = 2.0;
    at.yp["v"] = 2.0;  // C·dv/dt = 2u·2 = 4 µA
    QVERIFY(worstResidual(*b, at) < 1e-18);
    at.yp["v"] = 1.0;
    QVERIFY(worstResidual(*b, at) > 1e-6);
    at.y["v"] = 1.5;  // state not equal to p − n
    at.yp["v"] = 2.0;
    QVERIFY(worstResidual(*b, at) > 0.4);
    QVERIFY(b->energy().valid());
    QCOMPARE(evaluate(*b, b->energy(), at), 0.5 * 2e-6 * 1.5 * 1.5);
  }

  void inductorIntegratesVoltageAndStoresEnergy() {
    auto b = build("electrical.Inductor", {{"L", "10m"}, {"i0", "-0.25"}});
    QCOMPARE(b->states().at("i").start, -0.25);
    Point at = branch(1.0, 0.0, 0.3);
    at.y["i"] = 0.3;
    at.yp["i"] = 100.0;  // L·di/dt = 10m·100 = 1 V
    QVERIFY(worstResidual(*b, at) < 1e-15);
    at.yp["i"] = 50.0;
    QVERIFY(worstResidual(*b, at) > 0.4);
    QCOMPARE(evaluate(*b, b->energy(), at), 0.5 * 10e-3 * 0.3 * 0.3);
  }

  void groundFixesPotential() {
    auto b = build("electrical.Ground");
    QVERIFY(registry_.find("electrical.Ground")->findPort("p")->reference);
    QCOMPARE(worstResidual(*b, {.y = {{"p.v", 0.0}}}), 0.0);
    QCOMPARE(worstResidual(*b, {.y = {{"p.v", 0.1}}}), 0.1);
  }

  void idealSourcesHoldTheirValue() {
    auto v = build("electrical.VoltageSource", {{"V", "5"}});
    QCOMPARE(worstResidual(*v, branch(7.0, 2.0, 123.0)), 0.0);
    QVERIFY(worstResidual(*v, branch(7.0, 3.0, 0.0)) > 0.9);
    auto i = build("electrical.CurrentSource", {{"I", "2m"}});
    QCOMPARE(worstResidual(*i, branch(-40.0, 9.0, 2e-3)), 0.0);
    QVERIFY(worstResidual(*i, branch(0.0, 0.0, 1e-3)) > 0.9e-3);
  }

  void sineVoltageFollowsItsFormula() {
    auto b =
        build("electrical.SineVoltage", {{"amplitude", "3"}, {"frequency", "50"}, {"phase", "0.4"}, {"offset", "1"}});
    const double t = 1.3e-3;
    const double v = 1.0 + 3.0 * std::sin(2 * std::numbers::pi * 50 * t + 0.4);
    Point at = branch(v + 2.0, 2.0, 0.7);
    at.t = t;
    QVERIFY(worstResidual(*b, at) < 1e-12);
    at.t = 2e-3;
    QVERIFY(worstResidual(*b, at) > 0.1);
  }

  void pulseVoltageIsSpicePulse_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("cycle");
    QTest::addColumn<double>("expected");
    // v1 = -1, v2 = 2, delay 1m, rise 0.1m, width 0.3m, fall 0.2m, period 1m.
    QTest::newRow("before delay") << 0.5e-3 << 0.0 << -1.0;
    QTest::newRow("mid rise") << 1.05e-3 << 1.0 << 0.5;
    QTest::newRow("high") << 1.2e-3 << 1.0 << 2.0;
    QTest::newRow("mid fall") << 1.5e-3 << 1.0 << 0.5;
    QTest::newRow("low") << 1.8e-3 << 1.0 << -1.0;
    QTest::newRow("third period, mid rise") << 3.05e-3 << 3.0 << 0.5;
    QTest::newRow("third period, low") << 3.99e-3 << 3.0 << -1.0;
  }

  void pulseVoltageIsSpicePulse() {
    QFETCH(double, t);
    QFETCH(double, cycle);
    QFETCH(double, expected);
    auto b = build("electrical.PulseVoltage", {{"v1", "-1"},
                                               {"v2", "2"},
                                               {"delay", "1m"},
                                               {"rise", "0.1m"},
                                               {"width", "0.3m"},
                                               {"fall", "0.2m"},
                                               {"period", "1m"}});
    Point at = branch(expected, 0.0, 0.0);
    at.t = t;
    at.d["cycle"] = cycle;
    QVERIFY2(worstResidual(*b, at) < 1e-9, qPrintable(QString::number(worstResidual(*b, at))));
    at.y["p.v"] = expected + 0.01;
    QVERIFY(worstResidual(*b, at) > 0.009);
  }

  // The period counter starts at 0, ticks exactly at delay + k·period and adds one.
  void pulseVoltageCountsPeriodsOnAClock() {
    auto b = build("electrical.PulseVoltage", {{"delay", "2m"}, {"period", "5m"}, {"width", "1m"}});
    QCOMPARE(b->discreteStarts(), std::vector<double>{0.0});
    QCOMPARE(b->clocks().size(), std::size_t(1));
    QCOMPARE(b->clocks()[0].offset, 2e-3);
    QCOMPARE(b->clocks()[0].period, 5e-3);
    QCOMPARE(b->updates().size(), std::size_t(1));
    const auto& update = b->updates()[0];
    QCOMPARE(update.clock, 0);
    QVERIFY(update.variable.node().op == core::Op::Discrete);
    QCOMPARE(evaluate(*b, update.value, {.d = {{"cycle", 3.0}}}), 4.0);
  }

  void pulseWithZeroEdgesJumps() {
    auto b = build("electrical.PulseVoltage",
                   {{"v2", "5"}, {"rise", "0"}, {"fall", "0"}, {"width", "0.5m"}, {"period", "1m"}});
    Point at = branch(5.0, 0.0, 0.0);
    at.d["cycle"] = 1.0;
    QCOMPARE(worstResidual(*b, at), 0.0);  // t = 0: already high
    at.t = 0.5e-3;
    at.y["p.v"] = 0.0;
    QCOMPARE(worstResidual(*b, at), 0.0);  // from the end of the width: low
  }

  void pulseLongerThanItsPeriodFails() {
    expectFailure("electrical.PulseVoltage", {{"rise", "0.3m"}, {"width", "0.5m"}, {"fall", "0.3m"}, {"period", "1m"}},
                  "does not fit in the period");
  }

  void signalVoltageFollowsInput() {
    auto b = build("electrical.SignalVoltage");
    Point at = branch(4.0, 1.0, 0.2);
    at.y["u"] = 3.0;
    QCOMPARE(worstResidual(*b, at), 0.0);
    at.y["u"] = 2.0;
    QCOMPARE(worstResidual(*b, at), 1.0);
  }

  void diodeFollowsShockleyWithGmin_data() {
    QTest::addColumn<double>("v");
    QTest::newRow("reverse") << -2.0;
    QTest::newRow("zero") << 0.0;
    QTest::newRow("forward") << 0.6;
  }

  void diodeFollowsShockleyWithGmin() {
    QFETCH(double, v);
    auto b = build("electrical.Diode", {{"Is", "1e-14"}, {"N", "1.5"}});
    QCOMPARE(b->equations().size(), std::size_t(2));  // Rs = 0: no internal node
    const double i = 1e-14 * (std::exp(v / (1.5 * kVt)) - 1.0) + 1e-12 * v;
    QVERIFY(worstResidual(*b, branch(v, 0.0, i)) <= 1e-12 * std::max(1.0, std::abs(i)));
    // Off by 1 %: in the reverse region that is GMIN's contribution.
    QVERIFY(worstResidual(*b, branch(v, 0.0, 1.01 * i + 1e-15)) > 1e-16);
  }

  void diodeCurrentStaysFiniteFarForward() {
    auto b = build("electrical.Diode");
    const double r = evaluate(*b, b->equations()[1], branch(30.0, 0.0, 0.0));  // exp(30/Vt) overflows
    QVERIFY(std::isfinite(r));
  }

  void diodeSeriesResistanceAddsInternalNode() {
    auto b = build("electrical.Diode", {{"Rs", "10"}});
    QCOMPARE(b->equations().size(), std::size_t(3));
    const double vj = 0.65;
    const double i = 1e-14 * (std::exp(vj / kVt) - 1.0) + 1e-12 * vj;
    Point at = branch(vj + 10.0 * i, 0.0, i);
    at.y["vj"] = vj;
    QVERIFY(worstResidual(*b, at) < 1e-12);
    at.y["p.v"] = vj;  // no drop across Rs
    QVERIFY(worstResidual(*b, at) > 0.9 * 10.0 * i);
  }

  void idealOpAmpIsANullor() {
    auto b = build("electrical.OpAmp");
    const Point ok{.y = {{"in_p.v", 0.3}, {"in_n.v", 0.3}, {"out.v", -12.0}, {"out.i", 0.04}}};
    QCOMPARE(worstResidual(*b, ok), 0.0);
    Point inputCurrent = ok;
    inputCurrent.y["in_n.i"] = 1e-6;
    QVERIFY(worstResidual(*b, inputCurrent) >= 1e-6);
    Point unequal = ok;
    unequal.y["in_n.v"] = 0.2;
    QVERIFY(worstResidual(*b, unequal) > 0.09);
  }

  void finiteGainOpAmpAmplifies() {
    auto b = build("electrical.OpAmp", {{"gain", "1000"}});
    const Point ok{.y = {{"in_p.v", 1.002}, {"in_n.v", 1.0}, {"out.v", 2.0}, {"out.i", -3.0}}};
    QVERIFY(worstResidual(*b, ok) < 1e-12);
    Point off = ok;
    off.y["out.v"] = 2.1;
    QVERIFY(worstResidual(*b, off) > 0.09);
  }

  void sensorsReadWithoutDisturbing() {
    auto v = build("electrical.VoltageSensor");
    Point at = branch(5.0, 2.0, 0.0);
    at.y["y"] = 3.0;
    QCOMPARE(worstResidual(*v, at), 0.0);
    at.y["p.i"] = 1e-3;  // a voltmeter draws nothing
    at.y["n.i"] = -1e-3;
    QCOMPARE(worstResidual(*v, at), 1e-3);

    auto i = build("electrical.CurrentSensor");
    Point through = branch(5.0, 5.0, 0.25);
    through.y["y"] = 0.25;
    QCOMPARE(worstResidual(*i, through), 0.0);
    through.y["n.v"] = 4.0;  // an ammeter has no voltage drop
    QCOMPARE(worstResidual(*i, through), 1.0);
  }

  void signalSourcesFollowTheirFormulas_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("cycle");
    QTest::addColumn<double>("expected");
    QTest::newRow("constant") << "signal.Constant" << QStringList{"value", "-2.5"} << 3.0 << 0.0 << -2.5;
    const QStringList step{"height", "4", "time", "1"};
    QTest::newRow("step before") << "signal.Step" << step << 0.999 << 0.0 << 0.0;
    QTest::newRow("step at") << "signal.Step" << step << 1.0 << 0.0 << 4.0;
    QTest::newRow("step after") << "signal.Step" << step << 7.0 << 0.0 << 4.0;
    QTest::newRow("sine") << "signal.Sine"
                          << QStringList{"amplitude", "2", "frequency", "3", "phase", "-1", "offset", "0.5"} << 0.1
                          << 0.0 << 0.5 + 2.0 * std::sin(2 * std::numbers::pi * 3 * 0.1 - 1.0);
    const QStringList pulses{"amplitude", "2", "period", "1", "width", "0.25"};
    QTest::newRow("pulse on") << "signal.PulseTrain" << pulses << 0.1 << 1.0 << 2.0;
    QTest::newRow("pulse off") << "signal.PulseTrain" << pulses << 0.5 << 1.0 << 0.0;
    QTest::newRow("pulse 5th period on") << "signal.PulseTrain" << pulses << 4.2 << 5.0 << 2.0;
    QTest::newRow("pulse 5th period off") << "signal.PulseTrain" << pulses << 4.3 << 5.0 << 0.0;
    const QStringList ramp{"slope", "3", "time", "2"};
    QTest::newRow("ramp before") << "signal.Ramp" << ramp << 1.0 << 0.0 << 0.0;
    QTest::newRow("ramp after") << "signal.Ramp" << ramp << 2.5 << 0.0 << 1.5;
  }

  void signalSourcesFollowTheirFormulas() {
    QFETCH(QString, type);
    QFETCH(QStringList, params);
    QFETCH(double, t);
    QFETCH(double, cycle);
    QFETCH(double, expected);
    auto b = build(type.toStdString(), pairs(params));
    Point at{.y = {{"y", expected}}, .t = t};
    if (cycle > 0.0) at.d["cycle"] = cycle;
    QVERIFY2(worstResidual(*b, at) < 1e-12, qPrintable(QString::number(worstResidual(*b, at))));
    at.y["y"] = expected + 0.5;
    QVERIFY(worstResidual(*b, at) > 0.49);
  }

  void staticSignalBlocks_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<QList<double>>("u");
    QTest::addColumn<double>("expected");
    QTest::newRow("gain") << "signal.Gain" << QStringList{"k", "-3"} << QList<double>{2.0} << -6.0;
    QTest::newRow("sum +-+") << "signal.Sum" << QStringList{"signs", "+-+", "inputs", "3"}
                             << QList<double>{1.0, 2.0, 4.0} << 3.0;
    QTest::newRow("sum -") << "signal.Sum" << QStringList{"signs", "-", "inputs", "1"} << QList<double>{2.5} << -2.5;
    QTest::newRow("product") << "signal.Product" << QStringList{"inputs", "3"} << QList<double>{2.0, -3.0, 0.5} << -3.0;
    const QStringList limits{"lower", "-1", "upper", "2"};
    QTest::newRow("saturation below") << "signal.Saturation" << limits << QList<double>{-5.0} << -1.0;
    QTest::newRow("saturation inside") << "signal.Saturation" << limits << QList<double>{0.5} << 0.5;
    QTest::newRow("saturation above") << "signal.Saturation" << limits << QList<double>{7.0} << 2.0;
    QTest::newRow("expression") << "signal.Expression" << QStringList{"expr", "u1*sin(t) + u2^2 - 1k*u3", "inputs", "3"}
                                << QList<double>{2.0, 3.0, 1e-3} << 2.0 * std::sin(0.25) + 9.0 - 1.0;
    QTest::newRow("analysis input") << "analysis.Inp" << QStringList{} << QList<double>{1.25} << 1.25;
  }

  void staticSignalBlocks() {
    QFETCH(QString, type);
    QFETCH(QStringList, params);
    QFETCH(QList<double>, u);
    QFETCH(double, expected);
    auto b = build(type.toStdString(), pairs(params));
    Point at{.y = {{"y", expected}}, .t = 0.25};
    const bool variadic = registry_.find(type.toStdString())->findPort("u")->variadic;
    for (int k = 0; k < u.size(); ++k) at.y[variadic ? "u" + std::to_string(k + 1) : "u"] = u[k];
    QVERIFY2(worstResidual(*b, at) < 1e-12, qPrintable(QString::number(worstResidual(*b, at))));
    at.y["y"] = expected + 0.25;
    QVERIFY(worstResidual(*b, at) > 0.24);
  }

  void badParametersFailWithAMessage_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<QString>("message");
    QTest::newRow("signs too short") << "signal.Sum" << QStringList{"signs", "+-", "inputs", "3"}
                                     << "signs \"+-\" has 2 entries but the block has 3 inputs";
    QTest::newRow("signs not +/-") << "signal.Sum" << QStringList{"signs", "+*"} << "only '+' and '-'";
    QTest::newRow("saturation crossed") << "signal.Saturation" << QStringList{"lower", "1", "upper", "0"}
                                        << "exceeds upper limit";
    QTest::newRow("expression syntax") << "signal.Expression" << QStringList{"expr", "u1 +* u2"} << "expr: ";
    QTest::newRow("expression unknown input") << "signal.Expression" << QStringList{"expr", "u1 + u3"} << "u3";
    QTest::newRow("improper transfer function")
        << "signal.TransferFunction" << QStringList{"num", "[1 0 0]", "den", "[1 1]"}
        << "improper transfer function: num has degree 2 but den only 1";
    QTest::newRow("den leading zero") << "signal.TransferFunction" << QStringList{"num", "[1]", "den", "[0 1 1]"}
                                      << "den must start with a non-zero coefficient";
    QTest::newRow("A not square") << "signal.StateSpace" << QStringList{"A", "[1 2]", "B", "[1]", "C", "[1]"}
                                  << "A must be square";
    QTest::newRow("B as a row") << "signal.StateSpace"
                                << QStringList{"A", "[0 1; -2 -3]", "B", "[0 1]", "C", "[1 0]", "D", "[0]"}
                                << "B must be 2×1";
    QTest::newRow("two outputs") << "signal.StateSpace"
                                 << QStringList{"A", "[0 1; -2 -3]", "B", "[0; 1]", "C", "[1 0; 0 1]", "D", "[0]"}
                                 << "C must be 1×2";
    QTest::newRow("D not scalar") << "signal.StateSpace" << QStringList{"D", "[0 0]"} << "D must be 1×1";
  }

  void badParametersFailWithAMessage() {
    QFETCH(QString, type);
    QFETCH(QStringList, params);
    QFETCH(QString, message);
    expectFailure(type.toStdString(), pairs(params), message.toStdString());
  }

  void integratorHasOneState() {
    auto b = build("signal.Integrator", {{"y0", "1.5"}});
    QCOMPARE(b->states().size(), std::size_t(1));
    QCOMPARE(b->states().begin()->second.start, 1.5);
    const std::string x = b->states().begin()->first;
    Point at{.y = {{x, 2.0}, {"y", 2.0}, {"u", -4.0}}, .yp = {{x, -4.0}}};
    QCOMPARE(worstResidual(*b, at), 0.0);
    at.yp[x] = 4.0;
    QCOMPARE(worstResidual(*b, at), 8.0);
    QVERIFY(std::abs(transferAt(*b, {0.0, 2.0}) - 1.0 / std::complex<double>(0.0, 2.0)) < 1e-15);
  }

  void transferFunctionRealisesNumOverDen_data() {
    QTest::addColumn<QString>("num");
    QTest::addColumn<QString>("den");
    QTest::addColumn<int>("order");
    QTest::newRow("first order lag") << "[1]"
                                     << "[0.1 1]" << 1;
    QTest::newRow("biproper") << "[2 3 4]"
                              << "[1 5 6]" << 2;
    QTest::newRow("non-monic den") << "[1]"
                                   << "[2 4]" << 1;
    QTest::newRow("leading zeros in num") << "[0 0 1]"
                                          << "[1 2 3]" << 2;
    QTest::newRow("third order") << "[1 -1]"
                                 << "[1 2 3 4]" << 3;
    QTest::newRow("PI as s-fraction") << "[2 10]"
                                      << "[1 0]" << 1;
    QTest::newRow("pure gain") << "[3]"
                               << "[2]" << 0;
  }

  void transferFunctionRealisesNumOverDen() {
    QFETCH(QString, num);
    QFETCH(QString, den);
    QFETCH(int, order);
    auto b = build("signal.TransferFunction", {{"num", num.toStdString()}, {"den", den.toStdString()}});
    QCOMPARE(static_cast<int>(b->states().size()), order);
    for (int k = 1; k <= order; ++k) QVERIFY(b->states().count("x" + std::to_string(k)));
    for (const auto& [name, state] : b->states()) QCOMPARE(state.start, 0.0);
    for (std::complex<double> s : {std::complex<double>(0.7, 1.3), std::complex<double>(-0.2, 5.0)}) {
      const core::ParameterScope scope;
      const auto expected = polynomial(core::evaluateVector(num.toStdString(), scope), s) /
                            polynomial(core::evaluateVector(den.toStdString(), scope), s);
      const std::complex<double> g = transferAt(*b, s);
      QVERIFY2(std::abs(g - expected) < 1e-12 * std::max(1.0, std::abs(expected)),
               qPrintable(QString::asprintf("G(s) = %g%+gj, expected %g%+gj", g.real(), g.imag(), expected.real(),
                                            expected.imag())));
    }
  }

  void stateSpaceRealisesItsMatrices() {
    // x' = [0 1; -2 -3] x + [0; 1] u, y = [1 0] x + 0.5 u  =>  G(s) = 1/(s² + 3s + 2) + 0.5
    auto b = build("signal.StateSpace", {{"A", "[0 1; -2 -3]"}, {"B", "[0; 1]"}, {"C", "[1 0]"}, {"D", "[0.5]"}});
    QCOMPARE(b->states().size(), std::size_t(2));
    const std::complex<double> s(0.3, -2.0);
    const auto expected = 1.0 / (s * s + 3.0 * s + 2.0) + 0.5;
    QVERIFY(std::abs(transferAt(*b, s) - expected) < 1e-13);
  }

  void sinksAddNothing() {
    for (const char* type : {"signal.Scope", "analysis.Out"}) {
      auto b = build(type, {{"inputs", "4"}});
      QVERIFY(b->equations().empty());
      for (const PortDecl& p : registry_.find(type)->ports) QVERIFY(p.optional);
    }
    // The output marker only names its inputs as the outputs W1..WN of the linearisation.
    auto out = build("analysis.Out", {{"inputs", "3"}});
    QCOMPARE(out->probes().size(), std::size_t(3));
    QVERIFY(out->probes().at("u2") == out->input("u2"));
  }

  // The fake builder itself must catch a block using an undeclared port or
  // parameter, or the checks above could pass vacuously.
  void fakeBuilderRejectsUndeclaredNames() {
    const ComponentType* resistor = registry_.find("electrical.Resistor");
    FakeBuilder b(*resistor, {});
    QVERIFY_THROWS_EXCEPTION(std::logic_error, b.across("x"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, b.input("p"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, b.param("C"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, FakeBuilder(*resistor, {{"C", "1"}}));
  }

 private:
  std::unique_ptr<FakeBuilder> build(const std::string& type, std::map<std::string, std::string> params = {}) {
    const ComponentType* t = registry_.find(type);
    if (!t) throw std::logic_error(type + " is not registered");
    auto b = std::make_unique<FakeBuilder>(*t, std::move(params));
    t->build(*b);
    return b;
  }

  void expectFailure(const std::string& type, std::map<std::string, std::string> params, const std::string& message) {
    try {
      build(type, std::move(params));
    } catch (const core::ModelError& error) {
      QCOMPARE(error.diagnostics().size(), std::size_t(1));
      QCOMPARE(error.diagnostics()[0].blockId, std::string("B1"));
      QVERIFY2(error.diagnostics()[0].message.find(message) != std::string::npos,
               qPrintable(QString::fromStdString("message \"" + error.diagnostics()[0].message +
                                                 "\" does not contain \"" + message + "\"")));
      return;
    }
    QFAIL(qPrintable(QString::fromStdString(type + " built without complaint")));
  }

  /// {"R", "1k", "C", "1u"} -> {{"R", "1k"}, {"C", "1u"}}
  static std::map<std::string, std::string> pairs(const QStringList& list) {
    std::map<std::string, std::string> map;
    for (int k = 0; k + 1 < list.size(); k += 2) map[list[k].toStdString()] = list[k + 1].toStdString();
    return map;
  }

  /// Two-pin values: v(p), v(n) and the current i in at p and out at n.
  static Point branch(double vp, double vn, double i) {
    return {.y = {{"p.v", vp}, {"n.v", vn}, {"p.i", i}, {"n.i", -i}}};
  }

  core::BlockRegistry registry_;
};

QTEST_APPLESS_MAIN(TestBlockEquations)
#include "tst_block_equations.moc"
