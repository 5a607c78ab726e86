// VariableEliminator: an unknown that an equation gives explicitly (a·y + rest = 0, a constant)
// leaves the system and its definition goes wherever it occurred. Checked on small systems
// against their closed forms: a resistor-like equation with a noise (discrete) term, which must
// still be eliminated; an unknown that occurs nonlinearly, which must stay; and the signals,
// which must read the eliminated unknown through its definition.

#define QT_NO_KEYWORDS  // FlatSystem has a member named `signals`
#include <QtTest>
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

QTEST_APPLESS_MAIN(TestVariableEliminator)
#include "tst_variable_eliminator.moc"
