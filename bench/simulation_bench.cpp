// The engine bridge under load (bench/README.md): a stiff RC ladder driven by
// a sine runs 20 s of simulated time on the worker thread while a probe
// QTimer on the GUI thread measures how late the event loop serves it, and a
// scope showing the three sensors streams the samples (every default signal,
// ~800, is recorded); the time the GUI thread spends appending batches and
// replotting is summed. Then runs that
// are stopped at various moments measure the time from Stop to the run's
// end. Last, a scope refresh with 10^6 points per trace is timed.
//
// Usage: simulation_bench [sections]   (default 400)

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include "elaborate/block_registry.h"
#include "engine/simulation_controller.h"
#include "library.h"
#include "model/model.h"
#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"

using namespace kelvin;

namespace {

core::Model stiffLadder(int sections) {
  core::Model model;
  model.name = "stiff_ladder";
  model.settings.stopTime = "20";
  model.settings.step = "1m";
  auto block = [&](std::string id, std::string type, std::map<std::string, std::string> params = {}) {
    core::Block b;
    b.id = std::move(id);
    b.type = std::move(type);
    b.params = std::move(params);
    model.blocks.push_back(b);
  };
  auto wire = [&](std::string from, std::string to) { model.connections.push_back({from, to, {}, {}}); };
  block("V1", "electrical.SineVoltage", {{"amplitude", "1"}, {"frequency", "2"}});
  block("G", "electrical.Ground");
  wire("V1.n", "G.p");
  wire("V1.p", "R1.p");
  // Section k: 1 kΩ into 1 µF (τ = 1 ms); the chain's slowest mode is ~(2N/π)² ms: stiff.
  for (int k = 1; k <= sections; ++k) {
    const std::string n = std::to_string(k);
    block("R" + n, "electrical.Resistor", {{"R", "1k"}});
    block("C" + n, "electrical.Capacitor", {{"C", "1u"}, {"v0", "0"}});
    wire("R" + n + ".n", "C" + n + ".p");
    wire("C" + n + ".n", "G.p");
    if (k < sections) wire("R" + n + ".n", "R" + std::to_string(k + 1) + ".p");
  }
  for (int k : {1, sections / 2, sections}) {
    const std::string n = std::to_string(k);
    block("S" + n, "electrical.VoltageSensor");
    wire("S" + n + ".p", "R" + n + ".n");
    wire("S" + n + ".n", "G.p");
  }
  return model;
}

/// Runs the event loop until `done` is true.
template <typename Done>
void spin(const Done& done) {
  while (!done()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const int sections = argc > 1 ? std::atoi(argv[1]) : 400;
  core::BlockRegistry registry;
  blocks::registerAll(registry);
  const core::Model model = stiffLadder(sections);

  gui::SimulationController controller(registry);
  gui::RunHistory history;
  gui::ScopeWidget scope(&history);
  // As a Scope block wired to the three sensors would show them.
  scope.setSignals({QStringLiteral("S1.y"), QStringLiteral("S%1.y").arg(sections / 2), QStringLiteral("S%1.y").arg(sections)});
  scope.resize(1200, 700);
  scope.show();
  QObject::connect(&controller, &gui::SimulationController::runStarted, &history,
                   [&](const gui::RunInfo& info) { history.beginRun(info); });
  // Where the GUI thread's time goes: appending batches, and the scope's replots.
  double worstAppend = 0, sumAppend = 0, worstReplot = 0, sumReplot = 0;
  long batches = 0, replots = 0;
  QObject::connect(&controller, &gui::SimulationController::samplesArrived, &history,
                   [&](const gui::SampleBatch& batch) {
                     QElapsedTimer append;
                     append.start();
                     history.current()->append(batch);
                     const double ms = append.nsecsElapsed() * 1e-6;
                     worstAppend = std::max(worstAppend, ms);
                     sumAppend += ms;
                     ++batches;
                   });
  const QMetaObject::Connection replotTiming = QObject::connect(scope.plot(), &QCustomPlot::afterReplot, &history, [&] {
    worstReplot = std::max(worstReplot, scope.plot()->replotTime());
    sumReplot += scope.plot()->replotTime();
    ++replots;
  });
  bool ended = false;
  gui::RunOutcome outcome;
  QObject::connect(&controller, &gui::SimulationController::runEnded, &history, [&](const gui::RunOutcome& o) {
    ended = true;
    outcome = o;
  });

  // 1. A full run with the probe: the probe asks for 5 ms; lateness = gap − 5 ms.
  constexpr int kProbeMs = 5;
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  probe.setInterval(kProbeMs);
  QElapsedTimer sinceTick;
  double worstLateness = 0, sumGap = 0;
  long ticks = 0;
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const double gap = sinceTick.nsecsElapsed() * 1e-6;
    sinceTick.restart();
    worstLateness = std::max(worstLateness, gap - kProbeMs);
    sumGap += gap;
    ++ticks;
  });
  QElapsedTimer wall;
  wall.start();
  sinceTick.start();
  probe.start();
  controller.start(model, QStringLiteral("stiff_ladder"));
  spin([&] { return ended; });
  probe.stop();
  const double runSeconds = wall.nsecsElapsed() * 1e-9;
  std::printf("stiff RC ladder, %d sections, 20 s simulated, output every 1 ms: %ld steps, %zu samples\n", sections,
              outcome.steps, history.current()->sampleCount());
  std::printf("  wall time %.2f s (%.1f× real time)\n", runSeconds, 20.0 / runSeconds);
  std::printf("  GUI event loop: probe every %d ms, %ld ticks, mean gap %.2f ms, worst lateness %.1f ms\n", kProbeMs,
              ticks, ticks ? sumGap / ticks : 0.0, worstLateness);
  std::printf("  GUI thread: %ld batches of %zu signals appended, worst %.1f ms, total %.0f ms; %ld replots, worst "
              "%.1f ms, total %.0f ms\n",
              batches, static_cast<std::size_t>(history.current()->signalNames().size()), worstAppend, sumAppend,
              replots, worstReplot, sumReplot);
  QObject::disconnect(replotTiming);

