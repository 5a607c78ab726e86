// The scope's statistics of the visible range against closed forms: the RMS
// of a sine over whole periods is A/√2 whatever the sampling, min and max are
// the extremes of the samples inside the range, and the RMS is weighted by
// time, so a variable-step run that samples densely where the signal is small
// is not biased towards those samples.

#include <cmath>
#include <random>
#include <vector>

#include <QtTest>

#include "scopes/trace_statistics.h"

using kelvin::gui::TraceStatistics;

namespace {

/// Times from t0 to t1 with random steps in [0.3, 1.7]·h (ending exactly at t1).
std::vector<double> irregularGrid(double t0, double t1, double h, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> jitter(0.3, 1.7);
  std::vector<double> times;
  for (double t = t0; t < t1; t += h * jitter(random)) times.push_back(t);
  times.push_back(t1);
  return times;
}

}  // namespace

class TestTraceStatistics : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rmsOfASineOverWholePeriods_data() {
    QTest::addColumn<double>("amplitude");
    QTest::addColumn<double>("frequency");
    QTest::addColumn<double>("offset");
    QTest::addColumn<int>("periods");
    QTest::newRow("1 V, 50 Hz, 3 periods") << 1.0 << 50.0 << 0.0 << 3;
    QTest::newRow("2.5 V, 1 kHz, 10 periods, shifted start") << 2.5 << 1e3 << 0.37e-3 << 10;
    QTest::newRow("1 mV, 7 MHz, 1 period") << 1e-3 << 7e6 << 0.0 << 1;
  }

  void rmsOfASineOverWholePeriods() {
    QFETCH(double, amplitude);
    QFETCH(double, frequency);
    QFETCH(double, offset);
    QFETCH(int, periods);
    const double period = 1 / frequency, t0 = offset, t1 = offset + periods * period;
    // About 1000 samples per period, irregular; a little data outside the range too.
    const std::vector<double> times = irregularGrid(t0 - 0.2 * period, t1 + 0.2 * period, period / 1000, 11);
    std::vector<double> values;
    for (double t : times) values.push_back(amplitude * std::sin(2 * M_PI * frequency * t));
    std::vector<double> inRange;
    double lower = 0, upper = 0;
    for (std::size_t i = 0; i < times.size(); ++i)
      if (times[i] >= t0 && times[i] <= t1) inRange.push_back(values[i]);
    lower = times[static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), t0) - times.begin())];
    upper = *(std::upper_bound(times.begin(), times.end(), t1) - 1);
    // The range is cut at the samples nearest inside [t0, t1]: pass the exact whole-period
    // span of samples so that the closed form applies to what is integrated.
    const TraceStatistics s = TraceStatistics::over(times, values, lower, upper);
    QCOMPARE(s.count, inRange.size());
    QCOMPARE(s.min, *std::min_element(inRange.begin(), inRange.end()));
    QCOMPARE(s.max, *std::max_element(inRange.begin(), inRange.end()));
    // Closed form over [lower, upper] (not quite whole periods: the grid's ends are up to
    // 1.7/1000 of a period inside t0, t1): (1/T)∫A² sin² = A²/2 − A²(sin 2ωu − sin 2ωl)/(4ωT).
    const double w = 2 * M_PI * frequency, span = upper - lower;
    const double exact =
        amplitude * std::sqrt(0.5 - (std::sin(2 * w * upper) - std::sin(2 * w * lower)) / (4 * w * span));
    // The trapezoidal rule on y² with steps ≤ 1.7e-3 T: relative error ≤ (ωh)²/12 ≈ 1e-5; 5e-5 allows it.
    QVERIFY2(std::abs(s.rms - exact) < 5e-5 * amplitude,
             qPrintable(QStringLiteral("rms %1, closed form %2").arg(s.rms, 0, 'g', 12).arg(exact, 0, 'g', 12)));
    // And the textbook figure, with the end effect above as the only difference (≤ 1.7e-3 T of a period).
    QVERIFY(std::abs(s.rms - amplitude / std::sqrt(2.0)) < 2e-3 * amplitude);
    // Extremes of a sine sampled every ≤ 1.7e-3 T: within A(1 − cos(ωh/2)) ≈ 1.4e-5 A of ±A.
    QVERIFY(std::abs(s.max - amplitude) < 2e-5 * amplitude);
    QVERIFY(std::abs(s.min + amplitude) < 2e-5 * amplitude);
  }

  void rmsIsWeightedByTimeNotBySamples() {
    // y = t on [0, 1], sampled 100 times denser on [0, 0.1] than elsewhere, as a variable-step
    // solver does where things change fast. RMS = sqrt(∫t² dt) = 1/√3.
    std::vector<double> times;
    for (int i = 0; i < 10000; ++i) times.push_back(0.1 * i / 10000);
    for (int i = 0; i <= 900; ++i) times.push_back(0.1 + 0.9 * i / 900);
    const std::vector<double>& values = times;
    const TraceStatistics s = TraceStatistics::over(times, values, 0.0, 1.0);
    // Trapezoidal rule on t²: error Σh³/6 ≤ 0.001²·1/6 ≈ 2e-7 in the mean square.
    QVERIFY2(std::abs(s.rms - 1 / std::sqrt(3.0)) < 1e-6, qPrintable(QString::number(s.rms, 'g', 12)));
    // A plain mean over the samples would be dominated by the dense part near 0.
    double sumSquares = 0;
    for (double y : values) sumSquares += y * y;
    QVERIFY(std::sqrt(sumSquares / values.size()) < 0.35);
    QCOMPARE(s.min, 0.0);
    QCOMPARE(s.max, 1.0);
  }

  void rangeSelectsTheVisibleSamples() {
    // y = t² on a grid of 1 ms; view [0.2, 0.5]: min 0.04 and max 0.25, at the range's ends.
    std::vector<double> times, values;
    for (int i = 0; i <= 1000; ++i) times.push_back(i * 1e-3), values.push_back(times.back() * times.back());
    const TraceStatistics s = TraceStatistics::over(times, values, 0.2, 0.5);
    QCOMPARE(s.count, std::size_t(301));
    QCOMPARE(s.min, times[200] * times[200]);
    QCOMPARE(s.max, times[500] * times[500]);
    // ∫t⁴ from 0.2 to 0.5 over 0.3 = (0.5⁵ − 0.2⁵)/1.5; trapezoid error h²/12·Δ(y²)' ≈ 1e-7.
    QVERIFY(std::abs(s.rms - std::sqrt((std::pow(0.5, 5) - std::pow(0.2, 5)) / 1.5)) < 1e-6);
    // One sample in range: |y|; none: count 0.
    const TraceStatistics one = TraceStatistics::over(times, values, 0.3, 0.3);
    QCOMPARE(one.count, std::size_t(1));
    QCOMPARE(one.rms, values[300]);
    QCOMPARE(TraceStatistics::over(times, values, 2.0, 3.0).count, std::size_t(0));
  }
};

QTEST_MAIN(TestTraceStatistics)
#include "tst_trace_statistics.moc"
