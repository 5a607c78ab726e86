// VariableEliminator: an unknown that an equation gives explicitly (a·y + rest = 0, a constant)
// leaves the system and its definition goes wherever it occurred. Checked on small systems
// against their closed forms: a resistor-like equation with a noise (discrete) term, which must
// still be eliminated; an unknown that occurs nonlinearly, which must stay; the signals, which
// must read the eliminated unknown through its definition; a long conservation law (more uses
// than kMaxUses), whose one private unknown leaves the system as a sum over the survivors; a
// value solved over an unknown that is eliminated after it, which must still be rewritten
// (values over survivors only are taken as they are); and the incidence handed on by the
// structural check, which must be of the same system.

#define QT_NO_KEYWORDS  // FlatSystem has a member named `signals`
#include <QtTest>
#include <stdexcept>
#include <string>
#include <vector>

#include "elaborate/flat_system.h"
#include "elaborate/variable_eliminator.h"
#include "expr/tape.h"

using namespace kelvin::core;

class TestVariableEliminator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void eliminatesAnUnknownBesideADiscreteTerm();
  void keepsAnUnknownThatOccursNonlinearly();
  void solvesALongConservationLawForItsPrivateUnknown();
  void rewritesAValueOverAnUnknownEliminatedLater();
  void refusesTheIncidenceOfAnotherSystem();
};

namespace {
/// Value of e at (y, y', d).
double valueAt(const FlatSystem& system, Expr e, std::vector<double> y, std::vector<double> yp, std::vector<double> d) {
  const Tape tape(*system.pool, e, {});
  std::vector<double> work(tape.size());
  return tape.evaluate(EvalPoint{0.0, y.data(), yp.data(), d.data(), nullptr}, work.data());
}
}  // namespace

void TestVariableEliminator::eliminatesAnUnknownBesideADiscreteTerm() {
  // Unknowns v (0, a state) and i (1). v − 4·(i − d0) = 0 (a 4 Ω resistor with a noise current
  // d0), 2·der(v) + i = 0 (a capacitor discharging through it). i = v/4 + d0 goes into the
  // capacitor's equation: 2·v' + v/4 + d0 = 0 is all that is left.
  FlatSystem system;
  ExprPool& pool = *system.pool;
  system.unknowns.push_back({"v", 1.0, true, -1});
  system.unknowns.push_back({"i", 0.0, false, -1});
  system.discretes.push_back({"noise", 0.0, -1});
  const Expr v = pool.variable(0), i = pool.variable(1), d0 = pool.discrete(0);
  system.equations.push_back({v - 4.0 * (i - d0), 0, -1, {}});
  system.equations.push_back({2.0 * der(v) + i, 1, -1, {}});
  system.signals.push_back({"i", i, true});

  QCOMPARE(VariableEliminator().run(system), 1);

  QCOMPARE(system.unknowns.size(), std::size_t{1});
  QCOMPARE(system.equations.size(), std::size_t{1});
  // Quarters and halves: exact. At v = 2, v' = 0.5, d0 = 0.25: 2·0.5 + 2/4 + 0.25 = 1.75.
  QCOMPARE(valueAt(system, system.equations[0].residual, {2.0}, {0.5}, {0.25}), 1.75);
  // The current reads its definition: 2/4 + 0.25.
  QCOMPARE(valueAt(system, system.signals[0].value, {2.0}, {0.5}, {0.25}), 0.75);
  // The resistor's equation went into the capacitor's: a diagnostic can still name both.
  QCOMPARE(system.equations[0].mergedFrom, std::vector<int>{0});
}

void TestVariableEliminator::keepsAnUnknownThatOccursNonlinearly() {
  // i + exp(i) − v = 0 gives i only implicitly, der(v) + i·v has it in a product: nothing can
  // be eliminated (v is a state).
  FlatSystem system;
  ExprPool& pool = *system.pool;
  system.unknowns.push_back({"v", 1.0, true, -1});
  system.unknowns.push_back({"i", 0.0, false, -1});
  const Expr v = pool.variable(0), i = pool.variable(1);
  system.equations.push_back({i + exp(i) - v, -1, -1, {}});
  system.equations.push_back({der(v) + i * v, -1, -1, {}});

  QCOMPARE(VariableEliminator().run(system), 0);
  QCOMPARE(system.unknowns.size(), std::size_t{2});
  QCOMPARE(system.equations.size(), std::size_t{2});
}

