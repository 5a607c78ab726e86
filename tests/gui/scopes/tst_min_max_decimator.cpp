// Display decimation must not lose an extreme: for every pixel column of the
// view, the decimated series' minimum and maximum over the samples in that
// column equal the raw data's, on a linear and on a logarithmic time axis,
// with non-uniform sampling (a variable-step run). The line reaches both
// edges (one sample beyond each), stays in time order, and the point count
// stays bounded by the columns, not by the data.

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include <QtTest>

#include "scopes/min_max_decimator.h"

using kelvin::gui::TimeAxisView;
using kelvin::gui::decimateMinMax;

namespace {

struct Extremes {
  double min = INFINITY;
  double max = -INFINITY;
  void add(double y) {
    min = std::min(min, y);
    max = std::max(max, y);
  }
};

/// The pixel column of t in `view`: columns split [lower, upper] (or its log10) evenly. Computed in the
/// decimator's order of operations, so a sample on a boundary falls on the same side.
long columnOf(double t, const TimeAxisView& view) {
  auto x = [&](double v) { return view.logarithmic ? std::log10(v) : v; };
  const double perColumn = view.columns / (x(view.upper) - x(view.lower));
  return static_cast<long>(std::floor((x(t) - x(view.lower)) * perColumn));
}

/// A variable-step trace: random steps in [0.2, 1.8]·h around `dt(t)`, a noisy chirp with spikes.
void makeTrace(double t0, double t1, bool logSpaced, std::vector<double>* times, std::vector<double>* values) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> jitter(0.2, 1.8), noise(-1.0, 1.0);
  double t = t0;
  while (t < t1) {
    times->push_back(t);
    double y = std::sin(40 * t / t1 + 3 * t * t / (t1 * t1)) + 0.3 * noise(random);
    if (random() % 997 == 0) y += 25 * noise(random);  // isolated spikes: the peaks a plain decimation drops
    values->push_back(y);
    const double h = logSpaced ? t * 2e-4 : (t1 - t0) * 2e-5;
    t += h * jitter(random);
  }
}

}  // namespace

class TestMinMaxDecimator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void keepsEveryColumnsExtremes_data() {
    QTest::addColumn<bool>("logarithmic");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    QTest::addColumn<int>("columns");
    // The data span [1e-3, 10]; views: all of it, a zoomed part, a narrow plot.
    QTest::newRow("linear, whole") << false << 1e-3 << 10.0 << 800;
    QTest::newRow("linear, zoomed") << false << 2.5 << 3.25 << 150;
    QTest::newRow("linear, narrow plot") << false << 1e-3 << 10.0 << 37;
    QTest::newRow("log, whole") << true << 1e-3 << 10.0 << 800;
    QTest::newRow("log, zoomed") << true << 0.02 << 0.7 << 500;
  }

  void keepsEveryColumnsExtremes() {
    QFETCH(bool, logarithmic);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(int, columns);
    std::vector<double> times, values;
    makeTrace(1e-3, 10.0, logarithmic, &times, &values);
    const TimeAxisView view{lower, upper, logarithmic, columns};
    const QVector<QCPGraphData> shown = decimateMinMax(times, values, view);

    std::map<long, Extremes> raw, kept;
    std::size_t inRange = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
      if (times[i] < lower || times[i] > upper) continue;
      raw[columnOf(times[i], view)].add(values[i]);
      ++inRange;
    }
    QVERIFY2(inRange > std::size_t(20 * columns), "the case must need decimation");
    for (const QCPGraphData& p : shown)
      if (p.key >= lower && p.key <= upper) kept[columnOf(p.key, view)].add(p.value);
    QCOMPARE(kept.size(), raw.size());
    for (const auto& [column, extremes] : raw) {
      QVERIFY2(kept.count(column), qPrintable(QStringLiteral("column %1 lost").arg(column)));
      // The decimator copies samples, it does not compute them: equality is exact.
      QCOMPARE(kept[column].min, extremes.min);
      QCOMPARE(kept[column].max, extremes.max);
    }
    // Every point is a raw sample, in time order; at most first, min, max, last per column,
    // plus the sample either side of the view.
    for (qsizetype k = 1; k < shown.size(); ++k) QVERIFY(shown[k - 1].key < shown[k].key);
    QVERIFY(shown.size() <= 4 * static_cast<qsizetype>(raw.size()) + 2);
    // The line reaches the edges: it starts at the last sample before the view and ends at the
    // first one after it (or at the data's own ends, when the view reaches past them).
    const auto before = std::lower_bound(times.begin(), times.end(), lower);
    const auto after = std::upper_bound(times.begin(), times.end(), upper);
    QCOMPARE(shown.front().key, before == times.begin() ? times.front() : *(before - 1));
    QCOMPARE(shown.back().key, after == times.end() ? times.back() : *after);
  }

  void fewSamplesAreKeptAsTheyAre() {
    const std::vector<double> times{0.0, 0.1, 0.25, 0.7, 1.0}, values{1.0, -2.0, 3.0, 0.5, 4.0};
    const QVector<QCPGraphData> shown = decimateMinMax(times, values, TimeAxisView{0.0, 1.0, false, 100});
    QCOMPARE(shown.size(), qsizetype(5));
    for (int i = 0; i < 5; ++i) {
      QCOMPARE(shown[i].key, times[static_cast<std::size_t>(i)]);
      QCOMPARE(shown[i].value, values[static_cast<std::size_t>(i)]);
    }
    // Out of view: the line still reaches the edges from the neighbouring samples.
    const QVector<QCPGraphData> edge = decimateMinMax(times, values, TimeAxisView{0.3, 0.6, false, 100});
    QCOMPARE(edge.size(), qsizetype(2));
    QCOMPARE(edge[0].key, 0.25);
    QCOMPARE(edge[1].key, 0.7);
    QVERIFY(decimateMinMax({}, {}, TimeAxisView{}).isEmpty());
  }
};

QTEST_MAIN(TestMinMaxDecimator)
#include "tst_min_max_decimator.moc"
