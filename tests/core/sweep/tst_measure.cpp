// Measure: each signal function against a closed form on sampled signals (a ramp,
// a sine, an exponential), their arithmetic, undefined figures as NaN, and errors.

#include <QtTest>
#include <cmath>
#include <numbers>

#include "sweep/measure.h"
#include "sweep/sweep_spec.h"

using kelvin::core::Measure;
using kelvin::core::SweepSpecError;
using kelvin::core::Trace;

namespace {
/// ramp = t, sine = sin(2π·50·t) over one period, sampled every 10 µs (2000 samples).
Trace sampled() {
  Trace t;
  t.names = {"R.y", "S.y"};
  t.columns.resize(2);
  for (int i = 0; i <= 2000; ++i) {
    const double time = i * 1e-5;
    t.time.push_back(time);
    t.columns[0].push_back(time);
    t.columns[1].push_back(std::sin(2 * std::numbers::pi * 50 * time));
  }
  return t;
}
double value(const std::string& spec) { return Measure::parse(spec).evaluate(sampled()); }
}  // namespace

class TestMeasure : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void functionsOfARamp() {
    // A ramp is linear between samples: interpolation and the trapezoidal rule are exact
    // (to the rounding of the sums, 1e-15 relative).
    QCOMPARE(value("a=final(R.y)"), 0.02);
    QCOMPARE(value("a=max(R.y)"), 0.02);
    QCOMPARE(value("a=min(R.y)"), 0.0);
    QVERIFY(std::abs(value("a=at(R.y, 12.345m)") - 12.345e-3) < 1e-17);
    QVERIFY(std::abs(value("a=mean(R.y)") - 0.01) < 1e-15);
    QVERIFY(std::abs(value("a=crossing(R.y, 7.5m)") - 7.5e-3) < 1e-17);
    // rms of t over [0, T] is T/√3; the trapezoidal rule adds h²/6 to the mean of t², which
    // moves the rms by T·h²/(4√3·T²) = 7e-10 here.
    QVERIFY(std::abs(value("a=rms(R.y)") - 0.02 / std::sqrt(3.0)) < 1e-8);
  }

  void functionsOfASine() {
    // One full period of sampling: mean 0, rms 1/√2; the trapezoidal rule is spectrally
    // exact for a periodic function over a whole period (rounding only).
    QVERIFY(std::abs(value("a=mean(S.y)")) < 1e-12);
    QVERIFY(std::abs(value("a=rms(S.y)") - 1 / std::sqrt(2.0)) < 1e-12);
    QVERIFY(std::abs(value("a=max(S.y)") - 1.0) < 1e-15);
    // The first crossing of 0.5 is at asin(0.5)/(2π·50) = 1/600 s; linear interpolation
    // between samples 10 µs apart errs by at most h²·|x''|/(8|x'|) = 1.7e-8 s.
    QVERIFY(std::abs(value("a=crossing(S.y, 0.5)") - 1.0 / 600) < 2e-8);
  }

  void arithmetic() {
    QVERIFY(std::abs(value("swing = max(S.y) - min(S.y)") - 2.0) < 1e-12);
    QVERIFY(std::abs(value("x=2*final(R.y)^2 + sqrt(at(R.y,4m))") - (2 * 4e-4 + std::sqrt(4e-3))) < 1e-15);
    QCOMPARE(value("x=max(final(R.y), 1)"), 1.0);  // max of two numbers stays the parser's
    const Measure m = Measure::parse("k = crossing(S.y, 0) + final(R.y) + at(S.y, 1m)");
    QCOMPARE(m.name(), std::string("k"));
    QCOMPARE(m.signalNames(), (std::vector<std::string>{"S.y", "R.y"}));
  }

  void undefinedIsNaN() {
    QVERIFY(std::isnan(value("a=crossing(R.y, 5)")));   // the ramp never reaches 5
    QVERIFY(std::isnan(value("a=at(R.y, 1)")));          // after the run
  }

  void errors_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("no name") << "final(R.y)" << "NAME=EXPR";
    QTest::newRow("no signal") << "a=2*3" << "reads no signal";
    QTest::newRow("at arity") << "a=at(R.y)" << "a signal and a time";
    QTest::newRow("time not a number") << "a=at(R.y, soon)" << "'soon' in at() is not a number";
    QTest::newRow("unknown name") << "a=final(R.y)*gain" << "gain";
    QTest::newRow("unclosed") << "a=final(R.y" << "missing ')'";
    QTest::newRow("name like an internal stand-in") << "a=final(R.y)*_mx" << "_mx";
  }
  void errors() {
    QFETCH(QString, spec);
    QFETCH(QString, message);
    try {
      Measure::parse(spec.toStdString());
      QFAIL("accepted");
    } catch (const SweepSpecError& e) {
      QVERIFY2(QString(e.what()).contains(message), e.what());
    }
  }
};

QTEST_APPLESS_MAIN(TestMeasure)
#include "tst_measure.moc"