void TestVariableEliminator::solvesALongConservationLawForItsPrivateUnknown() {
  // A node with 14 branches i_k = k·v (k = 1..14) and a ground current g: g + Σ i_k = 0 has 15
  // unknowns, more than kMaxUses, so it is read last. Each i_k is eliminated first (i_k = k·v),
  // then g, which nothing else uses, leaves with the value −Σ k·v = −105·v. v is a state:
  // der(v) + v = 0 is all that is left.
  constexpr int kBranches = 14;
  static_assert(kBranches + 1 > VariableEliminator::kMaxUses);
  FlatSystem system;
  ExprPool& pool = *system.pool;
  system.unknowns.push_back({"v", 1.0, true, -1});
  system.unknowns.push_back({"g", 0.0, false, -1});
  const Expr v = pool.variable(0), g = pool.variable(1);
  Expr law = g;
  for (int k = 1; k <= kBranches; ++k) {
    system.unknowns.push_back({"i" + std::to_string(k), 0.0, false, -1});
    const Expr i = pool.variable(k + 1);
    system.equations.push_back({i - static_cast<double>(k) * v, -1, -1, {}});
    law = law + i;
  }
  system.equations.push_back({law, -1, 0, {}});
  system.equations.push_back({der(v) + v, 0, -1, {}});
  system.signals.push_back({"g", g, true});

  QCOMPARE(VariableEliminator().run(system, Incidence::of(system)), kBranches + 1);

  QCOMPARE(system.unknowns.size(), std::size_t{1});
  QCOMPARE(system.equations.size(), std::size_t{1});
  // Integers: exact. At v = 2, v' = −2: the state's equation is 0, g = −105·2.
  QCOMPARE(valueAt(system, system.equations[0].residual, {2.0}, {-2.0}, {}), 0.0);
  QCOMPARE(valueAt(system, system.signals[0].value, {2.0}, {-2.0}, {}), -210.0);
}

void TestVariableEliminator::rewritesAValueOverAnUnknownEliminatedLater() {
  // Unknowns v (0, a state), a (1), b (2), read in this order: a − 2·b = 0 gives a = 2·b (over
  // b, not eliminated yet), then b − 3·v = 0 gives b = 3·v, then der(v) + a = 0 is left. a's
  // value is no longer over survivors: the equation and the signal must read a = 6·v.
  FlatSystem system;
  ExprPool& pool = *system.pool;
  system.unknowns.push_back({"v", 1.0, true, -1});
  system.unknowns.push_back({"a", 0.0, false, -1});
  system.unknowns.push_back({"b", 0.0, false, -1});
  const Expr v = pool.variable(0), a = pool.variable(1), b = pool.variable(2);
  system.equations.push_back({a - 2.0 * b, -1, -1, {}});
  system.equations.push_back({b - 3.0 * v, -1, -1, {}});
  system.equations.push_back({der(v) + a, -1, -1, {}});
  system.signals.push_back({"a", a, true});
  system.signals.push_back({"b", b, true});
  system.signals.push_back({"a+b", a + b, true});

  QCOMPARE(VariableEliminator().run(system), 2);

  QCOMPARE(system.unknowns.size(), std::size_t{1});
  QCOMPARE(system.equations.size(), std::size_t{1});
  for (const Expr e : {system.equations[0].residual, system.signals[0].value, system.signals[2].value}) {
    std::vector<int> variables, derivatives;
    pool.collectUnknowns(e, variables, derivatives);
    QCOMPARE(variables, std::vector<int>{0});
  }
  // Integers: exact. At v = 2, v' = −12: the equation is 0, a = 12, b = 6, a + b = 18.
  QCOMPARE(valueAt(system, system.equations[0].residual, {2.0}, {-12.0}, {}), 0.0);
  QCOMPARE(valueAt(system, system.signals[0].value, {2.0}, {-12.0}, {}), 12.0);
  QCOMPARE(valueAt(system, system.signals[1].value, {2.0}, {-12.0}, {}), 6.0);
  QCOMPARE(valueAt(system, system.signals[2].value, {2.0}, {-12.0}, {}), 18.0);
}

void TestVariableEliminator::refusesTheIncidenceOfAnotherSystem() {
  FlatSystem system;
  ExprPool& pool = *system.pool;
  system.unknowns.push_back({"v", 1.0, true, -1});
  system.equations.push_back({der(pool.variable(0)) + pool.variable(0), -1, -1, {}});
  const Incidence incidence = Incidence::of(system);
  // y' of the state occurs: the eliminator must keep it (it reads this flag, not the state's).
  QCOMPARE(incidence.underDerivative, std::vector<bool>{true});
  system.unknowns.push_back({"i", 0.0, false, -1});
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, VariableEliminator().run(system, incidence));
}

QTEST_APPLESS_MAIN(TestVariableEliminator)
#include "tst_variable_eliminator.moc"