  // 2. Stop at several moments of a run: time from stop() to runEnded on the GUI thread.
  double worstStop = 0;
  for (int delay : {50, 200, 450, 800, 1300, 2000}) {
    ended = false;
    controller.start(model, QStringLiteral("stiff_ladder"));
    QElapsedTimer untilStop;
    untilStop.start();
    spin([&] { return untilStop.elapsed() >= delay; });
    QElapsedTimer stopping;
    stopping.start();
    controller.stop();
    spin([&] { return ended; });
    const double ms = stopping.nsecsElapsed() * 1e-6;
    worstStop = std::max(worstStop, ms);
    std::printf("  stop after %4d ms: ended at t = %.4g s after %.1f ms\n", delay, outcome.endTime, ms);
  }
  std::printf("  worst Stop → ended: %.1f ms\n", worstStop);

  // 3. Display of 10^6 points per trace, three traces: one refresh (decimate + replot).
  gui::RunInfo info;
  info.signalNames = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
  info.stopTime = 1.0;
  gui::RunResult* big = history.beginRun(info);
  gui::SampleBatch batch;
  constexpr int kPoints = 1000000;
  for (int i = 0; i < kPoints; ++i) {
    const double t = static_cast<double>(i) / kPoints;
    std::vector<double> row;
    for (double f : {3.0, 50.0, 1000.0}) row.push_back(std::sin(2 * M_PI * f * t) + 0.1 * std::sin(9e4 * t));
    batch.addRow(t, row);
  }
  big->append(batch);
  scope.setSignals(info.signalNames);
  QElapsedTimer refresh;
  double worstDecimate = 0;
  worstReplot = 0;
  for (int k = 0; k < 5; ++k) {
    refresh.restart();
    scope.refresh();
    worstDecimate = std::max(worstDecimate, refresh.nsecsElapsed() * 1e-6);
    refresh.restart();
    scope.plot()->replot(QCustomPlot::rpImmediateRefresh);
    worstReplot = std::max(worstReplot, refresh.nsecsElapsed() * 1e-6);
  }
  std::printf("scope, 3 traces × 10^6 points, worst of 5: decimation + statistics %.1f ms, replot %.1f ms\n",
              worstDecimate, worstReplot);
  return 0;
}
