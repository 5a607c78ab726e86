// A scope draws its data decimated for the plot's current width: resized from
// 50 px to 1200 px wide (as when a dock first opens almost closed and is then
// dragged open), the drawn points are again, column by column of the new
// width, the extremes of the data; and a scope created after its run has
// ended draws the run at the size it is shown at, not at its first layout.

#include <algorithm>
#include <cmath>
#include <vector>

#include <QtTest>

#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::ScopeWidget;

namespace {

constexpr int kSamples = 20001;
constexpr double kTau = 1e-3;

/// An RC charging curve 1 − exp(−t/τ) over 5τ, finished.
RunResult* chargingRun(RunHistory& history) {
  RunInfo info;
  info.signalNames = {QStringLiteral("VC.y")};
  info.stopTime = 5 * kTau;
  RunResult* run = history.beginRun(info);
  SampleBatch batch;
  for (int i = 0; i < kSamples; ++i) {
    const double t = 5 * kTau * i / (kSamples - 1);
    batch.addRow(t, {1 - std::exp(-t / kTau)});
  }
  run->append(batch);
  run->finish({});
  return run;
}

/// Checks that in each pixel column of the plot's x range the drawn points hold the smallest
/// and the largest sample of that column: the decimation was made for this width.
void checkColumns(ScopeWidget& scope, const RunResult& run) {
  QCustomPlot* plot = scope.plot();
  const int columns = plot->axisRect()->width();
  const QCPRange x = plot->xAxis->range();
  std::vector<double> dataMin(columns, INFINITY), dataMax(columns, -INFINITY);
  std::vector<double> drawnMin(columns, INFINITY), drawnMax(columns, -INFINITY);
  // The decimator's columns (the sample at the upper edge joins the last one).
  const double perColumn = columns / (x.upper - x.lower);
  auto column = [&](double t) {
    return std::clamp(static_cast<int>(std::floor((t - x.lower) * perColumn)), 0, columns - 1);
  };
  for (std::size_t i = 0; i < run.sampleCount(); ++i) {
    const int c = column(run.times()[i]);
    dataMin[c] = std::min(dataMin[c], run.values(0)[i]);
    dataMax[c] = std::max(dataMax[c], run.values(0)[i]);
  }
  for (const QCPGraphData& d : *plot->graph(0)->data()) {
    const int c = column(d.key);
    drawnMin[c] = std::min(drawnMin[c], d.value);
    drawnMax[c] = std::max(drawnMax[c], d.value);
  }
  int checked = 0;
  for (int c = 0; c < columns; ++c) {
    if (std::isinf(dataMin[c])) continue;
    // The drawn points are samples themselves: equal, not merely close.
    QVERIFY2(drawnMin[c] == dataMin[c] && drawnMax[c] == dataMax[c], qPrintable(QStringLiteral("column %1").arg(c)));
    ++checked;
  }
  QCOMPARE(checked, columns);  // 20001 samples: every column of ≤ 1200 has some
}

}  // namespace

class TestScopeWidget : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void redecimatesWhenResized() {
    RunHistory history;
    ScopeWidget scope(&history);
    scope.setSignals({QStringLiteral("VC.y")});
    scope.resize(50, 400);
    scope.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scope));
    const RunResult* run = chargingRun(history);
    scope.refresh();
    QCoreApplication::processEvents();
    const int narrow = scope.plot()->axisRect()->width();
    const int drawnNarrow = scope.plot()->graph(0)->dataCount();
    QVERIFY2(narrow < 50, qPrintable(QString::number(narrow)));
    // At most four points per column (first, min, max, last) and one either side.
    QVERIFY2(drawnNarrow <= 4 * std::max(narrow, 1) + 2, qPrintable(QString::number(drawnNarrow)));

    scope.resize(1200, 400);
    QTRY_VERIFY(scope.plot()->axisRect()->width() > 1000);
    QTRY_VERIFY(scope.plot()->graph(0)->dataCount() > 1000);
    checkColumns(scope, *run);
    qInfo("50 px: %d columns, %d points drawn; 1200 px: %d columns, %d points drawn", narrow, drawnNarrow,
          scope.plot()->axisRect()->width(), scope.plot()->graph(0)->dataCount());

    // And back down: fewer points again, still the extremes of each column.
    scope.resize(300, 400);
    QTRY_VERIFY(scope.plot()->axisRect()->width() < 300);
    QTRY_VERIFY(scope.plot()->graph(0)->dataCount() <= 4 * scope.plot()->axisRect()->width() + 2);
    checkColumns(scope, *run);
  }

  void scopeOpenedAfterTheRunDrawsAtItsSize() {
    RunHistory history;
    const RunResult* run = chargingRun(history);
    // Created hidden at no size, as a dock is before its first layout; then shown large.
    ScopeWidget scope(&history);
    scope.setSignals({QStringLiteral("VC.y")});
    scope.resize(900, 450);
    scope.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scope));
    QTRY_VERIFY(scope.plot()->axisRect()->width() > 700);
    QTRY_VERIFY(scope.plot()->graph(0)->dataCount() > 700);
    checkColumns(scope, *run);
  }
};

QTEST_MAIN(TestScopeWidget)
#include "tst_scope_widget.moc"
