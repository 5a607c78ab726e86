// gui_fluidity: the real MainWindow (1600 x 1000, default layout) with big models
// (issue 16, item 5; bench/README.md, "GUI fluidity").
//
// 1. A diagram of about SECTIONS blocks, every block wired: the RC ladder with a
//    ground block at each capacitor (SECTIONS/3 sections), then with one ground for
//    all (SECTIONS/2 sections: thousands of wires run across the diagram to it). File ▸ Open (MainWindow::openFile,
//    then the event loop until idle); frames, each a synchronous repaint of the canvas's viewport on the platform's
//    backing store, at the zoom the model opens at, with the whole model in view and at 100 %; a pan (the view
//    scrolled by 40 px, then repainted) and a wheel zoom step with its repaint; a mouse drag of 100 selected blocks
//    (press, 10 moves each followed by its repaint, release) and Edit ▸ Undo (Ctrl+Z), each with the events it
//    posts and its frame (the repaint the application schedules, or one of ours if it scheduled none), at 100 %
//    and again with the whole model in view ("far out", the overview); the event loop's lateness in the 1.5 s
//    after an edit (the recovery copy is written after a quiet second).
// 2. A run of the ladder of SECTIONS sections with a Scope block on three sensors
//    (live scopes): F5 while a 5 ms probe QTimer on the GUI thread measures how late
//    the event loop serves it, from F5 to the end of the run; and the time of the F5 key
//    press itself (what the GUI thread does before the worker takes over).
// Prints percentiles (p50, p95, max) over REPEAT repetitions (default 10); each time both in wall time and in the
// GUI thread's CPU time (the steadier figure on a shared machine).
//
// Usage: gui_fluidity [sections] [repeat] [editing|running]   (default 10000 10, both parts;
//        QT_QPA_PLATFORM=offscreen or Xvfb)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include "canvas/block_item.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "engine/run_status_widget.h"
#include "engine/simulation_session.h"
#include "library.h"
#include "main_window.h"
#include "model/model_file.h"

using namespace kelvin;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// The calling thread's CPU time in milliseconds.
double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}

/// p50, p95 and the largest of `ms`.
void report(const char* what, std::vector<double> ms) {
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * ms.size()))]; };
  std::printf("  %-52s p50 %8.1f  p95 %8.1f  max %8.1f ms  (%zu)\n", what, at(0.5), at(0.95), ms.back(), ms.size());
}

/// Times of one measure, in wall time and in the GUI thread's CPU time.
struct Timings {
  std::vector<double> wall, cpu;
  /// Runs `work` and records its times.
  template <typename Work>
  void time(Work&& work) {
    const auto start = Clock::now();
    const double cpuStart = threadCpuMs();
    work();
    cpu.push_back(threadCpuMs() - cpuStart);
    wall.push_back(msSince(start));
  }
  void print(const char* what) const {
    report(what, wall);
    report((std::string(what).substr(0, 40) + ", GUI CPU").c_str(), cpu);
  }
};

/// Counts the paint events a widget receives.
class PaintCounter : public QObject {
 public:
  explicit PaintCounter(QWidget* widget) { widget->installEventFilter(this); }
  int count() const { return count_; }

 protected:
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++count_;
    return false;
  }

 private:
  int count_ = 0;
};

/// What the user waits for after an input event: the events it posted, the repaint the
/// application schedules among them, and a repaint of our own only if it scheduled none.
void settleFrame(QWidget* viewport, const PaintCounter& paints) {
  const int before = paints.count();
  QCoreApplication::processEvents();
  if (paints.count() == before) viewport->repaint();
}

