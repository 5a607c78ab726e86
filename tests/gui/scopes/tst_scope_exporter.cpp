// CSV export of a scope writes the full-resolution data of its current run,
// not the decimated points on screen: reading the file back gives every
// sample's time and value bit for bit (%.17g), and for a signal with noise a
// `.sigma` column equal to the square root of the run's variance. The file is
// written whole or not at all (a temporary file renamed into place).

#include <cmath>
#include <vector>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "qcustomplot.h"

#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_exporter.h"
#include "scopes/scope_widget.h"
#include "scopes/trace_plot.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::ScopeExporter;
using kelvin::gui::ScopeWidget;

namespace {

struct Csv {
  QStringList header;
  std::vector<std::vector<double>> rows;
};

Csv readCsv(const QString& path) {
  Csv csv;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return csv;
  csv.header = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
  while (!file.atEnd()) {
    const QList<QByteArray> fields = file.readLine().trimmed().split(',');
    std::vector<double> row;
    for (const QByteArray& f : fields) row.push_back(f.toDouble());
    csv.rows.push_back(row);
  }
  return csv;
}

}  // namespace

class TestScopeExporter : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void csvRoundTripsTheFullResolutionData() {
    RunHistory history;
    ScopeWidget scope(&history);
    scope.resize(600, 300);
    RunInfo info;
    info.signalNames = {QStringLiteral("NS.y"), QStringLiteral("VC.y")};
    info.stopTime = 1.0;
    info.hasVariance = true;
    RunResult* run = history.beginRun(info);
    // 50 001 samples on an irregular grid: far more than the plot's pixel columns, with values
    // that need all 17 digits (1/3, π multiples) and variances spanning decades.
    SampleBatch batch;
    double t = 0;
    for (int i = 0; i <= 50000; ++i) {
      const std::vector<double> variances{1e-12 * (1 + t * 1e6), 0.0};
      batch.addRow(t, {std::sin(2 * M_PI * 7 * t) / 3, M_PI * t}, &variances);
      t += 2e-5 * (1 + 0.5 * std::sin(i * 0.37));
    }
    run->append(batch);
    scope.refresh();
    QVERIFY(scope.traces().front()->line()->dataCount() < 10000);  // the plot shows a decimated trace

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scope.csv"));
    QString error;
    QVERIFY2(ScopeExporter::saveCsv(scope, path, &error), qPrintable(error));
    const Csv csv = readCsv(path);
    QCOMPARE(csv.header, (QStringList{QStringLiteral("time"), QStringLiteral("NS.y"), QStringLiteral("NS.y.sigma"),
                                      QStringLiteral("VC.y"), QStringLiteral("VC.y.sigma")}));
    QCOMPARE(csv.rows.size(), run->sampleCount());
    for (std::size_t i = 0; i < csv.rows.size(); ++i) {
      const std::vector<double>& row = csv.rows[i];
      QCOMPARE(row.size(), std::size_t(5));
      // %.17g reads back to the same double: exact comparisons.
      QCOMPARE(row[0], run->times()[i]);
      QCOMPARE(row[1], run->values(0)[i]);
      QCOMPARE(row[2], std::sqrt(run->variances(0)[i]));
      QCOMPARE(row[3], run->values(1)[i]);
      QCOMPARE(row[4], 0.0);
    }
    // No temporary file is left beside it.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("scope.csv")});
  }

  void writesWholeFilesOrNothing() {
    RunHistory history;
    ScopeWidget scope(&history);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.csv"));
    QString error;
    // No run yet: nothing is written, and the message says why.
    QVERIFY(!ScopeExporter::saveCsv(scope, path, &error));
    QVERIFY2(error.contains(QLatin1String("no run")), qPrintable(error));
    QVERIFY(!QFile::exists(path));

    RunInfo info;
    info.signalNames = {QStringLiteral("a")};
    RunResult* run = history.beginRun(info);
    SampleBatch batch;
    batch.addRow(0.0, {1.0});
    batch.addRow(0.5, {2.0});
    run->append(batch);
    // An existing, longer file is replaced whole: nothing of the old content remains.
    {
      QFile old(path);
      QVERIFY(old.open(QIODevice::WriteOnly));
      old.write(QByteArray(100000, 'x'));
    }
    QVERIFY2(ScopeExporter::saveCsv(scope, path, &error), qPrintable(error));
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), QByteArray("time,a\n0,1\n0.5,2\n"));
    // A directory that does not exist: false, the message names the file, and no file appears.
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/out.csv"));
    QVERIFY(!ScopeExporter::saveCsv(scope, missing, &error));
    QVERIFY2(error.contains(missing), qPrintable(error));
    QVERIFY(!QFile::exists(missing));
  }
};

QTEST_MAIN(TestScopeExporter)
#include "tst_scope_exporter.moc"
