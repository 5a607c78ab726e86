// A run's results in bounded memory: the full-resolution samples go to a
// temporary file and read back bit for bit (times, values, variances), CSV
// export of a decimated run equals the data given, while the drawing view
// (SampleEnvelope) stays under its capacity whatever the length and keeps, per
// bucket of consecutive samples, exactly their smallest and largest value in
// the order they came. The temporary file goes with the run.

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/sample_envelope.h"
#include "scopes/scope_exporter.h"
#include "scopes/scope_widget.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::SampleEnvelope;

namespace {

/// A test signal with spikes: a sine, noise, and a rare large excursion that a decimation must keep.
std::vector<double> signal(std::size_t n, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0.0, 0.1);
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(1e-3 * static_cast<double>(i)) + noise(random);
  for (std::size_t i = 777; i < n; i += 9973) v[i] += (i % 2 ? 50.0 : -50.0);
  return v;
}

/// Feeds `values` (one column) to `envelope` in batches of `batch`.
void feed(SampleEnvelope& envelope, const std::vector<double>& times, const std::vector<double>& values, std::size_t batch) {
  for (std::size_t first = 0; first < times.size(); first += batch) {
    const std::size_t n = std::min(batch, times.size() - first);
    envelope.append(std::span<const double>(times).subspan(first, n),
                    {std::span<const double>(values).subspan(first, n), {}});
  }
}

}  // namespace

