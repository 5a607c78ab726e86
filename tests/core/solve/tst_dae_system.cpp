// DaeSystem::residual evaluates the linear equations as sparse products (lists of rows, and
// runs of equal sections read as vector passes) and the others by their tapes: at arbitrary
// points its residual must be each equation's own tape's (DaeSystem::residualOf). RC ladders
// of equal sections (one run), with one odd section (runs broken by lists) and compiled with
// the noise sources (product rows with offsets over discrete values).

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <random>

#include "elaborate/block_registry.h"
#include "elaborate/compile_products.h"
#include "library.h"
#include "model/model.h"
#include "run/compiled_model.h"
#include "run/simulator.h"
#include "support/rc_ladder_model.h"

using namespace kelvin;

class TestDaeSystem : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { blocks::registerAll(registry_); }
  void residualIsEachTapes_data();
  void residualIsEachTapes();

 private:
  core::BlockRegistry registry_;
};

void TestDaeSystem::residualIsEachTapes_data() {
  QTest::addColumn<int>("sections");
  QTest::addColumn<int>("odd");
  QTest::addColumn<bool>("noise");
  QTest::newRow("equal sections") << 100 << 0 << false;
  QTest::newRow("one odd section") << 100 << 50 << false;
  QTest::newRow("odd section near the end") << 100 << 97 << false;
  QTest::newRow("too short for a run") << 5 << 0 << false;
  QTest::newRow("noise sources: offsets") << 100 << 30 << true;
}

void TestDaeSystem::residualIsEachTapes() {
  QFETCH(int, sections);
  QFETCH(int, odd);
  QFETCH(bool, noise);
  const core::CompileProducts products = noise ? core::CompileProducts{} : core::CompileProducts::run(false);
  const auto compiled = core::compileModel(test::rcLadder(sections, odd), registry_, "ladder", {}, products);
  const core::DaeSystem& dae = compiled->dae();
  const int n = dae.size();
  QVERIFY(n >= sections);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> value(-2.0, 2.0);
  std::vector<double> y(n), yp(n), discrete(compiled->flat().discretes.size() + 1), out(n);
  for (double& v : y) v = value(random);
  for (double& v : yp) v = value(random) * 1e6;
  for (double& v : discrete) v = value(random);
  QCOMPARE(discrete.size() > 1, noise);  // the noise sources are discrete values
  const core::EvalPoint at{0.0, y.data(), yp.data(), discrete.data(), nullptr};
  core::DaeWorkspace ws = dae.makeWorkspace();
  dae.residual(at, out.data(), ws);
  for (int e = 0; e < n; ++e) {
    const double tape = dae.residualOf(e, at, ws);
    // The product rows add coefficient·value terms, the tape runs the equation's own operations
    // (differences, quotients): the same value up to the rounding of a few operations on terms
    // of up to ~1e-6·2e6 (C·v') and 2e-3 (v/R).
    QVERIFY2(std::abs(out[e] - tape) <= 1e-14 * (1.0 + std::abs(tape)),
             qPrintable(QStringLiteral("equation %1: %2 vs %3").arg(e).arg(out[e], 0, 'g', 17).arg(tape, 0, 'g', 17)));
  }
}

QTEST_APPLESS_MAIN(TestDaeSystem)
#include "tst_dae_system.moc"
