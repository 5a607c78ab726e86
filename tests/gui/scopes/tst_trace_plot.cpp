// The noise envelope on a scope: for a run with a variance series, the trace
// of a signal is its mean with the band mean ± kσ behind it, where k comes
// from the run's settings (settings.noise.sigma_factor, carried by RunInfo)
// and can then be changed on the scope. A run without variance has no band.
// A scope without a signal list shows at most kDefaultTraceCount traces.

#include <cmath>

#include <QtTest>

#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"
#include "scopes/trace_plot.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::ScopeWidget;
using kelvin::gui::TracePlot;

namespace {

double mean(double t) { return std::sin(2 * M_PI * 3 * t); }
double sigma(double t) { return 0.05 + 0.2 * t; }

/// A run of `k`-sigma settings: mean sin(6πt), σ = 0.05 + 0.2t, 401 samples on [0, 1].
RunResult* noisyRun(RunHistory& history, double k) {
  RunInfo info;
  info.signalNames = {QStringLiteral("NS.y")};
  info.stopTime = 1.0;
  info.hasVariance = true;
  info.sigmaFactor = k;
  RunResult* run = history.beginRun(info);
  SampleBatch batch;
  for (int i = 0; i <= 400; ++i) {
    const double t = i / 400.0;
    const std::vector<double> variance{sigma(t) * sigma(t)};
    batch.addRow(t, {mean(t)}, &variance);
  }
  run->append(batch);
  return run;
}

/// Largest |edge(t) − (mean(t) + sign·k·σ(t))| over the points of `graph`.
double bandError(const QCPGraph* graph, double k, double sign) {
  double worst = 0;
  for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
    worst = std::max(worst, std::abs(it->value - (mean(it->key) + sign * k * sigma(it->key))));
  return worst;
}

}  // namespace

class TestTracePlot : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bandIsMeanPlusMinusKSigma() {
    RunHistory history;
    ScopeWidget scope(&history);
    scope.resize(900, 400);
    scope.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scope));
    QSignalSpy kChanged(&scope, &ScopeWidget::sigmaFactorChanged);
    noisyRun(history, 2.5);
    // k comes with the run (its settings).
    QCOMPARE(scope.sigmaFactor(), 2.5);
    QCOMPARE(kChanged.count(), 1);
    scope.refresh();
    QCOMPARE(scope.traces().size(), std::size_t(1));
    const TracePlot& trace = *scope.traces().front();
    QVERIFY(trace.hasBand());
    // 401 samples fit in the plot's columns: every sample is drawn, band edges included.
    QCOMPARE(trace.upperBand()->dataCount(), 401);
    QCOMPARE(trace.lowerBand()->dataCount(), 401);
    // σ = sqrt(σ²) and one multiply-add: a few ulps of values of order 1.
    QVERIFY(bandError(trace.upperBand(), 2.5, +1) < 1e-14);
    QVERIFY(bandError(trace.lowerBand(), 2.5, -1) < 1e-14);
    QVERIFY(bandError(trace.line(), 0, 0) < 1e-15);
    // The band fills between its edges.
    QCOMPARE(trace.upperBand()->channelFillGraph(), trace.lowerBand());

    // The user changes k on the scope: the band follows.
    scope.setSigmaFactor(1.0);
    scope.refresh();
    QVERIFY(bandError(trace.upperBand(), 1.0, +1) < 1e-14);
    QVERIFY(bandError(trace.lowerBand(), 1.0, -1) < 1e-14);
    // The next run with noise brings its own k again.
    noisyRun(history, 4.0);
    scope.refresh();
    QCOMPARE(scope.sigmaFactor(), 4.0);
    QVERIFY(bandError(scope.traces().front()->upperBand(), 4.0, +1) < 1e-14);
  }

  void noBandWithoutVariance() {
    RunHistory history;
    ScopeWidget scope(&history);
    RunInfo info;
    info.signalNames = {QStringLiteral("VC.y")};
    info.sigmaFactor = 7.0;  // ignored: the run has no noise
    RunResult* run = history.beginRun(info);
    SampleBatch batch;
    batch.addRow(0.0, {1.0});
    batch.addRow(1.0, {2.0});
    run->append(batch);
    scope.refresh();
    QCOMPARE(scope.traces().size(), std::size_t(1));
    QVERIFY(!scope.traces().front()->hasBand());
    QCOMPARE(scope.sigmaFactor(), 3.0);
  }

  void freeScopeShowsTheFirstSignalsOnly() {
    RunHistory history;
    ScopeWidget scope(&history);
    RunInfo info;
    for (int k = 0; k < 800; ++k) info.signalNames << QStringLiteral("R%1.v").arg(k + 1);
    RunResult* run = history.beginRun(info);
    SampleBatch batch;
    batch.addRow(0.0, std::vector<double>(800, 1.0));
    run->append(batch);
    QCOMPARE(scope.traces().size(), std::size_t(ScopeWidget::kDefaultTraceCount));
    QCOMPARE(scope.shownSignals(), info.signalNames.mid(0, ScopeWidget::kDefaultTraceCount));
    // A chosen list replaces it, whatever its length; names the run lacks are left out.
    scope.setSignals({QStringLiteral("R500.v"), QStringLiteral("R9.v"), QStringLiteral("nope")});
    QCOMPARE(scope.shownSignals(), (QStringList{QStringLiteral("R500.v"), QStringLiteral("R9.v")}));
    QCOMPARE(scope.traces().size(), std::size_t(2));
  }
};

QTEST_MAIN(TestTracePlot)
#include "tst_trace_plot.moc"