class TestRunResultStore : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void envelopeIsExactWhileShort() {
    SampleEnvelope envelope(2, 1000);
    std::vector<double> t(999), v = signal(999, 1);
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = 0.1 * static_cast<double>(i);
    feed(envelope, t, v, 100);
    envelope.flush();
    QCOMPARE(envelope.stride(), std::size_t(1));
    QCOMPARE(envelope.times(), t);
    QCOMPARE(envelope.column(0), v);
    QVERIFY(envelope.column(1).empty());  // never fed
  }

  void envelopeKeepsEachBucketsExtremes_data() {
    QTest::addColumn<int>("samples");
    QTest::addColumn<int>("batch");
    QTest::newRow("1e5 samples, batches of 1") << 100000 << 1;
    QTest::newRow("1e6 samples, batches of 1500") << 1000000 << 1500;
    QTest::newRow("12345 samples, batches of 7") << 12345 << 7;
  }
  void envelopeKeepsEachBucketsExtremes() {
    QFETCH(int, samples);
    QFETCH(int, batch);
    const auto n = static_cast<std::size_t>(samples);
    const std::size_t capacity = 1024;
    SampleEnvelope envelope(1, capacity);
    std::vector<double> t(n), v = signal(n, 2);
    for (std::size_t i = 0; i < n; ++i) t[i] = 1e-5 * static_cast<double>(i);
    feed(envelope, t, v, static_cast<std::size_t>(batch));
    envelope.flush();
    const std::size_t stride = envelope.stride();
    QCOMPARE(envelope.sampleCount(), n);
    QVERIFY(envelope.times().size() <= capacity);
    QVERIFY(envelope.times().size() > capacity / 4);  // compaction halves: never below a quarter
    QCOMPARE(envelope.times().size(), 2 * ((n + stride - 1) / stride));
    // Bucket k: samples [k·stride, (k+1)·stride): its points are its first and last time and its
    // smallest and largest value, in the order they occurred.
    for (std::size_t k = 0; 2 * k < envelope.times().size(); ++k) {
      const std::size_t first = k * stride, last = std::min(n, first + stride) - 1;
      QCOMPARE(envelope.times()[2 * k], t[first]);
      QCOMPARE(envelope.times()[2 * k + 1], t[last]);
      const auto low = std::min_element(v.begin() + first, v.begin() + last + 1);
      const auto high = std::max_element(v.begin() + first, v.begin() + last + 1);
      const double a = envelope.column(0)[2 * k], b = envelope.column(0)[2 * k + 1];
      QCOMPARE(std::min(a, b), *low);
      QCOMPARE(std::max(a, b), *high);
      QCOMPARE(a, low < high ? *low : *high);
    }
  }

  void envelopeGoesOnAfterFlush() {
    // Flushed while running (a pause): the partial bucket is shown, then fills up again.
    SampleEnvelope once(1, 64), twice(1, 64);
    std::vector<double> t(5000), v = signal(5000, 3);
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<double>(i);
    feed(once, t, v, 5000);
    once.flush();
    for (std::size_t first = 0; first < t.size(); first += 333) {
      const std::size_t n = std::min<std::size_t>(333, t.size() - first);
      twice.append(std::span<const double>(t).subspan(first, n), {std::span<const double>(v).subspan(first, n)});
      twice.flush();
    }
    QCOMPARE(twice.times(), once.times());
    QCOMPARE(twice.column(0), once.column(0));
  }

  void runRoundTripsThroughItsFile() {
    RunInfo info;
    info.signalNames = {QStringLiteral("a"), QStringLiteral("b")};
    info.hasVariance = true;
    // The smallest view (RunResult::kMinViewPoints per column) over 200 000 samples: decimated.
    RunResult run(info, QStringLiteral("Run 1"), nullptr, 1);
    const std::size_t n = 200000;
    const std::vector<double> a = signal(n, 4), b = signal(n, 5);
    std::size_t appendedFrom = 1;
    connect(&run, &RunResult::appended, this, [&](std::size_t first) { appendedFrom = std::min(appendedFrom, first); });
    for (std::size_t first = 0; first < n; first += 1500) {
      SampleBatch batch;
      for (std::size_t i = first; i < std::min(n, first + 1500); ++i) {
        const std::vector<double> variance{a[i] * a[i], 1e-30 * static_cast<double>(i)};
        batch.addRow(1e-6 * static_cast<double>(i), {a[i], b[i]}, &variance);
      }
      run.append(batch);
    }
    run.finish({});
    QCOMPARE(run.sampleCount(), n);
    QVERIFY(run.isDecimated());
    QCOMPARE(appendedFrom, std::size_t(0));  // a compaction says that every point changed
    QVERIFY(run.times().size() <= RunResult::kMinViewPoints);
    QCOMPARE(run.values(0).size(), run.times().size());
    QCOMPARE(run.variances(1).size(), run.times().size());
    QVERIFY(run.noisyValues(0).empty());
    // The view keeps the extremes of the whole run.
    QCOMPARE(*std::max_element(run.values(0).begin(), run.values(0).end()), *std::max_element(a.begin(), a.end()));
    QCOMPARE(*std::min_element(run.values(1).begin(), run.values(1).end()), *std::min_element(b.begin(), b.end()));

    std::size_t i = 0;
    bool exact = true;
    QString error;
    QVERIFY2(run.forEachSample(
                 [&](double time, std::span<const double> values, std::span<const double> variances) {
                   exact = exact && time == 1e-6 * static_cast<double>(i) && values.size() == 2 && values[0] == a[i] &&
                           values[1] == b[i] && variances.size() == 2 && variances[0] == a[i] * a[i] &&
                           variances[1] == 1e-30 * static_cast<double>(i);
                   ++i;
                 },
                 &error),
             qPrintable(error));
    QCOMPARE(i, n);
    QVERIFY(exact);
  }

  void csvOfADecimatedRunIsTheFullData() {
    RunHistory history(nullptr, 1);  // the smallest view
    kelvin::gui::ScopeWidget scope(&history);
    RunInfo info;
    info.signalNames = {QStringLiteral("x")};
    RunResult* run = history.beginRun(info);
    const std::size_t n = 60000;
    const std::vector<double> x = signal(n, 6);
    SampleBatch batch;
    for (std::size_t i = 0; i < n; ++i) batch.addRow(M_PI * 1e-5 * static_cast<double>(i), {x[i]});
    run->append(batch);
    run->finish({});
    QVERIFY(run->isDecimated());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.csv"));
    QString error;
    QVERIFY2(kelvin::gui::ScopeExporter::saveCsv(scope, path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readLine().trimmed(), QByteArray("time,x"));
    std::size_t rows = 0;
    bool exact = true;
    while (!file.atEnd()) {
      const QList<QByteArray> f = file.readLine().trimmed().split(',');
      // %.17g reads back to the same double.
      exact = exact && f.size() == 2 && f[0].toDouble() == M_PI * 1e-5 * static_cast<double>(rows) && f[1].toDouble() == x[rows];
      ++rows;
    }
    QCOMPARE(rows, n);
    QVERIFY(exact);
  }

  void theFileGoesWithTheRun() {
    RunInfo info;
    info.signalNames = {QStringLiteral("x")};
    QString name;
    {
      RunResult run(info, QStringLiteral("Run 1"));
      SampleBatch batch;
      batch.addRow(0.0, {1.0});
      run.append(batch);
      name = run.dataFileName();
      QVERIFY(QFile::exists(name));
      QCOMPARE(QFile(name).size(), qint64(2 * sizeof(double)));  // one row: time and x
    }
    QVERIFY(!QFile::exists(name));
  }
};

QTEST_MAIN(TestRunResultStore)
#include "tst_run_result_store.moc"