/// How late the event loop serves a 5 ms timer on the GUI thread, while it runs.
class LatenessProbe {
 public:
  explicit LatenessProbe(std::function<QString()> status = {}) : status_(std::move(status)) {
    timer_.setInterval(5);
    timer_.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer_, &QTimer::timeout, [this] {
      lateness_.push_back(std::max<double>(0, clock_.restart() - 5));
      const double cpu = threadCpuMs();
      if (verbose_ && lateness_.back() > 50)
        std::printf("    %.0f ms late (%.0f ms of GUI CPU) at %.0f ms after the start%s%s\n", lateness_.back(),
                    cpu - lastCpu_, msSince(start_), status_ ? ", status: " : "", status_ ? qPrintable(status_()) : "");
      lastCpu_ = cpu;
    });
  }
  void start() {
    start_ = Clock::now();
    lastCpu_ = threadCpuMs();
    clock_.start();
    timer_.start();
  }
  void stop() { timer_.stop(); }
  const std::vector<double>& lateness() const { return lateness_; }

 private:
  std::function<QString()> status_;
  QTimer timer_;
  QElapsedTimer clock_;
  Clock::time_point start_;
  double lastCpu_ = 0;
  std::vector<double> lateness_;
  const bool verbose_ = qEnvironmentVariableIsSet("GUI_FLUIDITY_VERBOSE");
};

/// The RC ladder (1 kΩ / 1 pF, a 1 V source, 1 µs, output every 10 ns) on a grid of 50 sections a
/// row, with voltage sensors at nodes 1, 10 and 100 wired to a Scope block. With `localGrounds`
/// each capacitor has a Ground block of its own (as one draws a big diagram); without, every
/// capacitor is wired to the one ground (as bench/make_rc_ladder.py writes it): thousands of
/// wires then run across the diagram to it.
core::Model ladder(int sections, bool localGrounds) {
  core::Model model;
  model.name = "ladder_" + std::to_string(sections);
  model.settings.stopTime = "1u";
  model.settings.step = "10n";
  auto block = [&](std::string id, std::string type, double x, double y,
                   std::map<std::string, std::string> params = {}) {
    core::Block b;
    b.id = std::move(id);
    b.type = std::move(type);
    b.params = std::move(params);
    b.pos = {x, y};
    model.blocks.push_back(b);
  };
  auto wire = [&](std::string from, std::string to) { model.connections.push_back({from, to, {}, {}}); };
  block("V1", "electrical.VoltageSource", -120, 40, {{"V", "1"}});
  block("G", "electrical.Ground", -120, 160);
  wire("V1.n", "G.p");
  wire("V1.p", "R1.p");
  for (int k = 1; k <= sections; ++k) {
    const std::string n = std::to_string(k);
    const double x = 120.0 * ((k - 1) % 50), y = 240.0 * ((k - 1) / 50);
    block("R" + n, "electrical.Resistor", x, y, {{"R", "1k"}});
    block("C" + n, "electrical.Capacitor", x + 60, y + 60, {{"C", "1p"}, {"v0", "0"}});
    wire("R" + n + ".n", "C" + n + ".p");
    if (localGrounds) block("G" + n, "electrical.Ground", x + 60, y + 160);
    wire("C" + n + ".n", localGrounds ? "G" + n + ".p" : "G.p");
    if (k < sections) wire("R" + n + ".n", "R" + std::to_string(k + 1) + ".p");
  }
  block("Scope", "signal.Scope", -240, -160, {{"inputs", "3"}});
  int input = 1;
  for (int k : {1, 10, 100}) {
    if (k > sections) continue;
    const std::string n = std::to_string(k);
    block("S" + n, "electrical.VoltageSensor", -240 + 60 * input, -80);
    wire("S" + n + ".p", "R" + n + ".n");
    wire("S" + n + ".n", "G.p");
    wire("S" + n + ".y", "Scope.u" + std::to_string(input++));
  }
  return model;
}

