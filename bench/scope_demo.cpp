// Draws a scope with several traces and one signal with a noise band from
// synthetic data (a damped oscillation, its envelope, a filtered square wave;
// the band is mean ± 3σ of a variance that grows and settles like an RC
// filter's noise), and saves it: the picture in docs/images/scope.png.
//
// Usage: scope_demo OUT.png   (run under xvfb-run or QT_QPA_PLATFORM=offscreen)

#include <cmath>
#include <cstdio>

#include <QApplication>

#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_cursors.h"
#include "scopes/scope_exporter.h"
#include "scopes/scope_widget.h"

using namespace kelvin;

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: scope_demo OUT.png\n");
    return 1;
  }
  gui::RunHistory history;
  gui::ScopeWidget scope(&history);
  scope.resize(1100, 560);
  scope.show();
  gui::RunInfo info;
  info.signalNames = {QStringLiteral("C1.v"), QStringLiteral("L1.i"), QStringLiteral("VC.y")};
  info.stopTime = 0.02;
  info.hasVariance = true;
  gui::RunResult* run = history.beginRun(info);
  gui::SampleBatch batch;
  const int n = 4000;
  for (int i = 0; i <= n; ++i) {
    const double t = info.stopTime * i / n;
    const double ring = 1 - std::exp(-t / 3e-3) * std::cos(2 * M_PI * 400 * t);
    const double current = 0.8 * std::exp(-t / 3e-3) * std::sin(2 * M_PI * 400 * t);
    const double filtered = 0.5 + 0.45 * std::tanh(8 * std::sin(2 * M_PI * 200 * t)) * (1 - std::exp(-t / 1e-3));
    const double sigma = 0.06 * (1 - std::exp(-t / 2e-3));
    const std::vector<double> variances{sigma * sigma, 0.0, 0.0};
    batch.addRow(t, {ring, current, filtered}, &variances);
  }
  run->append(batch);
  scope.setSignals(info.signalNames);
  scope.cursors()->setVisible(true);
  scope.cursors()->setTimes(0.004, 0.0065);
  scope.cursors()->setValues(0.2, 1.1);
  scope.refresh();
  QString error;
  if (!gui::ScopeExporter::saveImage(scope, QString::fromLocal8Bit(argv[1]), &error)) {
    std::fprintf(stderr, "%s\n", qPrintable(error));
    return 1;
  }
  return 0;
}
