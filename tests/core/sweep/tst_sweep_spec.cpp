// SweepSpec and RandomStream: grid values (lists, lin, log) and their full grid in
// order, Monte Carlo draws that depend on the seed and the run only and have the
// distribution's moments, and the spec errors.

#include <QtTest>
#include <cmath>

#include "sweep/random_stream.h"
#include "sweep/sweep_spec.h"

using kelvin::core::Distribution;
using kelvin::core::RandomStream;
using kelvin::core::SweepSpec;
using kelvin::core::SweepSpecError;

class TestSweepSpec : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void listsLinAndLog() {
    QCOMPARE(SweepSpec::parseGrid("R1.R=1k, 2.2k,4.7k").values, (std::vector<double>{1e3, 2.2e3, 4.7e3}));
    const auto lin = SweepSpec::parseGrid("C1.C=lin(1n,2n,5)");
    QCOMPARE(lin.name, std::string("C1.C"));
    QCOMPARE(lin.values.size(), std::size_t(5));
    // Each point is a + (b − a)·k/4: one rounding of a few ulps of 1e-9.
    for (int k = 0; k < 5; ++k) QVERIFY(std::abs(lin.values[k] - (1e-9 + 0.25e-9 * k)) < 1e-24);
    const auto log = SweepSpec::parseGrid("Sub/R1.R=log(10,1k,3)");
    QCOMPARE(log.name, std::string("Sub/R1.R"));
    QCOMPARE(log.values.front(), 10.0);
    QVERIFY(std::abs(log.values[1] - 100.0) < 1e-12);  // 10·100^0.5: pow rounds within an ulp
    QCOMPARE(log.values.back(), 1000.0);
  }

  void fullGridFirstParameterSlowest() {
    SweepSpec spec;
    spec.grid = {SweepSpec::parseGrid("A.x=1,2"), SweepSpec::parseGrid("B.y=10,20,30")};
    QCOMPARE(spec.runCount(), 6L);
    QCOMPARE(spec.valuesOf(0), (std::vector<double>{1, 10}));
    QCOMPARE(spec.valuesOf(2), (std::vector<double>{1, 30}));
    QCOMPARE(spec.valuesOf(3), (std::vector<double>{2, 10}));
    QCOMPARE(spec.valuesOf(5), (std::vector<double>{2, 30}));
  }

  void drawsDependOnSeedAndRunOnly() {
    SweepSpec spec;
    spec.varied = {SweepSpec::parseVaried("R1.R=normal(1k,10%)"), SweepSpec::parseVaried("C1.C=uniform(1u,2u)")};
    spec.monteCarlo = 4000;
    spec.seed = 42;
    QCOMPARE(spec.runCount(), 4000L);
    // The same run gives the same values whenever it is asked, in any order.
    const auto later = spec.valuesOf(3999);
    QCOMPARE(spec.valuesOf(17), spec.valuesOf(17));
    QCOMPARE(spec.valuesOf(3999), later);
    SweepSpec other = spec;
    other.seed = 43;
    QVERIFY(other.valuesOf(17) != spec.valuesOf(17));
    // Moments over 4000 draws: the standard error of the mean is σ/√n = 100/63 = 1.6 Ω
    // (5 standard errors allowed: 8 Ω); of the variance about σ²·√(2/n) = 2.2 % (allow 10 %).
    double sum = 0, sum2 = 0, lo = 1e9, hi = -1e9;
    for (long r = 0; r < spec.runCount(); ++r) {
      const auto v = spec.valuesOf(r);
      sum += v[0];
      sum2 += v[0] * v[0];
      lo = std::min(lo, v[1]);
      hi = std::max(hi, v[1]);
    }
    const double mean = sum / 4000, variance = sum2 / 4000 - mean * mean;
    QVERIFY2(std::abs(mean - 1000.0) < 8.0, qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(variance / 1e4 - 1.0) < 0.10, qPrintable(QString::number(variance)));
    QVERIFY(lo >= 1e-6 && hi < 2e-6);
    QVERIFY(lo < 1.01e-6 && hi > 1.99e-6);  // 4000 uniform draws reach within 1 % of both ends
  }

  void gridTimesMonteCarlo() {
    SweepSpec spec;
    spec.grid = {SweepSpec::parseGrid("A.x=1,2")};
    spec.varied = {SweepSpec::parseVaried("B.y=uniform(0,1)")};
    spec.monteCarlo = 3;
    QCOMPARE(spec.runCount(), 6L);
    QCOMPARE(spec.valuesOf(2)[0], 1.0);
    QCOMPARE(spec.valuesOf(3)[0], 2.0);
  }

  void distributionRange() {
    const Distribution d = Distribution::parse("normal(1k, 5%)");
    QCOMPARE(d.b, 50.0);
    QCOMPARE(d.lowest(), 750.0);  // mean − 5σ
    QCOMPARE(Distribution::parse("uniform(-1,2)").lowest(), -1.0);
  }

  void badSpecs_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("no equals") << "R1.R" << "expected ID.PARAM";
    QTest::newRow("no dot") << "R=1k" << "ID.PARAM";
    QTest::newRow("not a number") << "R1.R=1k,abc" << "'abc' is not a number";
    QTest::newRow("lin arity") << "R1.R=lin(1,2)" << "three numbers";
    QTest::newRow("log of zero") << "R1.R=log(0,2,3)" << "a > 0";
    QTest::newRow("unknown range") << "R1.R=geom(1,2,3)" << "unknown range 'geom'";
  }
  void badSpecs() {
    QFETCH(QString, spec);
    QFETCH(QString, message);
    try {
      SweepSpec::parseGrid(spec.toStdString());
      QFAIL("accepted");
    } catch (const SweepSpecError& e) {
      QVERIFY2(QString(e.what()).contains(message), e.what());
    }
  }

  void badDistributions() {
    QVERIFY_THROWS_EXCEPTION(SweepSpecError, Distribution::parse("gauss(1,2)"));
    QVERIFY_THROWS_EXCEPTION(SweepSpecError, Distribution::parse("uniform(2,1)"));
    QVERIFY_THROWS_EXCEPTION(SweepSpecError, Distribution::parse("normal(1,-2)"));
  }

  void normalDeviates() {
    // Box–Muller: mean 0, variance 1; over 20000 draws the standard errors are 0.007
    // and 0.01: 5 of them allowed.
    RandomStream random(7, 0);
    double sum = 0, sum2 = 0;
    for (int i = 0; i < 20000; ++i) {
      const double x = random.normal();
      sum += x;
      sum2 += x * x;
    }
    QVERIFY(std::abs(sum / 20000) < 0.035);
    QVERIFY(std::abs(sum2 / 20000 - 1.0) < 0.05);
  }
};

QTEST_APPLESS_MAIN(TestSweepSpec)
#include "tst_sweep_spec.moc"