/// Runs the event loop until nothing is pending.
void settle() {
  for (int i = 0; i < 5; ++i) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

void send(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButton button, Qt::MouseButtons buttons) {
  QMouseEvent event(type, at, viewport->mapToGlobal(at), button, buttons, Qt::NoModifier);
  QCoreApplication::sendEvent(viewport, &event);
}

/// Opens `model` (saved to `path`) in `window`; returns the milliseconds until the event loop is idle.
double open(gui::MainWindow& window, const core::Model& model, const QString& path) {
  core::saveModel(model, path.toStdString());
  const auto start = Clock::now();
  if (!window.openFile(path)) std::printf("  cannot open %s\n", qPrintable(path));
  settle();
  return msSince(start);
}

void editing(gui::MainWindow& window, int blocks, bool localGrounds, int repeat, const QString& dir) {
  const core::Model model = ladder(blocks / (localGrounds ? 3 : 2), localGrounds);
  std::printf("editing: %zu blocks, %zu wires, %s\n", model.blocks.size(), model.connections.size(),
              localGrounds ? "a ground at each capacitor" : "one ground for all");
  std::vector<double> opens;
  for (int i = 0; i < std::max(1, repeat / 3); ++i) opens.push_back(open(window, model, dir + "/edit.kelvin"));
  report("open (file read, document, scene, docks)", opens);

  gui::DiagramView* view = window.editor()->view();
  gui::DiagramScene* scene = window.editor()->scene();
  QWidget* viewport = view->viewport();
  auto frames = [&](const char* what) {
    Timings t;
    for (int i = 0; i < repeat; ++i) {
      viewport->update();
      t.time([&] { viewport->repaint(); });
    }
    t.print(what);
  };
  // Panning: the view scrolled by 40 px one way then back, each scroll with its repaint.
  auto pans = [&](const char* what) {
    Timings t;
    QScrollBar* bar = view->horizontalScrollBar();
    for (int i = 0; i < repeat; ++i) {
      t.time([&] {
        bar->setValue(bar->value() + (i % 2 ? -40 : 40));
        viewport->repaint();
      });
    }
    t.print(what);
  };
  // A wheel step in and out about the viewport's centre, each with its repaint.
  auto wheels = [&](const char* what) {
    Timings t;
    const QPointF at = viewport->rect().center();
    for (int i = 0; i < repeat; ++i) {
      QWheelEvent wheel(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, i % 2 ? -120 : 120), Qt::NoButton,
                        Qt::NoModifier, Qt::NoScrollPhase, false);
      t.time([&] {
        QCoreApplication::sendEvent(viewport, &wheel);
        viewport->repaint();
      });
    }
    t.print(what);
  };
  std::printf("  opened at zoom %.3f\n", view->zoom());
  frames("frame at the zoom it opens at");
  pans("pan 40 px + repaint, as opened");
  // Zooming first ends the fitting of a model just opened (a baseline before View ▸ Fit ended it too).
  view->resetZoom();
  view->zoomToFit();
  settle();
  std::printf("  whole model in view at zoom %.3f\n", view->zoom());
  frames("frame, whole model in view");
  pans("pan 40 px + repaint, whole model");
  wheels("wheel zoom step + repaint, whole model");
  view->resetZoom();
  view->centerOn(scene->blockItem("R1")->pos() + QPointF(600, 400));
  settle();
  frames("frame at 100 %");
  pans("pan 40 px + repaint, 100 %");
  wheels("wheel zoom step + repaint, 100 %");
  view->resetZoom();
  view->centerOn(scene->blockItem("R1")->pos() + QPointF(600, 400));
  settle();

  // A mouse drag of the 100 blocks R1-R50, C1-C50 (press, 10 moves each followed by its repaint,
  // release) and Edit ▸ Undo, `repeat` times, at the view's zoom.
  std::vector<std::string> ids;
  for (int k = 1; k <= 50; ++k) ids.push_back("R" + std::to_string(k)), ids.push_back("C" + std::to_string(k));
  QUndoStack* undo = window.document()->undoStack();
  const PaintCounter paints(viewport);
  auto drags = [&](const std::string& prefix) {
    Timings moves, releases, undos;
    for (int run = 0; run < repeat; ++run) {
      scene->selectBlocks(ids);
      settle();
      const QPoint from = view->mapFromScene(scene->blockItem(ids[10])->bodySceneRect().center());
      send(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
      for (int step = 1; step <= 10; ++step) {
        moves.time([&] {
          send(viewport, QEvent::MouseMove, from + QPoint(step * 3, step * 2), Qt::NoButton, Qt::LeftButton);
          viewport->repaint();
        });
      }
      releases.time([&] {
        send(viewport, QEvent::MouseButtonRelease, from + QPoint(30, 20), Qt::LeftButton, Qt::NoButton);
        settleFrame(viewport, paints);
      });
      const int before = undo->index();
      undos.time([&] {
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        settleFrame(viewport, paints);
      });
      if (undo->index() != before - 1) std::printf("  warning: Ctrl+Z did not undo the move\n");
    }
    moves.print((prefix + "drag 100 blocks: each mouse move + repaint").c_str());
    releases.print((prefix + "drag 100 blocks: release (command, sync) + its frame").c_str());
    undos.print((prefix + "Ctrl+Z (undo the move) + its frame").c_str());
  };
  drags("");
  // The same far out (the overview: each frame right after a change gathers it again).
  view->zoomToFit();
  settle();
  drags("far out: ");
  view->resetZoom();
  view->centerOn(scene->blockItem("R1")->pos() + QPointF(600, 400));
  settle();

  // An edit, then 1.5 s of the event loop: the recovery copy is written after a quiet second.
  std::vector<double> quiet;
  for (int run = 0; run < std::max(1, repeat / 3); ++run) {
    undo->redo();
    LatenessProbe probe;
    probe.start();
    const auto start = Clock::now();
    while (msSince(start) < 1500) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    probe.stop();
    quiet.insert(quiet.end(), probe.lateness().begin(), probe.lateness().end());
    undo->undo();
  }
  report("event-loop lateness in the 1.5 s after an edit", quiet);
}

void running(gui::MainWindow& window, int sections, int repeat, const QString& dir) {
  const core::Model model = ladder(sections, false);
  std::printf("run: the %d-section ladder, %zu blocks, a Scope on 3 sensors\n", sections, model.blocks.size());
  report("open", {open(window, model, dir + "/run.kelvin")});
  std::vector<double> runs;
  Timings press;
  LatenessProbe probe([&] { return window.simulation()->statusWidget()->text(); });
  for (int i = 0; i < std::max(1, repeat / 3); ++i) {
    gui::RunStatusWidget* status = window.simulation()->statusWidget();
    probe.start();
    const auto start = Clock::now();
    press.time([&] { QTest::keyClick(&window, Qt::Key_F5); });
    while (!status->text().startsWith(QStringLiteral("Finished")) &&
           !status->text().startsWith(QStringLiteral("Failed")))
      QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    runs.push_back(msSince(start));
    probe.stop();
    if (!status->text().startsWith(QStringLiteral("Finished"))) std::printf("  %s\n", qPrintable(status->text()));
    settle();
  }
  press.print("F5 key press (the run handed to its worker)");
  report("F5 to finished (compile, run, scopes)", runs);
  report("GUI event-loop lateness of a 5 ms timer during the runs", probe.lateness());
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const int sections = argc > 1 ? std::max(2, std::atoi(argv[1])) : 10000;
  const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 10;
  QTemporaryDir settings;
  QTemporaryDir dir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
  qputenv("XDG_DATA_HOME", QFile::encodeName(settings.path()));
  core::BlockRegistry registry;
  blocks::registerAll(registry);
  gui::MainWindow window(registry);
  window.resize(1600, 1000);
  window.show();
  window.activateWindow();
  if (!QTest::qWaitForWindowExposed(&window)) std::printf("the window was not exposed\n");
  settle();
  // A third argument picks one part ("editing" or "running"), to profile it alone.
  const std::string part = argc > 3 ? argv[3] : "";
  if (part.empty() || part == "editing") {
    editing(window, sections, true, repeat, dir.path());
    editing(window, sections, false, repeat, dir.path());
  }
  if (part.empty() || part == "running") running(window, sections, repeat, dir.path());
  return 0;
}
